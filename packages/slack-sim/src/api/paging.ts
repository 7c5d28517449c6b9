import { type ApiResult, type Args, fail, flag, str } from "./args.js";

// The time window and cursor paging that conversations.history and conversations.replies share
// (https://api.slack.com/methods/conversations.history, https://api.slack.com/apis/pagination).

/** What a call asked for: a window of message ts, a page size, and where the page starts. */
export interface Window {
  /** Micro-seconds. `oldest` defaults to 0; `latest` to no bound (see the README's Choices). */
  oldest: number;
  latest: number;
  /** Whether messages at exactly `oldest` or `latest` count. */
  inclusive: boolean;
  limit: number;
  /** From the cursor: the ts (micro-seconds) of the first message of the page. */
  from?: number;
}

/** The order of an answer: history pages from the newest back, a thread from its parent forward. */
export type Order = "newest first" | "oldest first";

/** One page of an ordered answer, with Slack's `has_more` and `response_metadata.next_cursor` ("" at the end). */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string;
}

/** A message ts (`seconds.micro`, or whole seconds) as micro-seconds, so that ts compare exactly. */
export function tsMicros(ts: string): number | undefined {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(ts);
  if (!match) return undefined;
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? "").padEnd(6, "0"));
}

// Slack's cursors are opaque; for history they are base64 of `next_ts:<ts in micro-seconds>`
// (the docs' example `bmV4dF90czoxNTEyMDg1ODYxMDAwNTQz` is `next_ts:1512085861000543`). The sim uses that form.
const cursorFor = (micros: number): string => btoa(`next_ts:${micros}`);

function cursorMicros(cursor: string): number | undefined {
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    return undefined;
  }
  const match = /^next_ts:(\d{1,16})$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * Reads `oldest`, `latest`, `inclusive`, `limit` and `cursor`. `limit` absent or 0 is the method's default and
 * above its maximum is the maximum; errors are Slack's: `invalid_ts_oldest`, `invalid_ts_latest`, `invalid_limit`,
 * `invalid_cursor`.
 */
export function readWindow(args: Args, limits: { fallback: number; max: number }): Window | ApiResult {
  const oldestArg = str(args.oldest);
  const oldest = oldestArg === undefined ? 0 : tsMicros(oldestArg);
  if (oldest === undefined) return fail("invalid_ts_oldest");
  const latestArg = str(args.latest);
  const latest = latestArg === undefined ? Number.POSITIVE_INFINITY : tsMicros(latestArg);
  if (latest === undefined) return fail("invalid_ts_latest");
  const limitArg = str(args.limit);
  const asked = limitArg === undefined ? 0 : Number(limitArg);
  if (!Number.isInteger(asked) || asked < 0) return fail("invalid_limit");
  const cursor = str(args.cursor);
  const from = cursor === undefined ? undefined : cursorMicros(cursor);
  if (cursor !== undefined && from === undefined) return fail("invalid_cursor");
  return {
    oldest,
    latest,
    inclusive: flag(args.inclusive),
    limit: asked === 0 ? limits.fallback : Math.min(asked, limits.max),
    ...(from === undefined ? {} : { from }),
  };
}

/** Whether a ts lies in the window: strictly between `oldest` and `latest`, or on either with `inclusive`. */
export function inWindow(window: Window, ts: string): boolean {
  const at = tsMicros(ts) ?? 0;
  const { oldest, latest, inclusive } = window;
  return (at > oldest || (inclusive && at === oldest)) && (at < latest || (inclusive && at === latest));
}

/**
 * The page of `ordered` (already in the answer's order) that the window's cursor points at, at most `limit` long.
 * The next cursor names the first message left out, so a message posted or deleted between calls never shifts a
 * page.
 */
export function page<T extends { ts: string }>(ordered: readonly T[], window: Window, order: Order): Page<T> {
  const { from } = window;
  const rest =
    from === undefined
      ? ordered
      : ordered.filter((item) => {
          const at = tsMicros(item.ts) ?? 0;
          return order === "newest first" ? at <= from : at >= from;
        });
  const next = rest[window.limit];
  return {
    items: rest.slice(0, window.limit),
    hasMore: next !== undefined,
    nextCursor: next === undefined ? "" : cursorFor(tsMicros(next.ts) ?? 0),
  };
}
