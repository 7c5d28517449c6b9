import { StudioError } from "@studio-kit/core";
import { isStudioToolRefusal, type RefusalCode, StudioToolRefusal } from "../errors.js";

// What the API refuses, as a refusal an agent can read. core's messages are already redacted (no key, no signed
// URL: packages/core/src/redact.ts) and say what to do, so they are shown; anything that is not a StudioError
// passes on and becomes `internal`, without its message.

const CODES: Partial<Record<string, RefusalCode>> = {
  UNAUTHENTICATED: "access_denied",
  FORBIDDEN: "access_denied",
  NOT_FOUND: "not_found",
  BAD_USER_INPUT: "invalid_input",
  INVALID_ARGUMENT: "invalid_input",
  RATE_LIMITED: "quota_reached",
  ABORTED: "cancelled",
};

/** Where an action stands with credits: before the generation is sent, at its send, after it, or not spending. */
export type SpendPhase = "check" | "send" | "wait" | "none";

/** The API answered these itself, so a generation mutation refused with one was not queued. */
const REFUSED = new Set(["UNAUTHENTICATED", "FORBIDDEN", "BAD_USER_INPUT", "NOT_FOUND", "RATE_LIMITED"]);

function afterword(phase: SpendPhase, apiCode: string): string {
  if (phase === "check") return " Nothing was generated.";
  if (phase === "wait") return " The job was queued and is not sent again.";
  if (phase === "send") {
    return REFUSED.has(apiCode)
      ? " Nothing was generated."
      : " It may have been queued: it is not sent again; search_library shows it if it was.";
  }
  return "";
}

/**
 * A tool refusal for an API error, its message ending with what became of the credits in `phase`, so that an agent
 * never calls again and spends twice. Anything but a StudioError passes unchanged.
 */
export function refusalOf(error: unknown, phase: SpendPhase): unknown {
  if (isStudioToolRefusal(error) || !(error instanceof StudioError)) return error;
  const code = CODES[error.code] ?? "failed";
  const after = code === "cancelled" ? "" : afterword(phase, error.code);
  return new StudioToolRefusal(code, `${error.message}${after}`, { apiCode: error.code });
}
