import { describe, expect, it } from "vitest";
import { createThrottle } from "../src/services/throttle.js";

describe("createThrottle", () => {
  it("lets one update per key through every 10 s, on the injected clock", () => {
    let now = 1_000;
    const throttle = createThrottle({ now: () => now });
    expect(throttle.take("C1:1")).toBe(true);
    now += 9_999;
    expect(throttle.ready("C1:1")).toBe(false);
    expect(throttle.take("C1:1")).toBe(false);
    expect(throttle.take("C1:2")).toBe(true);
    now += 1;
    // Asking does not count: the update still passes after it.
    expect(throttle.ready("C1:1")).toBe(true);
    expect(throttle.take("C1:1")).toBe(true);
    expect(throttle.take("C1:1")).toBe(false);
  });

  it("forgets a key once its message is final", () => {
    const throttle = createThrottle({ intervalMs: 5_000, now: () => 0 });
    expect(throttle.take("k")).toBe(true);
    throttle.forget("k");
    expect(throttle.take("k")).toBe(true);
  });
});
