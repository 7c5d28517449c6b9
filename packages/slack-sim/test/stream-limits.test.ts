import { afterEach, describe, expect, it } from "vitest";
import { SLACK_RATE_LIMITS, SLACK_RATE_TIERS, STREAM_LIFETIME_MS } from "../src/index.js";
import { errorOf, type StreamHarness, startStreamHarness, task } from "./support/stream.js";

let h: StreamHarness | undefined;
afterEach(() => h?.close());

describe("a stream's lifetime [reported: about 5 minutes from its start]", () => {
  it("ends on the sim's clock however often the app appends: later calls answer message_not_in_streaming_state", async () => {
    h = await startStreamHarness();
    const harness = h;
    const request = await harness.ask();
    const { ts = "" } = await harness.client.chat.startStream({
      ...harness.target(request),
      chunks: [task("j", "Queued", "pending")],
    });
    for (let minute = 1; minute < 5; minute++) {
      harness.advance(60_000);
      await harness.client.chat.appendStream({
        channel: "C0GENERAL",
        ts,
        chunks: [task("j", `Minute ${minute}`, "in_progress")],
      });
    }
    harness.advance(STREAM_LIFETIME_MS - 4 * 60_000);
    // Readers see it stopped before the app's next call does.
    expect(harness.sim.thread("C0GENERAL", request)[1]?.stream).toMatchObject({
      state: "stopped",
      stoppedBy: "expired",
    });
    expect(await errorOf(harness.client.chat.appendStream({ channel: "C0GENERAL", ts, markdown_text: "late" }))).toBe(
      "message_not_in_streaming_state",
    );
    expect(await errorOf(harness.client.chat.stopStream({ channel: "C0GENERAL", ts }))).toBe(
      "message_not_in_streaming_state",
    );
    // What was streamed stays; chat.update may now finish the message.
    await harness.client.chat.update({ channel: "C0GENERAL", ts, text: "Your image is ready" });
    expect(harness.sim.thread("C0GENERAL", request)[1]).toMatchObject({
      text: "Your image is ready",
      stream: { tasks: [{ id: "j", title: "Minute 4", status: "in_progress" }] },
    });
  });
});

describe("streaming rate limits", () => {
  it("are Tier 2 for starting and stopping and Tier 4 for appending", () => {
    expect(SLACK_RATE_TIERS).toMatchObject({
      "chat.startStream": "Tier 2",
      "chat.appendStream": "Tier 4",
      "chat.stopStream": "Tier 2",
    });
    expect(SLACK_RATE_LIMITS).toMatchObject({
      "chat.startStream": 20,
      "chat.appendStream": 100,
      "chat.stopStream": 20,
    });
  });

  it("answer the 21st chat.startStream within a minute with 429 and Retry-After, and start nothing", async () => {
    h = await startStreamHarness({ rateLimits: true });
    const harness = h;
    const request = await harness.ask();
    for (let i = 0; i < 20; i++) await harness.client.chat.startStream(harness.target(request));
    const refused = await harness.client.chat.startStream(harness.target(request)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "slack_webapi_rate_limited_error" });
    expect(harness.sim.thread("C0GENERAL", request)).toHaveLength(21);
    expect(harness.sim.rateStats()["chat.startStream"]).toMatchObject({ calls: 20, rateLimited: 1, limit: 20 });
    harness.advance(60_000);
    await expect(harness.client.chat.startStream(harness.target(request))).resolves.toMatchObject({ ok: true });
  });

  it("let chat.appendStream run 100 times a minute where chat.update stops at 50", async () => {
    h = await startStreamHarness({ rateLimits: true });
    const harness = h;
    const request = await harness.ask();
    const { ts = "" } = await harness.client.chat.startStream({ ...harness.target(request), markdown_text: "." });
    for (let i = 0; i < 100; i++)
      await harness.client.chat.appendStream({ channel: "C0GENERAL", ts, markdown_text: "." });
    const refused = await harness.client.chat
      .appendStream({ channel: "C0GENERAL", ts, markdown_text: "." })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "slack_webapi_rate_limited_error" });
    expect(harness.sim.rateStats()["chat.appendStream"]).toMatchObject({ calls: 100, rateLimited: 1 });
  });
});
