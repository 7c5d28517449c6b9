import { type Redactor, type StudioRequestRef, whenAborted } from "@studio-kit/core";
import { abortedUpload, UploadError, uploadError } from "./errors.js";
import { frameMultipart } from "./multipart.js";
import type { TransferWay, UploadClock } from "./options.js";
import { MAX_REFUSAL_BYTES, refusalError } from "./refusal.js";
import type { SignedUpload } from "./signed.js";
import type { OpenedSource } from "./source.js";
import { startWatchdog } from "./watchdog.js";

/** One request that carries the bytes: the form POST or the signed PUT. */
export interface TransferRequest {
  fileId: string;
  method: "POST" | "PUT";
  url: string;
  headers: Record<string, string>;
  /** Bytes sent before and after the file (the multipart framing). */
  head?: Uint8Array;
  tail?: Uint8Array;
}

/** How a transfer sends, and whom it tells: the injected fetch and clock, the caller's signal, the progress counter. */
export interface TransferOptions {
  fetch: typeof fetch;
  clock: UploadClock;
  stallTimeoutMs: number;
  signal: AbortSignal | undefined;
  redact: Redactor;
  /** Called with each count of file bytes handed to the network (framing excluded). */
  onBytes(count: number): void;
  /** Called with the storage's HTTP status as soon as it answers (the transfer's span records it). */
  onStatus?(status: number): void;
}

/** Bytes the request carries: the framing and the file. */
export const bodyLength = (request: TransferRequest, fileSize: number) =>
  (request.head?.byteLength ?? 0) + fileSize + (request.tail?.byteLength ?? 0);

/** The request for one way of sending (spec, Upload flow 2a and 2b). */
export function requestFor(
  signed: SignedUpload,
  way: TransferWay,
  file: { filename: string; contentType: string },
): TransferRequest {
  const { fileId } = signed;
  if (way === "form") {
    if (!signed.form) throw missingWay(fileId, "uploadForm", "put");
    const frame = frameMultipart(signed.form.fields, file);
    const headers = { "content-type": frame.contentType };
    return { fileId, method: "POST", url: signed.form.url, headers, head: frame.head, tail: frame.tail };
  }
  if (!signed.put) throw missingWay(fileId, "signedUrl", "form");
  // Every required header exactly as given; a content type only where none is required.
  const typed = Object.keys(signed.put.headers).some((name) => name.toLowerCase() === "content-type");
  const headers = typed ? { ...signed.put.headers } : { ...signed.put.headers, "content-type": file.contentType };
  return { fileId, method: "PUT", url: signed.put.url, headers };
}

function missingWay(fileId: string, field: string, other: TransferWay): UploadError {
  return uploadError(
    "SIGNED_UPLOAD_INVALID",
    `createSignedUploadUrl gave no ${field} for ${fileId}: send with transfer: "${other}".`,
    { fileId },
  );
}

async function* bodyParts(request: TransferRequest, source: OpenedSource, onBytes: (count: number) => void) {
  if (request.head) yield request.head;
  for await (const chunk of source.chunks()) {
    onBytes(chunk.byteLength);
    yield chunk;
  }
  if (request.tail) yield request.tail;
}

async function readText(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

/** The storage's host, for a message: where the bytes were going, without path or query. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an unreadable URL";
  }
}

/** Where a transfer went, for its errors: the storage's URL with every secret redacted (StudioError cuts the query). */
const storageRequest = (request: TransferRequest, redact: Redactor): StudioRequestRef => ({
  operationName: undefined,
  url: redact(request.url),
});

function networkError(error: unknown, request: TransferRequest, redact: Redactor): UploadError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = [error, cause]
    .map((item) => (item && typeof item === "object" && "code" in item ? item.code : undefined))
    .find((item): item is string => typeof item === "string");
  const message = redact(
    [error instanceof Error ? error.message : String(error), cause?.message].filter(Boolean).join(": "),
  );
  return uploadError(
    "TRANSFER_FAILED",
    `sending the bytes of ${request.fileId} to the storage (${hostOf(request.url)}) failed on the network` +
      `${code ? ` (${code})` : ""}: ${message}. Nothing was registered; upload the file again.`,
    {
      fileId: request.fileId,
      request: storageRequest(request, redact),
      cause: { name: error instanceof Error ? error.name : "Error", message, code },
    },
  );
}

/**
 * Sends the file in one request with an exact Content-Length, streamed chunk by
 * chunk as the network takes it. Resolves on any 2xx (spec, States and
 * transitions: "any 2xx status from the form means stored"); rejects with
 * TRANSFER_REFUSED or EXPIRED carrying the storage's code, TRANSFER_FAILED,
 * STALLED, ABORTED, or a source error.
 */
export async function transfer(request: TransferRequest, source: OpenedSource, options: TransferOptions) {
  const { signal } = options;
  const { fileId } = request;
  const controller = new AbortController();
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error };
    controller.abort(error);
  };
  const where = storageRequest(request, options.redact);
  const onAbort = () => fail(abortedUpload(fileId, false, signal?.reason, where));
  if (signal?.aborted) onAbort();
  // One listener on the caller's signal however many transfers share it (core's whenAborted).
  const stopListening = signal && !signal.aborted ? whenAborted(signal, onAbort) : undefined;
  const watchdog = startWatchdog(options.clock, options.stallTimeoutMs, () =>
    fail(
      uploadError(
        "STALLED",
        `no byte of ${fileId} moved for ${options.stallTimeoutMs} ms, so the transfer was stopped. ` +
          "Nothing was registered; check the connection and upload the file again.",
        { fileId, limit: options.stallTimeoutMs, request: where },
      ),
    ),
  );

  const parts = bodyParts(request, source, options.onBytes);
  // Pulled one chunk at a time (highWaterMark 0): a chunk is read from the source
  // only when fetch asks for it, so what the socket has not taken stays on disk.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(stream) {
        try {
          const next = await parts.next();
          watchdog.kick();
          if (next.done) stream.close();
          else stream.enqueue(next.value);
        } catch (error) {
          fail(error);
          stream.error(error);
        }
      },
      cancel: () => {
        void parts.return(undefined).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  const length = bodyLength(request, source.size);
  // The exact length is ours to state: a length among the given headers, in any case, is left out.
  const headers = Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== "content-length");
  const init: RequestInit = {
    method: request.method,
    headers: [...headers, ["content-length", String(length)]],
    body,
    duplex: "half",
    // `redirect: "error"` is what keeps memory flat: for any other mode the Fetch
    // standard clones the request, which tees the body, and undici 6 then keeps
    // every chunk of the unread branch (measured: the whole 256 MiB). A signed
    // upload is never redirected anyway: a streamed body cannot be sent twice.
    redirect: "error",
    signal: controller.signal,
  };
  try {
    if (failure) throw failure.error;
    const response = await options.fetch(request.url, init);
    watchdog.kick();
    options.onStatus?.(response.status);
    if (!response.ok) {
      const body = await readText(response, MAX_REFUSAL_BYTES);
      throw refusalError(response.status, body, fileId, options.redact, where);
    }
    await response.body?.cancel().catch(() => {});
  } catch (error) {
    if (failure) throw failure.error;
    if (error instanceof UploadError) throw error;
    throw networkError(error, request, options.redact);
  } finally {
    watchdog.stop();
    stopListening?.();
    // Not awaited: a source stuck in a read must not hold the failure back; closing the source ends it.
    void parts.return(undefined).catch(() => {});
  }
}
