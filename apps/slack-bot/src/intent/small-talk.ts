// Texts that talk to the bot instead of describing a picture: greetings, thanks, questions, requests for help.
// Part of the intent rule (intent.ts): each is answered without spending a credit. The lists are short on
// purpose. Everything here reads a text's words after the flags were taken out.

/**
 * A text's words, for matching phrases: accents and case folded, curly apostrophes made straight, split on
 * anything that is not a letter, a digit or an apostrophe inside a word ("What's up?!" -> ["what's", "up"]).
 */
export function plainWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter(Boolean);
}

// Said alone, these are small talk, not a description: answering with help costs nothing, generating an image of
// "thanks" costs credits. "hi-fi speaker" or "hello kitty plush toy" are not alone, so they still generate.
const HELLO =
  "hi+|hello+|hey+|heya|hiya|howdy|yo|sup|wass?up|what's up|hola|bonjour|salut|ciao|hallo|hej|moin|namaste|greetings|good (?:morning|afternoon|evening|day|night)|morning|evening|gm";
const THANKS = "thanks|thank (?:you|u)|thanx|thx|ty|tysm|cheers|much appreciated";
// One-word answers people type to a bot that just answered them, or to see whether it is there.
const ACKNOWLEDGE =
  "ok(?:ay)?|kk?|cool|nice|great|awesome|perfect|sweet|lol|haha+|test(?:ing)?|ping|bye|goodbye|see (?:you|ya)|yes|no|yep|nope|sure";
// Words that may follow a greeting without making it a description: "hey there", "thank you so much, Studio".
const ADDRESS =
  "there|studio|bot|all|everyone|everybody|team|folks|friend|buddy|again|so much|a lot|very much|man|mate|y'all|guys";
const SMALL_TALK = new RegExp(`^(?:(?:${HELLO}|${THANKS}|${ACKNOWLEDGE})(?: (?:${ADDRESS}))*(?: |$))+$`);
const LEADING_HELLO = new RegExp(`^(?:(?:${HELLO})(?: (?:${ADDRESS}))* )+`);

// Small talk is short: longer texts are never matched against it (and a pasted brief costs no regex time).
const MAX_SMALL_TALK_WORDS = 8;

/** True when the words are only a greeting, thanks or a one-word acknowledgement ("hey there", "thank you!"). */
export function isSmallTalk(words: readonly string[]): boolean {
  return words.length > 0 && words.length <= MAX_SMALL_TALK_WORDS && SMALL_TALK.test(`${words.join(" ")} `);
}

/** The words without a greeting in front ("hi studio, what can you do" -> "what can you do"). */
export function withoutGreeting(words: readonly string[]): string[] {
  const greeting = LEADING_HELLO.exec(`${words.slice(0, MAX_SMALL_TALK_WORDS).join(" ")} `);
  if (!greeting) return [...words];
  return words.slice(greeting[0].trim().split(" ").length);
}

const WH = new Set(["what", "how", "why", "who", "when", "where", "which", "whose", "whom"]);
// A verb or a pronoun right after the question word makes a question ("what can", "how do", "who are"); "what a
// beautiful sunset" (an exclamation) and "where the wild things are" (a title) have neither, so they generate.
const AUXILIARY = new Set([
  "is",
  "are",
  "was",
  "were",
  "am",
  "do",
  "does",
  "did",
  "can",
  "could",
  "should",
  "would",
  "will",
  "shall",
  "may",
  "might",
  "have",
  "has",
]);
const PRONOUN = new Set([
  "you",
  "u",
  "i",
  "we",
  "it",
  "there",
  "this",
  "that",
  "they",
  "he",
  "she",
  "me",
  "my",
  "your",
]);
// "how much", "what kind of": quantity and kind questions.
const FOLLOWS_WH = new Set(["much", "many", "long", "often", "far", "kind", "sort", "type", "else"]);
// Requests for help or for an explanation, addressed to the bot.
const REQUESTS = [
  ["help", "me"],
  ["please", "help"],
  ["tell", "me"],
  ["explain"],
  ["i", "need", "help"],
  ["i", "don't", "understand"],
  ["show", "me", "how"],
];

const QUESTION_MARKS = new Set(["?", "？", "؟"]);
// What may follow the question mark: closing quotes and brackets, "!", emoji and spaces ("what?! 🙂").
const TRAILING = /^(?:[\s!！.。"'”’»)\]*_~`\p{Extended_Pictographic}]|\u200d|\ufe0f)$/u;

/** True when the text's last character, past closing punctuation and emoji, is a question mark. */
function endsWithQuestionMark(text: string): boolean {
  // A loop from the end rather than an end-anchored regex: that would be quadratic on a long run of spaces.
  const chars = Array.from(text);
  for (let i = chars.length - 1; i >= 0; i--) {
    const char = chars[i] ?? "";
    if (QUESTION_MARKS.has(char)) return true;
    if (!TRAILING.test(char)) return false;
  }
  return false;
}

/**
 * True when a text reads as a question or a request to the bot rather than a description of an image:
 * - it ends with a question mark ("a red fox?" too: an unsure asker should get to choose), or starts with "¿";
 * - it starts (after a greeting) with a question word and then a verb or pronoun ("what can you do", "how do I",
 *   "who's there": a contraction counts), or "how much" / "what kind";
 * - it starts with a verb and a pronoun ("can you", "could you", "do you", "are you", "is there");
 * - it starts with a request for help ("help me", "please help", "tell me", "explain").
 * "what a beautiful sunset over the lake" is an exclamation (no verb after "what"), "how-to poster" is one word.
 *
 * @param sentence the text without its flags, as typed (the question mark is read from it)
 * @param words its {@link plainWords}
 */
export function isQuestion(sentence: string, words: readonly string[]): boolean {
  if (endsWithQuestionMark(sentence) || /^\s*¿/u.test(sentence)) return true;
  const [first = "", second = ""] = withoutGreeting(words);
  const [head, contraction] = first.split("'");
  if (head && WH.has(head)) {
    if (contraction !== undefined) return true; // what's, who's, how'd, where're
    return AUXILIARY.has(second) || PRONOUN.has(second) || FOLLOWS_WH.has(second);
  }
  if (AUXILIARY.has(first) && PRONOUN.has(second)) return true;
  const start = withoutGreeting(words);
  return REQUESTS.some((phrase) => phrase.every((word, i) => start[i] === word));
}
