// Slack's answer to a person who mentions an app in a conversation the app is not in: no `app_mention` goes to the
// app. "If a user mentions your app in a conversation that your app isn't party to, the user has the option to
// invite your app to the conversation. In that case, you'll receive an app_mention event for the invite ... If your
// app is mentioned but not part of a conversation (and not invited to join), you won't receive an event."
// (https://docs.slack.dev/reference/events/app_mention). The option is an ephemeral from Slackbot to that person.
// Slack's reference pages do not print its words; people quote them as "You mentioned @Coach, but they’re not in
// this private channel." with "Invite Them or Do Nothing" (https://github.com/slackapi/bolt-python/issues/229, in
// Slack's own Bolt repository; GitLab's app docs say the same: "Mention them: @GitLab and then choose Invite Them",
// https://gitlab.com/gitlab-org/gitlab/-/work_items/383894). The sim writes those words and those two buttons.
// This module keeps the prompts waiting for an answer; actions/invite.ts answers them.
import { SlackSimError } from "./errors.js";
import { SIM_WORKSPACE, type SimState } from "./state.js";
import type { Block, SimMessage } from "./types.js";

/** Slackbot's user id in every workspace (messages from Slackbot carry it, with no bot id). */
export const SLACKBOT_USER_ID = "USLACKBOT";

/** The `action_id`s of the invite prompt's two buttons: Slack handles them itself, they never reach the app. */
export const INVITE_PROMPT_ACTIONS = { invite: "slackbot_invite_them", doNothing: "slackbot_do_nothing" } as const;

/** One prompt waiting for the person's answer, with the `app_mention` an Invite delivers. */
export interface PendingInvite {
  channel: string;
  user: string;
  /** The prompt's ts (an ephemeral message in the sim's state). */
  promptTs: string;
  /** The event Slack would have sent for the mention, sent as it is once the app is invited. */
  event: Record<string, unknown>;
}

const STATES = new WeakMap<SimState, PendingInvite[]>();

function pendingOf(state: SimState): PendingInvite[] {
  let found = STATES.get(state);
  if (!found) {
    found = [];
    STATES.set(state, found);
  }
  return found;
}

/** The prompt's words and buttons. */
function promptBlocks(text: string): Block[] {
  const button = (actionId: string, label: string, extra: Record<string, unknown> = {}) => ({
    type: "button",
    action_id: actionId,
    text: { type: "plain_text", text: label },
    value: actionId,
    ...extra,
  });
  return [
    { type: "section", text: { type: "mrkdwn", text } },
    {
      type: "actions",
      elements: [
        button(INVITE_PROMPT_ACTIONS.invite, "Invite Them", { style: "primary" }),
        button(INVITE_PROMPT_ACTIONS.doNothing, "Do Nothing"),
      ],
    },
  ];
}

/**
 * Shows `user` Slackbot's invite prompt where they mentioned the app (the thread too, when they wrote in one; "this
 * private channel" in a private one, as quoted) and
 * keeps `event`, the `app_mention` not sent, for an Invite. Returns the prompt's ts.
 */
export function promptInvite(
  state: SimState,
  place: { channel: string; user: string; threadTs?: string; private?: boolean },
  event: Record<string, unknown>,
): string {
  const where = place.private ? "this private channel" : "this channel";
  const text = `You mentioned <@${SIM_WORKSPACE.botUserId}>, but they’re not in ${where}.`;
  const prompt: SimMessage = {
    channel: place.channel,
    ts: state.nextTs(),
    user: SLACKBOT_USER_ID,
    fromBot: false,
    text,
    blocks: promptBlocks(text),
    ephemeral: true,
    visibleTo: place.user,
    files: [],
    ...(place.threadTs ? { threadTs: place.threadTs } : {}),
  };
  state.messages.push(prompt);
  pendingOf(state).push({ channel: place.channel, user: place.user, promptTs: prompt.ts, event });
  return prompt.ts;
}

/** Whether `message` is one of Slackbot's invite prompts (a click on it is Slack's business, not the app's). */
export const isInvitePrompt = (state: SimState, message: SimMessage): boolean =>
  message.user === SLACKBOT_USER_ID && pendingOf(state).some((pending) => pending.promptTs === message.ts);

/**
 * Takes the prompt a person answers off their screen: the one at `ts`, or their latest in that channel. Throws
 * `message_not_found` when they have no such prompt (never shown, or answered already).
 */
export function takeInvite(state: SimState, input: { user: string; channel: string; ts?: string }): PendingInvite {
  const pending = pendingOf(state);
  const mine = pending.filter((p) => p.user === input.user && p.channel === input.channel);
  const found = input.ts === undefined ? mine.at(-1) : mine.find((p) => p.promptTs === input.ts);
  if (!found) {
    throw new SlackSimError(
      "message_not_found",
      `${input.user} has no invite prompt ${input.ts ? `at ${input.ts} ` : ""}in ${input.channel} to answer`,
    );
  }
  pending.splice(pending.indexOf(found), 1);
  const shown = state.messages.findIndex((m) => m.channel === found.channel && m.ts === found.promptTs);
  if (shown >= 0) state.messages.splice(shown, 1);
  return found;
}
