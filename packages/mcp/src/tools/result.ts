import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isStudioToolRefusal, type RefusalCode, StudioToolRefusal } from "../errors.js";

// How every tool answers: structuredContent that matches its outputSchema plus a short text, or a refusal as a tool
// error (`isError: true`) that an agent reads and a person understands. The MCP spec keeps protocol errors for
// requests the server cannot handle at all and asks tools to report their own failures in the result, "so the LLM
// can see the error and potentially self-correct" (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling).

/** A tool's success: `data` as structuredContent (the outputSchema's fields) and `text` for a model or a person. */
export function toolResult(text: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: data };
}

/** A refusal as a tool error: `[code] message` as text and `{ error: { code, message, ...details } }` as structuredContent. */
export function refusalResult(refusal: StudioToolRefusal): CallToolResult {
  const error = { ...refusal.details, code: refusal.code, message: refusal.message };
  return {
    isError: true,
    content: [{ type: "text", text: `${refusal.message} (${refusal.code})` }],
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
