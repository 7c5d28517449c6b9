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
  it("keeps chat.update within Slack's Tier 3 and lets progress use only its share", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ now: clock.now, sleep: clock.sleep });
    let progress = 0;
    for (let i = 0; i < 100; i += 1) if (await pacer.tryTake("chat.update", undefined, { share: 0.5 })) progress += 1;
    expect(progress).toBe(25);
    let results = 0;
    for (let i = 0; i < 100; i += 1) if (await pacer.tryTake("chat.update")) results += 1;
    expect(results).toBe(SLACK_LIMITS["chat.update"].limit - 25);
    expect(await pacer.used("chat.update")).toBe(50);
    // A refusal takes nothing; the window rolls a little over a minute after each use.
    expect(await pacer.tryTake("chat.update")).toBe(false);
    expect(await pacer.nextFree("chat.update")).toBe(SLACK_LIMITS["chat.update"].windowMs);
    clock.advance(SLACK_LIMITS["chat.update"].windowMs);
    expect(await pacer.tryTake("chat.update")).toBe(true);
  });

  it("gives progress nothing while a result of this process waits for a slot", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ now: clock.now, sleep: clock.sleep });
    let during: boolean | undefined;
    await pacer.finalWaiting(async () => {
      during = await pacer.tryTake("chat.update", undefined, { share: 0.5 });
    });
    expect(during).toBe(false);
    expect(await pacer.tryTake("chat.update", undefined, { share: 0.5 })).toBe(true);
  });

  it("paces chat.postMessage per channel: three at once, then one about every 1.1 s; other channels go on", async () => {
    const clock = fakeClock();
    const pacer = createSlackPacer({ now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 3; i += 1) expect(await pacer.tryTake("chat.postMessage", "C1")).toBe(true);
    expect(await pacer.tryTake("chat.postMessage", "C1")).toBe(false);
    expect(await pacer.tryTake("chat.postMessage", "C2")).toBe(true);
    const start = clock.now();
    await pacer.acquire("chat.postMessage", "C1");
    expect(clock.now() - start).toBe(SLACK_LIMITS["chat.postMessage"].windowMs);
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
    const answer = await paced("http://slack.test/api/chat.postMessage", { method: "POST", body: "channel=C1&text=hi" });
    expect(answer.status).toBe(200);
    expect(bodies).toEqual(["channel=C1&text=hi", "channel=C1&text=hi"]);
    expect(told).toEqual(["chat.postMessage 2"]);
    expect(clock.sleeps).toEqual([2_000]);
  });

  it("hands the client a 429 after several in a row, so its own policy decides", async () => {
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
    expect(sent).toBe(6);
  });
});
