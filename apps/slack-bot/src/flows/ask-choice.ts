// What a button of the "did you mean ...?" reply carries: who asked, where the answers go, and what to run. The
// value comes back in the click's payload (Slack signs it, nobody can change it), so nothing needs storing; only
// a text too long for a button's value (2,000 characters) is kept in the store as a pending request.

import { LIMITS } from "../messages/blocks.js";

/** Where the text came from, so that the click answers the same way (`assistant`: an assistant thread). */
export type TextOrigin = "command" | "mention" | "dm" | "assistant";

/** A button of the ask reply, as its value carries it. */
export interface AskChoice {
  /** The asker: only they may use the buttons. */
  user: string;
  origin: TextOrigin;
  /** The thread the reply is in (a mention's, a thread in the DM, an assistant thread). */
  threadTs?: string;
  /** The command text to run, as typed after `/studio` ("image a red fox", "credits")... */
  text?: string;
  /** ...or, for a text too long for a button, the id of the pending request that holds its command. */
  pending?: string;
}

const ORIGIN_CODE: Record<TextOrigin, string> = { command: "c", mention: "m", dm: "d", assistant: "a" };
const CODE_ORIGIN: Record<string, TextOrigin> = { c: "command", m: "mention", d: "dm", a: "assistant" };

/** The button value for a choice (short keys: the text gets the room), or undefined when it is over Slack's limit. */
export function encodeChoice(choice: AskChoice): string | undefined {
  const value = JSON.stringify({
    u: choice.user,
    o: ORIGIN_CODE[choice.origin],
    ...(choice.threadTs ? { h: choice.threadTs } : {}),
    ...(choice.text !== undefined ? { t: choice.text } : {}),
    ...(choice.pending ? { p: choice.pending } : {}),
  });
  return value.length <= LIMITS.buttonValue ? value : undefined;
}

/** Reads a button value written by {@link encodeChoice}; undefined for anything else. */
export function decodeChoice(value: string | undefined): AskChoice | undefined {
  let data: unknown;
  try {
    data = JSON.parse(value ?? "");
  } catch {
    return undefined;
  }
  if (!data || typeof data !== "object") return undefined;
  const { u, o, h, t, p } = data as Record<string, unknown>;
  const origin = typeof o === "string" ? CODE_ORIGIN[o] : undefined;
  if (typeof u !== "string" || !u || !origin) return undefined;
  if (typeof t !== "string" && typeof p !== "string") return undefined;
  return {
    user: u,
    origin,
    ...(typeof h === "string" && h ? { threadTs: h } : {}),
    ...(typeof t === "string" ? { text: t } : {}),
    ...(typeof p === "string" ? { pending: p } : {}),
  };
}
