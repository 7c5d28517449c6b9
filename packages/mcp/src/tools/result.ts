import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { withoutControls } from "@studio-kit/commands";
import { isStudioToolRefusal, type RefusalCode, StudioToolRefusal } from "../errors.js";

// How every tool answers: structuredContent that matches its outputSchema plus a short text, or a refusal as a tool
// error (`isError: true`) that an agent reads and a person understands. The MCP spec keeps protocol errors for
// requests the server cannot handle at all and asks tools to report their own failures in the result, "so the LLM
// can see the error and potentially self-correct" (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling).

// Texts and messages carry what people and the API wrote (a prompt, a board's title, a model id an agent made up):
// they reach a model's context and a person's screen without control characters or bidi overrides, the filter the
// bot and the CLI apply (@studio-kit/commands' withoutControls: an override would show an echo reversed, an escape
// sequence would restyle a terminal). structuredContent keeps the data as it is.

/** A person's or the API's words inside a tool's text: one line, no control characters, at most 80 characters, quoted. */
export function quoted(words: string): string {
  const line = withoutControls(words, { newlines: false });
  return `"${line.length > 80 ? `${line.slice(0, 80)}…` : line}"`;
}

/** "1 credit", "4 credits". */
export const creditsText = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

/** A tool's success: `data` as structuredContent (the outputSchema's fields) and `text` for a model or a person. */
export function toolResult(text: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: withoutControls(text) }], structuredContent: data };
}

/** A refusal as a tool error: `[code] message` as text and `{ error: { code, message, ...details } }` as structuredContent. */
export function refusalResult(refusal: StudioToolRefusal): CallToolResult {
  const message = withoutControls(refusal.message);
  const error = { ...refusal.details, code: refusal.code, message };
  return {
    isError: true,
    content: [{ type: "text", text: `${message} (${refusal.code})` }],
    structuredContent: { error },
  };
}

const INTERNAL = "The tool failed unexpectedly; nothing more is known here. Try again, or look at the server's log.";

/**
 * Runs a tool's body and turns whatever it throws into a tool error: a refusal as it is, an aborted request as
 * `cancelled`, anything else as `internal` without its message (which may hold a URL, a stack or a key).
 * `onUnexpected` sees the original error, for the server's own log.
 */
export async function answer(
  body: () => Promise<CallToolResult>,
  onUnexpected: (error: unknown) => void,
  signal: AbortSignal,
): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    if (isStudioToolRefusal(error)) return refusalResult(error);
    if (signal.aborted) return refusalResult(new StudioToolRefusal("cancelled", "Cancelled: nothing more was sent."));
    onUnexpected(error);
    return refusalResult(new StudioToolRefusal("internal" satisfies RefusalCode, INTERNAL));
  }
}
