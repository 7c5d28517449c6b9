import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChangeTracker, type VersionSource } from "../src/server/changes.js";

/** A version source like the sim's: `bump()` is a change. */
function fakeSource(): VersionSource & { bump(): void; listeners: number } {
  let version = 0;
  const listeners = new Set<(version: number) => void>();
  return {
    version: () => version,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    bump() {
      version += 1;
      for (const listener of listeners) listener(version);
    },
    get listeners() {
      return listeners.size;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the change tracker behind the long poll", () => {
  it("answers at once when the version already differs from the one the page saw", async () => {
    const source = fakeSource();
    source.bump();
    const tracker = createChangeTracker(source);
    await expect(tracker.waitForChange(0, 10_000)).resolves.toBe(1);
  });

  it("waits for the next change, then stops listening", async () => {
    const source = fakeSource();
    const tracker = createChangeTracker(source);
    const waiting = tracker.waitForChange(0, 10_000);
    await vi.advanceTimersByTimeAsync(3_000);
    source.bump();
    await expect(waiting).resolves.toBe(1);
    expect(source.listeners).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives up after the timeout with the same version", async () => {
    const source = fakeSource();
    const tracker = createChangeTracker(source);
    const waiting = tracker.waitForChange(0, 10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(waiting).resolves.toBe(0);
  });

  it("stops waiting when the client goes away or the server closes", async () => {
    const source = fakeSource();
    const tracker = createChangeTracker(source);
    const controller = new AbortController();
    const gone = tracker.waitForChange(0, 10_000, controller.signal);
    const closing = tracker.waitForChange(0, 10_000);
    controller.abort();
    await expect(gone).resolves.toBe(0);
    tracker.close();
    await expect(closing).resolves.toBe(0);
    expect(source.listeners).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("waits for a condition across several changes", async () => {
    const source = fakeSource();
    const tracker = createChangeTracker(source);
    const waiting = tracker.waitUntil(() => source.version() >= 3, 10_000);
    source.bump();
    source.bump();
    source.bump();
    await expect(waiting).resolves.toBe(true);
    const never = tracker.waitUntil(() => false, 100);
    await vi.advanceTimersByTimeAsync(100);
    await expect(never).resolves.toBe(false);
  });
});
