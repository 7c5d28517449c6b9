import { StudioAbortError, type StudioError, StudioTimeoutError, StudioValidationError } from "@studio-kit/core";
import { describe, expect, it } from "vitest";
import { PollerError, PollerTimeoutError } from "../src/index.js";
import { rejection, usePoller } from "./support/harness.js";

const studio = usePoller();

describe("the poller's errors in the kit's one family", () => {
  it("keeps the caller's reason as the cause of an aborted wait and says it", async () => {
    const h = studio.create({ jobMs: 60_000 });
    const id = await h.image();
    const controller = new AbortController();
    const caught = rejection(h.poller.waitForImages([id], { signal: controller.signal }));
    await h.advance(6_000);
    const reason = new Error("the person pressed Stop");
    controller.abort(reason);
    const error = (await caught) as StudioError;
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(error.code).toBe("ABORTED");
    expect(error.cause).toBe(reason);
    expect(error.message).toBe(
      `@studio-kit/poller: waiting for image ${id} was aborted by the caller (the person pressed Stop).`,
    );
  });

  it("tells a signal that timed out from a cancel: StudioTimeoutError, TIMEOUT, the TimeoutError as cause", async () => {
    const h = studio.create({ jobMs: 60_000 });
    const id = await h.image();
    const reason = new DOMException("signal timed out", "TimeoutError");
    const error = (await rejection(h.poller.waitForImages([id], { signal: AbortSignal.abort(reason) }))) as StudioError;
    expect(error).toBeInstanceOf(StudioTimeoutError);
    expect(error).not.toBeInstanceOf(StudioAbortError);
    expect(error).toMatchObject({ code: "TIMEOUT", cause: reason });
    expect(error.message).toMatch(/the caller's signal timed out \(signal timed out\)/);
  });

  it("a deadline that passes is a PollerTimeoutError and a StudioTimeoutError; a too-short one a StudioValidationError", async () => {
    const h = studio.create({ jobMs: 600_000 });
    const id = await h.image();
    const timeout = await rejection(h.run(h.poller.waitForImages([id], { maxWaitMs: 20_000 })));
    expect(timeout).toBeInstanceOf(PollerTimeoutError);
    expect(timeout).toBeInstanceOf(StudioTimeoutError);
    expect((timeout as PollerTimeoutError).toJSON()).toMatchObject({ code: "TIMEOUT", maxWaitMs: 20_000 });
    const early = await rejection(h.poller.waitForImages([id], { maxWaitMs: 4_000 }));
    expect(early).toBeInstanceOf(PollerError);
    expect(early).toBeInstanceOf(StudioValidationError);
    expect(early).toMatchObject({ code: "INVALID_ARGUMENT" });
  });
});
