import { ApiCredentialWorkspaceDocument, CreditsBalanceDocument, GenerateImageDocument } from "@studio-kit/operations";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  createStudioClient,
  StudioAbortError,
  StudioAuthenticationError,
  StudioBadInputError,
  StudioConfigError,
  StudioError,
  type StudioErrorCode,
  type StudioErrorJSON,
  StudioNotFoundError,
  StudioTimeoutError,
  StudioValidationError,
} from "../src/index.js";
import { BASE_URL, rejection, useStudio } from "./support/studio.js";

const studio = useStudio();

/** A fetch that answers nothing until its request's signal aborts, calling `sent` once it holds the request. */
function hangingFetch(sent: () => void): typeof fetch {
  return (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true });
      sent();
    });
}

describe("one error family: codes, categories and the caller's abort reason", () => {
  it("keeps a cancel's reason as the cause of a StudioAbortError (ABORTED) and says it in the message", async () => {
    const controller = new AbortController();
    const reason = new Error("the person pressed Stop");
    const client = createStudioClient({
      apiKey: "sk_test_family",
      baseUrl: BASE_URL,
      fetch: hangingFetch(() => controller.abort(reason)),
    });
    const error = await rejection(client.workspaceId({ signal: controller.signal }));
    expect(error).toBeInstanceOf(StudioAbortError);
    expect(error).toMatchObject({ code: "ABORTED", operationName: "ApiCredentialWorkspace" });
    expect((error as Error).cause).toBe(reason);
    expect((error as Error).message).toBe(
      "@studio-kit/core: ApiCredentialWorkspace was aborted by the caller: the person pressed Stop.",
    );
  });

  it("tells a signal that timed out (AbortSignal.timeout's TimeoutError) from a cancel: StudioTimeoutError, TIMEOUT", async () => {
    const controller = new AbortController();
    // What AbortSignal.timeout(ms) aborts with (https://dom.spec.whatwg.org/#dom-abortsignal-timeout), without a timer.
    const reason = new DOMException("signal timed out", "TimeoutError");
    const client = createStudioClient({
      apiKey: "sk_test_family",
      baseUrl: BASE_URL,
      fetch: hangingFetch(() => controller.abort(reason)),
    });
    const error = await rejection(client.workspaceId({ signal: controller.signal }));
    expect(error).toBeInstanceOf(StudioTimeoutError);
    expect(error).not.toBeInstanceOf(StudioAbortError);
    expect(error).toMatchObject({ code: "TIMEOUT" });
    expect((error as Error).cause).toBe(reason);
    expect((error as Error).message).toMatch(
      /ApiCredentialWorkspace was stopped: the caller's signal timed out \(signal timed out\)/,
    );
  });

  it("reports a signal aborted before the call with its reason too, sending nothing", async () => {
    const { client, sandbox } = studio.create();
    const reason = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    const error = await rejection(client.workspaceId({ signal: AbortSignal.abort(reason) }));
    expect(error).toMatchObject({ code: "TIMEOUT", cause: reason });
    expect(sandbox.stats().operations.ApiCredentialWorkspace ?? 0).toBe(0);
  });

  it("matches a category class by code, whichever package threw the error", () => {
    // What upload and poller throw: their own subclasses of StudioError, with the kit's codes.
    class OtherPackageError extends StudioError {}
    const abort = new OtherPackageError("ABORTED", "@studio-kit/upload: aborted.");
    const tooLarge = new OtherPackageError("FILE_TOO_LARGE", "@studio-kit/upload: too large.");
    const vanished = new OtherPackageError("VANISHED", "@studio-kit/poller: gone.");
    expect(abort).toBeInstanceOf(StudioAbortError);
    expect(abort).not.toBeInstanceOf(StudioTimeoutError);
    expect(tooLarge).toBeInstanceOf(StudioValidationError);
    expect(vanished).toBeInstanceOf(StudioNotFoundError);
    expect(new OtherPackageError("INVALID_OPTIONS", "x")).toBeInstanceOf(StudioConfigError);
    // A subclass keeps the ordinary check: a StudioNotFoundError is not every NOT_FOUND's subclass.
    expect(new StudioNotFoundError("NOT_FOUND", "x")).not.toBeInstanceOf(OtherPackageError);
    expect({ code: "ABORTED" }).not.toBeInstanceOf(StudioAbortError);
  });

  it("types code as the one union and toJSON as what it returns", () => {
    expectTypeOf<StudioError["code"]>().toEqualTypeOf<StudioErrorCode>();
    expectTypeOf<ReturnType<StudioError["toJSON"]>>().toEqualTypeOf<StudioErrorJSON>();
    expectTypeOf<ReturnType<StudioBadInputError["toJSON"]>>().toEqualTypeOf<
      StudioErrorJSON & { details: Record<string, unknown> }
    >();
    const json = new StudioError("NETWORK_ERROR", "@studio-kit/core: x.").toJSON();
    expect(json).toMatchObject({ name: "StudioError", code: "NETWORK_ERROR", message: "@studio-kit/core: x." });
  });
});

describe("messages that say it once, details that hold what the message promises", () => {
  it("gives the advice about a refused key once when the server's words already carry it", async () => {
    const client = createStudioClient({ apiKey: "sk_not_a_real_key", baseUrl: BASE_URL, retry: false });
    studio.create();
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioAuthenticationError);
    const message = (error as Error).message;
    expect(message.match(/create a new one/g)).toHaveLength(1);
    expect(message).toBe(
      "@studio-kit/core: the API key was refused (ApiCredentialWorkspace): Invalid API key: check the key, or create a new one in the workspace settings.",
    );
  });

  it("puts the server's words about a refused aspect ratio in details, as the message says", async () => {
    const { client, sandbox } = studio.create();
    const error = await rejection(
      client.request(GenerateImageDocument, {
        prompt: "a lighthouse",
        aspectRatio: "20:1",
        workspaceId: sandbox.workspaceId,
      }),
    );
    expect(error).toBeInstanceOf(StudioBadInputError);
    const { details, message } = error as StudioBadInputError;
    expect(details.message).toMatch(/keep it between 1:8 and 8:1/);
    expect(message).toMatch(/error\.details has the server's message\.$/);
    expect((error as StudioBadInputError).toJSON().details).toEqual(details);
  });

  it("names the structured limits the server sent beside its words", async () => {
    const { client, sandbox } = studio.create();
    const error = await rejection(
      client.request(GenerateImageDocument, {
        prompt: "a lighthouse",
        aspectRatio: "1:1",
        model: "no-such-model",
        workspaceId: sandbox.workspaceId,
      }),
    );
    const { details, message } = error as StudioBadInputError;
    expect(details).toMatchObject({ field: "model", allowed: expect.any(Array) });
    expect(message).toMatch(/error\.details has the server's message and field, allowed\.$/);
  });

  it("keeps a network error's real reason (code and message) as the cause, redacted", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    const client = createStudioClient({
      apiKey: "sk_secret_network_key",
      baseUrl: "http://127.0.0.1:9",
      retry: false,
      fetch: async () => {
        throw new TypeError("fetch failed", { cause: refused });
      },
    });
    const error = await rejection(client.request(CreditsBalanceDocument, { workspaceId: "ws_1" }));
    expect(error).toMatchObject({ code: "NETWORK_ERROR", sent: false });
    expect((error as Error).message).toBe(
      "@studio-kit/core: CreditsBalance failed on the network (ECONNREFUSED): fetch failed: connect ECONNREFUSED 127.0.0.1:9. " +
        "It never reached the server. Check baseUrl (http://127.0.0.1:9/graphql) and the connection.",
    );
    const cause = (error as Error).cause as Error & { code?: string; cause?: Error & { code?: string } };
    expect(cause).toBeInstanceOf(Error);
    expect(cause.message).toBe("fetch failed");
    expect(cause.cause).toMatchObject({ message: "connect ECONNREFUSED 127.0.0.1:9", code: "ECONNREFUSED" });
  });
});
