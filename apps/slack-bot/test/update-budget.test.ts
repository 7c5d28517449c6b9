import { describe, expect, it } from "vitest";
import { memoryWindows } from "../src/services/memory-windows.js";
import { createThrottle } from "../src/services/throttle.js";
import { createUpdateBudget, progressGate, THIS_WORKSPACE } from "../src/services/update-budget.js";

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

describe("createUpdateBudget", () => {
  it("lets progress take at most limit - reserve updates per rolling minute, per workspace", async () => {
    const clock = fakeClock();
    const budget = createUpdateBudget({ now: clock.now, sleep: clock.sleep });
    let taken = 0;
    for (let i = 0; i < 100; i += 1) if (await budget.tryTakeProgress("T1")) taken += 1;
    expect(taken).toBe(30);
    expect(await budget.used("T1")).toBe(30);
    // Another workspace has its own budget.
    expect(await budget.tryTakeProgress("T2")).toBe(true);
    // A refusal takes nothing.
    expect(await budget.tryTakeProgress("T1")).toBe(false);
    expect(await budget.used("T1")).toBe(30);
  });

  it("rolls: slots free up one minute after each update, not all at once", async () => {
    const clock = fakeClock();
    const budget = createUpdateBudget({ limit: 4, reserve: 1, now: clock.now, sleep: clock.sleep });
    expect(await budget.tryTakeProgress("T")).toBe(true);
    clock.advance(30_000);
    expect(await budget.tryTakeProgress("T")).toBe(true);
    expect(await budget.tryTakeProgress("T")).toBe(true);
    expect(await budget.tryTakeProgress("T")).toBe(false);
    clock.advance(29_999);
    expect(await budget.tryTakeProgress("T")).toBe(false);
    clock.advance(1);
    expect(await budget.tryTakeProgress("T")).toBe(true);
    expect(await budget.tryTakeProgress("T")).toBe(false);
  });

  it("never refuses a final result: it uses the reserve, then waits for the oldest slot to free", async () => {
    const clock = fakeClock();
    const budget = createUpdateBudget({ now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 30; i += 1) await budget.tryTakeProgress("T");
    clock.advance(10_000);
    for (let i = 0; i < 10; i += 1) await budget.acquire("T");
    expect(clock.sleeps).toEqual([]);
    expect(await budget.used("T")).toBe(40);
    // Full: the 41st waits until the first 30 (taken 60 s before now + 50 s) leave the window.
    await budget.acquire("T");
    expect(clock.sleeps).toEqual([50_000]);
    expect(await budget.used("T")).toBe(11);
  });

  it("never counts more than 40 updates in any minute, whatever the mix", async () => {
    const clock = fakeClock();
    const budget = createUpdateBudget({ now: clock.now, sleep: clock.sleep });
    const times: number[] = [];
    for (let step = 0; step < 600; step += 1) {
      if (step % 3 === 0) {
        await budget.acquire("T");
        times.push(clock.now());
      } else if (await budget.tryTakeProgress("T")) times.push(clock.now());
      clock.advance(250);
    }
    for (const start of times) {
      expect(times.filter((time) => time >= start && time < start + 60_000).length).toBeLessThanOrEqual(40);
    }
  });
});

describe("createUpdateBudget on shared windows (replicas)", () => {
  it("never lets two replicas' budgets on one store pass 40 updates a minute together", async () => {
    const clock = fakeClock();
    const windows = memoryWindows(); // stands in for the store both replicas share
    const replicas = [1, 2].map(() => createUpdateBudget({ windows, now: clock.now, sleep: clock.sleep }));
    let progress = 0;
    for (let i = 0; i < 50; i += 1) for (const budget of replicas) if (await budget.tryTakeProgress("T")) progress += 1;
    expect(progress).toBe(30);
    await Promise.all(Array.from({ length: 10 }, (_, i) => replicas[i % 2]?.acquire("T")));
    expect(clock.sleeps).toEqual([]);
    expect(await replicas[0]?.used("T")).toBe(40);
    expect(await replicas[1]?.used("T")).toBe(40);
  });
});

describe("progressGate", () => {
  it("passes only when the message throttle and the workspace budget both allow, spending nothing on a refusal", async () => {
    const clock = fakeClock();
    const budget = createUpdateBudget({ limit: 3, reserve: 1, now: clock.now, sleep: clock.sleep });
    const throttle = createThrottle({ now: clock.now });
    const gate = progressGate(throttle, budget, THIS_WORKSPACE);
    expect(await gate.take("C:1")).toBe(true);
    // The throttle refuses a second update of the same message within 10 s: no budget spent.
    expect(await gate.take("C:1")).toBe(false);
    expect(await budget.used(THIS_WORKSPACE)).toBe(1);
    expect(await gate.take("C:2")).toBe(true);
    // The budget (2 progress slots) is spent: the message's throttle turn is kept for later.
    expect(await gate.take("C:3")).toBe(false);
    clock.advance(60_000);
    expect(await gate.take("C:3")).toBe(true);
  });
});
