// The person answers Slackbot's invite prompt (invite-prompts.ts). "Invite Them" adds the app to the conversation
// and Slack then sends it what the mention would have sent: "When your app is directly invited to a channel as a
// result of being mentioned, you'll receive that inciting message as an app_mention"
// (https://docs.slack.dev/reference/events/app_mention). Joining, a bot user gets `member_joined_channel` about
// itself, `inviter` the person who invited it ("Even bot users receive this delightful event via Bot User
// subscription, when joining a channel": https://docs.slack.dev/reference/events/member_joined_channel). The
// channel shows the join as a `channel_join` message (https://docs.slack.dev/reference/events/message/channel_join/);
// that message's own event is "sometimes withheld" there, so the sim sends none. "Do Nothing" only takes the prompt
// away. Slack's pages do not say what happens to the prompt after an answer: the sim removes it either way.
import { takeInvite } from "../invite-prompts.js";
import { SIM_WORKSPACE } from "../state.js";
import type { SimChannel } from "../types.js";
import { anyChannel } from "./common.js";
import type { DeliveryContext } from "./deliver.js";
import { type EventLog, type EventResult, sendEvent } from "./events.js";

/** A person answers the invite prompt they got for mentioning the app where it is not a member. */
export interface AnswerInviteInput {
  user: string;
  channel: string;
  /** "Invite Them" (true) or "Do Nothing" (false). */
  invite: boolean;
  /** The prompt's ts (`invitePromptTs` of the mention); default the person's latest prompt in that channel. */
  ts?: string;
}

/**
 * What the answer sent: nothing for Do Nothing; for Invite, `member_joined_channel` (`joined`, absent when an earlier
 * Invite already made the app a member) and then the mention's `app_mention`, each with the app's ack.
 */
export type AnswerInviteResult = { invited: false } | { invited: true; joined?: EventResult; mention: EventResult };

/** Answers the prompt; throws `message_not_found` when the person has no such prompt waiting. */
export async function sendInviteAnswer(
  context: DeliveryContext,
  log: EventLog,
  input: AnswerInviteInput,
): Promise<AnswerInviteResult> {
  const { state } = context;
  const pending = takeInvite(state, input);
  if (!input.invite) return { invited: false };
  const known = anyChannel(state, pending.channel);
  const channel: SimChannel = state.channels.get(known.id) ?? known;
  state.channels.set(channel.id, channel);
  let joined: EventResult | undefined;
  if (!channel.member) {
    channel.member = true;
    const ts = state.nextTs();
    const bot = SIM_WORKSPACE.botUserId;
    state.messages.push({
      channel: channel.id,
      ts,
      user: bot,
      fromBot: false,
      subtype: "channel_join",
      text: `<@${bot}> has joined the channel`,
      ephemeral: false,
      files: [],
    });
    const event = {
      type: "member_joined_channel",
      user: bot,
      channel: channel.id,
      // "C" for a public channel, "G" for a private one (whose id starts with C too since March 2021).
      channel_type: channel.private || channel.id.startsWith("G") ? "G" : "C",
      team: SIM_WORKSPACE.teamId,
      inviter: input.user,
      event_ts: ts,
    };
    joined = await sendEvent(context, log, event, {});
  }
  const mention = await sendEvent(context, log, pending.event, {});
  return { invited: true, ...(joined ? { joined } : {}), mention };
}
