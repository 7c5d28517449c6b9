import { describe, expect, it } from "vitest";
import {
  beginConfirmation,
  beginSessionWork,
  confirmationStopped,
  endConfirmation,
  handOverConfirmation,
  MISSING_STOPPED_SUBSCRIPTION,
  type SessionPlace,
  STOP_CHECK_MS,
  stopSessionWork,
  stopThread,
} from "../src/delivery/agent-sessions.js";
import type { BotDeps } from "../src/deps.js";
import { commandTitle, sessionStoppedMessage } from "../src/messages/agent-sessions.js";
import { createSlackPacer } from "../src/services/slack-pacer.js";

// The bot's agent sessions (decision 0028) without Slack: which agents.sessions.setStatus calls a thread's work
// makes, and what a Stop finds under way there.

const CHANNEL = "C0GENERAL";
const THREAD = "1700000000.000100";
const TEN_MINUTES = 600_000;

/** The stops the store knows (jobs and confirmations by id), as another replica may have recorded them. */
function fakeStops() {
  const recorded = new Set<string>();
  let reads = 0;
  return {
    recorded,
    reads: () => reads,
    sessionStops: {
      stop: async () => ({ jobs: [], confirmations: [], others: 0, stoppedJustBefore: 0 }),
      stoppedOf: async (ids: readonly string[]) => {
        reads += 1;
        return ids.filter((id) => recorded.has(id));
      },
    },
  };
}

function setup(options: { warning?: string; stops?: ReturnType<typeof fakeStops>; now?: () => number } = {}) {
  const stops = options.stops ?? fakeStops();
  const calls: { status: string; title?: string }[] = [];
  const warnings: string[] = [];
  const client = {
    agents: {
      sessions: {
        setStatus: async (args: { channel_id: string; thread_ts?: string; status: string; title?: string }) => {
          expect(args).toMatchObject({ channel_id: CHANNEL, thread_ts: THREAD });
          calls.push({ status: args.status, ...(args.title ? { title: args.title } : {}) });
          return { ok: true, ...(options.warning ? { warning: options.warning } : {}) };
        },
      },
    },
  } as unknown as SessionPlace["client"];
  const deps = {
    config: { slackSurface: "agent" },
    now: options.now ?? (() => 1_000_000),
    store: { sessionStops: stops.sessionStops },
    pacer: createSlackPacer({ now: () => 1_000_000 }),
    logger: { debug() {}, info() {}, error() {}, warn: (_: unknown, message: string) => warnings.push(message) },
  } as unknown as BotDeps;
  const place: SessionPlace = { client, channel: CHANNEL, threadTs: THREAD };
  // The calls are queued per thread, never waited for by the work: a turn of the event loop lets them land.
  const landed = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return { deps, place, calls, warnings, landed };
}

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const job = (id: string, user = ALICE) => ({
  kind: "job" as const,
  id,
  user,
  what: "an image",
  title: "Image: a red fox",
});

describe("a thread's session while work is under way", () => {
  it("is set processing (titled) by the first job and active by the last one to end, two calls for two jobs", async () => {
    const { deps, place, calls, landed } = setup();
    const first = await beginSessionWork(deps, place, job("j1"));
    const second = await beginSessionWork(deps, place, job("j2"));
    await first.end();
    await landed();
    expect(calls).toEqual([{ status: "processing", title: "Image: a red fox" }]);
    await second.end();
    await landed();
    expect(calls).toEqual([{ status: "processing", title: "Image: a red fox" }, { status: "active" }]);
  });

  it("makes no call outside a session (no place: not the agent view, or no thread)", async () => {
    const { deps, calls, landed } = setup();
    const work = await beginSessionWork(deps, undefined, job("j1"));
    await work.end();
    await landed();
    expect(calls).toEqual([]);
    expect(work.stopped).toBe(false);
  });

  it("logs Slack's missing-subscription warning once, with the fix", async () => {
    const { deps, place, warnings, landed } = setup({ warning: MISSING_STOPPED_SUBSCRIPTION });
    for (const id of ["j1", "j2", "j3"]) await (await beginSessionWork(deps, place, job(id))).end();
    await landed();
    expect(warnings).toEqual([
      "Slack shows no stop button on the bot's agent sessions: add agent_session_stopped to the app manifest's bot events",
    ]);
  });
});

describe("Stop on a thread's session", () => {
  it("marks every piece of work stopped, says which were sent, runs their onStop, and leaves the status to the listener", async () => {
    const { deps, place, calls, landed } = setup();
    const sent = await beginSessionWork(deps, place, job("sent"));
    sent.sending();
    const waiting = await beginSessionWork(deps, place, job("waiting"));
    let ended = 0;
    sent.onStop(() => {
      ended += 1;
    });
    const { stopped, others } = stopSessionWork(deps, CHANNEL, THREAD, ALICE);
    expect(others).toBe(0);
    expect(stopped).toEqual([
      { kind: "job", id: "sent", sent: true, what: "an image" },
      { kind: "job", id: "waiting", sent: false, what: "an image" },
    ]);
    expect([sent.stopped, waiting.stopped, ended]).toEqual([true, true, 1]);
    // A job ending after the stop (its result kept, not posted) moves the session no further.
    await sent.end();
    await waiting.end();
    await landed();
    expect(calls.map((call) => call.status)).toEqual(["processing"]);
    // A second stop finds nothing under way.
    expect(stopSessionWork(deps, CHANNEL, THREAD, ALICE)).toEqual({ stopped: [], others: 0 });
  });

  it("stops only the clicker's own work: someone else's request in a channel's thread goes on", async () => {
    const { deps, place } = setup();
    const alices = await beginSessionWork(deps, place, job("a"));
    const bobs = await beginSessionWork(deps, place, job("b", BOB));
    expect(stopSessionWork(deps, CHANNEL, THREAD, BOB)).toEqual({
      stopped: [{ kind: "job", id: "b", sent: false, what: "an image" }],
      others: 1,
    });
    expect([alices.stopped, bobs.stopped]).toEqual([false, true]);
  });

  it("takes a confirmation under way: its expiry later moves the session no further", async () => {
    const { deps, place, calls, landed } = setup();
    await beginConfirmation(
      deps,
      place,
      { id: "pr_1", user: ALICE, what: "2 images", title: "Images: a fox" },
      TEN_MINUTES,
    );
    expect(stopSessionWork(deps, CHANNEL, THREAD, ALICE).stopped).toEqual([
      { kind: "confirm", id: "pr_1", sent: false, what: "2 images" },
    ]);
    await endConfirmation(deps, "pr_1");
    await landed();
    expect(calls.map((call) => call.status)).toEqual(["processing"]);
  });
});

describe("Stop recorded by another replica (the store)", () => {
  it("tells what the store stopped on every replica: a job still new was not sent, one running was; others counted", async () => {
    const { deps } = setup();
    const stored = (id: string, state: string, step?: number) =>
      ({
        id,
        state,
        ...(step ? { step } : {}),
        request: { kind: "image", command: { kind: "image", prompt: "a fox" } },
      }) as never;
    deps.store.sessionStops.stop = async () => ({
      jobs: [stored("new", "new"), stored("running", "running"), stored("next-step", "new", 1)],
      confirmations: [
        {
          id: "pr_1",
          request: { user: ALICE, channel: CHANNEL, command: { kind: "video", prompt: "waves" } } as never,
        },
      ],
      others: 2,
      stoppedJustBefore: 0,
    });
    const { stopped, others } = await stopThread(deps, CHANNEL, THREAD, ALICE);
    expect(stopped.map((work) => [work.kind, work.id, work.sent])).toEqual([
      ["job", "new", false],
      ["job", "running", true],
      ["job", "next-step", true],
      ["confirm", "pr_1", false],
    ]);
    expect(others).toBe(2);
  });

  it("falls back on this replica's own work when the store cannot record the stop", async () => {
    const { deps, place } = setup();
    const mine = await beginSessionWork(deps, place, job("j1"));
    deps.store.sessionStops.stop = async () => {
      throw new Error("the database is away");
    };
    const { stopped } = await stopThread(deps, CHANNEL, THREAD, ALICE);
    expect(stopped.map((work) => work.id)).toEqual(["j1"]);
    expect(mine.stopped).toBe(true);
  });

  it("a job followed here learns of it from the store at most every few seconds, and stops (its onStop runs once)", async () => {
    const stops = fakeStops();
    let now = 1_000_000;
    const { deps, place, calls, landed } = setup({ stops, now: () => now });
    const work = await beginSessionWork(deps, place, job("j1"));
    let ended = 0;
    work.onStop(() => {
      ended += 1;
    });
    expect(await work.checkStopped()).toBe(false);
    stops.recorded.add("j1");
    // Within the interval the last answer stands: no read.
    expect(await work.checkStopped()).toBe(false);
    expect(stops.reads()).toBe(1);
    now += STOP_CHECK_MS;
    expect(await work.checkStopped()).toBe(true);
    expect([work.stopped, ended]).toEqual([true, 1]);
    // Stopped by the replica that got the event, which moved the session on: this one's end makes no call.
    await work.end();
    await landed();
    expect(calls.map((call) => call.status)).toEqual(["processing"]);
  });

  it("a stop met elsewhere frees the thread: the next request here sets the session processing again", async () => {
    const stops = fakeStops();
    const { deps, place, calls, landed } = setup({ stops });
    const stale = await beginSessionWork(deps, place, job("j1"));
    stops.recorded.add("j1");
    const next = await beginSessionWork(deps, place, job("j2"));
    expect(stale.stopped).toBe(true);
    await next.end();
    await landed();
    expect(calls.map((call) => call.status)).toEqual(["processing", "processing", "active"]);
  });

  it("a Confirm that finds its request stopped ends its confirmation here without a call", async () => {
    const { deps, place, calls, landed } = setup();
    await beginConfirmation(
      deps,
      place,
      { id: "pr_1", user: ALICE, what: "an image", title: "Image: a fox" },
      TEN_MINUTES,
    );
    confirmationStopped(deps, "pr_1");
    const next = await beginSessionWork(deps, place, job("j1"));
    await next.end();
    await landed();
    expect(calls.map((call) => call.status)).toEqual(["processing", "processing", "active"]);
  });
});

describe("a confirmation's session", () => {
  it("Cancel ends it: the session becomes active", async () => {
    const { deps, place, calls, landed } = setup();
    await beginConfirmation(
      deps,
      place,
      { id: "pr_1", user: ALICE, what: "an image", title: "Image: a fox" },
      TEN_MINUTES,
    );
    await endConfirmation(deps, "pr_1");
    await landed();
    expect(calls.map((call) => call.status)).toEqual(["processing", "active"]);
  });

  it("Confirm hands the processing thread to its job without a call; the job's end makes it active", async () => {
    const { deps, place, calls, landed } = setup();
    await beginConfirmation(
      deps,
      place,
      { id: "pr_1", user: ALICE, what: "an image", title: "Image: a fox" },
      TEN_MINUTES,
    );
    await handOverConfirmation(deps, "pr_1", async () => {
      const work = await beginSessionWork(deps, place, job("j1"));
      await work.end();
    });
    await landed();
    expect(calls.map((call) => call.status)).toEqual(["processing", "active"]);
  });

  it("Confirm whose job never starts (a check refused it) leaves the session active", async () => {
    const { deps, place, calls, landed } = setup();
    await beginConfirmation(
      deps,
      place,
      { id: "pr_1", user: ALICE, what: "an image", title: "Image: a fox" },
      TEN_MINUTES,
    );
    await handOverConfirmation(deps, "pr_1", async () => undefined);
    await landed();
    expect(calls.map((call) => call.status)).toEqual(["processing", "active"]);
  });
});

describe("what the bot says", () => {
  it("titles a waiting request as its job's title reads, escaped", () => {
    expect(commandTitle({ kind: "image", prompt: "a <red> fox & co", count: 2 } as never)).toBe(
      "Images: a &lt;red&gt; fox &amp; co",
    );
  });

  it("cuts a long title before escaping it, so no entity is cut in half", () => {
    const title = commandTitle({ kind: "image", prompt: `${"x".repeat(46)} <b>bold</b> & more` } as never);
    expect(title).toContain("&lt;");
    // Every & starts a whole entity.
    expect(title.match(/&[^;]*(?:;|$)/g)?.every((entity) => /^&(lt|gt|amp);$/.test(entity))).toBe(true);
  });

  it("says what each stopped thing cost: paid and kept when sent, nothing when not", () => {
    const { text } = sessionStoppedMessage(ALICE, [
      { kind: "job", id: "a", sent: true, what: "an image" },
      { kind: "job", id: "b", sent: false, what: "a video" },
      { kind: "confirm", id: "c", sent: false, what: "2 images" },
    ]);
    expect(text).toContain("an image: it had already been sent to the studio");
    expect(text).toContain("credits are spent");
    expect(text).toContain("a video: stopped before it was sent. Nothing was spent.");
    expect(text).toContain("2 images: it was waiting for your Confirm and was not sent. Nothing was spent.");
  });
});
