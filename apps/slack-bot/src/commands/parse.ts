import { echo, parseError, type ReadFlags, readFlags } from "./flags.js";
import { FLAGS, USAGE } from "./grammar.js";
import { type Token, tokenize, unescapeSlack } from "./tokenize.js";
import {
  COMMAND_WORDS,
  type Command,
  type CommandWord,
  type GenerationKind,
  type ParseError,
  type ParseResult,
} from "./types.js";

const ROLES: readonly string[] = ["image", "video", "music", "voice"] satisfies GenerationKind[];
const isCommandWord = (word: string): word is CommandWord => (COMMAND_WORDS as readonly string[]).includes(word);
const ok = (command: Command): ParseResult => ({ ok: true, command });
const isError = (value: ReadFlags | ParseError): value is ParseError => "ok" in value;

const one = (read: ReadFlags, name: string) => read.values[name]?.[0];
const num = (read: ReadFlags, name: string) => {
  const value = one(read, name);
  return value === undefined ? undefined : Number(value);
};
const text = (read: ReadFlags) => read.words.join(" ").trim();

// Optional fields are left out rather than set to undefined, so results compare cleanly and serialise small.
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function generation(kind: GenerationKind, tokens: Token[]): ParseResult {
  const read = readFlags(tokens, FLAGS[kind], kind);
  if (isError(read)) return read;
  const prompt = text(read);
  if (!prompt) {
    const what = kind === "voice" ? "a script to read" : "a prompt";
    return parseError("empty_prompt", kind, `\`${kind}\` needs ${what}, such as \`${EXAMPLES[kind]}\`.`);
  }
  switch (kind) {
    case "image":
      return ok(
        defined({
          kind,
          prompt,
          ratio: one(read, "ratio"),
          count: num(read, "count"),
          model: one(read, "model"),
          quality: one(read, "quality"),
          resolution: one(read, "resolution"),
          presets: read.values.preset ?? [],
          board: one(read, "board"),
        }),
      );
    case "video":
      return ok(
        defined({
          kind,
          prompt,
          ratio: one(read, "ratio"),
          duration: num(read, "duration"),
          model: one(read, "model"),
          resolution: one(read, "resolution"),
          audio: read.values.audio !== undefined,
          presets: read.values.preset ?? [],
          board: one(read, "board"),
        }),
      );
    case "music":
      return ok(
        defined({
          kind,
          prompt,
          instrumental: read.values.instrumental !== undefined,
          lyrics: one(read, "lyrics"),
          minDuration: num(read, "min-duration"),
          maxDuration: num(read, "max-duration"),
        }),
      );
    case "voice":
      return ok(defined({ kind, script: prompt, voice: one(read, "voice"), language: one(read, "language") }));
  }
}

const EXAMPLES: Record<GenerationKind, string> = {
  image: "/studio image a lighthouse at dusk --ratio 16:9",
  video: "/studio video waves on a rocky shore --duration 5",
  music: "/studio music calm piano for a product tour --instrumental",
  voice: "/studio voice Welcome to the spring collection.",
};

/** Words after a command that takes only free text (no flags): the text, or the first problem. */
function freeText(command: CommandWord, tokens: Token[]): string | ParseError {
  const read = readFlags(tokens, {}, command);
  return isError(read) ? read : text(read);
}

function nothingAfter(command: "credits" | "boards", tokens: Token[]): ParseResult {
  const first = tokens[0];
  if (!first) return ok({ kind: command });
  return parseError(
    "unexpected_argument",
    command,
    `\`${command}\` takes nothing after it (got \`${echo(first.value)}\`): type \`/studio ${command}\`.`,
  );
}

function board(tokens: Token[]): ParseResult {
  const [sub, ...rest] = tokens;
  const action = sub && !sub.quoted ? sub.value.toLowerCase() : "";
  if (action !== "new" && action !== "use") {
    const got = sub ? ` (got \`${echo(sub.value)}\`)` : "";
    return parseError(
      sub ? "unexpected_argument" : "missing_argument",
      "board",
      `\`board\` takes \`new\` or \`use\` and a title${got}. To list boards, type \`/studio boards\`.`,
    );
  }
  const title = freeText("board", rest);
  if (typeof title !== "string") return title;
  if (!title) {
    return parseError(
      "missing_argument",
      "board",
      `\`board ${action}\` needs a title: \`/studio board ${action} "Spring campaign"\`.`,
    );
  }
  return ok({ kind: action === "new" ? "board-new" : "board-use", title });
}

function read(command: CommandWord, tokens: Token[]): ParseResult {
  switch (command) {
    case "image":
    case "video":
    case "music":
    case "voice":
      return generation(command, tokens);
    case "credits":
    case "boards":
      return nothingAfter(command, tokens);
    case "board":
      return board(tokens);
    case "assets": {
      const term = freeText(command, tokens);
      if (typeof term !== "string") return term;
      if (!term) return parseError("missing_argument", command, "`assets` needs a search term: `/studio assets tent`.");
      return ok({ kind: "assets", term });
    }
    case "models": {
      const role = freeText(command, tokens);
      if (typeof role !== "string") return role;
      if (!role) return ok({ kind: "models" });
      const lower = role.toLowerCase();
      if (ROLES.includes(lower)) return ok({ kind: "models", role: lower as GenerationKind });
      return parseError(
        "unexpected_argument",
        command,
        `\`models\` takes image, video, music or voice (got \`${echo(role)}\`).`,
      );
    }
    case "presets": {
      const query = freeText(command, tokens);
      if (typeof query !== "string") return query;
      return ok(query ? { kind: "presets", query } : { kind: "presets" });
    }
    case "help": {
      const topic = tokens[0]?.value.toLowerCase() ?? "";
      return ok(isCommandWord(topic) ? { kind: "help", topic } : { kind: "help" });
    }
  }
}

/**
 * Reads the text of a `/studio` command. Text whose first word is not a command word is an image prompt; an
 * empty text asks for help. Never throws: anything unreadable comes back as a {@link ParseError} whose
 * `message` tells the user what to type instead.
 *
 * @example parseCommand('video "waves at night" --duration 5 --audio')
 * // { ok: true, command: { kind: "video", prompt: "waves at night", duration: 5, audio: true, presets: [] } }
 */
export function parseCommand(input: string): ParseResult {
  try {
    const tokens = tokenize(unescapeSlack(typeof input === "string" ? input : ""));
    const first = tokens[0];
    if (!first) return ok({ kind: "help" });
    const word = first.quoted || first.inlineValue !== undefined ? "" : first.value.toLowerCase();
    if (isCommandWord(word)) return read(word, tokens.slice(1));
    return read("image", tokens);
  } catch {
    // Defensive only: the fuzz test finds no input that gets here, but a reply beats a crashed handler.
    return {
      ok: false,
      code: "unreadable",
      message: "I could not read that command. Try `/studio help`.",
      usage: USAGE.help,
    };
  }
}

// A mention may be `<@U123>` or `<@U123|studio>`, followed by punctuation people type after a name.
const LEADING_MENTION = /^\s*<@[A-Z0-9]+(?:\|[^>]*)?>[\s:,]*/i;

/** The text of an `@Studio ...` mention without the leading mention of the bot: what `/studio` would have got. */
export function stripMention(text: string): string {
  return (typeof text === "string" ? text : "").replace(LEADING_MENTION, "");
}

/**
 * Reads the text of an `@Studio ...` mention: strips the leading mention of the bot and reads the rest as
 * {@link parseCommand} does, so `@Studio a lighthouse` is an image command and `@Studio video ...` a video one.
 */
export function parseMention(text: string): ParseResult {
  return parseCommand(stripMention(text));
}
