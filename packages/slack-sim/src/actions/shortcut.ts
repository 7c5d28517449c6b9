// A person runs one of the app's shortcuts: a global one from the composer's shortcut menu, or a message one from a
// message's "More actions" menu. Slack sends an interaction payload (form-encoded `payload=` over HTTP, an
// `interactive` envelope over Socket Mode) of type `shortcut` or `message_action`, with a `trigger_id` that opens a
// modal; only a message shortcut carries `channel`, `message`, `message_ts` and a `response_url`.
// Payloads: https://api.slack.com/reference/interaction-payloads/shortcuts
// (https://docs.slack.dev/reference/interaction-payloads/shortcuts-interaction-payload); how apps use them:
// https://docs.slack.dev/interactivity/implementing-shortcuts. Field list as Bolt types them:
// https://docs.slack.dev/tools/bolt-js/reference/interfaces/MessageShortcut (message_ts, action_ts).

import { messageJson } from "../api/chat.js";
import { SlackSimError } from "../errors.js";
import type { SimState } from "../state.js";
import { userOf } from "../state.js";
import { anyChannel, interactionEnvelope, newResponseUrl, newTrigger, type SendOptions } from "./common.js";
import type { Delivery, DeliveryContext } from "./deliver.js";
import { sendPayload } from "./interactions.js";

/**
 * One shortcut as the app manifest declares it under `features.shortcuts`
 * (https://docs.slack.dev/reference/app-manifest): Slack lists it in its menus, and sends only those.
 */
export interface ManifestShortcut {
  /** What the menu shows. */
  name: string;
  /** `global`: the composer's shortcut menu; `message`: a message's "More actions". */
  type: "global" | "message";
  /** Sent as the payload's `callback_id`. */
  callback_id: string;
  /** The menu's second line. */
  description: string;
}

/** A person runs a global shortcut. */
export interface GlobalShortcutInput extends SendOptions {
  user: string;
  /** The `callback_id` of a `global` shortcut the app declares (`SlackSimOptions.shortcuts`). */
  callbackId: string;
}

/** A person runs a message shortcut on a message they can see. */
export interface MessageShortcutInput extends GlobalShortcutInput {
  channel: string;
  messageTs: string;
}

/** The ack, and the `trigger_id` the payload carried (good for one views.open within 3 s). */
export interface ShortcutResult extends Delivery {
  triggerId: string;
}

/** A message shortcut's result adds the `response_url` it carried. */
export interface MessageShortcutResult extends ShortcutResult {
  responseUrl: string;
}

const TYPES = new Set(["global", "message"]);

/** Checks the declared shortcuts up front, as Slack refuses a manifest without these fields. */
export function checkShortcuts(declared: readonly ManifestShortcut[]): ManifestShortcut[] {
  const seen = new Set<string>();
  for (const shortcut of declared) {
    const fields = [shortcut?.name, shortcut?.callback_id, shortcut?.description];
    if (fields.some((field) => typeof field !== "string" || field === "") || !TYPES.has(shortcut.type)) {
      throw new SlackSimError(
        "invalid_options",
        "each shortcut needs name, callback_id, description and type (global or message), as the manifest's features.shortcuts",
      );
    }
    if (seen.has(shortcut.callback_id)) {
      throw new SlackSimError("invalid_options", `shortcut callback_id ${shortcut.callback_id} is declared twice`);
    }
    seen.add(shortcut.callback_id);
  }
  return declared.map((shortcut) => ({ ...shortcut }));
}

/** Slack only offers what the app declares: anything else is not in any menu, so it cannot be sent. */
function declaredShortcut(
  declared: readonly ManifestShortcut[],
  callbackId: string,
  type: ManifestShortcut["type"],
): ManifestShortcut {
  const found = declared.find((shortcut) => shortcut.callback_id === callbackId);
  if (!found) {
    throw new SlackSimError(
      "shortcut_not_found",
      `the app declares no shortcut ${callbackId} (declared: ${declared.map((s) => s.callback_id).join(", ") || "none"})`,
    );
  }
  if (found.type !== type) {
    throw new SlackSimError(
      "shortcut_not_found",
      `${callbackId} is a ${found.type} shortcut: it is not in the ${type === "global" ? "shortcut" : "message"} menu`,
    );
  }
  return found;
}

/** Sends a global shortcut (`type: "shortcut"`): no channel, no message, no `response_url`. */
export async function sendGlobalShortcut(
  context: DeliveryContext,
  declared: readonly ManifestShortcut[],
  input: GlobalShortcutInput,
): Promise<ShortcutResult> {
  const { state } = context;
  declaredShortcut(declared, input.callbackId, "global");
  const user = userOf(state, input.user);
  const triggerId = newTrigger(state, user.id);
  const payload = {
    ...interactionEnvelope(state, "shortcut", user.id),
    callback_id: input.callbackId,
    trigger_id: triggerId,
    action_ts: state.nextTs(),
  };
  const result = await sendPayload(context, payload, input);
  return { ...result, triggerId };
}

/** Sends a message shortcut (`type: "message_action"`) on a message the person can see. */
export async function sendMessageShortcut(
  context: DeliveryContext,
  declared: readonly ManifestShortcut[],
  input: MessageShortcutInput,
): Promise<MessageShortcutResult> {
  const { state } = context;
  declaredShortcut(declared, input.callbackId, "message");
  const user = userOf(state, input.user);
  const message = visibleMessage(state, input.channel, input.messageTs, user.id);
  const channel = anyChannel(state, message.channel);
  const triggerId = newTrigger(state, user.id);
  const responseUrl = newResponseUrl(context, {
    channel: channel.id,
    user: user.id,
    messageTs: message.ts,
    ...(message.threadTs ? { threadTs: message.threadTs } : {}),
  });
  const payload = {
    ...interactionEnvelope(state, "message_action", user.id),
    callback_id: input.callbackId,
    trigger_id: triggerId,
    action_ts: state.nextTs(),
    message_ts: message.ts,
    response_url: responseUrl,
    channel: { id: channel.id, name: channel.name },
    message: messageJson(message),
  };
  const result = await sendPayload(context, payload, input);
  return { ...result, triggerId, responseUrl };
}

/**
 * The message a person runs a shortcut on: it must exist in that channel and be one they see (not another's
 * ephemeral). Slack's pages set no rule on the app's membership there, so none is applied.
 */
function visibleMessage(state: SimState, channel: string, ts: string, user: string) {
  const id = anyChannel(state, channel).id;
  const message = state.messages.find((m) => m.channel === id && m.ts === ts);
  if (!message || (message.ephemeral && message.visibleTo !== user)) {
    throw new SlackSimError("message_not_found", `no message ${ts} in ${channel} that ${user} can see`);
  }
  return message;
}
