import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, eventually, startBot } from "./harness.js";
import { staleClick } from "./stale-click.js";

// Issue 39: a thread is a conversation about its result. A message to the bot in the thread of a result is read
// against it: a change makes a new image FROM it, "again" re-rolls it, a question is answered from its record, and
// what could be either is asked back. A new, unrelated prompt there stays a new image.

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const AT = "<@U0SIMBOT1>";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const generations = () => bot.requests.filter((request) => request.operation === "GenerateImage");
const spent = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
const text = (message: Shown | undefined) => `${message?.text ?? ""} ${JSON.stringify(message?.blocks ?? [])}`;
const thread = (ts: string) => bot.sim.thread(CHANNEL, ts).filter((message) => message.fromBot);
/** A result message: it carries the job's buttons (Regenerate) and is finished. */
const results = (ts: string) =>
  thread(ts).filter(
    (message) => actionIds(message).includes(ACTIONS.regenerate) && message.stream?.state !== "streaming",
  );

/** A mention's result in its thread: the thread's ts and the first image's id. */
async function firstResult(prompt: string, flags = "") {
  const sent = await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} ${prompt} ${flags}`.trim() });
  const ts = sent.ts ?? "";
  await eventually(() => expect(results(ts)).toHaveLength(1));
  expect(generations()[0]?.variables.prompt).toBe(prompt);
  return ts;
}

/** The ids of the images the thread's first result shows (its buttons carry them). */
function shownImageIds(message: Shown | undefined): string[] {
  return JSON.stringify(message?.blocks ?? []).match(/img_[a-z0-9]+/g) ?? [];
}

describe("a thread is a conversation about its result", () => {
  it("'make it more blue' makes a new image from that one, its prompt changed, and says what it understood", async () => {
    const ts = await firstResult("a lighthouse at dusk");
    const [image] = shownImageIds(results(ts)[0]);
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} make it more blue`, threadTs: ts });
    await eventually(() => expect(results(ts)).toHaveLength(2));
    const change = generations()[1];
    expect(change?.variables).toMatchObject({ prompt: "a lighthouse at dusk, more blue", parentImageId: image });
    expect(change?.variables.count).toBe(1);
    const reply = results(ts)[1];
    expect(text(reply)).toContain("*Changed* “a lighthouse at dusk”: more blue");
    expect(actionIds(reply)).toEqual(expect.arrayContaining([ACTIONS.variations, ACTIONS.regenerate]));
    expect(spent()).toBe(2);
  });

  it("a question is answered from the result's record and spends nothing", async () => {
    const ts = await firstResult("a lighthouse at dusk");
    for (const question of ["what model made this?", "what did it cost?", "what was the prompt?"]) {
      await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} ${question}`, threadTs: ts });
    }
    await eventually(() => expect(thread(ts).filter((m) => m.text.startsWith("About this image"))).toHaveLength(3));
    const answers = thread(ts)
      .filter((m) => m.text.startsWith("About this image"))
      .map(text);
    expect(answers[0]).toMatch(/\*Model:\* .+ \(`img-/);
    expect(answers[1]).toMatch(/\*Cost:\* about \d+ credits/);
    expect(answers[2]).toContain("*Prompt:* “a lighthouse at dusk”");
    expect(spent()).toBe(1);
  });

  it("'again' re-rolls with the same settings, '2 more' with that count", async () => {
    const ts = await firstResult("a lighthouse at dusk", "--ratio 1:1");
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} again`, threadTs: ts });
    await eventually(() => expect(results(ts)).toHaveLength(2));
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} 2 more`, threadTs: ts });
    await eventually(() => expect(results(ts)).toHaveLength(3));
    const [, again, more] = generations();
    expect(again?.variables).toMatchObject({ prompt: "a lighthouse at dusk", aspectRatio: "1:1", count: 1 });
    expect(again?.variables.parentImageId).toBeUndefined();
    expect(more?.variables).toMatchObject({ prompt: "a lighthouse at dusk", aspectRatio: "1:1", count: 2 });
  });

  it("a new, unrelated prompt in the thread is a new image, not a change of the result", async () => {
    const ts = await firstResult("a lighthouse at dusk");
    await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: `${AT} a red fox jumping over a frozen river at dawn`,
      threadTs: ts,
    });
    await eventually(() => expect(results(ts)).toHaveLength(2));
    const fresh = generations()[1];
    expect(fresh?.variables.prompt).toBe("a red fox jumping over a frozen river at dawn");
    expect(fresh?.variables.parentImageId).toBeUndefined();
  });

  it("what could be a change or a new image is asked back; the first click spends once, a second nothing", async () => {
    const ts = await firstResult("a lighthouse at dusk");
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} blue`, threadTs: ts });
    const asked = await eventually(() => {
      const question = thread(ts).find((m) => actionIds(m).includes(ACTIONS.followUpChange));
      expect(question).toBeDefined();
      return question as Shown;
    });
    expect(actionIds(asked)).toEqual([ACTIONS.followUpChange, ACTIONS.followUpNew]);
    expect(spent()).toBe(1);
    const first = await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: asked.ts,
      actionId: ACTIONS.followUpChange,
    });
    await eventually(() => expect(results(ts)).toHaveLength(2));
    expect(generations()[1]?.variables).toMatchObject({ prompt: "a lighthouse at dusk, blue" });
    // The question was replaced by what was chosen: no buttons left to click.
    await eventually(() => expect(actionIds(thread(ts).find((m) => m.ts === asked.ts))).toEqual([]));
    // A second click (the person's other device, still drawing the question) runs nothing and says so.
    await staleClick(bot, {
      user: USER,
      shown: asked,
      actionId: ACTIONS.followUpNew,
      responseUrl: first.responseUrl ?? "",
    });
    const seen = () => [...bot.sim.conversation(CHANNEL, { as: USER }), ...bot.sim.thread(CHANNEL, ts, { as: USER })];
    await eventually(() => expect(seen().some((m) => m.ephemeral && m.text.includes("already used"))).toBe(true));
    expect(spent()).toBe(2);
  });

  it("a result posted by /studio at the top of the channel: a mention in its thread changes it", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a kite over the sea" });
    const result = await eventually(() => {
      const [shown] = bot.sim
        .conversation(CHANNEL)
        .filter((m) => m.fromBot && actionIds(m).includes(ACTIONS.regenerate));
      expect(shown).toBeDefined();
      return shown as Shown;
    });
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} at night`, threadTs: result.ts });
    // The thread holds the result itself (its parent) and the change.
    await eventually(() => expect(results(result.ts)).toHaveLength(2));
    expect(generations()[1]?.variables).toMatchObject({ prompt: "a kite over the sea, at night" });
    expect(generations()[1]?.variables.parentImageId).toBe(shownImageIds(result)[0]);
  });

  it("'put it on Spring campaign' puts the result on that board, spending nothing", async () => {
    const ts = await firstResult("a lighthouse at dusk");
    await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} put it on Spring campaign`, threadTs: ts });
    await eventually(() => expect(thread(ts).some((m) => m.text.includes("Spring campaign"))).toBe(true));
    expect(bot.requests.some((request) => request.operation.startsWith("CreateCanvasCard"))).toBe(true);
    expect(spent()).toBe(1);
  });
});

describe("the same conversation in the assistant pane", () => {
  it("a change asked in an assistant thread is made from the thread's result", async () => {
    const { channel, threadTs } = await bot.sim.openAssistant({ user: USER, context: { channelId: CHANNEL } });
    await eventually(() => expect(bot.sim.assistantThread(channel, threadTs)?.suggestedPrompts).toBeDefined());
    const inPane = () =>
      bot.sim
        .thread(channel, threadTs, { as: USER })
        .filter((m) => m.fromBot && actionIds(m).includes(ACTIONS.regenerate));
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "a lighthouse at dusk" });
    await eventually(() => expect(inPane()).toHaveLength(1));
    const [image] = shownImageIds(inPane()[0]);
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "make it more blue" });
    await eventually(() => expect(inPane()).toHaveLength(2));
    expect(generations()[1]?.variables).toMatchObject({
      prompt: "a lighthouse at dusk, more blue",
      parentImageId: image,
    });
    expect(text(inPane()[1])).toContain("*Changed* “a lighthouse at dusk”: more blue");
  });
});

describe("a how-to question", () => {
  it("'how do I make a video?' answers with the video command and one example, and spends nothing", async () => {
    const sent = await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} how do I make a video?` });
    const answer = await eventually(() => {
      const [reply] = thread(sent.ts ?? "");
      expect(reply).toBeDefined();
      return reply as Shown;
    });
    expect(text(answer)).toContain("/studio video");
    expect(text(answer)).toContain("For example: `/studio video waves on a rocky shore --duration 5`");
    // A few lines, not the whole help: no other command's usage.
    expect(text(answer)).not.toContain("/studio music");
    expect(answer.blocks?.length).toBeLessThanOrEqual(3);
    expect(bot.requests.filter((request) => request.operation.startsWith("Generate"))).toEqual([]);
  });

  it("'make an image' is asked what to make, with an example, instead of drawing those words", async () => {
    const sent = await bot.sim.mention({ user: USER, channel: CHANNEL, text: `${AT} make an image` });
    const answer = await eventually(() => {
      const [reply] = thread(sent.ts ?? "");
      expect(reply).toBeDefined();
      return reply as Shown;
    });
    expect(text(answer)).toContain("What should the image show?");
    expect(text(answer)).toContain("For example: `/studio image a lighthouse at dusk --ratio 16:9`");
    expect(bot.requests.filter((request) => request.operation.startsWith("Generate"))).toEqual([]);
  });
});
