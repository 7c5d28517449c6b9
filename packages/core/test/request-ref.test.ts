import { inspect } from "node:util";
import { ApiCredentialWorkspaceDocument, ImageDocument } from "@studio-kit/operations";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  createStudioClient,
  generateImages,
  StudioAbortError,
  StudioAuthenticationError,
  StudioBadInputError,
  StudioError,
  type StudioErrorJSON,
  StudioGraphQLError,
  StudioNetworkError,
  StudioNotFoundError,
  StudioPermissionError,
  StudioRateLimitError,
  type StudioRequestRef,
  StudioServerError,
  StudioTimeoutError,
  urlWithoutSecrets,
} from "../src/index.js";
import { rejection } from "./support/studio.js";

// Sentinels: if one shows up anywhere an error emits, a secret leaked.
const KEY = "sk_live_SENTINELKEY_52c1";
const PASSWORD = "SENTINELPASSWORD_90ab";
const TOKEN = "SENTINELTOKEN_77de";
const SIGNATURE = "SENTINELSIG_0123456789";
const SIGNED_URL = `https://files.example.com/img.png?X-Amz-Signature=${SIGNATURE}`;
// A baseUrl carrying userinfo and a query string: neither is sent, and neither may reach an error.
const BASE_URL = `https://ops:${PASSWORD}@api.where.test/v1?token=${TOKEN}`;
const GRAPHQL_URL = "https://api.where.test/v1/graphql";

/** Everything an error can turn into: its message, stack, JSON, and Node's inspection with its cause chain. */
const renderings = (error: unknown) =>
  [
    String(error),
    (error as Error).stack ?? "",
    JSON.stringify(error),
    inspect(error, { depth: 20, showHidden: true }),
  ].join("\n");

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** A GraphQL error answer whose words repeat the key and a signed URL, as a careless server's might. */
const refusal = (code: string, status: number, extra: Record<string, unknown> = {}) =>
  json({ errors: [{ message: `${code} for Bearer ${KEY} at ${SIGNED_URL}`, extensions: { code, ...extra } }] }, status);

/** A fetch that answers every request with `answer`, noting where each went. */
function answering(answer: () => Response | Promise<Response>) {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(String(input));
    return answer();
  };
  return { fetch, urls };
}

/** A fetch that never answers: it rejects only when its request is aborted. */
const hanging: typeof fetch = (_input, init) =>
  new Promise((_, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
  });

const CASES: [string, new (...args: never[]) => StudioError, string, () => Response][] = [
  ["a refused key", StudioAuthenticationError, "UNAUTHENTICATED", () => refusal("UNAUTHENTICATED", 401)],
  ["a forbidden request", StudioPermissionError, "FORBIDDEN", () => refusal("FORBIDDEN", 403)],
  ["bad input", StudioBadInputError, "BAD_USER_INPUT", () => refusal("BAD_USER_INPUT", 400, { hint: SIGNED_URL })],
  [
    "a record not found",
    StudioNotFoundError,
    "NOT_FOUND",
    () =>
      json({
        data: { image: null },
        errors: [{ message: "No such image.", path: ["image"], extensions: { code: "NOT_FOUND" } }],
      }),
  ],
  [
    "a rate limit",
    StudioRateLimitError,
    "RATE_LIMITED",
    () =>
      json({ errors: [{ message: "Slow down.", extensions: { code: "RATE_LIMITED" } }] }, 429, { "retry-after": "2" }),
  ],
  ["a server failure", StudioServerError, "SERVER_ERROR", () => refusal("INTERNAL_SERVER_ERROR", 200)],
  [
    "an HTTP 503",
    StudioServerError,
    "SERVER_ERROR",
    () => new Response(`upstream said ${SIGNED_URL}`, { status: 503 }),
  ],
  ["a refused document", StudioGraphQLError, "GRAPHQL_ERROR", () => refusal("GRAPHQL_VALIDATION_FAILED", 400)],
  [
    "no API at the endpoint",
    StudioGraphQLError,
    "ENDPOINT_NOT_FOUND",
    () => new Response("<h1>Not Found</h1>", { status: 404 }),
  ],
];

describe("errors say where: the request's operation and URL, never a secret", () => {
  it.each(CASES)("%s carries request { operationName, url } in its fields and JSON", async (_, cls, code, answer) => {
    const { fetch, urls } = answering(answer);
    const client = createStudioClient({ apiKey: KEY, baseUrl: BASE_URL, fetch, retry: false });
    const error = await rejection(client.request(ImageDocument, { id: "img_1" }));
    expect(error).toBeInstanceOf(cls);
    const studioError = error as StudioError;
    expect(studioError.code).toBe(code);
    expect(urls).toEqual([GRAPHQL_URL]);
    expect(studioError.request).toEqual({ operationName: "Image", url: GRAPHQL_URL });
    expect(studioError.toJSON().request).toEqual({ operationName: "Image", url: GRAPHQL_URL });
    const emitted = renderings(error);
    for (const secret of [KEY, PASSWORD, TOKEN, SIGNATURE]) expect(emitted).not.toContain(secret);
  });

  it("a network failure carries it, the network's own words redacted", async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError(`fetch failed for ${SIGNED_URL} with Bearer ${KEY}`);
    };
    const client = createStudioClient({ apiKey: KEY, baseUrl: BASE_URL, fetch: failing, retry: false });
    const error = (await rejection(client.request(ApiCredentialWorkspaceDocument))) as StudioNetworkError;
    expect(error).toBeInstanceOf(StudioNetworkError);
    expect(error.toJSON()).toMatchObject({
      code: "NETWORK_ERROR",
      request: { operationName: "ApiCredentialWorkspace", url: GRAPHQL_URL },
    });
    const emitted = renderings(error);
    for (const secret of [KEY, PASSWORD, TOKEN, SIGNATURE]) expect(emitted).not.toContain(secret);
  });

  it("a request the client's timeoutMs stopped carries it", async () => {
    const client = createStudioClient({ apiKey: KEY, baseUrl: BASE_URL, fetch: hanging, retry: false, timeoutMs: 1 });
    const error = (await rejection(client.request(ApiCredentialWorkspaceDocument))) as StudioError;
    expect(error).toBeInstanceOf(StudioTimeoutError);
    expect(error.request).toEqual({ operationName: "ApiCredentialWorkspace", url: GRAPHQL_URL });
  });

  it("a request the caller aborted carries it, the reason kept as cause", async () => {
    const client = createStudioClient({ apiKey: KEY, baseUrl: BASE_URL, fetch: hanging, retry: false });
    const controller = new AbortController();
    const reason = new Error("the person pressed Stop");
    const pending = rejection(client.request(ApiCredentialWorkspaceDocument, undefined, { signal: controller.signal }));
    controller.abort(reason);
    const error = (await pending) as StudioError;
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(error.cause).toBe(reason);
    expect(error.request).toEqual({ operationName: "ApiCredentialWorkspace", url: GRAPHQL_URL });
  });

  it("a helper's refusal of an answer carries the request it read it from", async () => {
    const fetch: typeof globalThis.fetch = async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as { operationName?: string; query: string };
      return body.query.includes("apiCredentialWorkspace")
        ? json({ data: { apiCredentialWorkspace: { id: "ws_1", name: "Studio" } } })
        : json({ data: { generateImage: { success: false, images: null } } });
    };
    const client = createStudioClient({ apiKey: KEY, baseUrl: BASE_URL, fetch, retry: false });
    const error = (await rejection(
      generateImages(client, { prompt: "a lighthouse", aspectRatio: "1:1" }),
    )) as StudioError;
    expect(error.code).toBe("NOT_APPLIED");
    expect(error.request).toEqual({ operationName: "GenerateImage", url: GRAPHQL_URL });
  });

  it("types request, on the error and in its JSON, as the operation and the URL", () => {
    expectTypeOf<StudioError["request"]>().toEqualTypeOf<StudioRequestRef | undefined>();
    expectTypeOf<StudioErrorJSON["request"]>().toEqualTypeOf<StudioRequestRef | undefined>();
    expectTypeOf<StudioRequestRef>().toEqualTypeOf<{ operationName: string | undefined; url: string }>();
  });

  it("cuts any URL given to an error to origin and path, whoever built it", () => {
    const error = new StudioError("TRANSFER_FAILED", "x", {
      request: {
        operationName: undefined,
        url: `https://u:${PASSWORD}@files.example.com/b/k.png?X-Amz-Signature=${SIGNATURE}#f`,
      },
    });
    expect(error.request).toEqual({ operationName: undefined, url: "https://files.example.com/b/k.png" });
    expect(urlWithoutSecrets(`//u:${PASSWORD}@host/p?sig=${SIGNATURE}`)).toBe("//host/p");
    expect(urlWithoutSecrets("not a url?token=x")).toBe("not a url");
    // An error raised before anything was sent has no request.
    expect(new StudioError("INVALID_ARGUMENT", "x").request).toBeUndefined();
  });
});
