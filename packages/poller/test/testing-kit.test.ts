import type { StudioClient } from "@studio-kit/core";
import { describe, expect, it } from "vitest";
import { createManualClock, runUntilSettled, trackRequests } from "../src/testing/index.js";

/** A client that is never called: these tests drive fetches and sleeps of their own. */
const unusedClient = { endpoint: "https://unused.test/graphql" } as unknown as StudioClient;

/** A fetch whose answer comes after a few turns of the event loop, as a transfer's does. */
const slowFetch: typeof fetch = async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  return new Response(null, { status: 204 });
};

describe("the testing kit drives work that goes around the client", () => {
  it("waits for a tracked fetch (an upload's transfer) before deciding that nothing is left to run", async () => {
    const clock = createManualClock({ start: 0 });
    const tracker = trackRequests(unusedClient, clock, { fetch: slowFetch });
    const service = (async () => {
      const stored = await tracker.fetch("https://storage.test/upload", { method: "PUT" });
      await clock.sleep(5_000); // then a poll, on the manual clock
      return { status: stored.status, at: clock.now() };
    })();
    await expect(runUntilSettled(service, { clock, tracker })).resolves.toEqual({ status: 204, at: 5_000 });
    expect(tracker.inFlight()).toBe(0);
  });

  it("without tracking, says the promise is still pending with nothing sleeping (the failure the fetch avoids)", async () => {
    const clock = createManualClock({ start: 0 });
    const tracker = trackRequests(unusedClient, clock);
    const service = slowFetch("https://storage.test/upload").then(() => clock.sleep(5_000));
    await expect(runUntilSettled(service, { clock, tracker })).rejects.toThrow(/still pending at 0 \(nothing sleeps\)/);
  });

  it("waits for any I/O a test hands to track()", async () => {
    const clock = createManualClock({ start: 0 });
    const tracker = trackRequests(unusedClient, clock);
    const service = tracker.track(slowFetch("https://storage.test/upload")).then(() => clock.sleep(5_000));
    await expect(runUntilSettled(service, { clock, tracker })).resolves.toBeUndefined();
    expect(clock.now()).toBe(5_000);
  });
});
