// Splits command text into words, keeping quoted phrases together. Slack clients turn straight quotes into
// typographic ones and "--" into an em dash on many keyboards (macOS and iOS smart punctuation), so both forms
// are read the same way. Nothing here throws: an unclosed quote simply runs to the end of the text.

/** One word of a command text. */
export interface Token {
  /** The word, without its quotes. */
  value: string;
  /** True when the word was quoted: a quoted `--x` is text, never a flag. */
  quoted: boolean;
  /** For `--flag=value`: the value part, when present (the flag name is in `value`). */
  inlineValue?: string;
}

// Opening quote -> the closing quotes that end it. Smart-quote pairs also accept the straight form and the
// opener itself, since mixed quotes are common when text is pasted between apps.
const CLOSERS: Record<string, string> = {
  '"': '"”“',
  "'": "'’‘",
  "“": '”“"',
  "”": '”“"',
  "„": '“”"',
  "‘": "’‘'",
  "’": "’‘'",
  "«": "»",
};

const isSpace = (char: string | undefined) => char !== undefined && /\s/u.test(char);

/** Reads a quoted run starting at `start` (on the opening quote): its text and the index after it. */
function readQuoted(text: string, start: number): { value: string; end: number } {
  const opener = text[start] ?? '"';
  const closers = CLOSERS[opener] ?? opener;
  let i = start + 1;
  while (i < text.length) {
    const char = text[i] ?? "";
    // A closing quote ends the phrase only before a space or the end, so "it's" inside quotes survives.
    if (closers.includes(char) && (i + 1 >= text.length || isSpace(text[i + 1]))) {
      return { value: text.slice(start + 1, i), end: i + 1 };
    }
    i++;
  }
  return { value: text.slice(start + 1), end: text.length };
}

/** Reads an unquoted word starting at `start`. */
function readWord(text: string, start: number): { value: string; end: number } {
  let i = start;
  while (i < text.length && !isSpace(text[i])) i++;
  return { value: text.slice(start, i), end: i };
}

/** `—ratio` and `–ratio` (dashes from smart punctuation) are read as `--ratio`. */
function normaliseDashes(word: string): string {
  return /^(—|–|−−)/u.test(word) ? `--${word.slice(word.startsWith("−−") ? 2 : 1)}` : word;
}

/**
 * Splits text into tokens. Quotes (`"..."`, `'...'`, `“...”`, `‘...’`) group words when they open a word;
 * an apostrophe inside a word (`don't`) is kept as is. `--flag=value` keeps the value, quoted or not.
 *
 * @example tokenize('a cat --board "Spring campaign"') // [a] [cat] [--board] [Spring campaign (quoted)]
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    if (isSpace(text[i])) {
      i++;
      continue;
    }
    if ((text[i] ?? "") in CLOSERS) {
      const { value, end } = readQuoted(text, i);
      tokens.push({ value, quoted: true });
      i = end;
      continue;
    }
    const word = readWord(text, i);
    const flag = normaliseDashes(word.value);
    const eq = flag.indexOf("=");
    if (flag.startsWith("--") && eq > 2) {
      const valueStart = i + (word.value.length - flag.length) + eq + 1;
      // The value may be quoted and contain spaces: --board="Spring campaign".
      const quoted = (text[valueStart] ?? "") in CLOSERS;
      const value = quoted ? readQuoted(text, valueStart) : { value: flag.slice(eq + 1), end: word.end };
      tokens.push({ value: flag.slice(0, eq), quoted: false, inlineValue: value.value });
      i = value.end;
      continue;
    }
    tokens.push({ value: flag, quoted: false });
    i = word.end;
  }
  return tokens;
}
