// The error cases of the service (service.mts), as its callers meet them, against the sandbox started from the
// installed tarball (scripts/consumer-test.mjs passes its URL and key). Each case asserts the class, the code, the
// message and the cause, and where the request went (error.request); a case that does not throw as said fails the
// run. Prints one JSON line: each case's class,
// code and message.
import assert from "node:assert/strict";
import {
  createStudioClient,
  getCredits,
  StudioAbortError,
  StudioAuthenticationError,
  StudioBadInputError,
  StudioError,
  StudioGraphQLError,
  StudioNetworkError,
  StudioTimeoutError,
  StudioValidationError,
} from "@studio-kit/core";
import { createPoller, PollerError } from "@studio-kit/poller";
import { UploadAbortError, uploadFile } from "@studio-kit/upload";
import { createPosterService, type PosterRequest } from "./service.mjs";

const baseUrl = process.env.STUDIO_BASE_URL;
const apiKey = process.env.STUDIO_API_KEY;
if (!baseUrl || !apiKey) throw new Error("consumer service errors: set STUDIO_BASE_URL and STUDIO_API_KEY");

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4AWN+Zum2StKE5dDCaVcUhAAnrAVj8vjkBAAAAABJRU5ErkJggg==",
  "base64",
);
const request: PosterRequest = {
  prompt: "a lighthouse at dusk",
  aspectRatio: "16:9",
  png: new Blob([PNG]),
  title: "Posters",
};
const client = createStudioClient({ apiKey, baseUrl });
const seen: Record<string, { name: string; code: string; message: string }> = {};

/** What a promise rejected with, as a StudioError; fails the run when it resolved or threw something else. */
async function caught(label: string, promise: Promise<unknown>): Promise<StudioError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof StudioError, `${label}: not a StudioError: ${String(error)}`);
    seen[label] = { name: error.name, code: error.code, message: error.message };
    // No error of the kit carries the key, in its message or its JSON; a request's URL has no query string.
    assert.ok(!JSON.stringify(error.toJSON()).includes(apiKey as string), `${label}: the key is in toJSON()`);
    assert.ok(!error.request?.url.includes("?"), `${label}: request.url has a query: ${error.request?.url}`);
    return error;
  }
  throw new Error(`${label}: resolved, but should have failed`);
}

// 1. A wrong key: refused as UNAUTHENTICATED, the advice said once.
{
  const service = createPosterService(createStudioClient({ apiKey: "sk_not_a_real_key", baseUrl }));
  const error = await caught("wrong key", service.makeBoard(request));
  assert.ok(error instanceof StudioAuthenticationError);
  assert.equal(error.code, "UNAUTHENTICATED");
  assert.equal(error.status, 401);
  assert.equal(error.message.match(/create a new one/g)?.length, 1, error.message);
  assert.equal(error.cause, undefined);
  assert.deepEqual(error.request, { operationName: "ApiCredentialWorkspace", url: `${baseUrl}/graphql` });
}

// 2. A base URL with /graphql on it: the client adds /graphql, so no GraphQL API answers at .../graphql/graphql.
{
  const service = createPosterService(createStudioClient({ apiKey, baseUrl: `${baseUrl}/graphql` }));
  const error = await caught("wrong base URL path", service.makeBoard(request));
  assert.ok(error instanceof StudioGraphQLError);
  assert.equal(error.code, "ENDPOINT_NOT_FOUND");
  assert.match(error.message, /found no GraphQL API at http:\/\/[^ ]+\/graphql\/graphql \(HTTP 404\)/);
  assert.match(error.message, /is baseUrl the API root, without \/graphql\?/);
  assert.equal(error.cause, undefined);
  assert.deepEqual(error.request, { operationName: "ApiCredentialWorkspace", url: `${baseUrl}/graphql/graphql` });
}

// 3. A base URL where nothing can answer: the network's own reason is kept, in the message and as the cause.
{
  const service = createPosterService(createStudioClient({ apiKey, baseUrl: "http://127.0.0.1:1", retry: false }));
  const error = await caught("unreachable base URL", service.makeBoard(request));
  assert.ok(error instanceof StudioNetworkError);
  assert.equal(error.code, "NETWORK_ERROR");
  assert.equal(error.sent, false);
  assert.match(error.message, /fetch failed: bad port\. It never reached the server\. Check baseUrl/);
  const cause = error.cause as Error & { cause?: Error };
  assert.equal(cause.message, "fetch failed");
  assert.equal(cause.cause?.message, "bad port");
  assert.deepEqual(error.request, { operationName: "ApiCredentialWorkspace", url: "http://127.0.0.1:1/graphql" });
}

// 4. A ratio the platform refuses: BAD_USER_INPUT before anything is generated; details hold what it allows.
{
  const service = createPosterService(client);
  const error = await caught("bad ratio", service.makeBoard({ ...request, aspectRatio: "20:1" }));
  assert.ok(error instanceof StudioBadInputError);
  assert.equal(error.code, "BAD_USER_INPUT");
  assert.equal(error.operationName, "GenerateImage");
  assert.match(String(error.details.message), /between 1:8 and 8:1/);
  assert.match(error.message, /error\.details has the server's message/);
  assert.deepEqual(error.toJSON().request, { operationName: "GenerateImage", url: `${baseUrl}/graphql` });
}

// 5. A deadline before the first poll (5 s on the documented schedule): refused at once, no "did not finish", and
// before anything was generated (poller.checkWaitOptions in the service): the balance is what it was.
{
  const service = createPosterService(client);
  const before = await getCredits(client);
  const error = await caught("deadline before the first poll", service.makeBoard({ ...request, maxWaitMs: 4000 }));
  assert.ok(error instanceof PollerError);
  assert.ok(error instanceof StudioValidationError);
  assert.equal(error.code, "INVALID_ARGUMENT");
  assert.match(error.message, /maxWaitMs 4000 ends before the first poll it could make, due 5000 ms/);
  assert.doesNotMatch(error.message, /did not finish/);
  assert.equal(error.request, undefined);
  assert.deepEqual(await getCredits(client), before, "the refused deadline spent credits");
}

// 6. The caller's own deadline (AbortSignal.timeout) during a wait: TIMEOUT, the signal's TimeoutError as cause.
const [queued] = await (async () => {
  const { generateImages } = await import("@studio-kit/core");
  return [await generateImages(client, { prompt: "a lighthouse", aspectRatio: "1:1", count: 1 })];
})();
const ids = queued.map((image) => image.id);
{
  const poller = createPoller(client); // the documented schedule: the first poll 5 s after the wait starts
  const error = await caught("caller's deadline", poller.waitForImages(ids, { signal: AbortSignal.timeout(50) }));
  assert.ok(error instanceof StudioTimeoutError);
  assert.ok(!(error instanceof StudioAbortError));
  assert.equal(error.code, "TIMEOUT");
  assert.equal((error.cause as Error).name, "TimeoutError");
  assert.match(error.message, /waiting for image \S+ was stopped: the caller's signal timed out/);
}

// 7. A cancel with a reason: ABORTED, the reason as cause and in the message.
{
  const poller = createPoller(client);
  const controller = new AbortController();
  const reason = new Error("the person pressed Stop");
  const waiting = poller.waitForImages(ids, { signal: controller.signal });
  controller.abort(reason);
  const error = await caught("abort with a reason", waiting);
  assert.ok(error instanceof StudioAbortError);
  assert.equal(error.code, "ABORTED");
  assert.equal(error.cause, reason);
  assert.match(error.message, /was aborted by the caller \(the person pressed Stop\)\.$/);
}

// 8. An upload aborted: an UploadAbortError that is a StudioError and a StudioAbortError, the reason as cause.
{
  const reason = new Error("the upload was cancelled");
  const error = await caught(
    "upload abort",
    uploadFile(client, { blob: new Blob([PNG]), contentType: "image/png", signal: AbortSignal.abort(reason) }),
  );
  assert.ok(error instanceof UploadAbortError);
  assert.ok(error instanceof StudioAbortError);
  assert.equal(error.code, "ABORTED");
  assert.equal(error.cause, reason);
  assert.equal(
    error.message,
    "@studio-kit/upload: the upload was aborted by the caller (the upload was cancelled); nothing was registered.",
  );
  assert.equal(error.toJSON().code, "ABORTED");
  assert.equal(error.request, undefined); // aborted before anything was sent
}

// 9. An upload aborted while its bytes were on their way to the signed URL: the error says where they were going,
// the storage's URL without its signature.
{
  const controller = new AbortController();
  let signedUrl = "";
  const aborting: typeof fetch = (input, init) => {
    signedUrl = String(input);
    controller.abort(new Error("the person pressed Stop"));
    return Promise.reject(init?.signal?.reason);
  };
  const error = await caught(
    "upload abort during the transfer",
    uploadFile(client, {
      blob: new Blob([PNG]),
      contentType: "image/png",
      transfer: "put",
      fetch: aborting,
      signal: controller.signal,
    }),
  );
  assert.ok(error instanceof UploadAbortError);
  assert.match(signedUrl, /[?&]X-Amz-Signature=/);
  assert.deepEqual(error.request, { operationName: undefined, url: signedUrl.split("?")[0] });
  assert.doesNotMatch(JSON.stringify(error.toJSON()), /X-Amz-Signature=(?!\[REDACTED\])/);
}

// And the service itself, end to end, on the real sandbox (real time: its jobs take --job-ms).
const service = createPosterService(client, { poller: { schedule: [250, 500], windowMs: 50 } });
const made = await service.makeBoard(request);
assert.equal(made.images.length, 3);

console.log(JSON.stringify({ cases: seen, board: made.board.id, images: made.images.length, poster: made.poster.id }));
