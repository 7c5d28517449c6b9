import { describe, expect, it } from "vitest";
import { memoryWindows } from "../src/services/memory-windows.js";
import { channelOf, methodOf, rateLimitedFetch } from "../src/services/rate-limited-fetch.js";
import { createSlackPacer, SLACK_LIMITS } from "../src/services/slack-pacer.js";
import { openSqliteStore } from "../src/store/sqlite/open.js";

function fakeClock(start = 1_000_000) {
  let time = start;
  const sleeps: number[] = [];
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
    sleeps,
    // Sleeping moves the clock: a waiter wakes exactly when it asked to.
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
  };
}

describe("createSlackPacer", () => {
  it("keeps chat.update within Slack's Tier 3, leaving the reserve to results", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ now: clock.now, sleep: clock.sleep });
    let progress = 0;
    for (let i = 0; i < 100; i += 1) if (await pacer.tryTake("chat.update", undefined, { reserve: 30 })) progress += 1;
    expect(progress).toBe(20);
    let results = 0;
    for (let i = 0; i < 100; i += 1) if (await pacer.tryTake("chat.update")) results += 1;
    expect(results).toBe(SLACK_LIMITS["chat.update"].limit - 20);
    expect(await pacer.used("chat.update")).toBe(50);
    // A refusal takes nothing; the window rolls a little over a minute after each use.
    expect(await pacer.tryTake("chat.update")).toBe(false);
    expect(await pacer.nextFree("chat.update")).toBe(SLACK_LIMITS["chat.update"].windowMs);
    clock.advance(SLACK_LIMITS["chat.update"].windowMs);
    expect(await pacer.tryTake("chat.update")).toBe(true);
    // A reserve as large as the limit leaves progress nothing.
    expect(await pacer.tryTake("chat.update", undefined, { reserve: 50 })).toBe(false);
  });

  it("gives progress nothing while a result of this process waits for a slot", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ now: clock.now, sleep: clock.sleep });
    let during: boolean | undefined;
    await pacer.finalWaiting(async () => {
      during = await pacer.tryTake("chat.update", undefined, { reserve: 10 });
    });
    expect(during).toBe(false);
    expect(await pacer.tryTake("chat.update", undefined, { reserve: 10 })).toBe(true);
  });

  it("paces chat.postMessage per channel as a bucket: three at once, then one every 1.05 s", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 3; i += 1) expect(await pacer.tryTake("chat.postMessage", "C1")).toBe(true);
    expect(await pacer.tryTake("chat.postMessage", "C1")).toBe(false);
    // Another channel has its own bucket.
    expect(await pacer.tryTake("chat.postMessage", "C2")).toBe(true);
    const { intervalMs } = SLACK_LIMITS["chat.postMessage"];
    const start = clock.now();
    const at: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await pacer.acquire("chat.postMessage", "C1");
      at.push(clock.now() - start);
    }
    expect(at).toEqual([intervalMs, 2 * intervalMs, 3 * intervalMs]);
    // Left alone, it fills up again: three at once after three intervals.
    clock.advance(3 * intervalMs);
    for (let i = 0; i < 3; i += 1) expect(await pacer.tryTake("chat.postMessage", "C1")).toBe(true);
    expect(await pacer.tryTake("chat.postMessage", "C1")).toBe(false);
  });

  it("never lets more calls through than a Slack bucket of 3 refilled once a second would take", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ now: clock.now, sleep: clock.sleep });
    // Slack's side: a bucket of 3, one token a second (slack-sim's model of "1 a second with short bursts").
    let tokens = 3;
    let last = clock.now();
    let refused = 0;
    let random = 7;
    for (let i = 0; i < 400; i += 1) {
      random = (random * 1103515245 + 12345) % 2147483648;
      clock.advance(random % 1500);
      if (!(await pacer.tryTake("chat.postMessage", "C1"))) continue;
      tokens = Math.min(3, tokens + (clock.now() - last) / 1000);
      last = clock.now();
      if (tokens < 1) refused += 1;
      else tokens -= 1;
    }
    expect(refused).toBe(0);
  });

  it("holds a method for a 429's Retry-After, per channel for chat.postMessage, across pacers on one store", async () => {
    const clock = fakeClock();
    const store = openSqliteStore({ path: ":memory:" });
    try {
      const one = createSlackPacer({ windows: store.windows, now: clock.now, sleep: clock.sleep });
      const two = createSlackPacer({ windows: store.windows, now: clock.now, sleep: clock.sleep });
      await one.pause("chat.postMessage", "C1", 3_000);
      await one.pause("chat.update", undefined, 7_000);
      expect(await two.pausedFor("chat.postMessage", "C1")).toBe(3_000);
      expect(await two.pausedFor("chat.postMessage", "C2")).toBe(0);
      expect(await two.tryTake("chat.update")).toBe(false);
      const start = clock.now();
      await two.acquire("chat.update");
      expect(clock.now() - start).toBe(7_000);
      expect(await two.pausedFor("chat.postMessage", "C1")).toBe(0);
    } finally {
      await store.close();
    }
  });
});

describe("rateLimitedFetch", () => {
  it("reads the method and channel of a Web API request", () => {
    expect(methodOf("http://127.0.0.1:1/api/chat.postMessage")).toBe("chat.postMessage");
    expect(channelOf("channel=C1&text=hi")).toBe("C1");
    expect(channelOf('{"channel":"C2"}')).toBe("C2");
    expect(channelOf(undefined)).toBeUndefined();
  });

  it("waits out a 429 and sends the same request again: the client sees one answer, the pause is shared", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ windows: memoryWindows(), now: clock.now, sleep: clock.sleep });
    const bodies: string[] = [];
    const answers = [
      new Response('{"ok":false,"error":"ratelimited"}', { status: 429, headers: { "retry-after": "2" } }),
      new Response('{"ok":true}', { status: 200 }),
    ];
    const told: string[] = [];
    const paced = rateLimitedFetch({
      pacer,
      sleep: clock.sleep,
      onRateLimited: (method, seconds) => told.push(`${method} ${seconds}`),
      fetch: async (_input, init) => {
        bodies.push(String(init?.body));
        return answers.shift() ?? new Response("{}", { status: 500 });
      },
    });
    const answer = await paced("http://slack.test/api/chat.postMessage", {
      method: "POST",
      body: "channel=C1&text=hi",
    });
    expect(answer.status).toBe(200);
    expect(bodies).toEqual(["channel=C1&text=hi", "channel=C1&text=hi"]);
    expect(told).toEqual(["chat.postMessage 2"]);
    expect(clock.sleeps).toEqual([2_000]);
  });

  it("waits out 429s for up to five minutes of Retry-After, then hands the client the 429 so its own policy decides", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ now: clock.now, sleep: clock.sleep });
    let sent = 0;
    const paced = rateLimitedFetch({
      pacer,
      sleep: clock.sleep,
      fetch: async () => {
        sent += 1;
        return new Response("{}", { status: 429, headers: { "retry-after": "1" } });
      },
    });
    expect((await paced("http://slack.test/api/chat.update", { body: "channel=C1" })).status).toBe(429);
    // 300 waits of 1 s (RATE_LIMIT_WAIT_MS), then the 301st answer goes to the client.
    expect(sent).toBe(301);
    expect(clock.sleeps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(300_000);
  });
});
