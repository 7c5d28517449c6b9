import type { CreditsDecision } from "@studio-kit/commands";
import type { CreditsBalance } from "@studio-kit/core";
import { actions, button, context, escapeText, fields, message, type SlackMessage, section } from "./blocks.js";
import { counted } from "./describe.js";
import { ACTIONS } from "./ids.js";

const n = (value: number | null | undefined) => (value ?? 0).toLocaleString("en-US");

/** A time in Slack's own date format, so each reader sees it in their time zone. */
export function slackTime(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) return "at the next refill";
  const seconds = Math.floor(ms / 1000);
  return `<!date^${seconds}^{date_short_pretty} at {time}|${escapeText(new Date(ms).toISOString())}>`;
}

/** The `/studio credits` reply. */
export function creditsMessage(credits: CreditsBalance): SlackMessage {
  const daily = credits.dailyFree;
  const items = [
    `*Balance*\n${n(credits.balance)}`,
    `*Bonus*\n${n(credits.bonusBalance)}`,
    `*Free today*\n${n(daily?.remaining)} of ${n(daily?.limit)}`,
    `*Next refill*\n${slackTime(credits.nextRefillAt)}`,
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
  const when = slackTime(decision.refillAt);
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
