// Issue 39, "Consent is spent once": every offer that can spend (the did-you-mean reply, the confirmation above the
// threshold, the reference offer, Run again in `/studio history` and on the App Home) is replaced on its first click
// by what the click did, and a later click of it (a second device that still draws the offer, both buttons at once)
// spends nothing and says so. Through slack-sim and the sandbox, counting the sandbox's generations.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";
import { staleClick } from "./stale-click.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const USED = "That offer was already used";

let bot: Bot;
// The bot's clock runs ahead of the real one by `skew`: a later click is more than the double-click window after
// the first (DOUBLE_CLICK_MS, 5 s) without the test waiting for it.
let skew = 0;
async function start(env: Record<string, string> = {}, jobMs?: number): Promise<Bot> {
  skew = 0;
  bot = await startBot(env, { now: () => Date.now() + skew, ...(jobMs ? { jobMs } : {}) });
  return bot;
}
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mine = (channel = CHANNEL) => bot.sim.conversation(channel, { as: USER }).filter((m) => m.fromBot);
/** The results among `messages`: images with their buttons (a library reply shows images too, without them). */
const imageResults = (messages: Shown[]) =>
  messages.filter((m) => !m.ephemeral && blocksOf(m, "image").length > 0 && actionIds(m).includes(ACTIONS.regenerate));
const now = (messages: Shown[], ts: string) => messages.find((m) => m.ts === ts);

/** Waits for a bot message among `messages()` that passes `match`, and returns a copy as it is then. */
function shownWhere(messages: () => Shown[], match: (m: Shown) => boolean): Promise<Shown> {
  return eventually(() => {
    const found = messages().find(match);
    expect(found).toBeDefined();
    return structuredClone(found as Shown);
  });
}

/** Waits for the "already used" note only `USER` sees among `messages()`. */
async function usedNote(messages: () => Shown[]): Promise<Shown> {
  const note = await shownWhere(messages, (m) => m.text.includes(USED));
  expect(note.ephemeral).toBe(true);
  expect(note.text).toContain("spent nothing");
  return note;
}

describe("the did-you-mean offer", () => {
  it("is replaced by what its first click did; a later click of the offer as first shown spends nothing", async () => {
    await start();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "imgae a cat" });
    const offer = await shownWhere(mine, (m) => actionIds(m).includes(ACTIONS.askCommand));
    expect(JSON.stringify(offer.blocks)).toContain("Nothing is spent until you click");

    const first = await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: offer.ts,
      actionId: ACTIONS.askCommand,
    });
    await eventually(() => expect(imageResults(mine())).toHaveLength(1));
    // The offer, in place, now says what the click did: no button, no "Nothing is spent".
    const replaced = now(mine(), offer.ts);
    expect(replaced?.ephemeral).toBe(true);
    expect(actionIds(replaced)).toEqual([]);
    expect(replaced?.text).toBe("You chose: Image of 'a cat'");
    expect(JSON.stringify(replaced?.blocks)).not.toContain("Nothing is spent");
    expect(operations("GenerateImage")).toBe(1);

    // Ten seconds later, the person's other device, still drawing the offer, sends a click of each button.
    skew = 10_000;
    const responseUrl = first.responseUrl ?? "";
    await staleClick(bot, { user: USER, shown: offer, actionId: ACTIONS.askCommand, responseUrl });
    await usedNote(mine);
    await staleClick(bot, { user: USER, shown: offer, actionId: ACTIONS.askImage, responseUrl });
    await eventually(() => expect(mine().filter((m) => m.text.includes(USED))).toHaveLength(2));
    await pause(300);
    expect(operations("GenerateImage")).toBe(1);
    expect(imageResults(mine())).toHaveLength(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("in a mention's thread: both buttons clicked at once spend once, and the offer message is replaced", async () => {
    await start();
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> imgae a cat" });
    const thread = () => bot.sim.thread(CHANNEL, mention.ts ?? "", { as: USER });
    const offer = await shownWhere(thread, (m) => m.fromBot && actionIds(m).includes(ACTIONS.askCommand));
    expect(offer.ephemeral).toBe(false);
    const click = (actionId: string) => bot.sim.click({ user: USER, channel: CHANNEL, messageTs: offer.ts, actionId });
    await Promise.all([click(ACTIONS.askCommand), click(ACTIONS.askImage)]);
    await eventually(() => expect(imageResults(thread())).toHaveLength(1));
    await usedNote(thread);
    const replaced = now(thread(), offer.ts);
    expect(replaced?.ephemeral).toBe(false);
    expect(actionIds(replaced)).toEqual([]);
    expect(replaced?.text).toMatch(/^You chose: /);
    await pause(300);
    expect(operations("GenerateImage")).toBe(1);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });
});

describe("the confirmation above the threshold", () => {
  it("spends on its first Confirm only; a later Confirm or Cancel of it is told the offer was used", async () => {
    await start({ CREDITS_CONFIRM_THRESHOLD: "0" });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a lighthouse" });
    const offer = await shownWhere(mine, (m) => actionIds(m).includes(ACTIONS.confirmSpend));
    const first = await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: offer.ts,
      actionId: ACTIONS.confirmSpend,
    });
    await eventually(() => expect(imageResults(mine())).toHaveLength(1));
    expect(actionIds(now(mine(), offer.ts))).toEqual([]);
    expect(now(mine(), offer.ts)?.text).toContain("Confirmed — generating");

    skew = 10_000;
    const responseUrl = first.responseUrl ?? "";
    await staleClick(bot, { user: USER, shown: offer, actionId: ACTIONS.confirmSpend, responseUrl });
    await usedNote(mine);
    await staleClick(bot, { user: USER, shown: offer, actionId: ACTIONS.cancelSpend, responseUrl });
    await eventually(() => expect(mine().filter((m) => m.text.includes(USED))).toHaveLength(2));
    // The confirmation still says what the first click did: a stale Cancel does not rewrite it as cancelled.
    expect(now(mine(), offer.ts)?.text).toContain("Confirmed — generating");
    await pause(300);
    expect(operations("GenerateImage")).toBe(1);
  });
});

describe("the reference offer", () => {
  // A 1x1 red PNG: a real image the sandbox measures.
  const RED = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );

  it("is replaced by what its click did, and a later click of it spends nothing", async () => {
    await start();
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "here is the new jacket",
      files: [{ name: "jacket.png", bytes: RED }],
    });
    const thread = () => bot.sim.thread(CHANNEL, mention.ts ?? "", { as: USER });
    const offer = await shownWhere(thread, (m) => m.fromBot && actionIds(m).includes(ACTIONS.askImage));
    const first = await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: offer.ts,
      actionId: ACTIONS.askImage,
    });
    await eventually(() => expect(imageResults(thread())).toHaveLength(1));
    const replaced = now(thread(), offer.ts);
    expect(actionIds(replaced)).toEqual([]);
    expect(replaced?.text).toBe("You chose: Generate with it as reference");

    skew = 10_000;
    await staleClick(bot, {
      user: USER,
      shown: offer,
      actionId: ACTIONS.askImage,
      responseUrl: first.responseUrl ?? "",
    });
    await usedNote(thread);
    await pause(300);
    expect(operations("GenerateImage")).toBe(1);
    // The upload, the offer, the click's image job and the stale click, over real HTTP.
  }, 30_000);
});

describe("Run again", () => {
  /** Runs `/studio <text>` and waits until its job is over. */
  async function generate(text: string): Promise<void> {
    await bot.sim.command({ user: USER, channel: CHANNEL, text });
    await eventually(async () => {
      const jobs = await bot.app.store.jobs.recent(USER, 10);
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.every((job) => job.state === "done")).toBe(true);
    });
  }

  it("in /studio history: the list is replaced by what runs again where, and a later click of it spends nothing", async () => {
    await start();
    await generate("image a red fox");
    const [job] = await bot.app.store.jobs.recent(USER, 1);
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "history" });
    const list = await shownWhere(mine, (m) => m.text === "Your last job");
    const value = JSON.stringify({ jobId: job?.id });
    const click = { user: USER, channel: CHANNEL, messageTs: list.ts, actionId: ACTIONS.historyRunAgain, value };
    const first = await bot.sim.click(click);
    await eventually(() => expect(operations("GenerateImage")).toBe(2));
    const replaced = now(mine(), list.ts);
    expect(replaced?.text).toBe("Running an image again in <#C0GENERAL>.");
    expect(actionIds(replaced)).toEqual([]);
    expect(JSON.stringify(replaced?.blocks)).not.toContain(ACTIONS.historyRunAgain);

    skew = 10_000;
    await staleClick(bot, {
      user: USER,
      shown: list,
      actionId: ACTIONS.historyRunAgain,
      responseUrl: first.responseUrl ?? "",
    });
    await usedNote(mine);
    await eventually(async () =>
      expect((await bot.app.store.jobs.recent(USER, 10)).every((j) => j.state === "done")).toBe(true),
    );
    await pause(300);
    expect(operations("GenerateImage")).toBe(2);
    expect(await bot.app.store.jobs.recent(USER, 10)).toHaveLength(2);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  }, 30_000);

  it("on the App Home: the Home as shown runs a job again once; the Home published after it offers it anew", async () => {
    // A job long enough that the second click comes while the first one's job runs (the Home is republished after).
    await start({}, 1_500);
    await generate("image a red fox");
    const [job] = await bot.app.store.jobs.recent(USER, 1);
    await bot.sim.openHome(USER);
    await eventually(() => expect(bot.sim.calls("views.publish")).toHaveLength(1));
    const click = {
      user: USER,
      actionId: ACTIONS.historyRunAgain,
      viewId: `VH${USER}`,
      value: JSON.stringify({ jobId: job?.id }),
    };
    await bot.sim.click(click);
    await eventually(() => expect(operations("GenerateImage")).toBe(2));
    skew = 10_000;
    await bot.sim.click(click);
    const dm = () => bot.sim.conversation(bot.sim.dm(USER)).filter((m) => m.fromBot);
    const note = await shownWhere(dm, (m) => m.text.includes(USED));
    expect(note.text).toContain("spent nothing");
    // Once the job is over the Home is published again: its Run again is a new offer, and runs the job again.
    await eventually(() => expect(bot.sim.calls("views.publish")).toHaveLength(2));
    expect(operations("GenerateImage")).toBe(2);
    await bot.sim.click(click);
    await eventually(() => expect(operations("GenerateImage")).toBe(3));
    // Three jobs of 1.5 s one after another and three Home publishes, over real HTTP.
  }, 30_000);
});
