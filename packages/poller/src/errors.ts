import {
  createRedactor,
  StudioError,
  type StudioErrorCode,
  type StudioErrorDetails,
  type StudioErrorJSON,
} from "@studio-kit/core";
import type { PolledRecord, PollKind, RecordStatus } from "./types.js";

/** Codes of the poller's own errors: a part of core's one union, StudioErrorCode. */
export type PollerErrorCode = Extract<
  StudioErrorCode,
  "TIMEOUT" | "VANISHED" | "UNREADABLE" | "INVALID_OPTIONS" | "INVALID_ARGUMENT"
>;

/** What `PollerError.toJSON()` returns. */
export interface PollerErrorJSON extends StudioErrorJSON {
  code: PollerErrorCode;
  kind: PollKind | undefined;
  id: string | undefined;
  lastStatus: RecordStatus | null;
  lastRecord: PolledRecord | null;
  statuses: Readonly<Record<string, RecordStatus | null>>;
}

/** Context a PollerError carries. Records are stored redacted: a signed URL's signature never reaches an error. */
export interface PollerErrorDetails extends StudioErrorDetails {
  /** What was being waited for. */
  kind?: PollKind | undefined;
  /** The id the error is about. */
  id?: string | undefined;
  /** The last status read for that id; null when no poll had answered yet. */
  lastStatus?: RecordStatus | null | undefined;
  /** The last record read for that id. */
  lastRecord?: PolledRecord | null | undefined;
  /** The last status read for every id of the wait (terminal ones included). */
  statuses?: Readonly<Record<string, RecordStatus | null>> | undefined;
}

const redact = createRedactor([]);

/**
 * The errors of @studio-kit/poller, a part of the kit's one family: a PollerError is a core StudioError, and core's
 * category classes match it by code (`instanceof StudioTimeoutError` for TIMEOUT, StudioNotFoundError for
 * VANISHED, StudioValidationError for INVALID_ARGUMENT, StudioConfigError for INVALID_OPTIONS). Switch on `code`:
 * TIMEOUT (PollerTimeoutError), VANISHED (PollerVanishedError), UNREADABLE (the server refused to read one record,
 * see `graphqlCode`), INVALID_OPTIONS and INVALID_ARGUMENT. An abort is core's StudioAbortError (or its
 * StudioTimeoutError when the caller's signal timed out), and a request the server refused as a whole is core's
 * error, passed through unchanged.
 */
export class PollerError extends StudioError {
  override readonly name: string = "PollerError";
  override readonly code: PollerErrorCode;
  readonly kind: PollKind | undefined;
  readonly id: string | undefined;
  readonly lastStatus: RecordStatus | null;
  readonly lastRecord: PolledRecord | null;
  readonly statuses: Readonly<Record<string, RecordStatus | null>>;

  constructor(code: PollerErrorCode, message: string, details: PollerErrorDetails = {}) {
    super(code, message, details);
    this.code = code;
    this.kind = details.kind;
    this.id = details.id;
    this.lastStatus = details.lastStatus ?? details.lastRecord?.status ?? null;
    this.lastRecord = redact(details.lastRecord ?? null);
    this.statuses = { ...details.statuses };
  }

  override toJSON(): PollerErrorJSON {
    return {
      ...super.toJSON(),
      code: this.code,
      kind: this.kind,
      id: this.id,
      lastStatus: this.lastStatus,
      lastRecord: this.lastRecord,
      statuses: this.statuses,
    };
  }
}

/**
 * The deadline passed (or the next poll would fall after it) before the record
 * finished. `lastStatus` is the last status read; `cause` is the last transient
 * request failure, when the last poll was one.
 */
export class PollerTimeoutError extends PollerError {
  override readonly name = "PollerTimeoutError";
  /** The deadline the wait had, in ms from its start. */
  readonly maxWaitMs: number;
  constructor(message: string, details: PollerErrorDetails & { maxWaitMs: number }) {
    super("TIMEOUT", message, details);
    this.maxWaitMs = details.maxWaitMs;
  }
  override toJSON(): PollerErrorJSON & { maxWaitMs: number } {
    return { ...super.toJSON(), maxWaitMs: this.maxWaitMs };
  }
}

/**
 * The record is gone: the server answered NOT_FOUND for it, or null with no
 * error. Waiting longer would never end, so the wait rejects.
 */
export class PollerVanishedError extends PollerError {
  override readonly name = "PollerVanishedError";
  constructor(message: string, details: PollerErrorDetails) {
    super("VANISHED", message, details);
  }
}
