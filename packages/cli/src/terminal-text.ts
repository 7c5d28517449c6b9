// What the CLI prints for a person passes through here (issue 42): a prompt, a board's title or an API's error can
// carry a terminal's escape sequences (ESC [ 31 m recolours what follows, ESC ] 0 ; retitles the window, OSC 8 makes
// a link), other C0 and C1 control characters (a lone CR rewrites the line it is on, BEL rings), and Unicode's bidi
// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder what follows on screen
// ("Trojan Source", https://trojansource.codes; UAX #9: https://www.unicode.org/reports/tr9/). The marks U+200E,
// U+200F and U+061C stay: right-to-left writers use them, and a mark reorders nothing by itself. The Slack bot drops
// the same characters from what it echoes: both use the grammar's filter (@studio-kit/commands, control-characters.ts).

import { withoutControls } from "@studio-kit/commands";

/**
 * `text` safe to write to a terminal: escape sequences go whole, a tab becomes a space, a line break becomes `\n`
 * (or a space with `newlines: false`, for a table's cell or a progress label), and other control characters and bidi
 * overrides are dropped.
 *
 * @example terminalText("fox\u001b[31m\u202e\r\nred") // "fox\nred"
 */
export function terminalText(text: string, options: { newlines?: boolean } = {}): string {
  return withoutControls(text, options);
}
