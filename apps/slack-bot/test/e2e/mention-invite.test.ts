// Issue 39, point 4: a mention where the bot is not a member. Slack sends the bot no app_mention there; Slackbot
// offers the person to invite it, and once invited the bot gets the mention
// (https://docs.slack.dev/reference/events/app_mention) and answers as in any channel it is in: its job streams in
// the mention's thread and spends once. slack-sim plays Slack's side (packages/slack-sim/src/invite-prompts.ts).
import { SANDBOX_WORKSPACE_ID } from "@studio-kit/sandbox";
import { SLACKBOT_USER_ID } from "@studio-kit/slack-sim";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, headline, startBot } from "./harness.js";

const USER = "U0ALICE";
const OTHER = "U0BOB";
const CHANNEL = "C0RANDOM";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
  bot.sim.setMember(CHANNEL, false);
});
afterEach(async () => {
  await bot.close();
});

/** Everything the workspace can still spend (free today, bonus, paid), as the sandbox counts it. */
function creditsLeft(): number {
  const credits = bot.sandbox.sandbox.state.credits.get(SANDBOX_WORKSPACE_ID);
  if (!credits) throw new Error("the sandbox has no credits for its workspace");
  return credits.dailyFreeLimit - credits.dailyFreeUsed + credits.bonusBalance + credits.balance;
}
const generations = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
/** The requests the bot acked: none means nothing reached it. */
const acks = () => bot.order.filter((entry) => entry === "ack").length;
const promptsFor = (user: string) =>
  bot.sim.conversation(CHANNEL, { as: user }).filter((m) => m.user === SLACKBOT_USER_ID);
/** What the bot wrote in the channel (the Web API calls naming it), and every refusal among them. */
const callsIn = () => bot.sim.calls().filter((call) => call.args.channel === CHANNEL);

async function mentionOutside(): Promise<string> {
  const sent = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> image a kite over the sea" });
  expect(sent).toMatchObject({ delivered: false, reason: "not_in_channel" });
  return sent.ts;
}

describe("a mention in a channel the bot is not in", () => {
  it("reaches the bot only once the person invites it, then streams its answer there and spends once", async () => {
    const before = creditsLeft();
    const ts = await mentionOutside();

    // Nothing reached the bot; the person (only they) sees Slackbot's prompt with Invite Them and Do Nothing.
    expect(acks()).toBe(0);
    expect(callsIn()).toEqual([]);
    const [prompt] = promptsFor(USER);
    expect(prompt?.text).toBe("You mentioned <@U0SIMBOT1>, but they’re not in this channel.");
    expect(blocksOf(prompt, "actions").flatMap((block) => block.elements as { text: { text: string } }[])).toEqual([
      expect.objectContaining({ text: expect.objectContaining({ text: "Invite Them" }) }),
      expect.objectContaining({ text: expect.objectContaining({ text: "Do Nothing" }) }),
    ]);
    expect(promptsFor(OTHER)).toEqual([]);

    const answered = await bot.sim.answerInvite({ user: USER, channel: CHANNEL, invite: true });
    expect(answered).toMatchObject({ invited: true, joined: { status: 200 }, mention: { status: 200 } });
    expect(bot.sim.channels().find((channel) => channel.id === CHANNEL)?.member).toBe(true);

    // The answer is the mention's, in its thread, as in any channel the bot is in: one streamed reply, the result.
    const result = await eventually(() => {
      const replies = bot.sim.thread(CHANNEL, ts).filter((m) => m.fromBot);
      expect(replies).toHaveLength(1);
      expect(replies[0]?.stream?.state).toBe("stopped");
      expect(blocksOf(replies[0], "image")).toHaveLength(1);
      return replies[0];
    });
    expect(headline(result)).toBe("Image: a kite over the sea");
    expect(actionIds(result)).toContain(ACTIONS.variations);
    expect(bot.sim.calls("chat.startStream")[0]?.args).toMatchObject({ channel: CHANNEL, thread_ts: ts });
    // Everyone in the channel sees the answer once it ends; the prompt is gone.
    expect(bot.sim.thread(CHANNEL, ts, { as: OTHER }).filter((m) => m.fromBot)).toHaveLength(1);
    expect(promptsFor(USER)).toEqual([]);

    // Spent once: one generation, and the credits it cost, no more (the job is done: nothing else is coming).
    expect(generations()).toBe(1);
    const spent = before - creditsLeft();
    expect(spent).toBeGreaterThan(0);
    await eventually(async () => {
      const [job] = await bot.app.store.jobs.recent(USER, 10);
      expect(job?.state).toBe("done");
    });
    expect(before - creditsLeft()).toBe(spent);

    // Slack refused nothing: no post into a channel the bot was not in, no note it could not deliver.
    expect(callsIn().filter((call) => !call.ok)).toEqual([]);
    expect(bot.logs.filter((line) => /not_in_channel|could not tell the user/.test(line))).toEqual([]);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("sends the bot nothing and spends nothing when the person answers Do Nothing", async () => {
    const before = creditsLeft();
    await mentionOutside();
    expect(await bot.sim.answerInvite({ user: USER, channel: CHANNEL, invite: false })).toEqual({ invited: false });

    expect(promptsFor(USER)).toEqual([]);
    expect(bot.sim.channels().find((channel) => channel.id === CHANNEL)?.member).toBe(false);
    expect(acks()).toBe(0);
    expect(callsIn()).toEqual([]);
    expect(generations()).toBe(0);
    expect(creditsLeft()).toBe(before);
  });
});
