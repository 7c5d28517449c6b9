import {
  StudioAbortError,
  StudioAuthenticationError,
  type StudioClient,
  StudioError,
  StudioNetworkError,
  StudioTimeoutError,
} from "@studio-kit/core";
import { FACT_SOURCES, type Facts, learn } from "./facts.js";
import { type ReadOnlyQuery, readOnlyQueries } from "./queries.js";
import { parseRefusal, type Refusal, unparsedRefusal } from "./refusals.js";
import { ourSchema } from "./schema.js";
import { loadSdlIndex, type SdlIndex, type SdlLine, sdlLineOf } from "./sdl-index.js";
import { fillVariables } from "./variables.js";

/** What happened to one query: it held, the server's schema refused it, it failed otherwise, or it was not sent. */
export type CheckStatus = "ok" | "refused" | "failed" | "skipped";

/** One query's line of the report. */
export interface QueryCheck {
  name: string;
  status: CheckStatus;
  /** The variables sent (ids learnt from earlier answers); absent when skipped. */
  variables?: Record<string, unknown>;
  /** `refused`: each element the server refused, with the line of our SDL to look at. */
  refusals?: (Refusal & { sdl?: SdlLine })[];
  /** `failed`: an error that says nothing about the schema (NOT_FOUND, FORBIDDEN, a server error). */
  error?: { code: string; message: string };
  /** `skipped`: the variable doctor had no value for, and why. */
  needs?: { variable: string; reason: string };
}

/** The whole report: `ok` when no query was refused or failed (skipped ones are not held against it). */
export interface DoctorReport {
  ok: boolean;
  counts: Record<CheckStatus, number> & { total: number };
  queries: QueryCheck[];
}

export interface DoctorOptions {
  /** Stops between and during requests (Ctrl-C). */
  signal?: AbortSignal;
  /** The documents to check. Default: every query of `@studio-kit/operations`. */
  queries?: readonly ReadOnlyQuery[];
  /** Where schema coordinates are declared. Default: the index shipped with the build. */
  sdlIndex?: () => SdlIndex;
}

// These say the server or the key cannot be reached at all: every query would fail the same way, so the run stops
// and the error is reported once, as any other command reports it.
const stopsTheRun = (error: unknown) =>
  !(error instanceof StudioError) ||
  error instanceof StudioAuthenticationError ||
  error instanceof StudioNetworkError ||
  error instanceof StudioTimeoutError ||
  error instanceof StudioAbortError;

/**
 * Sends every read-only document once, each with the ids earlier answers gave (the workspace first, then a board,
 * assets, a product...), and reports per document whether the server's schema still accepts it. Never sends a
 * mutation: the documents come from {@link readOnlyQueries}, which keeps only `query` operations.
 *
 * @example
 * const report = await runDoctor(client);
 * if (!report.ok) process.exitCode = 1;
 */
export async function runDoctor(client: StudioClient, options: DoctorOptions = {}): Promise<DoctorReport> {
  const facts: Facts = {};
  const checks = new Map<string, QueryCheck>();
  let index: SdlIndex | undefined;
  const sdl = () => {
    index ??= (options.sdlIndex ?? loadSdlIndex)();
    return index;
  };

  // The client types variables per document; these documents are picked at run time, so their variables are
  // plain records checked against the document's own definitions by fillVariables.
  const send = client.request as (document: unknown, variables: unknown, requestOptions: unknown) => Promise<unknown>;

  async function check(query: ReadOnlyQuery, variables: Record<string, unknown>): Promise<QueryCheck> {
    try {
      const data = await send(query.document, variables, { signal: options.signal });
      learn(facts, query.name, data);
      return { name: query.name, status: "ok", variables };
    } catch (error) {
      if (stopsTheRun(error)) throw error;
      const { status, ...outcome } = classify(query, error as StudioError, sdl);
      return { name: query.name, status, variables, ...outcome };
    }
  }

  // Passes until nothing more can be sent: a query waits until an earlier answer gives the ids it needs.
  let pending = [...(options.queries ?? readOnlyQueries())];
  for (let sent = true; sent; ) {
    sent = false;
    for (const query of pending) {
      const filled = fillVariables(query, facts);
      if ("needs" in filled) continue;
      checks.set(query.name, await check(query, filled.variables));
      sent = true;
    }
    pending = pending.filter((query) => !checks.has(query.name));
  }
  for (const query of pending) checks.set(query.name, skipped(query, facts, checks));

  const queries = [...checks.values()];
  const count = (status: CheckStatus) => queries.filter((query) => query.status === status).length;
  const counts = {
    ok: count("ok"),
    refused: count("refused"),
    failed: count("failed"),
    skipped: count("skipped"),
    total: queries.length,
  };
  return { ok: counts.refused === 0 && counts.failed === 0, counts, queries };
}

/** A refusal when any message is a schema mismatch (or the server says validation failed); a failure otherwise. */
function classify(
  query: ReadOnlyQuery,
  error: StudioError,
  sdl: () => SdlIndex,
): Omit<QueryCheck, "name"> & { status: CheckStatus } {
  const messages = (error.graphqlErrors ?? []).map((item) => item.message);
  const context = { document: query.document, schema: ourSchema };
  const parsed = messages.map((message) => parseRefusal(message, context));
  if (parsed.some(Boolean) || error.graphqlCode === "GRAPHQL_VALIDATION_FAILED") {
    const refusals = parsed.map((refusal, at) => {
      const found = refusal ?? unparsedRefusal(messages[at] ?? "");
      const line = found.coordinate ? sdlLineOf(sdl(), found.coordinate) : undefined;
      return line ? { ...found, sdl: line } : found;
    });
    return { status: "refused", refusals };
  }
  return {
    status: "failed",
    error: { code: error.graphqlCode ?? error.code, message: messages[0] ?? error.message },
  };
}

const OUTCOME: Record<CheckStatus, string> = {
  ok: "found none",
  refused: "was refused",
  failed: "failed",
  skipped: "was skipped",
};

/** Why a query was not sent: the variable it lacks and which answer would have given it. */
function skipped(query: ReadOnlyQuery, facts: Facts, checks: ReadonlyMap<string, QueryCheck>): QueryCheck {
  const filled = fillVariables(query, facts);
  const needs = "needs" in filled ? filled.needs : { variable: "?", fact: undefined };
  const source = needs.fact && FACT_SOURCES[needs.fact];
  let reason = "no query doctor sends answers with it";
  if (source?.unavailable) reason = `${source.what}; ${source.unavailable}`;
  else if (source) {
    // "Image and Video found none", "StudioSessions was refused": grouped by what happened to each source.
    const outcomes = new Map<string, string[]>();
    for (const name of source.from) {
      const outcome = OUTCOME[checks.get(name)?.status ?? "ok"];
      outcomes.set(outcome, [...(outcomes.get(outcome) ?? []), name]);
    }
    const told = [...outcomes].map(
      ([outcome, names]) => `${names.join(" and ")} ${names.length > 1 ? outcome.replace(/^was /, "were ") : outcome}`,
    );
    reason = `${source.what}; ${told.join(", ")}`;
  }
  return { name: query.name, status: "skipped", needs: { variable: needs.variable, reason } };
}
