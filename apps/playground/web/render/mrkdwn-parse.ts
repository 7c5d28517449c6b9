// Slack's mrkdwn as a tree of tokens, with no DOM: https://api.slack.com/reference/surfaces/formatting.
// The parser only recognises structure; deciding what is a safe link and how a name reads is the renderer's job
// (mrkdwn.ts). Entities (&lt; &gt; &amp;) are decoded in text only after `<…>` tokens were found, so escaped user
// text such as `&lt;script&gt;` stays text.

/** One piece of formatted text. */
export type MdNode =
  | { type: "text"; text: string }
  | { type: "br" }
  | { type: "bold" | "italic" | "strike"; children: MdNode[] }
  | { type: "code"; text: string }
  | { type: "pre"; text: string }
  | { type: "quote"; children: MdNode[] }
  | { type: "link"; url: string; label?: string }
  | { type: "user"; id: string; label?: string }
  | { type: "channel"; id: string; label?: string }
  | { type: "subteam"; id: string; label?: string }
  | { type: "special"; name: string; label?: string }
  | { type: "date"; epoch: number; format: string; fallback: string; url?: string }
  | { type: "emoji"; name: string };

/** Decodes the three entities Slack escapes (https://api.slack.com/reference/surfaces/formatting#escaping). */
export function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", amp: "&" })[name] ?? "");
}

/** Parses mrkdwn into blocks (code blocks, quotes) holding inline tokens. */
export function parseMrkdwn(source: string): MdNode[] {
  const nodes: MdNode[] = [];
  // ``` fences first: nothing inside them is formatted.
  const parts = source.split(/```/);
  parts.forEach((part, index) => {
    const fenced = index % 2 === 1 && index < parts.length - 1;
    if (fenced) {
      nodes.push({ type: "pre", text: decodeEntities(part.replace(/^\n/, "").replace(/\n$/, "")) });
      return;
    }
    // A fence is a block of its own: the line breaks right around it are its edges, not <br>s.
    let text = index % 2 === 1 ? `\`\`\`${part}` : part;
    if (index > 0 && index % 2 === 0) text = text.replace(/^\n/, "");
    if (index < parts.length - 2) text = text.replace(/\n$/, "");
    nodes.push(...parseLines(text));
  });
  return nodes;
}

// Slack clients send quotes escaped ("&gt; "), bots often raw ("> "): both mark a quoted line.
const QUOTE = /^(?:&gt;|>) ?/;

function parseLines(text: string): MdNode[] {
  if (!text) return [];
  const nodes: MdNode[] = [];
  const lines = text.split("\n");
  let plain: string[] = [];
  let quoted: string[] = [];
  const flushPlain = () => {
    if (plain.length) nodes.push(...parseInline(plain.join("\n")));
    plain = [];
  };
  const flushQuote = () => {
    if (quoted.length) nodes.push({ type: "quote", children: parseInline(quoted.join("\n")) });
    quoted = [];
  };
  for (const line of lines) {
    if (QUOTE.test(line)) {
      // A quote is its own block: the line break before it is the block's edge, not a <br>.
      flushPlain();
      quoted.push(line.replace(QUOTE, ""));
    } else {
      flushQuote();
      plain.push(line);
    }
  }
  flushQuote();
  flushPlain();
  return nodes;
}

const MARKS = { "*": "bold", _: "italic", "~": "strike" } as const;
type Mark = keyof typeof MARKS;
const isWord = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** Inline tokens of one run of text (no fences, no quote markers). */
export function parseInline(text: string): MdNode[] {
  const nodes: MdNode[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) nodes.push({ type: "text", text: decodeEntities(buffer) });
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === "\n") {
      flush();
      nodes.push({ type: "br" });
      i++;
      continue;
    }
    if (char === "<") {
      const end = text.indexOf(">", i + 1);
      const inner = end > i ? text.slice(i + 1, end) : "";
      if (end > i + 1 && !inner.includes("<") && !inner.includes("\n")) {
        flush();
        nodes.push(angleToken(inner));
        i = end + 1;
        continue;
      }
    }
    if (char === "`") {
      const end = text.indexOf("`", i + 1);
      if (end > i + 1 && !text.slice(i + 1, end).includes("\n")) {
        flush();
        nodes.push({ type: "code", text: decodeEntities(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (char in MARKS && !isWord(text[i - 1]) && !isSpace(text[i + 1])) {
      const end = closingMark(text, i, char as Mark);
      if (end > 0) {
        flush();
        nodes.push({ type: MARKS[char as Mark], children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (char === ":") {
      const match = /^:([a-z0-9_+'-]+):/.exec(text.slice(i));
      if (match?.[1]) {
        flush();
        nodes.push({ type: "emoji", name: match[1] });
        i += match[0].length;
        continue;
      }
    }
    buffer += char;
    i++;
  }
  flush();
  return nodes;
}

// The closing mark: same character, on the same line, after a non-space, and not followed by a letter or digit
// (so snake_case_names and 2*3*4 stay as they are).
function closingMark(text: string, start: number, mark: Mark): number {
  for (let j = start + 2; j < text.length; j++) {
    const char = text[j];
    if (char === "\n") return -1;
    if (char === mark && !isSpace(text[j - 1]) && !isWord(text[j + 1])) return j;
  }
  return -1;
}

/** `<…>` content: a mention, a channel, a group, a date, a special word, or a link (any scheme: checked later). */
function angleToken(inner: string): MdNode {
  const bar = inner.indexOf("|");
  const head = bar >= 0 ? inner.slice(0, bar) : inner;
  const label = bar >= 0 ? decodeEntities(inner.slice(bar + 1)) : undefined;
  const withLabel = <T extends MdNode>(node: T): T => (label === undefined ? node : { ...node, label });
  if (head.startsWith("@")) return withLabel({ type: "user", id: head.slice(1) });
  if (head.startsWith("#")) return withLabel({ type: "channel", id: head.slice(1) });
  if (head.startsWith("!subteam^")) return withLabel({ type: "subteam", id: head.slice("!subteam^".length) });
  if (head.startsWith("!date^")) {
    const [, epoch = "", format = "", url] = head.split("^");
    const date: MdNode = { type: "date", epoch: Number(epoch), format, fallback: label ?? "" };
    return url ? { ...date, url: decodeEntities(url) } : date;
  }
  if (head.startsWith("!")) return withLabel({ type: "special", name: head.slice(1) });
  return withLabel({ type: "link", url: decodeEntities(head) });
}
