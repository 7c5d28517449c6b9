import { echo, parseError, type ReadFlags, readFlags, readNumber } from "./flags.js";
import { generationCommand } from "./generation.js";
import { FLAGS, usage } from "./grammar.js";
import { type Token, tokenize } from "./tokenize.js";
import {
  COMMAND_WORDS,
  type Command,
  type CommandWord,
  type GenerationKind,
  type GenerationWord,
  type InvocationOptions,
  type ParseError,
  type ParseResult,
} from "./types.js";

const ROLES: readonly string[] = ["image", "video", "music", "voice"] satisfies GenerationKind[];
const isCommandWord = (word: string): word is CommandWord => (COMMAND_WORDS as readonly string[]).includes(word);
const ok = (command: Command): ParseResult => ({ ok: true, command });
const isError = (value: ReadFlags | ParseError): value is ParseError => "ok" in value;
const text = (read: ReadFlags) => read.words.join(" ").trim();

const EXAMPLES: Record<GenerationWord, string> = {
  image: "image a lighthouse at dusk --ratio 16:9",
  video: "video waves on a rocky shore --duration 5",
  music: "music calm piano for a product tour --instrumental",
  voice: "voice Welcome to the spring collection.",
  avatar: "avatar Welcome to the spring collection. --image img_123",
  lipsync: "lipsync Welcome to the spring collection. --video vid_123",
};

/** The most jobs `history` lists at once (one line each: 25 keep a Slack message well within its limits). */
export const MAX_HISTORY = 25;

/**
 * The error for a generation command given no prompt (for `voice`, no script), with an example to type. The
 * parser returns it when nothing but flags follows the command word; an app that reads its arguments another
 * way (the CLI) returns it too, so the words are the same.
 *
 * @example emptyPromptError("video", { invocation: "studio" }).message
 * // "`video` needs a prompt, such as `studio video waves on a rocky shore --duration 5`."
 */
export function emptyPromptError(kind: GenerationWord, { invocation }: InvocationOptions): ParseError {
  const what = kind === "voice" || kind === "avatar" ? "a script to read" : "a prompt";
  const example = `${invocation} ${EXAMPLES[kind]}`;
  return parseError("empty_prompt", kind, `\`${kind}\` needs ${what}, such as \`${example}\`.`, invocation);
}

function generation(kind: GenerationWord, tokens: Token[], invocation: string): ParseResult {
  const read = readFlags(tokens, FLAGS[kind], kind, invocation);
  if (isError(read)) return read;
  const prompt = text(read);
  if (kind === "lipsync") return lipsync(prompt, read, invocation);
  if (!prompt) return emptyPromptError(kind, { invocation });
  return ok(generationCommand(kind, prompt, read.values));
}

// The lips follow one sound: an audio result, or the script read aloud first; never both, never neither.
function lipsync(script: string, read: ReadFlags, invocation: string): ParseResult {
  const audio = read.values.audio !== undefined;
  if (script && audio) {
    return parseError(
      "unexpected_argument",
      "lipsync",
      "`lipsync` follows a script or an audio clip, not both: drop the script or `--audio`.",
      invocation,
    );
  }
  if (!script && !audio) {
    return parseError(
      "empty_prompt",
      "lipsync",
      `\`lipsync\` needs a script to read aloud or \`--audio <audio id>\`, such as \`${invocation} ${EXAMPLES.lipsync}\`.`,
      invocation,
    );
  }
  return ok(generationCommand("lipsync", script, read.values));
}

function history(tokens: Token[], invocation: string): ParseResult {
  const words = freeText("history", tokens, invocation);
  if (typeof words !== "string") return words;
  if (!words) return ok({ kind: "history" });
  const count = readNumber("count", words);
  if (typeof count === "number" && count >= 1 && count <= MAX_HISTORY) return ok({ kind: "history", count });
  return parseError(
    typeof count === "number" ? "unexpected_argument" : "not_a_number",
    "history",
    `\`history\` takes how many jobs to list, from 1 to ${MAX_HISTORY}, such as \`${invocation} history 5\` (got \`${echo(words)}\`).${typeof count === "number" ? "" : asImage("history", tokens, invocation)}`,
    invocation,
  );
}

// An id as the platform and the bot write them (`img_...`, a job's id): one word of letters, digits, `_`, `-`, `.`.
const ID = /^[A-Za-z0-9][\w.-]*$/;

function show(tokens: Token[], invocation: string): ParseResult {
  const words = freeText("show", tokens, invocation);
  if (typeof words !== "string") return words;
  if (ID.test(words)) return ok({ kind: "show", id: words });
  return parseError(
    words ? "unexpected_argument" : "missing_argument",
    "show",
    words
      ? `\`show\` takes one id, as a result's id line or \`${invocation} history\` shows it, such as \`${invocation} show img_3f9a\` (got \`${echo(words)}\`).${asImage("show", tokens, invocation)}`
      : `\`show\` needs the id of a result or of its job, such as \`${invocation} show img_3f9a\`: each result's id line and \`${invocation} history\` show them.`,
    invocation,
  );
}

/** Words after a command that takes only free text (no flags): the text, or the first problem. */
function freeText(command: CommandWord, tokens: Token[], invocation: string): string | ParseError {
  const read = readFlags(tokens, {}, command, invocation);
  return isError(read) ? read : text(read);
}

function nothingAfter(command: "credits" | "boards" | "brand", tokens: Token[], invocation: string): ParseResult {
  const first = tokens[0];
  if (!first) return ok({ kind: command });
  return parseError(
    "unexpected_argument",
    command,
    `\`${command}\` takes nothing after it (got \`${echo(first.value)}\`): type \`${invocation} ${command}\`.${asImage(command, tokens, invocation)}`,
    invocation,
  );
}

// "brand new sneakers", "history museum hall" and "show me a fox" are likely image prompts that happen to start with
// a command word: say how to generate them. (Nobody starts a prompt with "credits" or "boards"; their texts are
// unchanged.)
function asImage(command: CommandWord, tokens: Token[], invocation: string): string {
  if (command !== "brand" && command !== "history" && command !== "show") return "";
  const words = [command, ...tokens.map((token) => token.value)].join(" ");
  return ` For an image, type \`${invocation} image ${echo(words)}\`.`;
}

function board(tokens: Token[], invocation: string): ParseResult {
  const [sub, ...rest] = tokens;
  const action = sub && !sub.quoted ? sub.value.toLowerCase() : "";
  if (action !== "new" && action !== "use") {
    const got = sub ? ` (got \`${echo(sub.value)}\`)` : "";
    return parseError(
      sub ? "unexpected_argument" : "missing_argument",
      "board",
      `\`board\` takes \`new\` or \`use\` and a title${got}. To list boards, type \`${invocation} boards\`.`,
      invocation,
    );
  }
  const title = freeText("board", rest, invocation);
  if (typeof title !== "string") return title;
  if (!title) {
    return parseError(
      "missing_argument",
      "board",
      `\`board ${action}\` needs a title: \`${invocation} board ${action} "Spring campaign"\`.`,
      invocation,
    );
  }
  return ok({ kind: action === "new" ? "board-new" : "board-use", title });
}

function read(command: CommandWord, tokens: Token[], invocation: string): ParseResult {
  switch (command) {
    case "image":
    case "video":
    case "music":
    case "voice":
    case "avatar":
    case "lipsync":
      return generation(command, tokens, invocation);
    case "credits":
    case "boards":
    case "brand":
      return nothingAfter(command, tokens, invocation);
    case "history":
      return history(tokens, invocation);
    case "show":
      return show(tokens, invocation);
    case "board":
      return board(tokens, invocation);
    case "assets": {
      const term = freeText(command, tokens, invocation);
      if (typeof term !== "string") return term;
      if (!term) {
        return parseError(
          "missing_argument",
          command,
          `\`assets\` needs a search term: \`${invocation} assets tent\`.`,
          invocation,
        );
      }
      return ok({ kind: "assets", term });
    }
    case "models": {
      const role = freeText(command, tokens, invocation);
      if (typeof role !== "string") return role;
      if (!role) return ok({ kind: "models" });
      const lower = role.toLowerCase();
      if (ROLES.includes(lower)) return ok({ kind: "models", role: lower as GenerationKind });
      return parseError(
        "unexpected_argument",
        command,
        `\`models\` takes image, video, music or voice (got \`${echo(role)}\`).`,
        invocation,
      );
    }
    case "presets": {
      const query = freeText(command, tokens, invocation);
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
 * Reads the text of a command (what follows the invocation). Text whose first word is not a command word is an
 * image prompt; an empty text asks for help. Never throws: anything unreadable comes back as a
 * {@link ParseError} whose `message` tells the user what to type instead, naming the command as `invocation`.
 * The text is read as typed: an app whose platform escapes text (Slack's `&amp;`) unescapes it first.
 *
 * @example parseCommand('video "waves at night" --duration 5 --audio', { invocation: "studio" })
 * // { ok: true, command: { kind: "video", prompt: "waves at night", duration: 5, audio: true, presets: [] } }
 */
export function parseCommand(input: string, { invocation }: InvocationOptions): ParseResult {
  try {
    const tokens = tokenize(typeof input === "string" ? input : "");
    const first = tokens[0];
    if (!first) return ok({ kind: "help" });
    const word = first.quoted || first.inlineValue !== undefined ? "" : first.value.toLowerCase();
    if (isCommandWord(word)) return read(word, tokens.slice(1), invocation);
    return read("image", tokens, invocation);
  } catch {
    // Defensive only: the fuzz test finds no input that gets here, but a reply beats a crashed handler.
    return {
      ok: false,
      code: "unreadable",
      message: `I could not read that command. Try \`${invocation} help\`.`,
      usage: usage("help", invocation),
    };
  }
}
