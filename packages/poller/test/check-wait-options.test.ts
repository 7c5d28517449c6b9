import { generateImages, getCredits, StudioValidationError } from "@studio-kit/core";
import { describe, expect, it } from "vitest";
import { PollerError, PollerVanishedError } from "../src/index.js";
import { GRAPHQL_URL, rejection, usePoller } from "./support/harness.js";

const studio = usePoller();

/** What a function threw, failing if it returned. */
function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected it to throw");
}

describe("checkWaitOptions: a deadline refused before anything is spent", () => {
  it("refuses a maxWaitMs before the first poll with the same INVALID_ARGUMENT a wait would give, sending nothing", async () => {
    const h = studio.create({ jobMs: 3_000 });
    const checked = thrown(() => h.poller.checkWaitOptions({ maxWaitMs: 4_000 }));
    expect(checked).toBeInstanceOf(PollerError);
    expect(checked).toBeInstanceOf(StudioValidationError);
    expect(checked).toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(h.tracker.requests).toEqual([]);

    // The wait, after a generation was paid for, refuses the same deadline in the same words.
    const id = await h.image();
    const waited = (await rejection(h.poller.waitForImages([id], { maxWaitMs: 4_000 }))) as PollerError;
    expect(waited).toMatchObject({ code: "INVALID_ARGUMENT" });
    const sentence = /maxWaitMs 4000 ends before the first poll it could make, due 5000 ms after the wait starts/;
    expect((checked as Error).message).toMatch(sentence);
    expect(waited.message).toMatch(sentence);
    expect((checked as Error).message).toBe(
      "@studio-kit/poller: waiting for a new generation: maxWaitMs 4000 ends before the first poll it could make, " +
        "due 5000 ms after the wait starts (the poller's schedule never polls an id sooner). " +
        "Pass a maxWaitMs of at least 5000, or Infinity.",
    );
  });

  it("lets a caller refuse the deadline before generating, so no credit is spent", async () => {
    const h = studio.create();
    const before = await getCredits(h.client);
    const generateThenWait = async (maxWaitMs: number) => {
      h.poller.checkWaitOptions({ maxWaitMs });
      const queued = await generateImages(h.client, { prompt: "a lighthouse", aspectRatio: "1:1", count: 3 });
      return h.poller.waitForImages(
        queued.map((image) => image.id),
        { maxWaitMs },
      );
    };
    const error = await rejection(generateThenWait(4_000));
    expect(error).toBeInstanceOf(StudioValidationError);
    expect(h.tracker.requests.map((request) => request.operationName)).not.toContain("GenerateImage");
    expect(await getCredits(h.client)).toEqual(before);
  });

  it("accepts a deadline at or after the first poll, Infinity, and none (the poller's own default)", () => {
    const h = studio.create();
    for (const options of [{ maxWaitMs: 5_000 }, { maxWaitMs: 60_000 }, { maxWaitMs: Infinity }, {}, undefined]) {
      expect(() => h.poller.checkWaitOptions(options)).not.toThrow();
    }
  });

  it("reads the poller's own schedule and default maxWaitMs", () => {
    const fast = studio.create({ poller: { schedule: [250, 500] } });
    expect(() => fast.poller.checkWaitOptions({ maxWaitMs: 300 })).not.toThrow();
    expect(thrown(() => fast.poller.checkWaitOptions({ maxWaitMs: 200 }))).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: expect.stringContaining("due 250 ms"),
    });
    const short = studio.create({ poller: { maxWaitMs: 1_000 } });
    expect(thrown(() => short.poller.checkWaitOptions())).toMatchObject({
      code: "INVALID_ARGUMENT",
      message: expect.stringContaining("maxWaitMs 1000 ends before the first poll"),
    });
  });

  it.each([[0], [-5], [Number.NaN], ["10s" as unknown as number]])("refuses an unusable maxWaitMs %j", (maxWaitMs) => {
    const h = studio.create();
    const error = thrown(() => h.poller.checkWaitOptions({ maxWaitMs }));
    expect(error).toBeInstanceOf(StudioValidationError);
    expect(error).toMatchObject({ code: "INVALID_ARGUMENT", message: expect.stringMatching(/maxWaitMs must be/) });
  });
});

describe("a poll's refusal of one record says where: the PollStatuses request", () => {
  it("a vanished record carries request { operationName, url }", async () => {
    const h = studio.create();
    const error = (await rejection(h.run(h.poller.waitForVideo("vid_never_was")))) as PollerVanishedError;
    expect(error).toBeInstanceOf(PollerVanishedError);
    expect(error.request).toEqual({ operationName: "PollStatuses", url: GRAPHQL_URL });
    expect(error.toJSON().request).toEqual({ operationName: "PollStatuses", url: GRAPHQL_URL });
  });

  it("a record the key may not read (UNREADABLE) carries it too", async () => {
    const h = studio.create();
    const error = (await rejection(h.run(h.poller.waitForImages(["img_globex_secret"])))) as PollerError;
    expect(error).toMatchObject({ code: "UNREADABLE", request: { operationName: "PollStatuses", url: GRAPHQL_URL } });
  });

  it("a deadline refused before any poll has no request: nothing was sent", async () => {
    const h = studio.create();
    const error = (await rejection(h.poller.waitForImages(["img_1"], { maxWaitMs: 1_000 }))) as PollerError;
    expect(error.code).toBe("INVALID_ARGUMENT");
    expect(error.request).toBeUndefined();
  });
});
