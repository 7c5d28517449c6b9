import { validateMessage } from "@studio-kit/slack-sim";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { DOUBLE_CLICK_MS } from "../../src/listeners/actions/shared.js";
import { BOARD_MODAL } from "../../src/messages/boards.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, startBot } from "./harness.js";

// Issue 26, part 1: a channel the bot is not in (slack-sim's C0RANDOM), reached only through the request's
// response_url. Slack refuses chat.* there (not_in_channel); a slash command's and a click's response_url still
// answer, up to 5 times in 30 minutes, and only a click's is documented to replace the message clicked
// (https://docs.slack.dev/messaging/modifying-messages). One job ends as one message the channel sees; a click
// gives the clicker a result or a clear note, never silence.

const USER = "U0ALICE";
const OTHER = "U0BOB";
const CHANNEL = "C0RANDOM";

let bot: Bot;
let offset = 0;
beforeEach(async () => {
  offset = 0;
  bot = await startBot({}, { now: () => Date.now() + offset });
});
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
/** What someone else in the channel sees from the bot: the messages every member sees. */
const channelSees = () => bot.sim.conversation(CHANNEL, { as: OTHER }).filter((m) => m.fromBot);
/** What the asker sees from the bot, their ephemeral notes included. */
const askerSees = () => bot.sim.conversation(CHANNEL, { as: USER }).filter((m) => m.fromBot);
const hasImages = (m: Shown) => blocksOf(m, "image").length > 0;
const generations = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;

/** Every message shown in the channel passes Slack's limits (the refused Web API calls wrote nothing). */
function expectShownValid(): void {
  for (const shown of bot.sim.conversation(CHANNEL).filter((m) => m.fromBot)) {
    expect(validateMessage(shown.blocks as Parameters<typeof validateMessage>[0], shown.text)).toEqual({ ok: true });
  }
}

async function imageResult(): Promise<Shown> {
  await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a lighthouse in fog" });
  return eventually(() => {
    const [result, ...more] = channelSees();
    expect(result && hasImages(result)).toBe(true);
    expect(more).toHaveLength(0);
    return result as Shown;
  });
}

describe("/studio image in a channel the bot is not in", () => {
  it("ends as ONE message the channel sees (no frozen progress), with a note only the asker sees", async () => {
    const result = await imageResult();
    expect(result.ephemeral).toBe(false);
    expect(actionIds(result)).toContain(ACTIONS.variations);
    // Nothing the channel sees is a progress message, now or later.
    expect(channelSees().some((m) => /so far|Sending the request/.test(m.text))).toBe(false);
    // The asker was told at once where the result would come and why there is no progress.
    const note = askerSees().find((m) => m.ephemeral);
    expect(note?.text).toContain("the result will be posted here");
    expect(JSON.stringify(note?.blocks)).toContain("/invite @Studio");
    // Web API posts were refused once (the first try), and nothing was edited: no chat.update counts on membership.
    expect(bot.sim.calls("chat.postMessage").map((call) => call.error)).toEqual(["not_in_channel"]);
    expect(bot.sim.calls("chat.update")).toHaveLength(0);
    expect(generations()).toBe(1);
    expectShownValid();
  });
});

describe("a click on a result in a channel the bot is not in", () => {
  const click = (result: Shown) =>
    bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: result.ts,
      actionId: ACTIONS.variations,
      value: buttonValue(result, ACTIONS.variations),
    });

  it("answers Variations through the click's response_url: a note, then the variations as one new message", async () => {
    const result = await imageResult();
    const ack = await click(result);
    expect(ack.status).toBe(200);
    const variations = await eventually(() => {
      const found = channelSees().filter((m) => m.ts !== result.ts && hasImages(m));
      expect(found).toHaveLength(1);
      return found[0] as Shown;
    });
    expect(variations.ephemeral).toBe(false);
    // The clicked result is still there, unchanged: the answer did not replace it.
    expect(channelSees().find((m) => m.ts === result.ts)?.blocks).toEqual(result.blocks);
    expect(generations()).toBe(2);
    expect(channelSees()).toHaveLength(2);
    expectShownValid();
  });

  it("lists the slash command's job and the click's as delivered in /studio history, none 'Not sent'", async () => {
    const result = await imageResult();
    await click(result);
    await eventually(() => expect(channelSees().filter(hasImages)).toHaveLength(2));
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "history" });
    const history = await eventually(() => {
      const found = askerSees().find((m) => m.ephemeral && m.text === "Your last 2 jobs");
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(JSON.stringify(history.blocks)).not.toContain("Not sent");
  });

  it("tells the clicker about a double click instead of staying silent, and spends once", async () => {
    const result = await imageResult();
    await Promise.all([click(result), click(result)]);
    const note = await eventually(() => {
      const found = askerSees().find((m) => m.ephemeral && m.text.includes("clicked that twice"));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(bot.sim.conversation(CHANNEL, { as: OTHER }).includes(note)).toBe(false);
    await eventually(() => expect(channelSees().filter(hasImages)).toHaveLength(2));
    expect(generations()).toBe(2);

    // A later click by the same person is new work, answered the same way.
    offset += DOUBLE_CLICK_MS + 1000;
    await click(result);
    await eventually(() => expect(channelSees().filter(hasImages)).toHaveLength(3));
    expect(generations()).toBe(3);
  });

  it("answers a modal's submission (Add to board) in the clicker's DM, which says which channel it is about", async () => {
    const result = await imageResult();
    const value = buttonValue(result, ACTIONS.addToBoard);
    await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.addToBoard, value });
    const view = await eventually(() => {
      const [open] = bot.sim.views(USER);
      expect(open).toBeDefined();
      return open as NonNullable<typeof open>;
    });
    await bot.sim.submitView({
      user: USER,
      viewId: view.id,
      values: {
        [BOARD_MODAL.newBlock]: { [BOARD_MODAL.newAction]: { type: "plain_text_input", value: "Spring launch" } },
      },
    });
    const note = await eventually(() => {
      const found = bot.sim
        .conversation(bot.sim.dm(USER))
        .find((m) => m.fromBot && m.text === "Added to Spring launch");
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(JSON.stringify(note.blocks)).toContain(`About <#${CHANNEL}>`);
  });
});
