// "how do I make a video?" asks how, not for a video and not for the whole help (issue 39): the answer is that one
// command and one example. Which command a how-to question is about is read from the words it names.

import type { CommandWord } from "@studio-kit/commands";
import { unescapeSlack } from "./slack-grammar.js";

// How a person asks how to do something: "how do I …", "how can we …", "how to …", "is there a way to …".
const HOW_TO =
  /^(?:hi |hey |hello )?(?:@\S+ )?(?:how (?:do|can|could|should|would) (?:i|we|you|one)|how to|how'?s one|is there a way to|what'?s the (?:command|way) (?:to|for)|where do i|can i)\b/i;

// The words that name each command, longest first where one contains another ("lip sync" before "sync").
const TOPICS: [RegExp, CommandWord][] = [
  [/\blip ?-?sync/i, "lipsync"],
  [
    /\b(avatar|talking head|speaking (?:photo|character|avatar)|make (?:a|my) (?:photo|picture) (?:talk|speak))/i,
    "avatar",
  ],
  [/\b(voice ?over|voice|narrat\w*|read (?:out|aloud)|text to speech|speech)\b/i, "voice"],
  [/\b(music|song|soundtrack|track|jingle|beat)\b/i, "music"],
  [/\b(video|videos|clip|clips|animation|animate|movie|film)\b/i, "video"],
  [/\b(credits?|balance|how much (?:is )?left)\b/i, "credits"],
  [/\b(new board|create (?:a )?board|make (?:a )?board|default board|use (?:a )?board)\b/i, "board"],
  [/\b(boards)\b/i, "boards"],
  [/\b(models?)\b/i, "models"],
  [/\b(presets?|styles?)\b/i, "presets"],
  [/\b(history|my (?:last|recent|previous) (?:jobs|results|images))\b/i, "history"],
  [/\b(show (?:a|an|my) (?:result|image) again|bring (?:back|up) (?:a|an|my) (?:result|image))\b/i, "show"],
  [/\b(brand)\b/i, "brand"],
  [/\b(library|assets?|search (?:for )?(?:images|my files))\b/i, "assets"],
  [/\b(image|images|picture|pictures|photo|photos|drawing|illustration|poster|logo)\b/i, "image"],
];

/**
 * The command a how-to question is about ("how do I make a video?" → `video`); undefined when the text is not a
 * how-to question, or names no command. Never throws.
 *
 * @example howToTopic("how do I make a video?") // "video"
 * @example howToTopic("can you make a video of a fox?") // undefined: a request, not a how-to question
 */
export function howToTopic(text: string): CommandWord | undefined {
  const said = typeof text === "string" ? unescapeSlack(text.slice(0, 500)).replace(/\s+/g, " ").trim() : "";
  if (!HOW_TO.test(said)) return undefined;
  return TOPICS.find(([pattern]) => pattern.test(said))?.[1];
}

// "make an image", "create a video please": a request to make something that does not say what. Read as a prompt it
// would generate a picture of those very words (and charge for it).
const EMPTY_REQUEST =
  /^(?:please |can you |could you )?(?:make|create|generate|draw|render|produce|give me|do)(?: me| us)? (?:a |an |some |one |another )?(?:new )?(image|picture|photo|pic|drawing|illustration|video|clip|animation|song|track|tune|music|voice ?over)s?(?: please| for me)?[.!?]*$/i;

const EMPTY_TOPIC: Record<string, CommandWord> = {
  video: "video",
  clip: "video",
  animation: "video",
  song: "music",
  track: "music",
  tune: "music",
  music: "music",
  voiceover: "voice",
  "voice over": "voice",
};

/**
 * The command a request names without saying what to make ("make an image" → `image`); undefined for any text that
 * says more. Never throws.
 *
 * @example emptyRequestTopic("make an image") // "image"
 * @example emptyRequestTopic("make an image of a fox") // undefined
 */
export function emptyRequestTopic(text: string): CommandWord | undefined {
  const said = typeof text === "string" ? unescapeSlack(text.slice(0, 200)).replace(/\s+/g, " ").trim() : "";
  const kind = EMPTY_REQUEST.exec(said)?.[1]?.toLowerCase();
  return kind === undefined ? undefined : (EMPTY_TOPIC[kind] ?? "image");
}
