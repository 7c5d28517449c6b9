// What an offer to spend becomes once it is used (decision 0025): the offer's message, replaced on its first click,
// says what that click did; a later click of it (a second device still drawing the offer) gets a note.

import { message, quote, type SlackMessage, section } from "./blocks.js";

/**
 * What replaces a did-you-mean or reference offer on its first click: the choice, by the label of the button that
 * was clicked (a person's text: escaped and cut). The answer follows where the original text's would have gone.
 *
 * @example offerTakenMessage("Image of 'a cat'").text // "You chose: Image of 'a cat'"
 */
export function offerTakenMessage(label: string): SlackMessage {
  const choice = quote(label, 100);
  return message(`You chose: ${choice}`, [section(`:white_check_mark: You chose *${choice}*. On its way.`)]);
}

/** The note for a click of an offer already used: nothing was spent by it, and where the first click's answer is. */
export const OFFER_USED =
  "That offer was already used: its first click is the one that runs, and this click spent nothing.";

/** The note for a click of an offer older than the bot keeps its claims: nothing is run from it any more. */
export const OFFER_EXPIRED = "That offer has expired and this click spent nothing. Send your request again.";
