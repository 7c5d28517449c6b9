import { SIM_WORKSPACE, stampBlocks, userOf } from "../state.js";
import type { SimMessage } from "../types.js";
import { anyChannel, newResponseUrl, newTrigger, type SendOptions } from "./common.js";
import { type Delivery, type DeliveryContext, deliver, FORM } from "./deliver.js";

/** A slash command someone types. */
export interface CommandInput extends SendOptions {
  user: string;
  channel: string;
  text?: string;
  /** Default `/studio`. */
  command?: string;
}

/** The app's ack, plus what the command carried so a test can reuse it. */
export interface CommandResult extends Delivery {
  responseUrl: string;
  triggerId: string;
}

/**
 * Sends a form-encoded, signed slash command. A non-empty ack body is shown the way Slack shows it: as an
 * ephemeral message to the user (or in channel when it says `response_type: "in_channel"`).
 */
export async function sendCommand(context: DeliveryContext, input: CommandInput): Promise<CommandResult> {
  const { state } = context;
  const channel = anyChannel(state, input.channel);
  const user = userOf(state, input.user);
  const responseUrl = newResponseUrl(context, { channel: channel.id, user: user.id });
  const triggerId = newTrigger(state, user.id);
  const body = new URLSearchParams({
    token: SIM_WORKSPACE.verificationToken,
    team_id: SIM_WORKSPACE.teamId,
    team_domain: SIM_WORKSPACE.teamDomain,
    channel_id: channel.id,
    channel_name: channel.name,
    user_id: user.id,
    user_name: user.name,
    command: input.command ?? "/studio",
    text: input.text ?? "",
    api_app_id: SIM_WORKSPACE.appId,
    is_enterprise_install: "false",
    response_url: responseUrl,
    trigger_id: triggerId,
  }).toString();
  const result = await deliver(context, body, FORM, input.signature ? { signature: input.signature } : {});
  if (result.status === 200 && result.body !== "") showAck(context, result, channel.id, user.id);
  return { ...result, responseUrl, triggerId };
}

function showAck(context: DeliveryContext, result: Delivery, channel: string, user: string): void {
  const json = result.json;
  const text = json ? (typeof json.text === "string" ? json.text : "") : result.body;
  const ephemeral = json?.response_type !== "in_channel";
  const message: SimMessage = {
    channel,
    ts: context.state.nextTs(),
    user: SIM_WORKSPACE.botUserId,
    fromBot: true,
    text,
    ephemeral,
    files: [],
    ...(ephemeral ? { visibleTo: user } : {}),
    ...(Array.isArray(json?.blocks) ? { blocks: stampBlocks(context.state, json.blocks) } : {}),
  };
  context.state.messages.push(message);
}
