import { messageJson } from "../api/chat.js";
import { viewJson } from "../api/views.js";
import { SlackSimError } from "../errors.js";
import { SIM_WORKSPACE } from "../state.js";
import type { Block, SimView, View } from "../types.js";
import { anyChannel, newResponseUrl, newTrigger, type SendOptions, userJson } from "./common.js";
import { type Delivery, type DeliveryContext, deliver, FORM } from "./deliver.js";

/** Someone clicks a button (or picks an option) on a message or in a modal / Home tab. */
export interface ClickInput extends SendOptions {
  user: string;
  actionId: string;
  /** The value sent; default the element's own `value`. */
  value?: string;
  /** A message: its ts (and channel, when the ts alone is ambiguous). */
  messageTs?: string;
  channel?: string;
  /** Or a view: its id. */
  viewId?: string;
}

/** The app's ack of an interaction, and the ids the payload carried. */
export interface InteractionResult extends Delivery {
  triggerId: string;
  responseUrl?: string;
}

type Element = Record<string, unknown>;

/** Finds the element with `actionId` in actions blocks, section accessories and input blocks. */
function findElement(blocks: Block[] | undefined, actionId: string): { blockId: string; element: Element } | undefined {
  for (const [index, block] of (blocks ?? []).entries()) {
    const elements = [
      ...(Array.isArray(block.elements) ? block.elements : []),
      block.accessory,
      block.element,
    ] as unknown[];
    const element = elements.find(
      (item): item is Element => typeof item === "object" && item !== null && (item as Element).action_id === actionId,
    );
    if (element) return { blockId: typeof block.block_id === "string" ? block.block_id : `b${index}`, element };
  }
  return undefined;
}

const send = (context: DeliveryContext, payload: Record<string, unknown>, options: SendOptions) =>
  deliver(context, new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), FORM, {
    ...(options.signature ? { signature: options.signature } : {}),
  });

/** Sends a `block_actions` interaction (form-encoded `payload=`), with a `response_url` for message clicks. */
export async function sendClick(context: DeliveryContext, input: ClickInput): Promise<InteractionResult> {
  const { state } = context;
  const view = input.viewId ? state.views.get(input.viewId) : undefined;
  const home = !view && input.viewId?.startsWith("VH") ? state.homes.get(input.viewId.slice(2)) : undefined;
  const message = input.messageTs
    ? state.messages.find((m) => m.ts === input.messageTs && (!input.channel || m.channel === input.channel))
    : undefined;
  const blocks = view?.view.blocks ?? home?.blocks ?? message?.blocks;
  if (!view && !home && !message) {
    throw new SlackSimError(
      input.viewId ? "view_not_found" : "message_not_found",
      "nothing to click on: give a messageTs or viewId that exists",
    );
  }
  const found = findElement(blocks, input.actionId);
  if (!found) throw new SlackSimError("action_not_found", `no element with action_id ${input.actionId}`);
  const triggerId = newTrigger(state, input.user);
  const action = {
    type: found.element.type,
    action_id: input.actionId,
    block_id: found.blockId,
    ...(found.element.text ? { text: found.element.text } : {}),
    value: input.value ?? found.element.value,
    action_ts: state.nextTs(),
  };
  const payload: Record<string, unknown> = {
    type: "block_actions",
    user: userJson(state, input.user),
    api_app_id: SIM_WORKSPACE.appId,
    token: SIM_WORKSPACE.verificationToken,
    team: { id: SIM_WORKSPACE.teamId, domain: SIM_WORKSPACE.teamDomain },
    enterprise: null,
    is_enterprise_install: false,
    trigger_id: triggerId,
    actions: [action],
  };
  let responseUrl: string | undefined;
  if (message) {
    const channel = anyChannel(state, message.channel);
    responseUrl = newResponseUrl(context, {
      channel: channel.id,
      user: input.user,
      messageTs: message.ts,
      ...(message.threadTs ? { threadTs: message.threadTs } : {}),
    });
    Object.assign(payload, {
      container: { type: "message", message_ts: message.ts, channel_id: channel.id, is_ephemeral: message.ephemeral },
      channel: { id: channel.id, name: channel.name },
      message: messageJson(message),
      state: { values: {} },
      response_url: responseUrl,
    });
  } else if (view) {
    Object.assign(payload, { container: { type: "view", view_id: view.id }, view: viewJson(view) });
  } else {
    Object.assign(payload, { container: { type: "view", view_id: input.viewId }, view: { id: input.viewId, ...home } });
  }
  const result = await send(context, payload, input);
  return { ...result, triggerId, ...(responseUrl ? { responseUrl } : {}) };
}

/** A modal's submission: the values typed, keyed by `block_id` then `action_id`, as Slack sends them. */
export interface SubmitInput extends SendOptions {
  user: string;
  viewId: string;
  values?: Record<string, Record<string, Record<string, unknown>>>;
}

/** The ack, and what the sim did with it (`response_action`). */
export interface SubmitResult extends Delivery {
  responseAction: "close" | "errors" | "update" | "push" | "clear";
  errors?: Record<string, string>;
}

/**
 * Sends `view_submission` and applies the ack as Slack does: empty closes the view, `errors` keeps it open,
 * `update` replaces it, `push` adds one on top, `clear` closes the whole stack.
 */
export async function sendSubmit(context: DeliveryContext, input: SubmitInput): Promise<SubmitResult> {
  const { state } = context;
  const sim = state.views.get(input.viewId);
  if (!sim?.open) throw new SlackSimError("view_not_found", `no open view ${input.viewId}`);
  const payload = {
    type: "view_submission",
    team: { id: SIM_WORKSPACE.teamId, domain: SIM_WORKSPACE.teamDomain },
    user: userJson(state, input.user),
    api_app_id: SIM_WORKSPACE.appId,
    token: SIM_WORKSPACE.verificationToken,
    trigger_id: newTrigger(state, input.user),
    view: { ...viewJson(sim), state: { values: input.values ?? {} } },
    response_urls: [],
    is_enterprise_install: false,
    enterprise: null,
  };
  const result = await send(context, payload, input);
  if (result.status !== 200) return { ...result, responseAction: "errors" };
  const action = result.json?.response_action;
  const view = result.json?.view as View | undefined;
  if (action === "errors")
    return { ...result, responseAction: "errors", errors: result.json?.errors as Record<string, string> };
  if (action === "update" && view) {
    sim.view = view;
    sim.hash = state.nextId("h.");
    return { ...result, responseAction: "update" };
  }
  if (action === "push" && view) {
    const pushed: SimView = {
      id: state.nextId("V0"),
      user: sim.user,
      view,
      hash: state.nextId("h."),
      open: true,
      previousViewId: sim.id,
    };
    state.views.set(pushed.id, pushed);
    return { ...result, responseAction: "push" };
  }
  if (action === "clear") {
    for (const other of state.views.values()) if (other.user === sim.user) other.open = false;
    return { ...result, responseAction: "clear" };
  }
  sim.open = false;
  return { ...result, responseAction: "close" };
}
