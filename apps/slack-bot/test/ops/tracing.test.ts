// The parts of the bot's tracing that need no provider (decision 0023): when the configuration starts the SDK, how a
// request from Slack is named, and how a job's first trace is kept and read back. The traces themselves are
// test/e2e/tracing.test.ts's.
import { describe, expect, it } from "vitest";
import { readConfig } from "../../src/index.js";
import { describeRequest } from "../../src/ops/tracing/slack-requests.js";
import { linksTo, traceparentOf } from "../../src/ops/tracing/trace-context.js";
import { configProblems } from "../support/config.js";

const base = { SLACK_BOT_TOKEN: "xoxb-1111-SECRET-BOT", SLACK_SIGNING_SECRET: "SECRET-SIGNING-8f742231b10e" };

describe("tracing configuration", () => {
  it("starts nothing without an OTLP endpoint, or with one left empty as .env.example leaves it", () => {
    expect(readConfig(base).tracing).toBeUndefined();
    expect(readConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "" }).tracing).toBeUndefined();
  });

  it("sends traces to the endpoint's collector, the traces-only variable first, naming only its origin", () => {
    expect(
      readConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "http://user:SECRET@collector:4318/otlp" }).tracing,
    ).toEqual({ collector: "http://collector:4318", sdkLogs: false });
    expect(
      readConfig({
        ...base,
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://general:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://traces.example.com/v1/traces",
        OTEL_LOG_LEVEL: "debug",
      }).tracing,
    ).toEqual({ collector: "https://traces.example.com", sdkLogs: true });
  });

  it("stays off when the SDK's own switches turn traces off", () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" };
    expect(readConfig({ ...base, ...endpoint, OTEL_SDK_DISABLED: "true" }).tracing).toBeUndefined();
    expect(readConfig({ ...base, ...endpoint, OTEL_TRACES_EXPORTER: "none" }).tracing).toBeUndefined();
  });

  it("refuses an endpoint that is not an http(s) URL, without repeating it", () => {
    const [problem] = configProblems({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: "collector-SECRET:4318" });
    expect(problem).toContain("OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL");
    expect(problem).not.toContain("SECRET");
  });
});

describe("a request's span", () => {
  it("is named by what Slack sent, never by what a person wrote", () => {
    expect(describeRequest({ command: "/studio", text: "image a fox", response_url: "https://hooks" })).toEqual({
      name: "slack command /studio",
      attributes: { "slack.request.type": "command" },
    });
    expect(
      describeRequest({ type: "event_callback", event: { type: "app_mention", text: "<@U1> image a fox" } }),
    ).toEqual({
      name: "slack event app_mention",
      attributes: {
        "slack.request.type": "event",
        "slack.event.type": "app_mention",
        "slack.event.subtype": undefined,
      },
    });
    expect(
      describeRequest({ type: "block_actions", actions: [{ action_id: "studio_variations", value: "img_1" }] }),
    ).toMatchObject({ name: "slack block_actions", attributes: { "slack.action_id": "studio_variations" } });
    expect(
      describeRequest({ type: "view_submission", view: { callback_id: "studio_remix_modal", state: {} } }),
    ).toMatchObject({ name: "slack view_submission", attributes: { "slack.callback_id": "studio_remix_modal" } });
  });

  it("leaves out a field that is not an id-like word", () => {
    const described = describeRequest({ type: "block_actions", actions: [{ action_id: "a fox, with spaces" }] });
    expect(described.attributes["slack.action_id"]).toBeUndefined();
    expect(describeRequest({}).name).toBe("slack unknown");
  });
});

describe("a job's first trace", () => {
  const span = (recording: boolean, traceFlags = 1) => ({
    isRecording: () => recording,
    setAttribute: () => undefined,
    setAttributes: () => undefined,
    addEvent: () => undefined,
    spanContext: () => ({ traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", traceFlags }),
  });

  it("is kept as a traceparent when the span records, and not at all when tracing is off", () => {
    expect(traceparentOf(span(true))).toBe("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    expect(traceparentOf(span(true, 0))).toBe("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00");
    expect(traceparentOf(span(false))).toBeUndefined();
  });

  it("is read back as the link of the trace that resumes the job; anything unreadable links to nothing", () => {
    expect(linksTo("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")).toEqual([
      { context: { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", traceFlags: 1 } },
    ]);
    for (const unreadable of [
      undefined,
      "",
      "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      `00-${"0".repeat(32)}-00f067aa0ba902b7-01`,
      "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
      "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
    ]) {
      expect(linksTo(unreadable), String(unreadable)).toEqual([]);
    }
  });
});
