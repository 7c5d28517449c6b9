import { describe, expect, it } from "vitest";
import { STATUS_KEEPALIVE_MS, STATUS_RETRY_MS, threadStatus } from "../src/delivery/status-line.js";
import type { BotDeps } from "../src/deps.js";
import { createSlackPacer, type MethodLimit } from "../src/services/slack-pacer.js";

// The status line of an assistant thread (decision 0012), on an injected clock: what Slack is asked to show, and
// how often.

const CHANNEL = "DU0ALICE";
const THREAD = "1700000000.000100";

function setup(options: { limit?: MethodLimit; refuse?: boolean } = {}) {
  let now = 1_000_000;
  const statuses: string[] = [];
  /** When each status reached the client, on the test's clock. */
  const times: number[] = [];
  const warnings: string[] = [];
  // The bot's `sleep` on the same clock: a sleeper wakes when passTime reaches its time.
  const sleepers: { at: number; wake: () => void }[] = [];
  const client = {
    assistant: {
      threads: {
        setStatus: async (args: { channel_id: string; thread_ts: string; status: string }) => {
          if (options.refuse) throw new Error("channel_not_found");
          expect(args).toMatchObject({ channel_id: CHANNEL, thread_ts: THREAD });
          statuses.push(args.status);
          times.push(now);
          return { ok: true };
        },
      },
    },
  };
  const clock = () => now;
  const deps = {
    now: clock,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ at: now + ms, wake })),
    pacer: createSlackPacer({
      now: clock,
      // A wait for the pacer moves the clock instead of the test waiting.
      sleep: async (ms: number) => {
        now += ms;
      },
      ...(options.limit ? { limits: { "assistant.threads.setStatus": options.limit } } : {}),
    }),
    logger: { debug() {}, info() {}, error() {}, warn: (_: unknown, message: string) => warnings.push(message) },
  } as unknown as BotDeps;
  const line = () => threadStatus(deps, client, CHANNEL, THREAD);
  // One turn of the event loop (not a wait): every promise chain the woken code started settles first.
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Moves the clock `ms` forward, waking each sleeper at its time and letting what it starts finish. */
  const passTime = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      await turn();
      const due = sleepers.filter((sleeper) => sleeper.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      sleepers.splice(sleepers.indexOf(due), 1);
      now = Math.max(now, due.at);
      due.wake();
    }
    now = end;
    await turn();
  };
  return { line, statuses, times, warnings, advance: (ms: number) => (now += ms), passTime, time: () => now };
}

describe("a job's status line", () => {
  it("shows a new phase at once, a moving percentage at most every 10 s, and never a call per poll", async () => {
    const { line, statuses, advance } = setup();
    line().job("j1", "is sending your request for an image…", true);
    line().job("j1", "is generating an image… (queued at the studio)", true);
    // Polled every 500 ms for 25 s, the percentage moving each time.
    for (let poll = 1; poll <= 50; poll++) {
      advance(500);
      line().job("j1", `is generating an image… ${poll * 2}%`, poll === 1);
    }
    await line().flushed();
    expect(statuses).toEqual([
      "is sending your request for an image…",
      "is generating an image… (queued at the studio)",
      "is generating an image… 2%",
      "is generating an image… 42%",
      "is generating an image… 82%",
    ]);
  });

  it("sends an unchanged line again every minute, before Slack drops it (two minutes without a message)", async () => {
    const { line, statuses, passTime } = setup();
    line().job("j1", "is generating a video… (queued at the studio)", true);
    for (let poll = 0; poll < 15; poll++) {
      await passTime(20_000);
      line().job("j1", "is generating a video… (queued at the studio)", false);
    }
    await line().flushed();
    // 300 s of polls every 20 s: the first set, then one every STATUS_KEEPALIVE_MS, never one per poll.
    expect(statuses).toHaveLength(1 + Math.floor(300_000 / STATUS_KEEPALIVE_MS));
  });

  it("keeps the line with no poll at all (a studio that stops answering), on the bot's clock", async () => {
    const { line, statuses, times, passTime } = setup();
    line().job("j1", "is generating a video… (queued at the studio)", true);
    await passTime(300_000);
    expect(statuses).toEqual(Array(1 + 5).fill("is generating a video… (queued at the studio)"));
    // Each refresh landed within Slack's two minutes of the one before.
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? 0));
    expect(gaps).toEqual(Array(5).fill(STATUS_KEEPALIVE_MS));
  });

  it("tries a refresh the pacer had no room for again 5 s later, still within the two minutes", async () => {
    // One status a minute and ten seconds: the refresh due at 60 s finds no room until 70 s.
    const { line, statuses, times, passTime } = setup({ limit: { limit: 1, windowMs: 70_000 } });
    line().job("j1", "is generating a video…", true);
    await passTime(119_000);
    expect(statuses).toEqual(["is generating a video…", "is generating a video…"]);
    const gap = (times[1] ?? 0) - (times[0] ?? 0);
    expect(gap).toBeGreaterThanOrEqual(70_000);
    expect(gap).toBeLessThanOrEqual(70_000 + STATUS_RETRY_MS);
  });

  it("stops refreshing once the job ended: nothing is sent after the line is cleared", async () => {
    const { line, statuses, passTime } = setup();
    line().job("j1", "is generating a video…", true);
    await passTime(STATUS_KEEPALIVE_MS);
    line().drop("j1");
    await line().settle();
    expect(statuses).toEqual(["is generating a video…", "is generating a video…", ""]);
    await passTime(10 * 60_000);
    expect(statuses).toEqual(["is generating a video…", "is generating a video…", ""]);
  });

  it("keeps a reading note off a running job's line", async () => {
    const { line, statuses } = setup();
    line().job("j1", "is generating an image…", true);
    await line().note("is reading your request…");
    await line().flushed();
    expect(statuses).toEqual(["is generating an image…"]);
  });
});

describe("after a post and at the end", () => {
  it("shows a job still running again when the bot posts in the thread (Slack cleared the line)", async () => {
    const { line, statuses } = setup();
    line().job("j1", "is generating an image… 40%", true);
    line().job("j2", "is generating a video…", true);
    line().drop("j2");
    // The surface waits for the queued calls before it posts (so none lands after the post).
    await line().flushed();
    line().posted();
    await line().settle();
    expect(statuses).toEqual(["is generating an image… 40%", "is generating a video…", "is generating an image… 40%"]);
  });

  it("clears the line explicitly when work ends without a post, and sends nothing when a post cleared it", async () => {
    const { line, statuses } = setup();
    await line().note("is reading your request…");
    await line().settle();
    expect(statuses).toEqual(["is reading your request…", ""]);

    line().job("j1", "is generating an image…", true);
    line().drop("j1");
    await line().flushed();
    line().posted();
    await line().settle();
    expect(statuses).toEqual(["is reading your request…", "", "is generating an image…"]);
  });
});

describe("limits and refusals", () => {
  it("skips progress when the pacer has no room (a post never waits for a status), but still clears the line", async () => {
    const { line, statuses, advance, time } = setup({ limit: { limit: 2, windowMs: 60_000 } });
    line().job("j1", "is sending your request for an image…", true);
    line().job("j1", "is generating an image… (queued at the studio)", true);
    advance(10_000);
    line().job("j1", "is generating an image… 50%", false);
    const before = time();
    await line().flushed();
    // Nothing waited for the pacer (its waits move this clock).
    expect(time()).toBe(before);
    expect(statuses).toHaveLength(2);
    line().drop("j1");
    await line().settle();
    expect(statuses.at(-1)).toBe("");
  });

  it("logs a status Slack refuses and goes on", async () => {
    const { line, warnings } = setup({ refuse: true });
    line().job("j1", "is generating an image…", true);
    await expect(line().settle()).resolves.toBeUndefined();
    expect(warnings).toContain("could not set the assistant thread's status");
  });
});
