import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

// Issue 16, "Credits are money": a typo, a question or a greeting typed where a bare prompt would generate gets a
// reply with buttons instead, and nothing is spent before a click. Through slack-sim and the sandbox, for the slash
// command, a mention and the bot's DM.

const USER = "U0ALICE";
const OTHER = "U0BOB";
const CHANNEL = "C0GENERAL";

let bot: Bot;
let seeded: Set<string>;
beforeEach(async () => {
  bot = await startBot();
  seeded = new Set(bot.sandbox.sandbox.state.assets.keys());
});
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];

const generations = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
/** The prompts of the images generated since the test started. */
const generatedPrompts = () =>
  [...bot.sandbox.sandbox.state.assets.values()]
    .filter((asset) => !seeded.has(asset.id) && asset.__typename === "Image")
    .map((asset) => ("prompt" in asset ? asset.prompt : null));
const visible = (channel = CHANNEL, as = USER) => bot.sim.conversation(channel, { as }).filter((m) => m.fromBot);
const labels = (message: Shown | undefined) =>
  blocksOf(message, "actions").flatMap((block) =>
    ((block.elements as { text?: { text?: string } }[] | undefined) ?? []).map((element) => element.text?.text),
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bot's reply carrying the ask buttons, among `messages`. */
function askReply(messages: () => Shown[]): Promise<Shown> {
  return eventually(() => {
    const found = messages().find((m) => m.fromBot && actionIds(m).includes(ACTIONS.askImage));
    expect(found).toBeDefined();
    return found as Shown;
  });
}

const imageResults = (messages: Shown[]) => messages.filter((m) => m.fromBot && blocksOf(m, "image").length > 0);

describe("/studio with a typo of a command", () => {
  it("generates nothing, offers both buttons, and the corrected command's click generates exactly one image", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "imgae a red fox" });
    const ask = await askReply(() => visible());
    expect(ask.ephemeral).toBe(true);
    expect(labels(ask)).toEqual(["Image of 'a red fox'", "Generate an image of 'imgae a red fox'"]);
    expect(ask.text).toContain("Did you mean /studio image a red fox?");
    // Nobody else sees it, and nothing reached the API's generation.
    expect(bot.sim.conversation(CHANNEL, { as: OTHER }).filter((m) => m.fromBot)).toHaveLength(0);
    await pause(200);
    expect(bot.order).not.toContain("studio:GenerateImage");
    expect(generations()).toBe(0);

    const click = await bot.sim.click({
      user: USER,
      actionId: ACTIONS.askCommand,
      messageTs: ask.ts,
      channel: CHANNEL,
    });
    expect(click.status).toBe(200);
    await eventually(() => expect(imageResults(visible(CHANNEL, OTHER))).toHaveLength(1));
    expect(generations()).toBe(1);
    expect(generatedPrompts()).toEqual(["a red fox"]);
    // The click was acked before the API was asked for anything.
    expect(bot.order.indexOf("ack", bot.order.indexOf("ack") + 1)).toBeLessThan(
      bot.order.indexOf("studio:GenerateImage"),
    );
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("'Generate an image of ...' runs the text as typed, through the usual flow", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "imgae a red fox" });
    const ask = await askReply(() => visible());
    await bot.sim.click({ user: USER, actionId: ACTIONS.askImage, messageTs: ask.ts, channel: CHANNEL });
    await eventually(() => expect(imageResults(visible())).toHaveLength(1));
    expect(generatedPrompts()).toEqual(["imgae a red fox"]);
  });

  it("offers /studio credits for 'credit', and its click shows the credits", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "credit" });
    const ask = await askReply(() => visible());
    expect(labels(ask)).toEqual(["/studio credits", "Generate an image of 'credit'"]);
    await bot.sim.click({ user: USER, actionId: ACTIONS.askCommand, messageTs: ask.ts, channel: CHANNEL });
    const credits = await eventually(() => {
      const found = visible().find((m) => /^[\d,]+ credits available$/.test(m.text));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(credits.ephemeral).toBe(true);
    expect(bot.order).toContain("studio:CreditsBalance");
    expect(generations()).toBe(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("still generates 'credit card on a table' at once", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "credit card on a table" });
    await eventually(() => expect(imageResults(visible())).toHaveLength(1));
    expect(visible().some((m) => actionIds(m).includes(ACTIONS.askImage))).toBe(false);
    expect(generatedPrompts()).toEqual(["credit card on a table"]);
  });

  it("answers through response_url in a channel the bot is not in, before and after the click", async () => {
    bot.sim.setMember("C0RANDOM", false);
    await bot.sim.command({ user: USER, channel: "C0RANDOM", text: "imgae a red fox" });
    const ask = await askReply(() => visible("C0RANDOM"));
    await bot.sim.click({ user: USER, actionId: ACTIONS.askCommand, messageTs: ask.ts, channel: "C0RANDOM" });
    const [result] = await eventually(() => {
      const found = imageResults(visible("C0RANDOM", OTHER));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(result?.ephemeral).toBe(false);
    // The ask was replaced in place (its offer is spent, through the click's response_url): the result came as a
    // new message.
    const replaced = visible("C0RANDOM").find((m) => m.ts === ask.ts);
    expect(replaced?.text).toBe("You chose: Image of 'a red fox'");
    expect(labels(replaced)).toHaveLength(0);
    expect(generatedPrompts()).toEqual(["a red fox"]);
  });

  it("a double click spends once", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "imgae a red fox" });
    const ask = await askReply(() => visible());
    const click = () => bot.sim.click({ user: USER, actionId: ACTIONS.askImage, messageTs: ask.ts, channel: CHANNEL });
    const acks = await Promise.all([click(), click()]);
    expect(acks.map((ack) => ack.status)).toEqual([200, 200]);
    await eventually(() => expect(imageResults(visible())).toHaveLength(1));
    await eventually(() => expect(visible().some((m) => m.text.includes("That offer was already used"))).toBe(true));
    await pause(500);
    expect(imageResults(visible())).toHaveLength(1);
    expect(generations()).toBe(1);
  });
});

describe("@Studio with a question", () => {
  it("answers 'what can you do?' with help in the thread and generates nothing", async () => {
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> what can you do?" });
    const ts = mention.ts ?? "";
    const ask = await askReply(() => bot.sim.thread(CHANNEL, ts));
    expect(ask.threadTs).toBe(ts);
    expect(ask.ephemeral).toBe(false);
    expect(JSON.stringify(ask.blocks)).toContain("Show this help");
    expect(labels(ask)).toEqual(["Generate an image of 'what can you do?'"]);
    await pause(200);
    expect(generations()).toBe(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("refuses someone else's click with a note only they see, and spends nothing", async () => {
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> what can you do?" });
    const ask = await askReply(() => bot.sim.thread(CHANNEL, mention.ts ?? ""));
    await bot.sim.click({ user: OTHER, actionId: ACTIONS.askImage, messageTs: ask.ts, channel: CHANNEL });
    const thread = (as: string) => bot.sim.thread(CHANNEL, mention.ts ?? "", { as });
    const note = await eventually(() => {
      const found = thread(OTHER).find((m) => m.fromBot && m.text.includes("Only the person who asked"));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(note.ephemeral).toBe(true);
    expect(thread(USER).some((m) => m.text.includes("Only the person who asked"))).toBe(false);
    await pause(300);
    expect(generations()).toBe(0);

    // The asker's own click still works, in the mention's thread.
    await bot.sim.click({ user: USER, actionId: ACTIONS.askImage, messageTs: ask.ts, channel: CHANNEL });
    await eventually(() => expect(imageResults(bot.sim.thread(CHANNEL, mention.ts ?? ""))).toHaveLength(1));
    expect(generatedPrompts()).toEqual(["what can you do?"]);
  });
});

describe("the bot's DM", () => {
  const dm = () => bot.sim.dm(USER);

  it("answers 'hi' with help and generates nothing", async () => {
    await bot.sim.message({ user: USER, channel: dm(), text: "hi" });
    const reply = await askReply(() => bot.sim.conversation(dm()));
    expect(reply.threadTs).toBeUndefined();
    expect(JSON.stringify(reply.blocks)).toContain("Hi <@U0ALICE>!");
    expect(JSON.stringify(reply.blocks)).toContain("Show this help");
    await pause(200);
    expect(generations()).toBe(0);
    expectAllMessagesValid(bot.sim, [dm()]);
  });

  it("generates 'a red fox on snow' as a mention would, in the DM", async () => {
    await bot.sim.message({ user: USER, channel: dm(), text: "a red fox on snow" });
    const [result] = await eventually(() => {
      const found = imageResults(bot.sim.conversation(dm()));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(actionIds(result)).toContain(ACTIONS.variations);
    expect(generatedPrompts()).toEqual(["a red fox on snow"]);
    expectAllMessagesValid(bot.sim, [dm()]);
  });

  it("ignores messages in channels that do not mention the bot", async () => {
    await bot.sim.message({ user: USER, channel: CHANNEL, text: "a red fox on snow" });
    await pause(300);
    expect(visible()).toHaveLength(0);
    expect(generations()).toBe(0);
  });
});

// Slash commands do not run in threads or the assistant pane (https://docs.slack.dev/interactivity/implementing-slash-commands,
// Limitations on use): there Slack sends `/studio credits` as a message. It is that command, and never an image prompt.
describe("/studio typed where Slack does not run slash commands", () => {
  const creditsReply = (m: Shown) => m.fromBot && /credits? (available|left)|balance/i.test(m.text);

  it("answers '/studio credits' in the assistant pane with the credits, and generates nothing", async () => {
    const { channel, threadTs } = await bot.sim.openAssistant({ user: USER, context: { channelId: CHANNEL } });
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "/studio credits" });
    const reply = await eventually(() => {
      const found = bot.sim.thread(channel, threadTs, { as: USER }).find(creditsReply);
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(reply.threadTs).toBe(threadTs);
    expect(actionIds(reply)).not.toContain(ACTIONS.askImage);
    expect(generations()).toBe(0);
    expect(bot.order).not.toContain("studio:GenerateImage");
  });

  it("answers '/studio credits' in a mention's thread and in the DM the same way", async () => {
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> /studio credits" });
    await eventually(() => expect(bot.sim.thread(CHANNEL, mention.ts ?? "").some(creditsReply)).toBe(true));
    await bot.sim.message({ user: USER, channel: bot.sim.dm(USER), text: "/studio credits" });
    await eventually(() => expect(bot.sim.conversation(bot.sim.dm(USER)).some(creditsReply)).toBe(true));
    expect(generations()).toBe(0);
  });

  it("runs '/studio image ...' typed in the assistant pane as that image command, once", async () => {
    const { channel, threadTs } = await bot.sim.openAssistant({ user: USER, context: { channelId: CHANNEL } });
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "/studio image a lighthouse in fog" });
    await eventually(() => expect(imageResults(bot.sim.thread(channel, threadTs, { as: USER }))).toHaveLength(1));
    expect(generatedPrompts()).toEqual(["a lighthouse in fog"]);
  });

  it("asks about another app's slash command instead of drawing it", async () => {
    const { channel, threadTs } = await bot.sim.openAssistant({ user: USER, context: { channelId: CHANNEL } });
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "/giphy a fox on snow" });
    const ask = await askReply(() => bot.sim.thread(channel, threadTs, { as: USER }));
    expect(JSON.stringify(ask.blocks)).toContain("is a slash command");
    expect(labels(ask)).toEqual(["Generate an image of '/giphy a fox on snow'"]);
    expect(generations()).toBe(0);
  });
});
