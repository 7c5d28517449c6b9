import { ClientError } from "graphql-request";
import { describeReason, isTimeoutReason } from "./abort-reason.js";
import {
  StudioAbortError,
  StudioAuthenticationError,
  StudioBadInputError,
  StudioError,
  type StudioErrorDetails,
  StudioGraphQLError,
  StudioNetworkError,
  StudioNotFoundError,
  StudioPermissionError,
  StudioRateLimitError,
  type StudioRecordRef,
  StudioServerError,
  StudioTimeoutError,
} from "./errors.js";
import type { OperationInfo } from "./operation.js";
import { refusedRecord } from "./record.js";
import type { Redactor } from "./redact.js";
import { parseRetryAfter } from "./retry.js";

/** What classify needs to know about the attempt that failed. */
export interface AttemptContext {
  operation: OperationInfo;
  /** The variables the attempt sent: a refusal about one record is named from them (record.ts). */
  variables?: unknown;
  redact: Redactor;
  /** Where the attempt was sent: origin and path only (options.ts builds it so), never a query string or a key. */
  endpoint: string;
  timeoutMs: number;
  /** Why the attempt's signal fired, if it did. */
  abortedBy: "caller" | "timeout" | null;
  /** The caller's signal's reason, when the caller's signal fired (kept as the error's cause). */
  reason?: unknown;
  now: number;
}

const PREFIX = "@studio-kit/core:";

/** Connection errors that prove the request never reached the server. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * undici's own refusals before any connection, which carry no code: a port the Fetch standard blocks (1, 22, 25, ...:
 * https://fetch.spec.whatwg.org/#port-blocking) fails with "bad port".
 */
const NEVER_SENT_MESSAGE = /^bad port$/i;

type Kind = "auth" | "permission" | "notFound" | "badInput" | "rateLimited" | "server" | "graphql";

// GraphQL code first, HTTP status second (conventions: linear's parseLinearError).
const BY_GRAPHQL_CODE: Record<string, Kind> = {
  UNAUTHENTICATED: "auth",
  FORBIDDEN: "permission",
  NOT_FOUND: "notFound",
  BAD_USER_INPUT: "badInput",
  RATE_LIMITED: "rateLimited",
  TOO_MANY_REQUESTS: "rateLimited",
  INTERNAL_SERVER_ERROR: "server",
  // The server's schema refuses the document (a server that drifted from ours answers 400 with these): not the
  // caller's input, so not badInput, which the 400 alone would pick.
  GRAPHQL_VALIDATION_FAILED: "graphql",
  GRAPHQL_PARSE_FAILED: "graphql",
};

function kindOfStatus(status: number): Kind {
  if (status === 401) return "auth";
  if (status === 403) return "permission";
  if (status === 400 || status === 422) return "badInput";
  if (status === 429) return "rateLimited";
  if (status >= 500) return "server";
  return "graphql";
}

/**
 * No GraphQL server answered at the endpoint: a 404 without a GraphQL code, or an answer with neither `data` nor
 * `errors` (an HTML page, another API's JSON) that a status of its own does not explain (401, 403 and 429 keep their
 * meaning whoever sends them; a 5xx is the server's failure, retried for queries). The usual cause is a baseUrl
 * that is not the API root, such as one ending in /graphql, which the client appends.
 */
function isWrongEndpoint(status: number, graphqlCode: string | undefined, isGraphQL: boolean): boolean {
  if (graphqlCode) return false;
  if (status === 404) return true;
  return !isGraphQL && status < 500 && status !== 401 && status !== 403 && status !== 429;
}

/**
 * The error for an endpoint where no GraphQL API answers: where the request went and what to check. `status` is
 * undefined when only a 2xx is known (graphql-request threw on its body before the status reached us).
 */
export function endpointNotFound(name: string, endpoint: string, status: number | undefined): StudioGraphQLError {
  const answered =
    status === 404 ? "HTTP 404" : `${status ? `HTTP ${status}, ` : ""}an answer that is not GraphQL JSON`;
  const doubled = /\/graphql\/graphql$/.test(endpoint)
    ? " The URL ends in /graphql/graphql: drop /graphql from baseUrl, the client adds it."
    : "";
  return new StudioGraphQLError(
    "ENDPOINT_NOT_FOUND",
    `${PREFIX} ${name} found no GraphQL API at ${endpoint} (${answered}): is baseUrl the API root, without /graphql?${doubled}`,
    { operationName: name, request: { operationName: name, url: endpoint }, status },
  );
}

/** graphql-request's own refusal of a 2xx body it cannot read as GraphQL (JSON.parse's, or its result check's). */
const isUnreadableBody = (raw: unknown) =>
  raw instanceof SyntaxError || (raw instanceof Error && raw.message.startsWith("Invalid execution result"));

/** The chain of causes below an error (undici: TypeError "fetch failed" caused by the connection's own error). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === "object" && "cause" in current && chain.length < 5) {
    current = current.cause;
    if (current !== undefined) chain.push(current);
  }
  return chain;
}

const messageOf = (error: unknown) =>
  error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string"
    ? (error as { message: string }).message
    : error === undefined || error === null
      ? ""
      : String(error);

/**
 * A copy of a network error and its causes with every secret redacted (a signed URL in a message): the real reason
 * (name, message, `code` such as ECONNREFUSED) kept as the StudioNetworkError's cause, without what it must not carry.
 */
function redactedError(error: unknown, redact: Redactor, depth = 0): unknown {
  if (!(error instanceof Error) && !(error && typeof error === "object")) return error;
  const source = error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
  const inner = depth < 4 && source.cause !== undefined ? redactedError(source.cause, redact, depth + 1) : undefined;
  const copy = new Error(redact(messageOf(error)), inner === undefined ? undefined : { cause: inner });
  copy.name = typeof source.name === "string" ? source.name : "Error";
  if (typeof source.code === "string" || typeof source.code === "number") {
    Object.assign(copy, { code: source.code });
  }
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

function errorCodes(error: unknown): string[] {
  if (!error || typeof error !== "object") return [];
  const own = "code" in error && typeof error.code === "string" ? [error.code] : [];
  const nested = "errors" in error && Array.isArray(error.errors) ? error.errors.flatMap(errorCodes) : [];
  const cause = "cause" in error ? errorCodes(error.cause) : [];
  return [...own, ...nested, ...cause];
}

/**
 * Text from elsewhere (the server's message, a network error's) as the end of a sentence: a full stop added only
 * when it has no closing mark of its own, so "…in the workspace settings." never becomes "settings..".
 */
function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A refusal of the key whose text already says what to do about it. */
const GIVES_KEY_ADVICE = /\b(check the key|create a new one)\b/i;

/** A key refused for being read-only says so (the access level's name in the spec, Authentication 2). */
const SAYS_READ_ONLY = /\bread[\s-]?only\b/i;

/** "assetId img_nope", or nothing when the answer does not say which id. */
const named = (record: StudioRecordRef | undefined) => (record?.id ? `, ${record.field} ${record.id}` : "");

function fromClientError(error: ClientError, ctx: AttemptContext): StudioError {
  const { response } = error;
  const errors = response.errors ?? [];
  const first = errors[0];
  const graphqlCode = typeof first?.extensions?.code === "string" ? first.extensions.code : undefined;
  const name = ctx.operation.name;
  const isGraphQL = errors.length > 0 || response.data !== undefined;
  if (isWrongEndpoint(response.status, graphqlCode, isGraphQL)) {
    return endpointNotFound(name, ctx.redact(ctx.endpoint), response.status);
  }
  const kind = (graphqlCode && BY_GRAPHQL_CODE[graphqlCode]) || kindOfStatus(response.status);
  const serverSays = ctx.redact(first?.message?.trim() || `HTTP ${response.status}`);
  // One record refused, not the key: FORBIDDEN only when the answer names the record and not the key's access.
  const aboutRecord = kind === "notFound" || kind === "permission" ? refusedRecord(first, ctx.variables) : undefined;
  const record =
    aboutRecord && (kind === "notFound" || (aboutRecord.id && !SAYS_READ_ONLY.test(first?.message ?? "")))
      ? ctx.redact(aboutRecord)
      : undefined;
  const details: StudioErrorDetails = {
    operationName: name,
    request: requestOf(ctx),
    status: response.status,
    graphqlCode,
    data: ctx.redact(response.data ?? undefined),
    graphqlErrors: ctx.redact(
      errors.map((item) => ({
        message: item.message,
        ...(item.path ? { path: item.path } : {}),
        ...(item.extensions ? { extensions: item.extensions as Record<string, unknown> } : {}),
      })),
    ),
    record,
  };
  switch (kind) {
    case "auth":
      return new StudioAuthenticationError(
        "UNAUTHENTICATED",
        // The server's words often carry the advice already ("Invalid API key: check the key, or create a new one
        // ..."): said once, not twice.
        `${PREFIX} the API key was refused (${name}): ${sentence(serverSays)}` +
          (GIVES_KEY_ADVICE.test(serverSays) ? "" : " Check the key, or create a new one in the workspace settings."),
        details,
      );
    case "permission":
      if (record) {
        return new StudioPermissionError(
          "FORBIDDEN",
          `${PREFIX} ${name} named a record this key may not reach${named(record)}: ${sentence(serverSays)} ` +
            "The key itself is fine, but it reaches only its own workspace's records: use one of those; " +
            "retrying will not help.",
          details,
        );
      }
      return new StudioPermissionError(
        "FORBIDDEN",
        `${PREFIX} not allowed (${name}): ${sentence(serverSays)} A read-only key cannot send mutations, and a key reaches only its own workspace (client.workspaceId()).`,
        details,
      );
    case "notFound":
      return new StudioNotFoundError(
        "NOT_FOUND",
        `${PREFIX} ${name} named a record the API does not have${named(record)}: ${sentence(serverSays)} ` +
          (record?.id ? "Check the id" : "Check the ids it sent") +
          " (mistyped, deleted, or a record of another kind); retrying will not help.",
        details,
      );
    case "badInput": {
      const extensions = ctx.redact((first?.extensions as Record<string, unknown> | undefined) ?? {});
      const sent = Object.keys(extensions).filter((key) => key !== "code" && key !== "http");
      // error.details always has the server's words (which say what it allows: "keep it between 1:8 and 8:1"), and
      // the message names any structured limits the server sent beside them.
      return new StudioBadInputError(
        "BAD_USER_INPUT",
        `${PREFIX} the server refused the input of ${name}: ${sentence(serverSays)} Fix the input; error.details has ` +
          `the server's message${sent.length > 0 ? ` and ${sent.join(", ")}` : ""}.`,
        { ...details, extensions, serverMessage: serverSays },
      );
    }
    case "rateLimited": {
      const retryAfterMs = parseRetryAfter(response.headers?.get("retry-after"), ctx.now);
      const wait = retryAfterMs === undefined ? "" : ` Retry after ${Math.ceil(retryAfterMs / 1000)} s.`;
      return new StudioRateLimitError(
        "RATE_LIMITED",
        `${PREFIX} rate limited (${name}): ${sentence(serverSays)}${wait}`,
        {
          ...details,
          retryAfterMs,
        },
      );
    }
    case "server":
      return new StudioServerError(
        "SERVER_ERROR",
        `${PREFIX} the server failed on ${name} (HTTP ${response.status}): ${sentence(serverSays)} ` +
          "Queries are retried; a mutation may have been applied, so check before sending it again.",
        details,
      );
    default:
      return new StudioGraphQLError(
        "GRAPHQL_ERROR",
        // The code follows the server's words as they are ("No such image. (NOT_FOUND)."); without one, a full stop
        // only when they lack their own.
        `${PREFIX} ${name} failed: ${graphqlCode ? `${serverSays} (${graphqlCode}).` : sentence(serverSays)}`,
        details,
      );
  }
}

/** Where the attempt went: its operation and the endpoint, redacted (StudioError cuts the URL to origin and path). */
const requestOf = (ctx: AttemptContext) => ({ operationName: ctx.operation.name, url: ctx.redact(ctx.endpoint) });

/** Turns whatever a request attempt threw into the StudioError that says what happened. */
export function classify(raw: unknown, ctx: AttemptContext): StudioError {
  if (raw instanceof StudioError) return raw;
  const name = ctx.operation.name;
  if (ctx.abortedBy === "caller") return callerAbortError(name, ctx.reason, ctx.redact, ctx.endpoint);
  if (ctx.abortedBy === "timeout") {
    return new StudioTimeoutError(
      "TIMEOUT",
      `${PREFIX} ${name} got no answer within ${ctx.timeoutMs} ms. ` +
        "Queries are retried; a mutation may have been applied, so check before sending it again.",
      { operationName: name, request: requestOf(ctx) },
    );
  }
  if (raw instanceof ClientError) return fromClientError(raw, ctx);
  if (isUnreadableBody(raw)) return endpointNotFound(name, ctx.redact(ctx.endpoint), undefined);

  const codes = errorCodes(raw);
  const chain = causes(raw);
  const sent =
    !codes.some((code) => NEVER_SENT.has(code)) && !chain.some((cause) => NEVER_SENT_MESSAGE.test(messageOf(cause)));
  // undici says "fetch failed" and keeps the reason in its cause ("connect ECONNREFUSED 127.0.0.1:9", "bad port"):
  // the message gives both, so the real reason is not lost behind "fetch failed".
  const reasons = [raw, ...chain].map((each) => messageOf(each).trim()).filter((text) => text !== "");
  const message = ctx.redact([...new Set(reasons)].join(": ") || "no reason given");
  const code = codes[0];
  return new StudioNetworkError(
    "NETWORK_ERROR",
    `${PREFIX} ${name} failed on the network${code ? ` (${code})` : ""}: ${sentence(message)} ` +
      (sent ? "It may have reached the server." : "It never reached the server.") +
      ` Check baseUrl (${ctx.redact(ctx.endpoint)}) and the connection.`,
    { operationName: name, request: requestOf(ctx), sent, cause: redactedError(raw, ctx.redact) },
  );
}

/**
 * The error of a request the caller's signal stopped, the signal's reason as its cause: StudioTimeoutError (TIMEOUT)
 * when it timed out (AbortSignal.timeout), StudioAbortError (ABORTED) for a cancel. Its message gives the reason;
 * `endpoint` is where the request was going (its `request.url`).
 */
export function callerAbortError(name: string, reason: unknown, redact: Redactor, endpoint: string): StudioError {
  const said = describeReason(reason, redact);
  const details = {
    operationName: name,
    request: { operationName: name, url: redact(endpoint) },
    ...(reason === undefined ? {} : { cause: reason }),
  };
  if (isTimeoutReason(reason)) {
    return new StudioTimeoutError(
      "TIMEOUT",
      `${PREFIX} ${name} was stopped: the caller's signal timed out${said ? ` (${said.replace(/[.!?…]+$/, "")})` : ""}. ` +
        "A mutation may have been applied, so check before sending it again.",
      details,
    );
  }
  return new StudioAbortError(
    "ABORTED",
    `${PREFIX} ${name} was aborted by the caller${said ? `: ${sentence(said)}` : "."}`,
    details,
  );
}
