import { SIM_WORKSPACE, signSlackRequest } from "@studio-kit/slack-sim";
import { expect } from "vitest";
import { type Bot, SIGNING_SECRET } from "./harness.js";

// A click on an offer as a Slack client that has not caught up sends it: the person's other device (or a tab that
// missed the `message_changed`) still draws the offer as it was first shown, buttons and all, and its click reaches
// the app like any other. slack-sim draws every message as it is now (a replaced offer has no button to click), so
// the test sends Slack's request itself: the `block_actions` payload built from the message as first shown, signed
// with the app's secret (https://docs.slack.dev/authentication/verifying-requests-from-slack).

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];

/** What a stale click needs: who clicks, the message as first shown, the button, and a live `response_url`. */
export interface StaleClick {
  user: string;
  /** The offer as the stale client still draws it (a copy taken before the first click). */
  shown: Shown;
  actionId: string;
  /**
   * A `response_url` of an earlier click on the same message: Slack gives each click its own, and any live one
   * answers in the same place (the sim has no way to mint one outside a click).
   */
  responseUrl: string;
}

/** The first button with `actionId` in the message as shown, with the `block_id` of its actions block. */
function buttonOf(shown: Shown, actionId: string): { blockId: string; element: Record<string, unknown> } {
  for (const block of shown.blocks ?? []) {
    const elements = [...((block.elements as Record<string, unknown>[] | undefined) ?? [])];
    if (block.accessory) elements.push(block.accessory as Record<string, unknown>);
    const element = elements.find((item) => item.action_id === actionId);
    if (element) return { blockId: String(block.block_id ?? "b"), element };
  }
  throw new Error(`no button ${actionId} in the message as shown`);
}

/**
 * Sends the click a stale client sends on `shown` (https://docs.slack.dev/reference/interaction-payloads/block_actions-payload)
 * and resolves once the app acked it (HTTP 200).
 */
export async function staleClick(bot: Bot, click: StaleClick): Promise<void> {
  const { shown, user } = click;
  const { blockId, element } = buttonOf(shown, click.actionId);
  const payload = {
    type: "block_actions",
    user: { id: user, username: user.toLowerCase(), name: user.toLowerCase(), team_id: SIM_WORKSPACE.teamId },
    api_app_id: SIM_WORKSPACE.appId,
    token: SIM_WORKSPACE.verificationToken,
    team: { id: SIM_WORKSPACE.teamId, domain: SIM_WORKSPACE.teamDomain },
    enterprise: null,
    is_enterprise_install: false,
    trigger_id: `${Date.now()}.1.stale`,
    container: { type: "message", message_ts: shown.ts, channel_id: shown.channel, is_ephemeral: shown.ephemeral },
    channel: { id: shown.channel, name: shown.channel },
    message: {
      type: "message",
      ts: shown.ts,
      text: shown.text,
      blocks: shown.blocks,
      ...(shown.threadTs ? { thread_ts: shown.threadTs } : {}),
    },
    state: { values: {} },
    response_url: click.responseUrl,
    actions: [
      {
        type: "button",
        action_id: click.actionId,
        block_id: blockId,
        text: element.text,
        value: element.value,
        action_ts: `${Date.now() / 1000}`,
      },
    ],
  };
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(bot.url ?? "", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": signSlackRequest(SIGNING_SECRET, timestamp, body),
    },
    body,
  });
  expect(response.status).toBe(200);
}
