import { messageJson } from "../api/chat.js";
import { viewJson } from "../api/views.js";
import { SlackSimError } from "../errors.js";
import type { SimState } from "../state.js";
import type { Block, SimMessage, SimView, View } from "../types.js";
import { anyChannel } from "./common.js";

/** Where an interactive element lives: a message, a modal, or someone's Home tab (`VH<user>`). */
export type Target =
  | { kind: "message"; message: SimMessage; blocks: Block[] | undefined }
  | { kind: "view"; view: SimView; blocks: Block[] | undefined }
  | { kind: "home"; viewId: string; home: View; blocks: Block[] | undefined };

/** Finds what a click or a suggestion is about: `viewId` (a modal or a Home tab), or `messageTs` (and `channel`). */
export function findTarget(state: SimState, input: { viewId?: string; messageTs?: string; channel?: string }): Target {
  const view = input.viewId ? state.views.get(input.viewId) : undefined;
  if (view) return { kind: "view", view, blocks: view.view.blocks };
  const home = input.viewId?.startsWith("VH") ? state.homes.get(input.viewId.slice(2)) : undefined;
  if (home && input.viewId) return { kind: "home", viewId: input.viewId, home, blocks: home.blocks };
  const message = input.messageTs
    ? state.messages.find((m) => m.ts === input.messageTs && (!input.channel || m.channel === input.channel))
    : undefined;
  if (message) return { kind: "message", message, blocks: message.blocks };
  throw new SlackSimError(
    input.viewId ? "view_not_found" : "message_not_found",
    "nothing to interact with: give a messageTs or viewId that exists",
  );
}

/**
 * The payload fields Slack adds for where the interaction happened: `container`, and `view` or `channel` +
 * `message` (https://api.slack.com/reference/interaction-payloads/block-actions).
 */
export function targetFields(state: SimState, target: Target): Record<string, unknown> {
  if (target.kind === "view")
    return { container: { type: "view", view_id: target.view.id }, view: viewJson(target.view) };
  if (target.kind === "home") {
    // The Home as published, with its hash (api/views.ts publish), as a modal's view carries one.
    const hash = state.homeHashes.get(target.viewId.slice(2));
    const view = { id: target.viewId, ...(hash ? { hash } : {}), ...target.home };
    return { container: { type: "view", view_id: target.viewId }, view };
  }
  const { message } = target;
  const channel = anyChannel(state, message.channel);
  return {
    container: { type: "message", message_ts: message.ts, channel_id: channel.id, is_ephemeral: message.ephemeral },
    channel: { id: channel.id, name: channel.name },
    message: messageJson(message),
  };
}
