// Issue 42, point 2: a refusal about one record says which record and what to do, not "try again" (the API said
// NOT_FOUND: retrying never helps) nor "the API refused the bot's key" (the API said FORBIDDEN for that record; the
// key is fine). Driven as a person does: Add to board on a result, the modal submitted with a new board.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { BOARD_MODAL } from "../../src/messages/boards.js";
import { type Bot, blocksOf, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

/** The other workspace's image in the sandbox's seed (sandbox README: ws_globex has a board and an image). */
const FOREIGN_IMAGE = "img_globex_secret";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

const fromBot = () => bot.sim.conversation(CHANNEL, { as: USER }).filter((m) => m.fromBot && !m.ephemeral);

async function imageResult() {
  await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse" });
  return eventually(() => {
    const found = fromBot().find((m) => blocksOf(m, "image").length === 1);
    expect(found).toBeDefined();
    return found as NonNullable<typeof found>;
  });
}

/** Clicks Add to board with `value` (the button's own by default), submits a new board, and returns the note. */
async function addToNewBoard(result: Awaited<ReturnType<typeof imageResult>>, value: string) {
  await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.addToBoard, value });
  const view = await eventually(() => {
    const [open] = bot.sim.views(USER);
    expect(open).toBeDefined();
    return open as NonNullable<typeof open>;
  });
  await bot.sim.submitView({
    user: USER,
    viewId: view.id,
    values: { [BOARD_MODAL.newBlock]: { [BOARD_MODAL.newAction]: { type: "plain_text_input", value: "Launch" } } },
  });
  return eventually(() => {
    const note = bot.sim.thread(CHANNEL, result.ts, { as: USER }).find((m) => m.fromBot && m.ephemeral);
    expect(note).toBeDefined();
    return note as NonNullable<typeof note>;
  });
}

describe("a refusal about one record names it and the fix", () => {
  it("Add to board of an asset the platform no longer has: names the asset and says trying again will not help", async () => {
    const result = await imageResult();
    const value = buttonValue(result, ACTIONS.addToBoard);
    const { assetId } = JSON.parse(value) as { assetId: string };
    // Deleted on the platform after the result was posted: the API now answers NOT_FOUND for it.
    bot.sandbox.sandbox.state.assets.delete(assetId);
    const note = await addToNewBoard(result, value);
    expect(note.text).toContain(`The studio API has no asset \`${assetId}\` in this workspace`);
    expect(note.text).toContain("Trying again will not help");
    expect(note.text).not.toContain("Try again in a moment");
    expect(note.text).not.toMatch(/bot's key/);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("Add to board of another workspace's asset: names it and says the key is fine, not to check the key", async () => {
    const result = await imageResult();
    // A result posted while the bot ran with another workspace's key carries that workspace's asset id.
    const value = JSON.stringify({ ...JSON.parse(buttonValue(result, ACTIONS.addToBoard)), assetId: FOREIGN_IMAGE });
    const note = await addToNewBoard(result, value);
    expect(note.text).toContain(`the asset \`${FOREIGN_IMAGE}\`: it belongs to another workspace`);
    expect(note.text).toContain("the key itself is fine");
    expect(note.text).not.toContain("Ask whoever installed the bot");
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("an image made from an unknown id (--from) is refused naming the image, and nothing is spent", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a fox --from img_nope" });
    const note = await eventually(() => {
      const found = bot.sim
        .conversation(CHANNEL, { as: USER })
        .find((m) => m.fromBot && m.text.includes("has no image `img_nope`"));
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(note.text).toContain("Trying again will not help");
    expect(note.text).not.toContain("Try again in a moment");
    expect(JSON.stringify(note.blocks)).toContain("no credits were spent");
  });
});
