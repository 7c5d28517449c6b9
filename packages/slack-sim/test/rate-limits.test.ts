import { describe, expect, it } from "vitest";
import {
  createSlackSim,
  describeRateLimit,
  SLACK_RATE_LIMITS,
  type SlackSim,
  type SlackSimOptions,
} from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";

// The sim on a clock the test moves, called in-process (no server): what a Web API client sees of each answer.
function simAt(rateLimits: SlackSimOptions["rateLimits"]) {
  const clock = { at: 1_700_000_000_000 };
  const sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: "http://127.0.0.1:9/unused",
    clock: { now: () => clock.at },
    rateLimits,
  });
  const start = clock.at;
  const call = async (method: string, args: Record<string, unknown>, token = BOT_TOKEN) => {
    const response = await sim.handle(
      new Request(`http://sim.test/api/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(args),
      }),
    );
    const body = (await response.json()) as { ok: boolean; error?: string; ts?: string };
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body };
  };
  /** Moves the clock to `ms` after the start. */
  const at = (ms: number) => {
    clock.at = start + ms;
  };
  return { sim, call, at };
}

const texts = (sim: SlackSim, channel = "C0GENERAL") => sim.conversation(channel).map((m) => m.text);

describe("rate limits", () => {
  it("are off by default: a hundred updates in the same instant all succeed", async () => {
    const { sim, call } = simAt(undefined);
    const { body } = await call("chat.postMessage", { channel: "C0GENERAL", text: "v0" });
    for (let i = 1; i <= 100; i++) {
      expect((await call("chat.update", { channel: "C0GENERAL", ts: body.ts, text: `v${i}` })).status).toBe(200);
    }
    expect(texts(sim)).toEqual(["v100"]);
  });

  it("answer chat.update's 51st call in 60 s with 429 and Retry-After until the oldest call leaves, and do not apply it", async () => {
    const { sim, call, at } = simAt(true);
    const { body } = await call("chat.postMessage", { channel: "C0GENERAL", text: "v0" });
    // 50 updates, one a second from t=0 s to t=49 s: Tier 3's 50 a minute, all answered.
    for (let i = 0; i < 50; i++) {
      at(i * 1000);
      expect((await call("chat.update", { channel: "C0GENERAL", ts: body.ts, text: `v${i}` })).body.ok).toBe(true);
    }
    at(49_500);
    const refused = await call("chat.update", { channel: "C0GENERAL", ts: body.ts, text: "too soon" });
    // The oldest call (t=0) leaves the window at t=60 s: 10.5 s away, rounded up to whole seconds.
    expect(refused).toEqual({ status: 429, retryAfter: "11", body: { ok: false, error: "ratelimited" } });
    expect(texts(sim)).toEqual(["v49"]);
    expect(sim.calls("chat.update").at(-1)).toMatchObject({ status: 429, ok: false, error: "ratelimited" });

    at(60_000);
    expect((await call("chat.update", { channel: "C0GENERAL", ts: body.ts, text: "later" })).body.ok).toBe(true);
    expect(texts(sim)).toEqual(["later"]);
    // The window is full again (t=1 s .. t=60 s); the next slot opens when t=1 s leaves, 1 s from now.
    expect(await call("chat.update", { channel: "C0GENERAL", ts: body.ts, text: "again" })).toMatchObject({
      status: 429,
      retryAfter: "1",
    });
  });

  it("let chat.postMessage burst 3 in a channel, then 1 a second, while another channel is unaffected", async () => {
    const { sim, call, at } = simAt(true);
    const post = (channel: string, text: string) => call("chat.postMessage", { channel, text });
    for (const text of ["a", "b", "c"]) expect((await post("C0GENERAL", text)).body.ok).toBe(true);
    expect(await post("C0GENERAL", "d")).toEqual({
      status: 429,
      retryAfter: "1",
      body: { ok: false, error: "ratelimited" },
    });
    expect(texts(sim)).toEqual(["a", "b", "c"]);
    // Another conversation has its own bucket (a user id counts as the DM Slack opens for it).
    expect((await post("U0ALICE", "dm 1")).body.ok).toBe(true);
    expect((await post("DU0ALICE", "dm 2")).body.ok).toBe(true);

    at(400);
    expect((await post("C0GENERAL", "e")).status).toBe(429);
    at(1000);
    expect((await post("C0GENERAL", "f")).body.ok).toBe(true);
    expect((await post("C0GENERAL", "g")).status).toBe(429);
    at(2000);
    expect((await post("C0GENERAL", "h")).body.ok).toBe(true);
    // Idle for a while, the burst is back, and no more.
    at(30_000);
    for (const text of ["i", "j", "k"]) expect((await post("C0GENERAL", text)).body.ok).toBe(true);
    expect((await post("C0GENERAL", "l")).status).toBe(429);
    expect(texts(sim)).toEqual(["a", "b", "c", "f", "h", "i", "j", "k"]);
  });

  it("take a table whose entries replace Slack's, and refuse a limit that is not one", async () => {
    const { call } = simAt({ "usergroups.users.list": 2 });
    await call("usergroups.users.list", { usergroup: "S1" });
    await call("usergroups.users.list", { usergroup: "S1" });
    expect((await call("usergroups.users.list", { usergroup: "S1" })).status).toBe(429);
    // Every other method keeps Slack's limit: chat.postMessage still bursts 3.
    for (let i = 0; i < 3; i++)
      expect((await call("chat.postMessage", { channel: "C0GENERAL", text: "x" })).status).toBe(200);
    expect((await call("chat.postMessage", { channel: "C0GENERAL", text: "x" })).status).toBe(429);

    for (const bad of [0, -1, 1.5, Number.NaN, { perSecond: 0, burst: 3 }, { perSecond: 1, burst: 0 }]) {
      expect(() => simAt({ "chat.update": bad })).toThrow(/rateLimits\["chat.update"\]/);
    }
  });

  it("count only the app's authenticated calls", async () => {
    const { call } = simAt({ "auth.test": 1 });
    expect((await call("auth.test", {}, "xoxb-wrong")).body.error).toBe("invalid_auth");
    expect((await call("auth.test", {})).body.ok).toBe(true);
    expect((await call("auth.test", {})).status).toBe(429);
  });
});

describe("rateStats", () => {
  it("reports each method's peak in any 60 s, its limit and its 429s; chat.postMessage also per channel", async () => {
    const { sim, call, at } = simAt(true);
    const post = (channel: string, text: string) => call("chat.postMessage", { channel, text });
    const first = await post("C0GENERAL", "a");
    await post("C0GENERAL", "b");
    await post("C0GENERAL", "c");
    await post("C0GENERAL", "refused");
    await post("DU0ALICE", "dm");
    for (let i = 0; i < 52; i++) {
      at(1000 + i * 100);
      await call("chat.update", { channel: "C0GENERAL", ts: first.body.ts, text: `v${i}` });
    }
    // 70 s later the first window's calls are gone: 10 more make a smaller second peak.
    for (let i = 0; i < 10; i++) {
      at(80_000 + i * 1000);
      await post("C0GENERAL", `late ${i}`);
    }

    const stats = sim.rateStats();
    expect(Object.keys(stats)).toEqual(["chat.postMessage", "chat.update"]);
    expect(stats["chat.update"]).toEqual({ calls: 50, peakPerMinute: 50, limit: 50, rateLimited: 2 });
    expect(stats["chat.postMessage"]).toMatchObject({
      calls: 14,
      peakPerMinute: 10,
      limit: SLACK_RATE_LIMITS["chat.postMessage"],
      rateLimited: 1,
    });
    expect(stats["chat.postMessage"]?.channels).toEqual({
      C0GENERAL: { calls: 13, peakPerSecond: 3, peakPerMinute: 10, rateLimited: 1 },
      DU0ALICE: { calls: 1, peakPerSecond: 1, peakPerMinute: 1, rateLimited: 0 },
    });
    // What a benchmark prints beside the peaks.
    expect(describeRateLimit(stats["chat.update"]?.limit)).toBe("50/min");
    expect(describeRateLimit(stats["chat.postMessage"]?.limit)).toBe("1/s per channel, burst 3");
  });

  it("measures against Slack's limits when the sim does not enforce them", async () => {
    const { sim, call } = simAt(undefined);
    for (let i = 0; i < 5; i++) await call("chat.postMessage", { channel: "C0GENERAL", text: `${i}` });
    expect(sim.rateStats()["chat.postMessage"]).toMatchObject({
      calls: 5,
      limit: { perSecond: 1, burst: 3 },
      rateLimited: 0,
      channels: { C0GENERAL: { peakPerSecond: 5 } },
    });
  });
});
