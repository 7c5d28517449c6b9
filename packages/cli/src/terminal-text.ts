// What the CLI prints for a person passes through here (issue 42): a prompt, a board's title or an API's error can
// carry a terminal's escape sequences (ESC [ 31 m recolours what follows, ESC ] 0 ; retitles the window, OSC 8 makes
// a link), other C0 and C1 control characters (a lone CR rewrites the line it is on, BEL rings), and Unicode's bidi
// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder what follows on screen
// ("Trojan Source", https://trojansource.codes; UAX #9: https://www.unicode.org/reports/tr9/). The marks U+200E,
// U+200F and U+061C stay: right-to-left writers use them, and a mark reorders nothing by itself. The Slack bot drops
// the same characters from what it echoes (apps/slack-bot/src/messages/control-characters.ts).

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
 * `text` safe to write to a terminal: escape sequences go whole, a tab becomes a space, a line break becomes `\n`
 * (or a space with `newlines: false`, for a table's cell or a progress label), and other control characters and bidi
 * overrides are dropped.
 *
 * @example terminalText("fox\u001b[31m\u202e\r\nred") // "fox\nred"
 */
export function terminalText(text: string, options: { newlines?: boolean } = {}): string {
  const lineBreak = options.newlines === false ? " " : "\n";
  return text.replace(OSC, "").replace(CSI, "").replace(BREAKS, lineBreak).replace(/\t/g, " ").replace(DROPPED, "");
}
