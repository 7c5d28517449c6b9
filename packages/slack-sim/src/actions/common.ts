import type { SimState } from "../state.js";
import { channelOf, SIM_WORKSPACE, userOf } from "../state.js";
import type { SimChannel } from "../types.js";
import type { DeliveryContext } from "./deliver.js";

/** Options every action takes. */
export interface SendOptions {
  /** Send this signature instead of the right one: the app must refuse the request (Bolt answers 401). */
  signature?: string;
}

/** A channel by id, known or not: people can run commands in channels the bot is not in. */
export function anyChannel(state: SimState, id: string): SimChannel {
  return channelOf(state, id) ?? { id, name: id, member: false };
}

/** A `response_url` on the sim for this interaction. */
export function newResponseUrl(
  context: DeliveryContext,
  record: { channel: string; user: string; messageTs?: string; threadTs?: string },
): string {
  const id = context.state.nextId("R");
  context.state.responseUrls.set(id, { ...record, createdAt: context.state.now(), uses: 0 });
  return `${context.baseUrl()}/response/${id}`;
}

/** A `trigger_id` (Slack's shape: `digits.digits.hex`) that opens a modal within 3 s. */
export function newTrigger(state: SimState, user: string): string {
  const id = `${state.nextId("")}.${state.now()}.5141d0c7`;
  state.triggers.set(id, { user, createdAt: state.now() });
  return id;
}

/** The `user` object interaction payloads carry. */
export function userJson(state: SimState, id: string): Record<string, string> {
  const user = userOf(state, id);
  return { id: user.id, username: user.name, name: user.name, team_id: SIM_WORKSPACE.teamId };
}

/**
 * The fields every interaction payload carries (block_actions, block_suggestion, view_submission, view_closed):
 * its type, who acted, and the app and workspace it is for.
 */
export function interactionEnvelope(state: SimState, type: string, user: string): Record<string, unknown> {
  return {
    type,
    user: userJson(state, user),
    api_app_id: SIM_WORKSPACE.appId,
    token: SIM_WORKSPACE.verificationToken,
    team: { id: SIM_WORKSPACE.teamId, domain: SIM_WORKSPACE.teamDomain },
    enterprise: null,
    is_enterprise_install: false,
  };
}
