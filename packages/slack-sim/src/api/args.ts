import type { Block, View } from "../types.js";

/** Web API arguments after parsing: strings from a form, or any JSON value. */
export type Args = Record<string, unknown>;

/** A method's answer: Slack's `{ ok: true, ... }` or `{ ok: false, error }`. */
export type ApiResult = { ok: true; [key: string]: unknown } | { ok: false; error: string; [key: string]: unknown };

export const fail = (error: string, extra: Record<string, unknown> = {}): ApiResult => ({ ok: false, error, ...extra });

/** Tells a method's failure apart from the value it was checking for. */
export const isResult = (value: object): value is ApiResult => "ok" in value;

/** Slack's answer to a call without a required argument: `invalid_arguments`, naming the field. */
export const missing = (field: string): ApiResult =>
  fail("invalid_arguments", { response_metadata: { messages: [`[ERROR] missing required field: ${field}`] } });

/**
 * Reads the arguments the way Slack does: from the query string (read methods such as `conversations.history` are
 * documented as GETs) and the body, JSON, form-encoded (what @slack/web-api sends by default) or multipart; the body
 * wins over the query. Form values that hold JSON (`blocks`, `view`, `files`) stay strings here and are parsed by `json()`.
 */
export async function readArgs(request: Request): Promise<Args> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return { ...query, ...(await readBody(request)) };
}

async function readBody(request: Request): Promise<Args> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body: unknown = await request.json().catch(() => ({}));
    return typeof body === "object" && body !== null ? (body as Args) : {};
  }
  if (type.includes("multipart/form-data")) {
    const form = await request.formData();
    const args: Args = {};
    form.forEach((value, key) => {
      if (typeof value === "string") args[key] = value;
    });
    return args;
  }
  const text = await request.text();
  return Object.fromEntries(new URLSearchParams(text));
}

/** A JSON argument, which form-encoded callers send as a string. Undefined when absent; throws on bad JSON. */
export function json<T>(value: unknown): T | undefined {
  if (value === undefined || value === "") return undefined;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

export const str = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;

/** A boolean argument: JSON `true`, or `true`/`1` from a form or query string (Slack documents defaults as `0`). */
export const flag = (value: unknown): boolean => value === true || value === 1 || value === "true" || value === "1";

export const blocksArg = (args: Args): Block[] | undefined => json<Block[]>(args.blocks);
export const viewArg = (args: Args): View | undefined => json<View>(args.view);

/** A copy of the arguments safe to keep and show: tokens are masked, as octokit masks `authorization`. */
export function redact(args: Args): Args {
  const copy: Args = {};
  for (const [key, value] of Object.entries(args)) {
    copy[key] = /token|secret|authorization/i.test(key) ? "[redacted]" : value;
  }
  return copy;
}
