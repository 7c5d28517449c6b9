import type { FiredFault } from "../faults/types.js";
import type { GraphQLCall } from "./describe.js";
import type { Redactor } from "./redact.js";

/** One request as the journal keeps it (`sandbox.requests()`, `GET /__sandbox/requests`). */
export interface JournalEntry {
  /** 1, 2, 3, ... in order of arrival, never reused (a cleared journal goes on counting). */
  seq: number;
  /** Arrival, on the sandbox's clock. */
  at: string;
  method: string;
  /** Path and query, signatures redacted. */
  path: string;
  /** GraphQL operation name (null when unnamed, or not GraphQL). */
  operation: string | null;
  /** GraphQL root fields, by name. */
  rootFields: string[];
  /** GraphQL variables, secrets redacted; null when none or not GraphQL. */
  variables: Record<string, unknown> | null;
  /** HTTP status answered; null while in flight, or when the connection was closed without an answer. */
  status: number | null;
  /** Real milliseconds from arrival to answer (held time included); null while in flight. */
  durationMs: number | null;
  /** Faults that fired on this request, in order: a request fault, then one per generated record. */
  faults: FiredFault[];
  /** For mutations: whether it was executed and changed the state (some root field answered). Else null. */
  applied: boolean | null;
  /**
   * The W3C `traceparent` header the request carried, as received (at most 256 characters), or null: lets a test
   * check that a client propagated its trace (https://www.w3.org/TR/trace-context/#traceparent-header).
   */
  traceparent: string | null;
}

/** The journal's hold on one request while it runs: the request path fills it in. */
export interface Call {
  readonly graphql: GraphQLCall | null;
  /** Records what the GraphQL request asks (variables redacted first). */
  describe(graphql: GraphQLCall): void;
  /** Records a fault that fired on this request. */
  fired(fault: FiredFault): void;
  /** For mutations: whether it was applied. */
  setApplied(applied: boolean): void;
  /** Records the answer: its status, or null for a closed connection. */
  finish(status: number | null): void;
}

/** The request journal of one sandbox. */
export interface Journal {
  /** Opens an entry for a request that just arrived. */
  begin(request: Request): Call;
  /** Entries, oldest first (newest last), at most `limit`. */
  list(): JournalEntry[];
  /** Empties it; returns how many entries were removed. */
  clear(): number;
  readonly limit: number;
}

export interface JournalOptions {
  /** Most entries kept; the oldest go first. */
  limit: number;
  redact: Redactor;
  /** Arrival time on the sandbox's clock, as ISO text. */
  at: () => string;
  /** Real milliseconds, for durations. Default `performance.now`. */
  realNow?: () => number;
}

const copy = (entry: JournalEntry): JournalEntry => ({
  ...entry,
  rootFields: [...entry.rootFields],
  variables: entry.variables === null ? null : structuredClone(entry.variables),
  faults: entry.faults.map((fault) => ({ ...fault })),
});

/**
 * The longest traceparent kept. Version 00 is 55 characters; later versions may append fields, so a little more is
 * kept, but no header can make an entry large.
 */
const MAX_TRACEPARENT = 256;

/** Makes an empty journal. */
export function createJournal(options: JournalOptions): Journal {
  if (!Number.isInteger(options.limit) || options.limit < 0) {
    throw new RangeError(`@studio-kit/sandbox: journalLimit must be a whole number, 0 or more; got ${options.limit}`);
  }
  const realNow = options.realNow ?? (() => performance.now());
  let entries: JournalEntry[] = [];
  let seq = 0;
  return {
    limit: options.limit,
    begin(request) {
      const url = new URL(request.url);
      const started = realNow();
      const entry: JournalEntry = {
        seq: ++seq,
        at: options.at(),
        method: request.method,
        path: options.redact(`${url.pathname}${url.search}`),
        operation: null,
        rootFields: [],
        variables: null,
        status: null,
        durationMs: null,
        faults: [],
        applied: null,
        // Not redacted: random ids and flags, never a secret (https://www.w3.org/TR/trace-context/#privacy-of-traceparent-field).
        traceparent: request.headers.get("traceparent")?.slice(0, MAX_TRACEPARENT) ?? null,
      };
      if (options.limit > 0) {
        entries.push(entry);
        if (entries.length > options.limit) entries.splice(0, entries.length - options.limit);
      }
      let graphql: GraphQLCall | null = null;
      return {
        get graphql() {
          return graphql;
        },
        describe(call) {
          graphql = call;
          entry.operation = call.operation;
          entry.rootFields = [...call.rootFields];
          entry.variables = call.variables === null ? null : options.redact(call.variables);
        },
        fired: (fault) => {
          entry.faults.push({ id: fault.id, kind: fault.kind });
        },
        setApplied: (applied) => {
          entry.applied = applied;
        },
        finish(status) {
          entry.status = status;
          entry.durationMs = Math.round((realNow() - started) * 10) / 10;
        },
      };
    },
    list: () => entries.map(copy),
    clear() {
      const removed = entries.length;
      entries = [];
      return removed;
    },
  };
}
