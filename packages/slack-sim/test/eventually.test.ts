import { describe, expect, it } from "vitest";
import { eventually } from "./support/bolt.js";

// The shared wait (scripts/vitest/eventually.ts) has no allowance of its own: it takes the running test's limit.
describe("eventually", () => {
  it("resolves with the check's value as soon as the check passes", async () => {
    let calls = 0;
    const value = await eventually(() => {
      calls += 1;
      if (calls < 3) throw new Error("not yet");
      return "landed";
    });
    expect([value, calls]).toEqual(["landed", 3]);
  });

  it("fails with the check's last error a second before the test's own limit", async () => {
    const started = Date.now();
    await expect(
      eventually(() => {
        throw new Error("the message never came");
      }),
    ).rejects.toThrow("the message never came");
    // The limit below is 3 s: the wait gave up at 2 s, not at an allowance of its own.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  }, 3000);
});
