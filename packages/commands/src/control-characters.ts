// Characters a person's text (or an API's) must not carry into what an app shows (issue 42, point 3): C0 and C1 control
// characters (NUL, BEL, a terminal's escape sequences: ESC [ 31 m recolours what follows, ESC ] 0 ; retitles a
// window) and Unicode's bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): an override
// shows everything after it reversed, so an echo can read differently from what was sent ("Trojan Source",
// https://trojansource.codes, CVE-2021-42574; Unicode's UAX #9: https://www.unicode.org/reports/tr9/). The
// left-to-right and right-to-left marks (U+200E, U+200F, U+061C) are kept: Hebrew and Arabic writers use them, and a
// mark cannot reverse a run. One filter for both apps: the Slack bot's escapeText and the CLI's terminal output.

/** A terminal's escape sequences, whole: CSI (`ESC [ … m`, colours and cursor moves) and OSC (titles, links). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const OSC = /\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/gu;
/** Line breaks of every kind, CRLF as one: the vertical tab, form feed, NEL and Unicode's line/paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BREAKS = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/gu;
/** What is left to drop: C0 controls but the `\n` kept above, DEL, C1 controls, bidi embeddings and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const DROPPED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `text` without control characters and bidi overrides: an escape sequence goes whole, a tab becomes a space, a line
 * break becomes `\n` where the field shows one (`newlines`, default true) or a space, and the rest are dropped.
 *
 * @example withoutControls("fox\u0000\u001b[31m\u202e\r\nred") // "fox\nred"
 */
export function withoutControls(text: string, options: { newlines?: boolean } = {}): string {
  const lineBreak = options.newlines === false ? " " : "\n";
  return text.replace(OSC, "").replace(CSI, "").replace(BREAKS, lineBreak).replace(/\t/g, " ").replace(DROPPED, "");
}
