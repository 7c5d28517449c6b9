// A mention of @Studio in #random, which the bot is not in, through the playground's API as the page sends it:
// Slack sends the bot nothing and Slackbot offers the person to invite it (slack-sim's invite prompt); the page's
// click on Invite Them goes to slack-sim, not the bot, and the bot then answers the mention there.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MessageView, Workspace } from "../src/shared/api.js";
import { blocksOf, buttonsOf, type Driver, eventually, startDriver } from "./support/playground.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const RANDOM = "C0RANDOM";

let driver: Driver;
beforeEach(async () => {
  driver = await startDriver();
});
afterEach(async () => {
  await driver.close();
});

const seen = async (user = ALICE) => (await driver.state(user, RANDOM)).messages;
const member = async () =>
  (await driver.api<Workspace>("/api/workspace")).body.channels.find((channel) => channel.id === RANDOM)?.member;

/** Alice mentions @Studio in #random and gets Slackbot's prompt. */
async function mentionAndPrompt(): Promise<{ mention: MessageView; prompt: MessageView }> {
  const sent = await driver.api("/api/send", {
    user: ALICE,
    channel: RANDOM,
    text: "@Studio image a kite over the sea",
  });
  expect(sent).toEqual({ status: 200, body: { ok: true } });
  const [mention, prompt, ...more] = await seen();
  expect(more).toEqual([]);
  return { mention: mention as MessageView, prompt: prompt as MessageView };
}

describe("a mention of @Studio in #random", () => {
  it("shows Alice (only her) Slackbot's prompt, and Invite Them makes the bot answer there", async () => {
    const { mention, prompt } = await mentionAndPrompt();
    expect(mention).toMatchObject({
      authorName: "Alice",
      fromBot: false,
      text: "<@U0SIMBOT1> image a kite over the sea",
    });
    expect(prompt).toMatchObject({ authorName: "Slackbot", fromBot: false, ephemeral: true });
    expect(prompt.text).toBe("You mentioned <@U0SIMBOT1>, but they’re not in this channel.");
    expect(buttonsOf(prompt).map((button) => button.actionId)).toHaveLength(2);
    expect((await seen(BOB)).map((message) => message.ts)).toEqual([mention.ts]);
    expect(await member()).toBe(false);

    const [invite] = buttonsOf(prompt);
    const clicked = await driver.api("/api/click", {
      user: ALICE,
      channel: RANDOM,
      messageTs: prompt.ts,
      actionId: invite?.actionId,
      value: invite?.value,
    });
    expect(clicked).toEqual({ status: 200, body: { ok: true } });
    expect(await member()).toBe(true);

    // The prompt is gone, the channel says Studio joined, and the bot's answer to the mention is in its thread.
    expect((await seen()).map((message) => message.text)).toEqual([
      mention.text,
      "<@U0SIMBOT1> has joined the channel",
    ]);
    const result = await eventually(async () => {
      const thread = (await driver.state(BOB, RANDOM, { thread: mention.ts })).thread ?? [];
      const found = thread.find((message) => message.fromBot && blocksOf(message, "image").length === 1);
      expect(found).toBeDefined();
      return found as MessageView;
    });
    expect(result.stream?.state).toBe("stopped");
    expect(driver.playground.sandbox?.sandbox.stats().operations.GenerateImage).toBe(1);
  });

  it("Do Nothing takes the prompt away and the bot stays out", async () => {
    const { mention, prompt } = await mentionAndPrompt();
    const doNothing = buttonsOf(prompt)[1];
    const clicked = await driver.api("/api/click", {
      user: ALICE,
      channel: RANDOM,
      messageTs: prompt.ts,
      actionId: doNothing?.actionId,
    });
    expect(clicked).toEqual({ status: 200, body: { ok: true } });
    expect((await seen()).map((message) => message.ts)).toEqual([mention.ts]);
    expect(await member()).toBe(false);
    expect(driver.playground.sandbox?.sandbox.stats().operations.GenerateImage ?? 0).toBe(0);
  });

  it("a plain message there sends the bot nothing and is simply posted", async () => {
    const sent = await driver.api("/api/send", { user: ALICE, channel: RANDOM, text: "anyone around?" });
    expect(sent).toEqual({ status: 200, body: { ok: true } });
    expect((await seen(BOB)).map((message) => message.text)).toEqual(["anyone around?"]);
  });
});
