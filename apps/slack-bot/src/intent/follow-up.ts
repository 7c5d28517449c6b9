// A message to the bot in the thread of one of its results is the next turn of a conversation about that result
// (issue 39): "make it more blue" changes it, "again" makes more of it, "what model made this?" asks about it. This
// reads such a message, by rules that can be read and tested (no language model: docs/decisions/0025), into one
// answer. Every reading that would spend is one that people use for exactly that; what could be a change or a new
// picture alike ("blue", "a cat") is `unclear`, and the bot asks with buttons instead of guessing into a paid job. A
// text that reads as a new request (a longer description, a command word) is `new`: it runs as it would anywhere.
// test/follow-up.test.ts holds the table of phrasings, those that must NOT be read as a change among them.

import { COMMAND_WORDS } from "@studio-kit/commands";
import { unescapeSlack } from "./slack-grammar.js";

/** What the result the thread is about is: only an image can be changed or animated. */
export type ResultKind = "image" | "video" | "audio";

/** What a question about a result asks (answered from the job's record: nothing is spent). */
export type ResultQuestion = "model" | "cost" | "prompt" | "settings" | "when" | "who" | "id" | "any";

/** A message in a result's thread, read against that result. */
export type FollowUp =
  /** A new image from this one, its prompt changed by `change` ("more blue", "at night", "without the boat"). */
  | { kind: "change"; change: string }
  /** The same request again, with the same settings; `count` when a number was said ("4 more"). */
  | { kind: "again"; count?: number }
  /** A video of this image (its first frame). */
  | { kind: "animate" }
  /** This result onto the board titled `title`. */
  | { kind: "board"; title: string }
  /** A question about the result. */
  | { kind: "question"; about: ResultQuestion }
  /** "start over with …": a new image of `prompt`, not from this one (no prompt: ask what to make). */
  | { kind: "start-over"; prompt?: string }
  /** Something that could be a change or a new request alike: asked with buttons. */
  | { kind: "unclear"; text: string }
  /** Not about the result: a new request, read as anywhere else. */
  | { kind: "new" };

const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, couple: 2, few: 3 };

/** The text as a person wrote it, for matching: Slack's escapes undone, spaces single, trailing marks and "please" gone. */
function plain(text: string): string {
  return unescapeSlack(text)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(please|pls|ok(ay)?|now|and|also|hmm+|great|nice|cool|thanks)[,!.]?\s+/i, "")
    .replace(/[,]?\s*(please|pls|thanks|thank you)[.!]*$/i, "")
    .replace(/\s*[.!]+$/, "")
    .trim();
}

// "again", "another one", "one more", "more like this", "re-roll", "same again", "4 more", "another 2", "2 more of those"
const AGAIN =
  /^(again|do it again|same again|one more( time)?|another( one)?|more( like (this|that|these))?|re-?roll|redo|retry|try again|regenerate)$/i;
const MORE =
  /^(?:give me |make |do )?(?:(\d+|a couple|a few|one|two|three|four)\s+more|another\s+(\d+|two|three|four))(?:\s+(?:of (?:these|those|them)|like (?:this|that|these|those)|please|times))?$/i;

// "animate it", "as a video", "make it a video", "turn this into a video", "bring it to life"
const ANIMATE =
  /^(?:(?:can|could) you )?(?:animate(?: (?:it|this|that|the image))?|as a video|(?:make|turn) (?:it|this|that|the image) (?:into )?(?:a )?video|make a video (?:of|from) (?:it|this|that)|bring (?:it|this) to life)\??$/i;

// "put it on Spring campaign", "add this to the Spring campaign board", "save it to board X"
const BOARD =
  /^(?:(?:can|could) you )?(?:put|add|save|pin|move) (?:it|this|that|them|these|the images?|the video)?\s*(?:on|onto|to|in|into) (?:the )?(?:board )?["“]?(.+?)["”]?(?: board)?\??$/i;

// "start over with a red fox", "start again: a kite", "new one: …", "something else: …"
const START_OVER =
  /^(?:start over|start again|from scratch|new one|something else|forget (?:it|that))(?:\s*(?:with|:|-)\s*(.*))?$/i;

// A question about the result: what made it, what it cost, what it was asked for.
const QUESTIONS: [RegExp, ResultQuestion][] = [
  [/\b(model|engine|ai|generator)\b/i, "model"],
  [/\b(cost|costs|credits?|price|pay|paid|spend|spent|charge|charged|how much)\b/i, "cost"],
  [/\b(prompt|asked for|what did (i|you|we|they) (ask|write|type|say))\b/i, "prompt"],
  [/\b(settings|ratio|aspect|size|resolution|quality|preset|presets|how many)\b/i, "settings"],
  [/\b(when|what time|how long ago)\b/i, "when"],
  [/\b(who)\b/i, "who"],
  [/\b(id|ids)\b/i, "id"],
];
const QUESTION_START =
  /^(what|which|who|when|how|where|why|did|does|do|is|was|were|can you tell|tell me|show me the (prompt|settings|model))\b/i;
const ABOUT_IT = /\b(it|this|that|these|those|the (image|picture|video|result|track|audio))\b/i;

// How people ask for a change of a picture: a verb that edits, a direction, or a comparative on its own.
const CHANGE_LEADS: RegExp[] = [
  // "make it more blue", "make the sky darker", "can you make them wider"
  /^(?:(?:can|could|would) you |let'?s |try (?:to )?)?(?:make|turn|get|render|paint|draw|redo|change|have) (?:it|this|that|them|these|the \w+(?: \w+)?) (.+)$/i,
  // "more blue", "less busy", "a bit darker", "much wider", "slightly warmer"
  /^((?:(?:a (?:bit|little|lot)|much|way|even|slightly|somewhat|far) )?(?:more|less) .+)$/i,
  // "add a boat", "remove the boat", "without the boat", "with a red hat", "no people", "swap the dog for a cat"
  /^((?:add|include|put in|remove|delete|erase|drop|lose|take out|get rid of|without|minus|with(?:out)?|no|swap|replace|change|switch|fix|keep|zoom (?:in|out)|crop|flip|mirror|rotate|center|centre) .+)$/i,
  // "at night", "at dawn", "in the rain", "in winter", "in watercolor", "in the style of Monet", "from above", "as a sketch"
  /^((?:at|in|during|under|from|as|on) (?:the |a |an )?(?:night|nighttime|dawn|dusk|sunset|sunrise|noon|midnight|golden hour|rain|snow|fog|mist|storm|winter|summer|autumn|fall|spring|dark|daylight|moonlight|style of .+|\w+ style|watercolou?r|oil|pencil|ink|pastel|black and white|b&w|colou?r|sepia|3d|pixel art|above|below|the side|behind|a distance|close up|close-up|sketch|painting|photo(?:graph)?|cartoon|drawing|illustration|poster|anime|comic)\b.*)$/i,
  // "black and white", "in colour", "brighter", "wider", "closer", "zoomed out", "warmer colors", "less saturated"
  /^((?:(?:a (?:bit|little|lot)|much|way|even|slightly|somewhat|far) )?(?:\w+er|closer|zoomed (?:in|out)|black and white|monochrome|grayscale|greyscale|sepia|vintage|retro|minimal(?:ist)?|photorealistic|realistic|cinematic|darker|brighter)(?: (?:and|,) .+| colou?rs?| tones?| lighting| light)?)$/i,
  // "but bluer", "but with a moon"
  /^but (.+)$/i,
];

// Comparatives end in -er, but so do plain nouns ("a tiger", "the river", "paper"): only these words count.
const COMPARATIVES = new Set(
  "bigger smaller wider narrower taller shorter darker brighter lighter warmer cooler colder hotter softer sharper bolder calmer busier simpler cleaner closer further farther higher lower louder quieter faster slower older younger happier sadder scarier cuter prettier richer deeper thinner thicker bluer redder greener yellower pinker whiter blacker grayer greyer moodier sunnier cloudier foggier rainier snowier stormier glossier grittier cozier cosier punchier brighter dimmer".split(
    " ",
  ),
);

/** The change a text asks for, when it reads as one ("more blue" of "make it more blue"); undefined otherwise. */
function changeOf(text: string): string | undefined {
  for (const [index, lead] of CHANGE_LEADS.entries()) {
    const match = lead.exec(text);
    const change = match?.[1]?.trim();
    if (!change) continue;
    // The comparative rule reads "-er" words: only the listed ones ("wider", not "a tiger").
    if (index === 4) {
      const first = change
        .replace(/^(?:(?:a (?:bit|little|lot)|much|way|even|slightly|somewhat|far) )/i, "")
        .split(/[ ,]/)[0]
        ?.toLowerCase();
      if (first?.endsWith("er") && !COMPARATIVES.has(first)) continue;
    }
    return change;
  }
  return undefined;
}

const isCommandWord = (word: string) => (COMMAND_WORDS as readonly string[]).includes(word.toLowerCase());

/**
 * Reads a message sent in the thread of a result of kind `kind` (mention removed, Slack-escaped), in this order:
 * a question about the result; "start over"; "put it on <board>"; animate (images); again / N more; a change
 * (images); a short text that is neither (three words or fewer, not a command) is `unclear`; the rest is `new`.
 * A command word first ("image a red fox", "credits") is always `new`: a command breaks out of the thread's result.
 * Never throws, for any string.
 *
 * @example readFollowUp("make it more blue", "image") // { kind: "change", change: "more blue" }
 * @example readFollowUp("a red fox jumping over a frozen river at dawn", "image") // { kind: "new" }
 */
export function readFollowUp(text: string, kind: ResultKind): FollowUp {
  const said = typeof text === "string" ? plain(text.slice(0, 2_000)) : "";
  if (!said) return { kind: "new" };
  const first = said.split(" ")[0] ?? "";
  if (isCommandWord(first.replace(/[:!]$/, "")) && !/^(more|again)$/i.test(first)) return { kind: "new" };

  const question = /\?$/.test(said) || QUESTION_START.test(said);
  if (question && !/^how (do|can|should) (i|we|you)\b/i.test(said)) {
    const about = QUESTIONS.find(([pattern]) => pattern.test(said))?.[1];
    if (about) return { kind: "question", about };
    if (ABOUT_IT.test(said) && !changeOf(said.replace(/^(can|could|would) you /i, ""))) {
      return { kind: "question", about: "any" };
    }
  }

  const over = START_OVER.exec(said);
  if (over) {
    const prompt = over[1]?.trim();
    return prompt ? { kind: "start-over", prompt } : { kind: "start-over" };
  }

  const board = BOARD.exec(said);
  if (board?.[1] && !/^(it|this|that|them)$/i.test(board[1])) return { kind: "board", title: board[1].trim() };

  if (kind === "image" && ANIMATE.test(said)) return { kind: "animate" };

  if (AGAIN.test(said)) return { kind: "again" };
  const more = MORE.exec(said);
  if (more) {
    const word = (more[1] ?? more[2] ?? "").toLowerCase().replace(/^a /, "");
    const count = /^\d+$/.test(word) ? Number(word) : NUMBERS[word];
    return count ? { kind: "again", count } : { kind: "again" };
  }

  if (kind === "image") {
    const change = changeOf(said.replace(/\?$/, ""));
    if (change) return { kind: "change", change };
  }

  // Three words or fewer that are neither: "blue", "a cat", "the sea": a change or a new picture alike. Only words:
  // an emoji alone or markup ("<b>") is not a description of either, and is read as anywhere else (it asks).
  if (said.split(" ").length <= 3 && /^[\p{L}\p{N}][\p{L}\p{N}\s'’-]*$/u.test(said))
    return { kind: "unclear", text: said };
  return { kind: "new" };
}

/**
 * The prompt of a change: the result's prompt, then what changes ("a lighthouse at dusk, more blue"). The model reads
 * both with the image itself (`parentImageId`), so the change is said as it was asked, not rewritten.
 *
 * @example changedPrompt("a lighthouse at dusk", "more blue") // "a lighthouse at dusk, more blue"
 */
export function changedPrompt(prompt: string, change: string): string {
  const base = prompt.trim().replace(/[\s,.;]+$/, "");
  return base ? `${base}, ${change.trim()}` : change.trim();
}

// "it", "this", "them", …: a word that points back at something already made.
const POINTS_BACK = /\b(it|its|this|that|them|these|those)\b/i;

/**
 * Whether a text, written where no result is in the thread (a new message in the bot's DM, which in the agent view
 * roots a thread of its own; a mention starting a thread), reads as being about an earlier result: "put it on the
 * Spring campaign board", "another one", "4 more", "animate it", "make it better", "more blue", "without the
 * boat". Read alone it would draw its own words, and charge for them (found trying the playground: "put it on the
 * Spring campaign board" in the DM made an image of that sentence). A change counts only when it points back or is
 * three words or fewer: "in the style of Monet, a harbour at dawn" is a description, and still generates.
 *
 * @example readsAsAboutAResult("another one") // true
 * @example readsAsAboutAResult("a red fox jumping over a frozen river at dawn") // false
 */
export function readsAsAboutAResult(text: string): boolean {
  const reading = readFollowUp(text, "image");
  switch (reading.kind) {
    case "board":
    case "again":
    case "animate":
      return true;
    case "change": {
      const said = plain(typeof text === "string" ? text.slice(0, 2_000) : "");
      return POINTS_BACK.test(said) || /^(more|less|but)\b/i.test(said) || said.split(" ").length <= 3;
    }
    default:
      return false;
  }
}
