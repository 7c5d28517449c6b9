import { StudioError } from "@studio-kit/core";
import { describe, expect, it } from "vitest";
import {
  createPoller,
  DEFAULT_SCHEDULE,
  type PollerClock,
  PollerError,
  PollerTimeoutError,
  PollerVanishedError,
} from "../src/index.js";
import { rejection, usePoller } from "./support/harness.js";

const studio = usePoller();

describe("options", () => {
  it("defaults to the spec's schedule: 5 s, 10 s, 15 s, then 20 s", () => {
    expect(DEFAULT_SCHEDULE).toEqual([5_000, 10_000, 15_000, 20_000]);
  });

  it.each([
    [{ schedule: [] }, /schedule/],
    [{ schedule: [5_000, -1] }, /schedule/],
    [{ maxBatch: 0 }, /maxBatch/],
    [{ maxBatch: 2.5 }, /maxBatch/],
    [{ windowMs: -1 }, /windowMs/],
    [{ maxWaitMs: 0 }, /maxWaitMs/],
    [{ clock: {} as PollerClock }, /clock/],
  ])("createPoller refuses %j with PollerError INVALID_OPTIONS", (options, message) => {
    const { client } = studio.create();
    let caught: unknown;
    try {
      createPoller(client, options);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PollerError);
    expect(caught).toMatchObject({ code: "INVALID_OPTIONS", message: expect.stringMatching(message) });
  });

  it("rejects a wait for an empty id or with an unusable maxWaitMs, sending nothing", async () => {
    const h = studio.create();
    await expect(h.poller.waitForImages(["img_1", ""])).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    await expect(h.poller.waitForVideo("vid_1", { maxWaitMs: -5 })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
    expect(h.clock.pending()).toBe(0);
    expect(h.tracker.requests).toEqual([]);
  });

  it("resolves a wait for no ids at once, without a request", async () => {
    const h = studio.create();
    expect(await h.poller.waitForImages([])).toEqual([]);
    expect(h.clock.pending()).toBe(0);
  });

  it("waits without a deadline when maxWaitMs is Infinity", async () => {
    const h = studio.create({ jobMs: 2_000_000 });
    const id = await h.image();
    const [image] = await h.run(h.poller.waitForImages([id], { maxWaitMs: Number.POSITIVE_INFINITY }));
    expect(image?.status).toBe("COMPLETED");
    expect(h.elapsed()).toBeGreaterThan(15 * 60);
  });
});

describe("errors", () => {
  it("belong to core's StudioError family and are told apart by code and class", () => {
    const timeout = new PollerTimeoutError("t", { maxWaitMs: 1, kind: "image", id: "img_1" });
    const vanished = new PollerVanishedError("v", { kind: "video", id: "vid_1" });
    expect(timeout).toBeInstanceOf(StudioError);
    expect(timeout).toBeInstanceOf(PollerError);
    expect([timeout.name, timeout.code, vanished.name, vanished.code]).toEqual([
      "PollerTimeoutError",
      "TIMEOUT",
      "PollerVanishedError",
      "VANISHED",
    ]);
  });

  it("store the last record with signed-URL signatures redacted, serialized or not", async () => {
    const signed = "https://files.example/a.png?X-Amz-Signature=0123456789abcdef";
    const error = new PollerTimeoutError("t", {
      maxWaitMs: 1,
      lastRecord: { id: "img_1", status: "UPSCALING", downloadUrl: signed, url: signed } as never,
    });
    expect(error.lastStatus).toBe("UPSCALING");
    expect(JSON.stringify(error)).not.toContain("0123456789abcdef");
    expect(JSON.stringify(error.lastRecord)).not.toContain("0123456789abcdef");
    expect(error.toJSON()).toMatchObject({ code: "TIMEOUT", lastStatus: "UPSCALING", maxWaitMs: 1 });
  });

  it("name the package in their messages", async () => {
    const h = studio.create({ jobMs: 200_000 });
    const id = await h.video();
    const error = await rejection(h.run(h.poller.waitForVideo(id, { maxWaitMs: 20_000 })));
    expect((error as Error).message).toMatch(
      new RegExp(`^@studio-kit/poller: video ${id} did not finish within 20000 ms`),
    );
  });
});
