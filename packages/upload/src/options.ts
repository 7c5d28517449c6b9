import type { StudioLogger } from "@studio-kit/core";
import type { UploadCategory } from "@studio-kit/operations";
import { uploadError } from "./errors.js";
import { isUploadCategory, UPLOAD_CATEGORY_NAMES } from "./rules.js";

/** Bytes handed to the network so far, and the file's size. `loaded` only grows and ends at `total`. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * The clock and timers an upload reads: the signed form's 15-minute lifetime is
 * measured with `now`, and stall detection uses `setTimeout`. Injectable so that
 * tests move time instead of waiting for it.
 */
export interface UploadClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How the bytes travel (spec, Upload flow 2): the signed multipart form, or the PUT to the signed URL. */
export type TransferWay = "form" | "put";

/** Bytes from a stream: a web ReadableStream, a Node Readable, or any async iterable of byte chunks. */
export type ByteStream = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** Exactly one source of bytes. A stream needs its `size` up front: the upload is sent with a Content-Length. */
export type UploadSource =
  | { path: string; blob?: never; stream?: never; size?: never }
  | { blob: Blob; path?: never; stream?: never; size?: never }
  | {
      /**
       * The bytes, read once. A function returning a fresh stream lets the upload
       * send the bytes again (after an expired form or a refused register).
       */
      stream: ByteStream | (() => ByteStream);
      /** The exact number of bytes the stream gives. */
      size: number;
      path?: never;
      blob?: never;
    };

/** Settings shared by `uploadFile` and `uploadFiles`; every one has a default. */
export interface UploadSettings {
  /** Which way the bytes travel. Default "form" (spec, Upload flow 1 selects the form first). */
  transfer?: TransferWay;
  /** A transfer during which no byte moves for this long fails with STALLED. Default 30000 ms. */
  stallTimeoutMs?: number;
  /** How many times a register refused because the bytes did not arrive is retried after sending them again. Default 2. */
  registerRetries?: number;
  /** The fetch that sends the bytes. Default: the global fetch, looked up at each call (so msw's patch is seen). */
  fetch?: typeof fetch;
  /** Clock and timers; any part left out is the real one. */
  clock?: Partial<UploadClock>;
  /** pino-compatible; every field is redacted before it is logged. */
  logger?: StudioLogger;
}

/** What the upload is and how it is registered. */
export interface UploadDetails {
  /** The name sent to createSignedUploadUrl. Default: the path's or File's name, else `upload.<ext>`. */
  filename?: string;
  /** Default: inferred from the bytes, then from the file name. */
  contentType?: string;
  /** Default: from the content type (image to UGC_IMAGE, video to VIDEO, audio to AUDIO). */
  category?: UploadCategory;
  /** Passed to the registering mutation. */
  name?: string;
  /** Passed to the registering mutation. */
  displayName?: string;
  /** Passed to uploadImage and uploadVideo (width:height); measured by the platform when omitted. */
  aspectRatio?: string;
  /** Keep the file outside the library (confirmFileUpload) instead of registering it. */
  keepOutsideLibrary?: boolean;
  /** Called as bytes go out. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborts the upload at once, wherever it is; nothing is registered after an abort. */
  signal?: AbortSignal;
}

/** The options of `uploadFile`: a source, what the file is, and settings. */
export type UploadFileOptions = UploadSource & UploadDetails & UploadSettings;

/** Settings with their defaults applied. */
export interface ResolvedSettings {
  transfer: TransferWay;
  stallTimeoutMs: number;
  registerRetries: number;
  fetch: typeof fetch;
  clock: UploadClock;
  logger: StudioLogger;
}

const DEFAULT_STALL_TIMEOUT_MS = 30_000;
const DEFAULT_REGISTER_RETRIES = 2;

function invalid(problem: string): never {
  throw uploadError("INVALID_OPTIONS", `uploadFile: ${problem}`);
}

/** Checks the options up front, so that a mistake fails at once with a message and nothing is sent. */
export function resolveSettings(options: UploadFileOptions): ResolvedSettings {
  if (!options || typeof options !== "object") invalid("pass an options object with a path, a blob or a stream.");
  const given = (["path", "blob", "stream"] as const).filter((key) => options[key] !== undefined);
  if (given.length !== 1) {
    invalid(`pass exactly one source (path, blob, or stream with its size); got ${given.join(", ") || "none"}.`);
  }
  if (options.path !== undefined && (typeof options.path !== "string" || options.path === "")) {
    invalid("path must be a non-empty string.");
  }
  if (options.blob !== undefined && !(options.blob instanceof Blob)) invalid("blob must be a Blob (or a File).");
  if (options.stream !== undefined && (!Number.isSafeInteger(options.size) || (options.size ?? -1) < 0)) {
    invalid(`a stream needs its size: a whole number of bytes, got ${String(options.size)}.`);
  }
  if (options.category !== undefined && !isUploadCategory(options.category)) {
    invalid(`category ${String(options.category)} is not one of ${UPLOAD_CATEGORY_NAMES.join(", ")}.`);
  }
  if (options.transfer !== undefined && options.transfer !== "form" && options.transfer !== "put") {
    invalid(`transfer must be "form" or "put", got ${String(options.transfer)}.`);
  }
  const stallTimeoutMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  if (!Number.isFinite(stallTimeoutMs) || stallTimeoutMs <= 0) {
    invalid(`stallTimeoutMs must be a positive number of ms, got ${stallTimeoutMs}.`);
  }
  const registerRetries = options.registerRetries ?? DEFAULT_REGISTER_RETRIES;
  if (!Number.isSafeInteger(registerRetries) || registerRetries < 0) {
    invalid(`registerRetries must be a whole number >= 0, got ${registerRetries}.`);
  }
  if (options.fetch !== undefined && typeof options.fetch !== "function") invalid("fetch must be a function.");
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") {
    invalid("onProgress must be a function.");
  }
  const clock = options.clock ?? {};
  return {
    transfer: options.transfer ?? "form",
    stallTimeoutMs,
    registerRetries,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    clock: {
      now: clock.now ?? Date.now,
      setTimeout: clock.setTimeout ?? ((callback, ms) => setTimeout(callback, ms)),
      clearTimeout: clock.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
    },
    logger: options.logger ?? {},
  };
}
