import {
  ApiCredentialWorkspaceDocument,
  CreateStudioSessionDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
  UpdateCanvasCardTextDocument,
} from "@studio-kit/operations";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { StudioAbortError, StudioNetworkError, StudioRateLimitError, StudioServerError } from "../src/index.js";
import { executed, GRAPHQL_URL, type Harness, rejection, useStudio } from "./support/studio.js";

const studio = useStudio();

/** Lets the sandbox apply the request, then answers the client with `reply` instead: the failure came after send. */
function failAfterApplying(harness: Harness, reply: () => Response) {
  studio.server.use(
    http.post(
      GRAPHQL_URL,
      async ({ request }) => {
        await harness.sandbox.handle(request);
        return reply();
      },
      { once: true },
    ),
  );
}

const generate = (harness: Harness) =>
  harness.client.request(GenerateImageDocument, {
    workspaceId: harness.sandbox.workspaceId,
    prompt: "a lighthouse at dusk",
    aspectRatio: "16:9",
  });

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
    studio.server.use(http.post(GRAPHQL_URL, () => new HttpResponse("unavailable", { status: 503 }), { once: true }));
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
    studio.server.use(http.post(GRAPHQL_URL, () => new HttpResponse("down", { status: 500 })));
    const error = await rejection(harness.client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioServerError);
    expect(harness.sleeps).toEqual([125, 250, 500]);
  });

  it("never re-sends a generation mutation that met a 502 after the server applied it", async () => {
    const harness = studio.create();
    const before = await credits(harness);
    failAfterApplying(harness, () => new HttpResponse("bad gateway", { status: 502 }));
    const error = await rejection(generate(harness));
    expect(error).toBeInstanceOf(StudioServerError);
    expect(executed(harness.sandbox, "GenerateImage")).toBe(1);
    expect(harness.sleeps).toEqual([]);
    expect(await credits(harness)).toBeLessThan(before); // spent once, by the one request that arrived
  });

  it("never re-sends a generation mutation whose connection dropped after send", async () => {
    const harness = studio.create();
    failAfterApplying(harness, () => HttpResponse.error());
    const error = await rejection(generate(harness));
    expect(error).toBeInstanceOf(StudioNetworkError);
    expect((error as StudioNetworkError).sent).toBe(true);
    expect(executed(harness.sandbox, "GenerateImage")).toBe(1);
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
    studio.server.use(
      http.post(GRAPHQL_URL, () => new HttpResponse("slow down", { status: 429, headers: { "retry-after": "3" } }), {
        once: true,
      }),
    );
    const { generateImage } = await generate(harness);
    expect(generateImage?.success).toBe(true);
    expect(harness.sleeps).toEqual([3000]);
    expect(executed(harness.sandbox, "GenerateImage")).toBe(1);
  });

  it("throws at once when Retry-After is longer than the client will wait", async () => {
    const harness = studio.create({ retry: { maxRetryAfterMs: 10_000 } });
    studio.server.use(
      http.post(GRAPHQL_URL, () => new HttpResponse("later", { status: 429, headers: { "retry-after": "120" } })),
    );
    const error = await rejection(harness.client.request(ApiCredentialWorkspaceDocument));
    expect(error).toMatchObject({ retryAfterMs: 120_000 });
    expect(error).toBeInstanceOf(StudioRateLimitError);
    expect(harness.sleeps).toEqual([]);
  });

  it("retries a mutation the spec makes idempotent (a text update) after a 502", async () => {
    const harness = studio.create();
    failAfterApplying(harness, () => new HttpResponse("bad gateway", { status: 502 }));
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
    failAfterApplying(harness, () => new HttpResponse("unavailable", { status: 503 }));
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
    let attempts = 0;
    studio.server.use(
      http.post(GRAPHQL_URL, () => {
        attempts += 1;
        return new HttpResponse("unavailable", { status: 503 });
      }),
    );
    const error = await rejection(
      harness.client.request(ApiCredentialWorkspaceDocument, undefined, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(attempts).toBe(1);
  });
});
