import {
  ApiCredentialWorkspaceDocument,
  CreateStudioSessionDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
  UpdateCanvasCardTextDocument,
} from "@studio-kit/operations";
import { describe, expect, it } from "vitest";
import { StudioAbortError, StudioNetworkError, StudioRateLimitError, StudioServerError } from "../src/index.js";
import { executed, type Harness, rejection, useStudio } from "./support/studio.js";

// The server's misbehaviour comes from the sandbox's faults (sandbox.faults.add): a
// gateway's 5xx page, a 429 with Retry-After, a connection closed before or after
// the request was applied. Only the refused connection is the client's own fetch.
const studio = useStudio();

const generate = (harness: Harness) =>
  harness.client.request(GenerateImageDocument, {
    workspaceId: harness.sandbox.workspaceId,
    prompt: "a lighthouse at dusk",
    aspectRatio: "16:9",
  });

/** Each time the sandbox received the operation, whether it was applied: the journal's word, not the client's. */
const sentAndApplied = (harness: Harness, operation: string) =>
  harness.sandbox
    .requests()
    .filter((entry) => entry.operation === operation)
    .map((entry) => entry.applied);

async function credits(harness: Harness) {
  const { creditsBalance } = await harness.client.request(CreditsBalanceDocument, {
    workspaceId: harness.sandbox.workspaceId,
  });
  return (
    (creditsBalance?.balance ?? 0) + (creditsBalance?.bonusBalance ?? 0) + (creditsBalance?.dailyFree?.remaining ?? 0)
  );
}

describe("retry policy", () => {
  it("retries a query that meets a 503, with back-off, and returns its result", async () => {
    const harness = studio.create();
    harness.sandbox.faults.add({ kind: "status", status: 503, times: 1 });
    const { apiCredentialWorkspace } = await harness.client.request(ApiCredentialWorkspaceDocument);
    expect(apiCredentialWorkspace?.id).toBe(harness.sandbox.workspaceId);
    expect(harness.sleeps).toEqual([125]); // full jitter fixed at 0.5 of the first 250 ms step
    expect(harness.logs.find((line) => line.level === "warn")?.fields).toMatchObject({
      operation: "ApiCredentialWorkspace",
      status: 503,
      delayMs: 125,
    });
  });

  it("gives up on a query after the configured retries, doubling the back-off", async () => {
    const harness = studio.create({ retry: { retries: 3 } });
    harness.sandbox.faults.add({ kind: "status", status: 500 });
    const error = await rejection(harness.client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioServerError);
    expect(harness.sleeps).toEqual([125, 250, 500]);
  });

  it("never re-sends a generation mutation that met a 502 after the server applied it", async () => {
    const harness = studio.create();
    const before = await credits(harness);
    harness.sandbox.faults.add({ kind: "status", status: 502, operation: "GenerateImage", afterApplying: true });
    const error = await rejection(generate(harness));
    expect(error).toBeInstanceOf(StudioServerError);
    expect(sentAndApplied(harness, "GenerateImage")).toEqual([true]);
    expect(harness.sleeps).toEqual([]);
    expect(await credits(harness)).toBeLessThan(before); // spent once, by the one request that arrived
  });

  it("never re-sends a generation mutation whose connection dropped after send", async () => {
    const harness = studio.create();
    harness.sandbox.faults.add({ kind: "disconnect", operation: "GenerateImage", afterApplying: true });
    const error = await rejection(generate(harness));
    expect(error).toBeInstanceOf(StudioNetworkError);
    expect((error as StudioNetworkError).sent).toBe(true);
    expect(sentAndApplied(harness, "GenerateImage")).toEqual([true]);
  });

  it("re-sends a generation mutation whose connection was refused, since it never left", async () => {
    let calls = 0;
    const refusingOnce: typeof fetch = async (input, init) => {
      calls += 1;
      if (calls === 1) {
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:443"), { code: "ECONNREFUSED" }),
        });
      }
      return fetch(input, init);
    };
    const harness = studio.create({ fetch: refusingOnce });
    const { generateImage } = await generate(harness);
    expect(generateImage?.images).toHaveLength(1);
    expect(executed(harness.sandbox, "GenerateImage")).toBe(1);
    expect(harness.sleeps).toHaveLength(1);
  });

  it("re-sends a generation mutation refused with 429, waiting at least Retry-After", async () => {
    const harness = studio.create();
    harness.sandbox.faults.add({ kind: "status", status: 429, retryAfter: 3, times: 1 });
    const { generateImage } = await generate(harness);
    expect(generateImage?.success).toBe(true);
    expect(harness.sleeps).toEqual([3000]);
    expect(sentAndApplied(harness, "GenerateImage")).toEqual([false, true]);
  });

  it("throws at once when Retry-After is longer than the client will wait", async () => {
    const harness = studio.create({ retry: { maxRetryAfterMs: 10_000 } });
    harness.sandbox.faults.add({ kind: "status", status: 429, retryAfter: 120 });
    const error = await rejection(harness.client.request(ApiCredentialWorkspaceDocument));
    expect(error).toMatchObject({ retryAfterMs: 120_000 });
    expect(error).toBeInstanceOf(StudioRateLimitError);
    expect(harness.sleeps).toEqual([]);
  });

  it("retries a mutation the spec makes idempotent (a text update) after a 502", async () => {
    const harness = studio.create();
    harness.sandbox.faults.add({ kind: "status", status: 502, afterApplying: true, times: 1 });
    const { updateCanvasCardText } = await harness.client.request(UpdateCanvasCardTextDocument, {
      conversationId: "conv_spring",
      assetType: "sticky_note",
      assetId: "note_brief",
      text: "Replaced, not appended",
    });
    expect(updateCanvasCardText?.success).toBe(true);
    expect(executed(harness.sandbox, "UpdateCanvasCardText")).toBe(2);
  });

  it("does not retry any other mutation after a 503: it may have been applied", async () => {
    const harness = studio.create();
    harness.sandbox.faults.add({ kind: "status", status: 503, afterApplying: true, times: 1 });
    const error = await rejection(
      harness.client.request(CreateStudioSessionDocument, { workspaceId: harness.sandbox.workspaceId, title: "Once" }),
    );
    expect(error).toBeInstanceOf(StudioServerError);
    expect(executed(harness.sandbox, "CreateStudioSession")).toBe(1);
  });

  it("stops retrying when the caller aborts during the back-off, sending nothing more", async () => {
    const controller = new AbortController();
    const harness = studio.create({
      sleep: async () => {
        controller.abort();
        throw controller.signal.reason;
      },
    });
    harness.sandbox.faults.add({ kind: "status", status: 503 });
    const error = await rejection(
      harness.client.request(ApiCredentialWorkspaceDocument, undefined, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(harness.sandbox.requests()).toHaveLength(1);
  });
});
