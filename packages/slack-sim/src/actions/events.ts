import { SlackSimError } from "../errors.js";
import { promptInvite } from "../invite-prompts.js";
import { fileObject, shareFiles } from "../shared-files.js";
import type { SlackRetry } from "../signing.js";
import { SIM_WORKSPACE, userOf } from "../state.js";
import type { SharedFileInput, SimMessage } from "../types.js";
import { anyChannel, type SendOptions } from "./common.js";
import { type Delivery, type DeliveryContext, deliver, JSON_TYPE } from "./deliver.js";

/** Someone writes in a channel, mentioning the bot or not. */
export interface MessageInput extends SendOptions {
  user: string;
  /** A channel id, or a user id / `D<user>` for that person's direct message with the bot. */
  channel: string;
  /** Default "": a message may carry only files. */
  text?: string;
  /** Reply in this thread. */
  threadTs?: string;
  /** Files shared with the message: stored by the sim and sent as Slack's file objects in the event. */
  files?: SharedFileInput[];
}

/** The app's ack of an Events API delivery, and the ids to find the event again. */
export interface EventResult extends Delivery {
  eventId: string;
  /** The ts of the message the event is about (for `mention`/`message`). */
  ts?: string;
}

/** A person's message and the event it sent the app (`delivered`), with the app's ack. */
export interface MessageSent extends EventResult {
  delivered: true;
  ts: string;
}

/**
 * A person's message that sent the app nothing, because the app is not a member of the conversation
 * (`reason: "not_in_channel"`). For a mention, `invitePromptTs` is Slackbot's prompt to invite the app, shown to the
 * person (answer it with `answerInvite`).
 */
export interface MessageNotSent {
  delivered: false;
  reason: "not_in_channel";
  ts: string;
  invitePromptTs?: string;
}

/** What `mention` and `message` resolve with. */
export type MessageResult = MessageSent | MessageNotSent;

/**
 * The event a message sent, for a caller that expects one (a conversation the app is in); throws
 * `invalid_options` when nothing was sent.
 *
 * @example const { eventId } = deliveredEvent(await sim.mention({ user: "U0ALICE", channel: "C0GENERAL", text: "hi" }));
 */
export function deliveredEvent(result: MessageResult): MessageSent {
  if (!result.delivered) {
    throw new SlackSimError("invalid_options", `no event was sent for ${result.ts}: the bot is not in that channel`);
  }
  return result;
}

/** Keeps each envelope by `event_id`, so that `redeliver` resends the very same body as Slack's retries do. */
export type EventLog = Map<string, string>;

function envelope(context: DeliveryContext, event: Record<string, unknown>): { eventId: string; body: string } {
  const { state } = context;
  const eventId = state.nextId("Ev0");
  const body = JSON.stringify({
    token: SIM_WORKSPACE.verificationToken,
    team_id: SIM_WORKSPACE.teamId,
    api_app_id: SIM_WORKSPACE.appId,
    event,
    type: "event_callback",
    event_id: eventId,
    event_time: Math.floor(state.now() / 1000),
    authorizations: [{ team_id: SIM_WORKSPACE.teamId, user_id: SIM_WORKSPACE.botUserId, is_bot: true }],
    is_ext_shared_channel: false,
  });
  return { eventId, body };
}

/** Wraps `event` in an Events API envelope, keeps it for `redeliver`, signs it and sends it to the app. */
export async function sendEvent(
  context: DeliveryContext,
  log: EventLog,
  event: Record<string, unknown>,
  options: SendOptions,
): Promise<EventResult> {
  const { eventId, body } = envelope(context, event);
  log.set(eventId, body);
  const result = await deliver(context, body, JSON_TYPE, options.signature ? { signature: options.signature } : {});
  return { ...result, eventId };
}

/**
 * Posts the person's message into the conversation, then sends the event: `app_mention` when `mention` is set
 * (Slack prefixes the text with `<@bot>` if it is not there), else a `message` event.
 *
 * Only from a conversation the app is a member of: Slack sends the `message.channels` / `message.groups` events of
 * the channels an app is in (https://docs.slack.dev/reference/events/message.channels/) and reads mentions only
 * "in conversations that the app is in" (https://docs.slack.dev/reference/scopes/app_mentions.read/). Elsewhere the
 * message is posted and nothing is sent; a mention shows the person Slackbot's invite prompt instead
 * (invite-prompts.ts), whose Invite delivers this very event (actions/invite.ts).
 *
 * With files, the event has the shapes of @slack/types 3.2 (`AppMentionEvent.files`, `FileShareMessageEvent`):
 * a `message` event gets `subtype: "file_share"`, both carry `files` (Slack's file objects, see shared-files.ts)
 * and `upload: false`. `channel_type` is `im` in a direct message with the bot, `channel` elsewhere.
 */
export async function sendMessageEvent(
  context: DeliveryContext,
  log: EventLog,
  input: MessageInput,
  mention: boolean,
): Promise<MessageResult> {
  const { state } = context;
  const channel = anyChannel(state, input.channel);
  const user = userOf(state, input.user);
  const tag = `<@${SIM_WORKSPACE.botUserId}>`;
  const said = input.text ?? "";
  const text = mention && !said.includes(tag) ? `${tag} ${said}`.trim() : said;
  // The file URLs point at the sim's server: it must be started before anyone shares a file.
  const baseUrl = input.files?.length ? context.baseUrl() : "";
  const files = shareFiles(state, user.id, input.files ?? []);
  const message: SimMessage = {
    channel: channel.id,
    ts: state.nextTs(),
    user: user.id,
    fromBot: false,
    text,
    ephemeral: false,
    files,
    ...(input.threadTs ? { threadTs: input.threadTs } : {}),
  };
  state.messages.push(message);
  const shared = files.length
    ? { files: files.map((file) => fileObject(file, baseUrl, channel.id)), upload: false, display_as_bot: false }
    : {};
  const event = {
    type: mention ? "app_mention" : "message",
    ...(!mention && files.length ? { subtype: "file_share" } : {}),
    user: user.id,
    text,
    ...shared,
    ts: message.ts,
    channel: channel.id,
    event_ts: message.ts,
    ...(mention ? {} : { channel_type: channel.id.startsWith("D") ? "im" : "channel" }),
    ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
  };
  if (!channel.member) {
    const place = {
      channel: channel.id,
      user: user.id,
      ...(input.threadTs ? { threadTs: input.threadTs } : {}),
      ...(channel.private ? { private: true } : {}),
    };
    const invitePromptTs = mention ? promptInvite(state, place, event) : undefined;
    return {
      delivered: false,
      reason: "not_in_channel",
      ts: message.ts,
      ...(invitePromptTs ? { invitePromptTs } : {}),
    };
  }
  return { ...(await sendEvent(context, log, event, input)), delivered: true, ts: message.ts };
}

/** `app_home_opened` for the Home tab, carrying the published view when there is one. */
export async function sendHomeOpened(context: DeliveryContext, log: EventLog, user: string): Promise<EventResult> {
  const home = context.state.homes.get(user);
  const event = {
    type: "app_home_opened",
    user,
    channel: `D${user}`,
    tab: "home",
    event_ts: context.state.nextTs(),
    ...(home ? { view: { id: `VH${user}`, ...home } } : {}),
  };
  return sendEvent(context, log, event, {});
}

/** Resends an event exactly as first sent, with Slack's retry headers (`X-Slack-Retry-Num`, `-Reason`). */
export async function redeliver(
  context: DeliveryContext,
  log: EventLog,
  eventId: string,
  retry: SlackRetry,
): Promise<EventResult> {
  const body = log.get(eventId);
  if (!body) throw new SlackSimError("event_not_found", `no event ${eventId} was sent`);
  return { ...(await deliver(context, body, JSON_TYPE, { retry })), eventId };
}
