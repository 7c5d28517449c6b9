// The faults a sandbox can be told to inject, as a discriminated union on
// `kind`. Modelled on the chaos APIs of the emulators people rely on
// (LocalStack's /_localstack/chaos/faults, MockServer's chaos profiles, WireMock's
// faults): a rule that matches requests, optionally a limited number of times or
// with a seeded probability, and what to do to them.

/** The upload endpoints a fault can match: the signed form (POST) and the signed URL (PUT). */
export type UploadEndpoint = "form" | "put";

/** HTTP statuses a `status` fault answers with (the ones a gateway in front of the API answers). */
export type FaultStatus = 429 | 500 | 502 | 503;

/** Which requests a fault applies to, and how often. Everything is optional. */
export interface FaultRule {
  /** Given, or `flt_<n>`. Unique within the sandbox. */
  id?: string;
  /** Only GraphQL requests with this operation name (`GenerateImage`). */
  operation?: string;
  /** Only GraphQL requests that select this root field (`generateImage`), aliased or not. */
  rootField?: string;
  /** Only this upload endpoint (not GraphQL). Leave out `operation` and `rootField` then. */
  upload?: UploadEndpoint;
  /** Fire on the next N matches only, then stay listed as spent. Default: every match. */
  times?: number;
  /** Fire on this fraction of matches (0 to 1), drawn from a generator seeded by `seed`. Default 1. */
  probability?: number;
  /** Seed of the draws for `probability`: the same seed and the same requests fire the same faults. Default 1. */
  seed?: number;
}

/**
 * Answers with an HTTP status as the gateway in front of the API would: 429 as
 * JSON with `RATE_LIMITED` and `Retry-After`; 500, 502 and 503 as the gateway's
 * HTML page. With `afterApplying`, the request is executed first (a mutation
 * changes the state) and its answer replaced.
 */
export interface StatusFault extends FaultRule {
  kind: "status";
  status: FaultStatus;
  /** Seconds, sent as `Retry-After`. Default 1 for 429; none for the others unless given. */
  retryAfter?: number;
  afterApplying?: boolean;
}

/**
 * Holds the request this long before the sandbox executes it. `clock: "virtual"`
 * (the default) waits until the sandbox's clock has moved `ms` past the arrival
 * (`sandbox.advance()`, `POST /__sandbox/advance`, or real time when the clock
 * follows it, as the CLI's does): tests never wait for real. `clock: "real"`
 * waits real milliseconds.
 */
export interface LatencyFault extends FaultRule {
  kind: "latency";
  ms: number;
  clock?: "virtual" | "real";
}

/**
 * Closes the connection without an answer: the HTTP server destroys the socket,
 * msw answers a network error. Before the request is executed (nothing applied),
 * or with `afterApplying` once it was (a mutation's records made, its credits
 * spent, and the client never told: the case that tempts a re-send).
 */
export interface DisconnectFault extends FaultRule {
  kind: "disconnect";
  afterApplying?: boolean;
}

/** Answers HTTP 200 with `{"data": null, "errors": [{message, extensions: {code}}]}`. */
export interface GraphQLErrorFault extends FaultRule {
  kind: "graphql-error";
  /** `extensions.code`: INTERNAL_SERVER_ERROR, RATE_LIMITED, UNAUTHENTICATED, ... */
  code: string;
  /** Default: a message for the code. */
  message?: string;
  afterApplying?: boolean;
}

/**
 * The next generated records are refused as an empty balance refuses them
 * (returned QUEUED, then FAILED with "Not enough credits"; nothing spent), while
 * `creditsBalance` still shows credits: the balance ran out between the check
 * and the generation. Counted per record.
 */
export interface NoCreditsFault extends FaultRule {
  kind: "no-credits";
}

/** The next generated records end FAILED with `errorMessage`. Counted per record. */
export interface GenerationFailedFault extends FaultRule {
  kind: "generation-failed";
  /** Default: "The generation failed (a fault injected by the sandbox)." */
  errorMessage?: string;
}

/** The upload answers success (form 204, PUT 200, with an ETag) but stores nothing: the register then finds no bytes. */
export interface UploadLostFault extends FaultRule {
  kind: "upload-lost";
}

/** Reads the upload's body no faster than `bytesPerSecond` (real time): a slow link. */
export interface SlowUploadFault extends FaultRule {
  kind: "slow-upload";
  bytesPerSecond: number;
}

/** A fault to inject: `sandbox.faults.add(fault)` or `POST /__sandbox/faults`. */
export type Fault =
  | StatusFault
  | LatencyFault
  | DisconnectFault
  | GraphQLErrorFault
  | NoCreditsFault
  | GenerationFailedFault
  | UploadLostFault
  | SlowUploadFault;

export type FaultKind = Fault["kind"];

/** A fault as listed: its settings, its id, and how many times it fired. */
export type ListedFault = Fault & {
  id: string;
  /** Times it fired. */
  fired: number;
  /** Fires left when `times` was given (0: spent, no longer matches). */
  remaining?: number;
};

/** Where in a request a fault acts. */
export type FaultStage = "request" | "generation" | "upload";

/** The stage of each kind: `request` kinds also act on upload endpoints when they name one. */
export const STAGE_OF: Record<FaultKind, FaultStage> = {
  status: "request",
  latency: "request",
  disconnect: "request",
  "graphql-error": "request",
  "no-credits": "generation",
  "generation-failed": "generation",
  "upload-lost": "upload",
  "slow-upload": "upload",
};

/** What a fault is matched against. */
export interface FaultTarget {
  /** GraphQL operation name, when the request is GraphQL and names one (or has only one, named). */
  operation?: string | null;
  rootFields?: readonly string[];
  upload?: UploadEndpoint;
  /** A generated record that costs no credits: no-credits faults pass it by. */
  free?: boolean;
}

/** A fault that fired, as the journal records it. */
export interface FiredFault {
  id: string;
  kind: FaultKind;
}
