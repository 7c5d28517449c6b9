import type { CreditsDecision } from "@studio-kit/commands";
import type { CreditsBalance } from "@studio-kit/core";
import { actions, button, context, escapeText, fields, message, type SlackMessage, section } from "./blocks.js";
import { counted } from "./describe.js";
import { ACTIONS } from "./ids.js";
import { slackDate } from "./slack-date.js";

const n = (value: number | null | undefined) => (value ?? 0).toLocaleString("en-US");

/** When the credits refill, in Slack's date token (each reader's time zone); said in words when the API gives no time. */
export const refillTime = (iso: string | null | undefined): string => slackDate(iso) ?? "at the next refill";

/**
 * The daily free allowance in words that say which number is which: "12 of 20 left" (a bare "12 of 20" reads as
 * used as easily as left).
 */
export const freeLeft = (daily: CreditsBalance["dailyFree"]): string =>
  `${n(daily?.remaining)} of ${n(daily?.limit)} left`;

/** The `/studio credits` reply. */
export function creditsMessage(credits: CreditsBalance): SlackMessage {
  const daily = credits.dailyFree;
  const items = [
    `*Balance*\n${n(credits.balance)}`,
    `*Bonus*\n${n(credits.bonusBalance)}`,
    `*Free today*\n${freeLeft(daily)}`,
    `*Next refill*\n${refillTime(credits.nextRefillAt)}`,
  ];
  const spendable = (daily?.remaining ?? 0) + (credits.bonusBalance ?? 0) + (credits.balance ?? 0);
  return message(`${counted(n(spendable), "credit")} available`, [
    section(`:coin: *${counted(n(spendable), "credit")}* available now.`),
    fields(items),
    context("Free daily credits are spent first, then bonus, then the balance."),
  ]);
}

/** The reply when a generation would cost more than the workspace has. */
export function notEnoughCreditsMessage(decision: CreditsDecision): SlackMessage {
  const cost = n(decision.cost);
  const when = refillTime(decision.refillAt);
  return message(`Not enough credits: this costs ${cost}, ${n(decision.available)} available`, [
    section(
      `:no_entry: Not enough credits. This would cost *${cost}* and the workspace has *${n(decision.available)}*.` +
        `\nMore credits arrive ${when}.`,
    ),
    context("Nothing was generated. Try fewer images (`--count`) or a cheaper model (`/studio models`)."),
  ]);
}

/**
 * Asks before a costly generation. `requestId` goes in the buttons' value: the listener finds the pending
 * request by it (values are limited to 2,000 characters, so never the whole command).
 */
export function confirmSpendMessage(input: {
  decision: CreditsDecision;
  what: string;
  requestId: string;
}): SlackMessage {
  const cost = n(input.decision.cost);
  return message(`Confirm: ${input.what} will cost ${counted(cost, "credit")}`, [
    section(
      `:moneybag: ${escapeText(input.what)} will cost *${counted(cost, "credit")}* (${n(input.decision.available)} available). Go ahead?`,
    ),
    actions([
      button(`Spend ${counted(cost, "credit")}`, ACTIONS.confirmSpend, input.requestId, "primary"),
      button("Cancel", ACTIONS.cancelSpend, input.requestId),
    ]),
  ]);
}
