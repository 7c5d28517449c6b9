import { getEventListeners } from "node:events";
import { StudioAbortError } from "@studio-kit/core";
import { describe, expect, it, vi } from "vitest";
import { createPoller, PollerError, PollerTimeoutError } from "../src/index.js";
import { quiesce } from "../src/testing/index.js";
import { completesAt, rejection, usePoller } from "./support/harness.js";

const studio = usePoller();

describe("abort", () => {
  it("rejects at once with StudioAbortError, sends nothing more and leaves no timer pending", async () => {
    const h = studio.create({ jobMs: 60_000 });
    const id = await h.image();
    const controller = new AbortController();
    const wait = h.poller.waitForImages([id], { signal: controller.signal });
    const caught = rejection(wait);
    await h.advance(16_000);
    expect(h.pollTimes()).toEqual([5, 15]);

    controller.abort();
    const error = await caught;
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(error).toMatchObject({ code: "ABORTED", message: expect.stringContaining("@studio-kit/poller") });
    expect(h.clock.pending()).toBe(0);
    await h.advance(600_000);
    expect(h.pollTimes()).toEqual([5, 15]);
  });

  it("25 waits on one signal put one abort listener on it and leave none once done (issue 38)", async () => {
    const h = studio.create();
    const ids = await Promise.all(Array.from({ length: 25 }, (_, index) => h.image(`lighthouse ${index}`)));
    const controller = new AbortController();
    const waits = ids.map((id) => h.poller.waitForImages([id], { signal: controller.signal }));
    // Node warns past ten listeners on one signal (MaxListenersExceededWarning): there is one, whatever the waits.
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    const done = await h.run(Promise.all(waits));
    expect(done.flat().map((image) => image.status)).toEqual(ids.map(() => "COMPLETED"));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("sends not a single request for a signal aborted before the call", async () => {
    const h = studio.create();
    const id = await h.image();
    const error = await rejection(h.poller.waitForImages([id], { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(h.clock.pending()).toBe(0);
    expect(h.polls()).toEqual([]);
  });

  it("aborts a request in flight once no other wait needs it, and ignores its answer", async () => {
    const h = studio.create();
    const id = await h.image();
    const controller = new AbortController();
    const wait = h.poller.waitForImages([id], { signal: controller.signal });
    const caught = rejection(wait);
    await h.sendNext(); // 5 s: the poll is in flight
    controller.abort();
    expect(await caught).toBeInstanceOf(StudioAbortError);
    await quiesce(h.tracker);
    expect(h.polls()).toHaveLength(1);
    expect(h.polls()[0]).toMatchObject({ outcome: "failed", error: expect.any(StudioAbortError) });
    expect(h.clock.pending()).toBe(0);
  });

  it("leaves the other waits of a shared request polling when one aborts, the request in flight included", async () => {
    const h = studio.create();
    const [kept, dropped] = [await h.image("kept"), await h.image("dropped")];
    const controller = new AbortController();
    const keptWait = h.poller.waitForImages([kept]);
    const droppedWait = rejection(h.poller.waitForImages([dropped], { signal: controller.signal }));
    await h.sendNext(); // 5 s: one request for both is in flight
    controller.abort();
    expect(await droppedWait).toBeInstanceOf(StudioAbortError);
    const [image] = await h.run(keptWait);
    expect(image?.status).toBe("COMPLETED");
    expect(h.polls().every((poll) => poll.outcome === "answered")).toBe(true);
    expect(
      h
        .polls()
        .slice(1)
        .every((poll) => Object.values(poll.variables).join() === kept),
    ).toBe(true);
  });

  it("with the default clock, an aborted wait leaves no timer behind (the process can exit)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const h = studio.create();
      const poller = createPoller(h.client);
      const controller = new AbortController();
      const wait = rejection(poller.waitForImages(["img_any"], { signal: controller.signal }));
      await Promise.resolve();
      expect(vi.getTimerCount()).toBe(1);
      controller.abort();
      expect(await wait).toBeInstanceOf(StudioAbortError);
      await Promise.resolve();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("deadline", () => {
  it("rejects with PollerTimeoutError carrying the last status once the next poll would fall past maxWaitMs", async () => {
    const h = studio.create({ jobMs: 200_000 });
    const id = await h.image();
    const error = await rejection(h.run(h.poller.waitForImages([id], { maxWaitMs: 60_000 })));

    expect(error).toBeInstanceOf(PollerTimeoutError);
    expect(error).toMatchObject({
      code: "TIMEOUT",
      kind: "image",
      id,
      lastStatus: "PROCESSING",
      statuses: { [id]: "PROCESSING" },
      maxWaitMs: 60_000,
    });
    expect((error as Error).message).toContain("last status PROCESSING");
    // Polled at 5, 15, 30 and 50 s; the next (70 s) would pass the deadline, so it
    // gave up at 50 s rather than sleep into it, and sent nothing more.
    expect(h.pollTimes()).toEqual([5, 15, 30, 50]);
    expect(h.elapsed()).toBe(50);
    expect(h.clock.pending()).toBe(0);
  });

  it("refuses at once, as a bad argument naming the first poll time, a deadline before the first poll (issue: 0 polls)", async () => {
    const h = studio.create({ jobMs: 3_000 });
    const id = await h.image();
    // The record is done before the deadline: a deadline that ends before the 5 s first poll still cannot see it.
    expect(completesAt(h.sandbox, id) - h.clock.now()).toBeLessThan(4_000);
    const error = await rejection(h.poller.waitForImages([id], { maxWaitMs: 4_000 }));

    expect(error).toBeInstanceOf(PollerError);
    expect(error).not.toBeInstanceOf(PollerTimeoutError);
    expect(error).toMatchObject({ code: "INVALID_ARGUMENT", kind: "image", id });
    const { message } = error as Error;
    expect(message).toMatch(/^@studio-kit\/poller: /);
    expect(message).toContain("maxWaitMs 4000");
    expect(message).toContain("5000 ms");
    expect(message).not.toContain("did not finish");
    expect(h.polls()).toEqual([]);
    expect(h.clock.pending()).toBe(0);
  });

  it("accepts a deadline right at the first poll and resolves with what that poll reads", async () => {
    const h = studio.create({ jobMs: 3_000 });
    const id = await h.image();
    const [image] = await h.run(h.poller.waitForImages([id], { maxWaitMs: 5_000 }));
    expect(image?.status).toBe("COMPLETED");
    expect(h.pollTimes()).toEqual([5]);
  });

  it("says how many polls it made when it times out", async () => {
    const h = studio.create({ jobMs: 200_000 });
    const id = await h.video();
    const error = await rejection(h.run(h.poller.waitForVideo(id, { maxWaitMs: 20_000 })));
    expect(error).toBeInstanceOf(PollerTimeoutError);
    expect((error as Error).message).toContain("after 2 polls; gave up 15000 ms after the wait started");
    expect(h.pollTimes()).toEqual([5, 15]);
  });
});
