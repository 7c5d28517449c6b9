import { getEventListeners } from "node:events";
import { CreditsBalanceDocument } from "@studio-kit/operations";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultSleep, StudioAbortError, whenAborted } from "../src/index.js";
import { rejection, useStudio } from "./support/studio.js";

// Issue 38: the Slack bot passes one stop signal to the requests and waits of every job; 25 jobs in flight made Node
// print `MaxListenersExceededWarning: 11 abort listeners added to [AbortSignal]`, read by operators as a leak.
const studio = useStudio();

/** The process warnings Node emits while the test runs (emitted a tick after the listener that caused them). */
let warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
beforeEach(() => {
  warnings = [];
  process.on("warning", onWarning);
});
afterEach(() => {
  process.off("warning", onWarning);
});
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("one caller signal shared by many requests", () => {
  it("runs 25 requests at once on one signal: one abort listener on it, none left after, no warning", async () => {
    const controller = new AbortController();
    // Every request is held at the network until all 25 are there: they are in flight together.
    const listening: number[] = [];
    let arrived = 0;
    let release = () => {};
    const together = new Promise<void>((resolve) => {
      release = resolve;
    });
    const h = studio.create({
      fetch: async (input, init) => {
        listening.push(getEventListeners(controller.signal, "abort").length);
        arrived += 1;
        if (arrived === 25) release();
        await together;
        return fetch(input, init);
      },
    });
    const requests = Array.from({ length: 25 }, () =>
      h.client.request(CreditsBalanceDocument, { workspaceId: h.sandbox.workspaceId }, { signal: controller.signal }),
    );
    await Promise.all(requests);
    await settle();
    expect(listening).toHaveLength(25);
    expect(Math.max(...listening)).toBe(1);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
  });

  it("still aborts every one of them when the signal aborts", async () => {
    const h = studio.create();
    const controller = new AbortController();
    const sleeps = Array.from({ length: 25 }, () => rejection(defaultSleep(60_000, controller.signal)));
    const requests = Array.from({ length: 25 }, () =>
      rejection(
        h.client.request(CreditsBalanceDocument, { workspaceId: h.sandbox.workspaceId }, { signal: controller.signal }),
      ),
    );
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    controller.abort(new Error("stopping"));
    for (const error of await Promise.all(requests)) expect(error).toBeInstanceOf(StudioAbortError);
    for (const error of await Promise.all(sleeps)) expect(error).toMatchObject({ message: "stopping" });
    await settle();
    expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
  });
});

describe("whenAborted", () => {
  it("calls each callback once on abort, not one whose stop was called, and leaves the signal clean", () => {
    const controller = new AbortController();
    const called: string[] = [];
    whenAborted(controller.signal, () => called.push("a"));
    const stopB = whenAborted(controller.signal, () => called.push("b"));
    whenAborted(controller.signal, () => called.push("c"));
    stopB();
    controller.abort();
    controller.abort();
    expect(called).toEqual(["a", "c"]);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("removes its one listener when the last caller stops listening", () => {
    const { signal } = new AbortController();
    const stops = Array.from({ length: 12 }, () => whenAborted(signal, () => {}));
    expect(getEventListeners(signal, "abort")).toHaveLength(1);
    for (const stop of stops) stop();
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
