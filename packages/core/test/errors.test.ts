import {
  ApiCredentialWorkspaceDocument,
  CreateSignedUploadUrlDocument,
  CreateStudioSessionDocument,
  CreditsBalanceDocument,
  ImageDocument,
} from "@studio-kit/operations";
import { delay, HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import {
  createStudioClient,
  StudioAbortError,
  StudioAuthenticationError,
  StudioBadInputError,
  StudioConfigError,
  StudioError,
  StudioGraphQLError,
  StudioNetworkError,
  StudioNotFoundError,
  StudioPermissionError,
  StudioRateLimitError,
  StudioServerError,
  StudioTimeoutError,
} from "../src/index.js";
import { BASE_URL, executed, GRAPHQL_URL, rejection, useStudio } from "./support/studio.js";

const studio = useStudio();

describe("errors, by GraphQL code first and HTTP status second", () => {
  it.each([
    ["an unknown key", "sk_not_a_real_key"],
    ["an expired key", "expired"],
  ])("raises StudioAuthenticationError for %s, with the HTTP status and code", async (_, key) => {
    const { sandbox } = studio.create();
    const client = createStudioClient({
      apiKey: key === "expired" ? sandbox.keys.expired : key,
      baseUrl: BASE_URL,
      retry: false,
    });
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioAuthenticationError);
    expect(error).toMatchObject({
      code: "UNAUTHENTICATED",
      status: 401,
      graphqlCode: "UNAUTHENTICATED",
      operationName: "ApiCredentialWorkspace",
    });
    expect((error as Error).message).toMatch(/^@studio-kit\/core: the API key was refused.*create a new one/);
  });

  it("raises StudioPermissionError when a read-only key sends a mutation, and nothing is created", async () => {
    const { sandbox } = studio.create();
    const client = createStudioClient({ apiKey: sandbox.keys.readOnly, baseUrl: BASE_URL });
    const error = await rejection(
      client.request(CreateStudioSessionDocument, { workspaceId: sandbox.workspaceId, title: "Nope" }),
    );
    expect(error).toBeInstanceOf(StudioPermissionError);
    expect(error).toMatchObject({ code: "FORBIDDEN", graphqlCode: "FORBIDDEN" });
    expect(executed(sandbox, "CreateStudioSession")).toBe(1);
  });

  it("raises StudioPermissionError for another workspace's id", async () => {
    const { sandbox, client } = studio.create();
    const error = await rejection(client.request(CreditsBalanceDocument, { workspaceId: sandbox.otherWorkspaceId }));
    expect(error).toBeInstanceOf(StudioPermissionError);
    expect((error as Error).message).toMatch(/client\.workspaceId\(\)/);
  });

  it("raises StudioBadInputError with the server's details, such as the allowed content types", async () => {
    const { sandbox, client } = studio.create();
    const error = await rejection(
      client.request(CreateSignedUploadUrlDocument, {
        category: "UGC_IMAGE",
        filename: "a.gif",
        contentType: "image/gif",
        workspaceId: sandbox.workspaceId,
      }),
    );
    expect(error).toBeInstanceOf(StudioBadInputError);
    expect((error as StudioBadInputError).details.allowedContentTypes).toContain("image/png");
  });

  it("raises StudioRateLimitError with retryAfterMs from Retry-After", async () => {
    const { sandbox, client } = studio.create({ retry: false });
    // The sandbox answers a 429 as JSON with RATE_LIMITED and Retry-After.
    sandbox.faults.add({ kind: "status", status: 429, retryAfter: 7 });
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioRateLimitError);
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429, retryAfterMs: 7000 });
  });

  it("raises StudioServerError for a 5xx without a GraphQL body", async () => {
    const { sandbox, client } = studio.create({ retry: false });
    sandbox.faults.add({ kind: "status", status: 502 }); // the gateway's HTML page
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioServerError);
    expect(error).toMatchObject({ code: "SERVER_ERROR", status: 502 });
  });

  it("raises StudioNetworkError, marked as possibly sent, when the connection drops", async () => {
    const { sandbox, client } = studio.create({ retry: false });
    sandbox.faults.add({ kind: "disconnect" });
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioNetworkError);
    expect(error).toMatchObject({ code: "NETWORK_ERROR", sent: true });
  });

  it("raises StudioTimeoutError when no answer comes within timeoutMs", async () => {
    const { sandbox, client } = studio.create({ retry: false, timeoutMs: 30 });
    // Held until the sandbox's clock moves an hour, which it never does here.
    sandbox.faults.add({ kind: "latency", ms: 3_600_000 });
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioTimeoutError);
    expect((error as Error).message).toMatch(/within 30 ms/);
  });

  it("raises StudioNotFoundError, a StudioGraphQLError, for NOT_FOUND, with the code kept", async () => {
    const { client } = studio.create();
    const error = await rejection(client.request(ImageDocument, { id: "img_missing" }));
    expect(error).toBeInstanceOf(StudioNotFoundError);
    expect(error).toBeInstanceOf(StudioGraphQLError);
    expect(error).toMatchObject({ code: "NOT_FOUND", graphqlCode: "NOT_FOUND", operationName: "Image" });
  });

  it("raises a plain StudioGraphQLError for other codes, with the code kept", async () => {
    const { sandbox, client } = studio.create({ retry: false });
    sandbox.faults.add({ kind: "graphql-error", code: "TEAPOT", message: "Not today." });
    const error = await rejection(client.request(ImageDocument, { id: "img_missing" }));
    expect(error?.constructor).toBe(StudioGraphQLError);
    expect(error).toMatchObject({ code: "GRAPHQL_ERROR", graphqlCode: "TEAPOT", operationName: "Image" });
  });

  it("raises StudioAbortError at once for an aborted request, and sends nothing after", async () => {
    const { sandbox, client } = studio.create();
    const controller = new AbortController();
    studio.server.use(
      http.post(GRAPHQL_URL, async () => {
        controller.abort();
        await delay(1_000);
        return HttpResponse.json({ data: {} });
      }),
    );
    const error = await rejection(
      client.request(ApiCredentialWorkspaceDocument, undefined, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(StudioAbortError);
    const before = sandbox.stats().graphqlRequests;
    const again = await rejection(
      client.request(ApiCredentialWorkspaceDocument, undefined, { signal: controller.signal }),
    );
    expect(again).toBeInstanceOf(StudioAbortError);
    expect(sandbox.stats().graphqlRequests).toBe(before);
  });

  it("refuses unusable options with StudioConfigError naming the problem", () => {
    expect(() => createStudioClient({ apiKey: "", baseUrl: BASE_URL })).toThrow(/apiKey is missing/);
    expect(() => createStudioClient({ apiKey: "k", baseUrl: "api.example.com" })).toThrow(StudioConfigError);
    expect(() => createStudioClient({ apiKey: "k", baseUrl: BASE_URL, timeoutMs: 0 })).toThrow(/timeoutMs/);
  });

  it("makes every error a StudioError with a string code", async () => {
    const { client } = studio.create();
    const error = await rejection(client.request(ImageDocument, { id: "img_missing" }));
    expect(error).toBeInstanceOf(StudioError);
    expect(typeof (error as StudioError).code).toBe("string");
  });
});
