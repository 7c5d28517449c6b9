import type { App } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import {
  INVITE_PROMPT_ACTIONS,
  SIM_WORKSPACE,
  SLACKBOT_USER_ID,
  type SlackSim,
  type SlackSimOptions,
} from "../src/index.js";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

// Events go to an app only from the conversations it is a member of, as Slack sends them. Each rule names its doc.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const OUTSIDE = "C0RANDOM";
const INSIDE = "C0GENERAL";
const BOT = SIM_WORKSPACE.botUserId;

type Seen = { type: string } & Record<string, unknown>;

/** A Bolt app that records every event it gets (app_mention, message, member_joined_channel), in order. */
async function recordingApp(
  extra: (app: App) => void = () => {},
  options: Partial<SlackSimOptions> = {},
): Promise<{ sim: SlackSim; seen: Seen[] }> {
  const seen: Seen[] = [];
  harness = await startHarness((app) => {
    for (const type of ["app_mention", "message", "member_joined_channel"] as const) {
      app.event(type, async ({ event }) => {
        seen.push(event as unknown as Seen);
      });
    }
    extra(app);
  }, options);
  return { sim: harness.sim, seen };
}

/**
 * Nothing reached the app from `ts`: a later mention in a member channel arrives, and by then nothing about `ts`
 * did (the sim sends in order, so nothing can still be on its way).
 */
async function expectNothingAbout(sim: SlackSim, seen: Seen[], ts: string): Promise<void> {
  const marker = await sim.mention({ user: "U0BOB", channel: INSIDE, text: "marker" });
  await eventually(() => expect(seen.some((event) => event.ts === marker.ts)).toBe(true));
  expect(seen.filter((event) => event.ts === ts || event.channel === OUTSIDE)).toEqual([]);
}

const promptOf = (sim: SlackSim, user: string, channel = OUTSIDE) =>
  sim.conversation(channel, { as: user }).filter((m) => m.user === SLACKBOT_USER_ID);

const buttonsOf = (message: { blocks?: Record<string, unknown>[] } | undefined) =>
  (message?.blocks ?? [])
    .filter((block) => block.type === "actions")
    .flatMap((block) => block.elements as { action_id: string; text: { text: string } }[])
    .map((button) => [button.action_id, button.text.text]);

describe("a mention of the app in a conversation it is not in", () => {
  // https://docs.slack.dev/reference/events/app_mention: "If your app is mentioned but not part of a conversation
  // (and not invited to join), you won't receive an event"; the person "has the option to invite your app".
  it("sends no app_mention and shows the person Slackbot's invite prompt, which nobody else sees", async () => {
    const { sim, seen } = await recordingApp();
    const sent = await sim.mention({ user: "U0ALICE", channel: OUTSIDE, text: "a kite over the sea" });
    expect(sent).toMatchObject({ delivered: false, reason: "not_in_channel" });
    await expectNothingAbout(sim, seen, sent.ts);

    // The person's message is in the channel for everyone; Slackbot's prompt only for them.
    expect(sim.conversation(OUTSIDE, { as: "U0BOB" }).map((m) => m.text)).toEqual([`<@${BOT}> a kite over the sea`]);
    const [prompt, ...more] = promptOf(sim, "U0ALICE");
    expect(more).toEqual([]);
    expect(prompt).toMatchObject({ ephemeral: true, visibleTo: "U0ALICE", fromBot: false });
    expect(prompt?.text).toBe(`You mentioned <@${BOT}>, but they’re not in this channel.`);
    expect(buttonsOf(prompt)).toEqual([
      [INVITE_PROMPT_ACTIONS.invite, "Invite Them"],
      [INVITE_PROMPT_ACTIONS.doNothing, "Do Nothing"],
    ]);
    expect(sent.delivered === false && sent.invitePromptTs).toBe(prompt?.ts);
    expect(promptOf(sim, "U0BOB")).toEqual([]);
  });

  // "When your app is directly invited to a channel as a result of being mentioned, you'll receive that inciting
  // message as an app_mention" (app_mention), and a bot user receives member_joined_channel when it joins
  // (https://docs.slack.dev/reference/events/member_joined_channel; "inviter": who invited it).
  it("Invite Them makes the app a member: member_joined_channel for the bot user, then the mention itself", async () => {
    const { sim, seen } = await recordingApp((app) => {
      app.event("app_mention", async ({ event, client }) => {
        if (event.channel === OUTSIDE) {
          await client.chat.postMessage({ channel: event.channel, thread_ts: event.ts, text: "On it" });
        }
      });
    });
    const sent = await sim.mention({ user: "U0ALICE", channel: OUTSIDE, text: "a kite over the sea" });
    const answered = await sim.answerInvite({ user: "U0ALICE", channel: OUTSIDE, invite: true });
    expect(answered).toMatchObject({ invited: true, joined: { status: 200 }, mention: { status: 200 } });

    await eventually(() => expect(seen.filter((event) => event.channel === OUTSIDE)).toHaveLength(2));
    const [joined, mention] = seen.filter((event) => event.channel === OUTSIDE);
    expect(joined).toMatchObject({
      type: "member_joined_channel",
      user: BOT,
      channel: OUTSIDE,
      channel_type: "C",
      team: SIM_WORKSPACE.teamId,
      inviter: "U0ALICE",
    });
    expect(mention).toMatchObject({
      type: "app_mention",
      user: "U0ALICE",
      channel: OUTSIDE,
      ts: sent.ts,
      text: `<@${BOT}> a kite over the sea`,
    });

    // The app is a member now: the prompt is gone, the channel says the app joined, and the app can answer there.
    expect(sim.channels().find((channel) => channel.id === OUTSIDE)?.member).toBe(true);
    expect(promptOf(sim, "U0ALICE")).toEqual([]);
    const shown = sim.conversation(OUTSIDE, { as: "U0BOB" });
    expect(shown.map((m) => [m.subtype, m.text])).toEqual([
      [undefined, `<@${BOT}> a kite over the sea`],
      ["channel_join", `<@${BOT}> has joined the channel`],
    ]);
    await eventually(() => expect(sim.thread(OUTSIDE, sent.ts).map((m) => m.text)).toContain("On it"));
  });

  // The words people quote are from a private channel: "You mentioned @Coach, but they’re not in this private
  // channel." (https://github.com/slackapi/bolt-python/issues/229). member_joined_channel's channel_type is "G" there.
  it("says 'this private channel' in a private one, and joins it as a private channel", async () => {
    const secret = { id: "C0SECRET", name: "secret", member: false, private: true };
    const { sim, seen } = await recordingApp(() => {}, { channels: [secret] });
    await sim.mention({ user: "U0ALICE", channel: secret.id, text: "a kite" });
    const [prompt] = promptOf(sim, "U0ALICE", secret.id);
    expect(prompt?.text).toBe(`You mentioned <@${BOT}>, but they’re not in this private channel.`);
    await sim.answerInvite({ user: "U0ALICE", channel: secret.id, invite: true });
    await eventually(() =>
      expect(seen.find((event) => event.type === "member_joined_channel")).toMatchObject({
        channel: secret.id,
        channel_type: "G",
      }),
    );
  });

  it("Do Nothing takes the prompt away and sends the app nothing", async () => {
    const { sim, seen } = await recordingApp();
    const sent = await sim.mention({ user: "U0ALICE", channel: OUTSIDE, text: "a kite" });
    expect(await sim.answerInvite({ user: "U0ALICE", channel: OUTSIDE, invite: false })).toEqual({ invited: false });
    expect(promptOf(sim, "U0ALICE")).toEqual([]);
    expect(sim.channels().find((channel) => channel.id === OUTSIDE)?.member).toBe(false);
    await expectNothingAbout(sim, seen, sent.ts);
    // There is no prompt left to answer.
    await expect(sim.answerInvite({ user: "U0ALICE", channel: OUTSIDE, invite: true })).rejects.toMatchObject({
      code: "message_not_found",
    });
  });

  it("prompts in the thread a mention was written in, and delivers it with its thread_ts once invited", async () => {
    const { sim, seen } = await recordingApp();
    const root = await sim.message({ user: "U0BOB", channel: OUTSIDE, text: "ideas for the banner?" });
    const sent = await sim.mention({ user: "U0ALICE", channel: OUTSIDE, text: "a kite", threadTs: root.ts });
    const prompt = sim.thread(OUTSIDE, root.ts, { as: "U0ALICE" }).find((m) => m.user === SLACKBOT_USER_ID);
    expect(prompt).toMatchObject({ threadTs: root.ts, ephemeral: true });
    await sim.answerInvite({ user: "U0ALICE", channel: OUTSIDE, invite: true, ts: prompt?.ts ?? "" });
    await eventually(() =>
      expect(seen.find((event) => event.type === "app_mention" && event.ts === sent.ts)).toMatchObject({
        thread_ts: root.ts,
      }),
    );
    // The message written before the app joined was never sent to it.
    expect(seen.some((event) => event.ts === root.ts)).toBe(false);
  });

  it("answers each prompt apart: only the mention whose prompt was answered is delivered", async () => {
    const { sim, seen } = await recordingApp();
    const first = await sim.mention({ user: "U0ALICE", channel: OUTSIDE, text: "first" });
    const second = await sim.mention({ user: "U0ALICE", channel: OUTSIDE, text: "second" });
    expect(promptOf(sim, "U0ALICE")).toHaveLength(2);
    // Without `ts`, the person's latest prompt in the channel.
    await sim.answerInvite({ user: "U0ALICE", channel: OUTSIDE, invite: true });
    await eventually(() => expect(seen.some((event) => event.ts === second.ts)).toBe(true));
    expect(seen.some((event) => event.ts === first.ts)).toBe(false);
    expect(promptOf(sim, "U0ALICE")).toHaveLength(1);
  });

  it("refuses a click on Slackbot's prompt as the app's own: Slack answers it, not the app", async () => {
    const { sim, seen } = await recordingApp();
    const sent = await sim.mention({ user: "U0ALICE", channel: OUTSIDE, text: "a kite" });
    const ts = sent.delivered ? "" : (sent.invitePromptTs ?? "");
    await expect(
      sim.click({ user: "U0ALICE", channel: OUTSIDE, messageTs: ts, actionId: INVITE_PROMPT_ACTIONS.invite }),
    ).rejects.toMatchObject({ code: "invalid_options" });
    // The prompt is still there to answer, and the app heard nothing.
    expect(promptOf(sim, "U0ALICE").map((m) => m.ts)).toEqual([ts]);
    await expectNothingAbout(sim, seen, sent.ts);
  });

  it("delivers as before where the app is a member: the event, its ack and the message's ts", async () => {
    const { sim, seen } = await recordingApp();
    const sent = await sim.mention({ user: "U0ALICE", channel: INSIDE, text: "hello" });
    expect(sent).toMatchObject({ delivered: true, status: 200 });
    await eventually(() => expect(seen.find((event) => event.ts === sent.ts)?.type).toBe("app_mention"));
    expect(promptOf(sim, "U0ALICE", INSIDE)).toEqual([]);
  });
});

describe("messages in a conversation the app is not in", () => {
  // https://docs.slack.dev/reference/events/message.channels/ (and message.groups): the app receives the messages
  // of the channels it is in, as `app_mentions:read` reads only "conversations that the app is in"
  // (https://docs.slack.dev/reference/scopes/app_mentions.read/).
  it("sends no message event, and sends them again once the app is a member", async () => {
    const { sim, seen } = await recordingApp();
    const outside = await sim.message({ user: "U0ALICE", channel: OUTSIDE, text: "anyone here?" });
    expect(outside).toMatchObject({ delivered: false, reason: "not_in_channel" });
    expect(outside.delivered === false && outside.invitePromptTs).toBe(undefined);
    await expectNothingAbout(sim, seen, outside.ts);
    expect(sim.conversation(OUTSIDE, { as: "U0BOB" }).map((m) => m.text)).toEqual(["anyone here?"]);

    sim.setMember(OUTSIDE, true);
    const inside = await sim.message({ user: "U0ALICE", channel: OUTSIDE, text: "now?" });
    expect(inside).toMatchObject({ delivered: true, status: 200 });
    await eventually(() =>
      expect(seen.find((event) => event.ts === inside.ts)).toMatchObject({ type: "message", channel_type: "channel" }),
    );
  });
});

describe("a slash command in a conversation the app is not in", () => {
  // https://docs.slack.dev/interactivity/implementing-slash-commands: a command reaches its app from any
  // conversation, with a response_url to answer there.
  it("still reaches the app", async () => {
    const commands: string[] = [];
    const { sim } = await recordingApp((app) => {
      app.command("/studio", async ({ ack, command }) => {
        commands.push(command.channel_id);
        await ack();
      });
    });
    const ack = await sim.command({ user: "U0ALICE", channel: OUTSIDE, text: "a kite" });
    expect(ack.status).toBe(200);
    expect(commands).toEqual([OUTSIDE]);
  });
});
