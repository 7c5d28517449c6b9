import { toSlack } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import type { SlackMessage } from "../../messages/blocks.js";
import { actionNoteMessage } from "../../messages/boards.js";
import { OFFER_EXPIRED, OFFER_USED } from "../../messages/offers.js";
import { RECORD_RETENTION_MS } from "../../store/retention.js";
import type { ButtonArgs } from "./shared.js";

// An offer to spend (the did-you-mean reply, the reference offer, Run again in a history list) is spent once
// (decision 0025): its first click claims it in the store and replaces it with what the click did; any later click
// of it (a second device still drawing it, both buttons at once, the same list clicked again) runs nothing and is
// told so. Confirm / Cancel are the same rule kept by their pending request (store/pending-requests.ts), taken once.

/** An offer: the claim key it is spent under, and when it was posted (ms), where that is known. */
export interface Offer {
  key: string;
  postedAt?: number;
  /** Only for a click that cannot name its offer (a Home tab without a hash): taken again after this window. */
  windowMs?: number;
}

/**
 * The offer a click on a message is: the message itself, whichever of its buttons was clicked (a click on an
 * ephemeral names it in `container` only). Undefined for a click elsewhere.
 */
export function messageOffer(body: ButtonArgs["body"]): Offer | undefined {
  const channel = body.channel?.id ?? (body.container?.channel_id as string | undefined);
  const ts = body.message?.ts ?? (body.container?.message_ts as string | undefined);
  if (!channel || !ts) return undefined;
  // A message ts is its post time in seconds.
  const postedAt = Number(ts) * 1000;
  return { key: `offer:${channel}:${ts}`, ...(Number.isFinite(postedAt) ? { postedAt } : {}) };
}

/** A note only the clicker sees, beside the offer (through the click's `response_url`, never replacing it). */
export async function offerNote(deps: BotDeps, args: Pick<ButtonArgs, "respond">, text: string): Promise<void> {
  await args
    .respond({ response_type: "ephemeral", replace_original: false, ...toSlack(actionNoteMessage(text)) })
    .catch((error: unknown) => deps.logger.warn({ err: error }, "could not answer a click on an offer"));
}

/**
 * Replaces the offer clicked with what the click did, through the click's `response_url`, which Slack lets update
 * "the original interactive message, regardless of whether it was an ephemeral message or not"
 * (https://docs.slack.dev/messaging/modifying-messages, Updating messages using response_url): one way for the
 * ephemeral offers of a slash command and the messages of a thread or DM alike. A refusal is logged: the claim
 * already keeps the offer spent.
 */
export async function replaceOffer(deps: BotDeps, args: Pick<ButtonArgs, "respond">, replacement: SlackMessage) {
  await args
    .respond({ replace_original: true, ...toSlack(replacement) })
    .catch((error: unknown) => deps.logger.warn({ err: error }, "could not replace an offer after its click"));
}

/**
 * Takes `offer` for this click, once ever: the claim lives in the store (durable, shared by replicas) and is never
 * released, so the offer stays spent whatever its click led to. A click of an offer already taken, or older than the
 * store keeps claims (it could not tell), gets `note` with why, and false: nothing may run from it.
 */
export async function takeOffer(deps: BotDeps, offer: Offer, note: (text: string) => Promise<void>): Promise<boolean> {
  const at = deps.now();
  if (offer.postedAt !== undefined && at - offer.postedAt > RECORD_RETENTION_MS) {
    deps.logger.info({ offer: offer.key }, "a click on an expired offer: nothing spent");
    await note(OFFER_EXPIRED);
    return false;
  }
  if (!(await deps.store.claims.claim(offer.key, at, offer.windowMs))) {
    deps.logger.info({ offer: offer.key }, "a click on an offer already used: nothing spent");
    await note(OFFER_USED);
    return false;
  }
  return true;
}
