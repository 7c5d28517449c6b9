// Closing a thread's agent session by saying so (decision 0028). Slack documents no event for a person closing a
// session: the session guide lists the statuses the app sets (https://docs.slack.dev/ai/agent-sessions/: "processing",
// "active", "suspended", "closed") and the only session event is the stop button's
// (https://docs.slack.dev/reference/events/agent_session_stopped/). So a person closes one in words, in the thread:
// "done", "close this", "that's all". The words are few and must be the whole message: anything else in it ("a door
// closed at night", "close up of a rose", "done deal poster") is read as it always was, since a prompt misread as a
// close only costs a line, but a close misread as a prompt would cost credits.

import { plainWords } from "./small-talk.js";

// What closes, alone: said to an agent that just finished ("done", "all done", "that's all", "close this").
const CLOSE =
  "done|all done|(?:i'm|i am|we're|we are|im) done|(?:i'm|i am|we're|we are|im) all done|that's (?:all|it)|that is (?:all|it)|close|close (?:this|it|the thread|this thread|the session|this session|session)|you can close (?:this|it|the thread|this thread)|end (?:this|the) session|end session";
// What may come before it: an acknowledgement ("ok, that's all", "great, done").
const BEFORE = "ok|okay|ok then|great|perfect|cool|thanks|thank you|nice|good";
// What may come after it: thanks, or when ("done for now", "that's all, thanks!").
const AFTER = "for now|for today|now|thanks|thank you|thx|ty|cheers|thanks a lot|thank you so much";
const READS_AS_CLOSE = new RegExp(`^(?:(?:${BEFORE}) )?(?:${CLOSE})(?: (?:${AFTER}))*$`);

/** A close is short: longer texts are never matched (and a pasted brief costs no regex time). */
const MAX_WORDS = 8;
const MAX_LENGTH = 200;

/**
 * Whether a message in a thread asks to close the thread's agent session: one of a few close phrases, alone but for an
 * acknowledgement before it and thanks after it (case, accents, punctuation and emoji ignored). Read on the text
 * without the bot's mention.
 *
 * @example readsAsClose("Done, thanks!") // true
 * @example readsAsClose("a door closed at night") // false: a prompt
 */
export function readsAsClose(text: string): boolean {
  // A question ("done?", "can you close this?") is asked, not said: it is answered as usual.
  if (text.length > MAX_LENGTH || /[?？؟¿]/u.test(text)) return false;
  const words = plainWords(text);
  if (words.length === 0 || words.length > MAX_WORDS) return false;
  return READS_AS_CLOSE.test(words.join(" "));
}
