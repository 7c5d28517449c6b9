import { type Board, createBoard, listBoards, listCards } from "@studio-kit/core";
import { validateView } from "@studio-kit/slack-sim";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { BOARD_MODAL } from "../../src/messages/boards.js";
import {
  type Bot,
  blocksOf,
  buttonValue,
  eventually,
  expectAllMessagesValid,
  headline,
  sandboxClient,
  startBot,
} from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;
const fromBot = () => bot.sim.conversation(CHANNEL, { as: USER }).filter((m) => m.fromBot && !m.ephemeral);

/** Generates one image from a slash command and returns the result message. */
async function imageResult(prompt = "a lighthouse") {
  await bot.sim.command({ user: USER, channel: CHANNEL, text: prompt });
  return eventually(() => {
    const found = fromBot().find((m) => blocksOf(m, "image").length === 1);
    expect(found).toBeDefined();
    return found as NonNullable<typeof found>;
  });
}

async function cardsOn(board: Pick<Board, "conversationId">) {
  return listCards(sandboxClient(bot), board);
}

async function openModal(result: Awaited<ReturnType<typeof imageResult>>) {
  const value = buttonValue(result, ACTIONS.addToBoard);
  await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.addToBoard, value });
  const view = await eventually(() => {
    const [open] = bot.sim.views(USER);
    expect(open).toBeDefined();
    return open as NonNullable<typeof open>;
  });
  expect(validateView(view.view as Parameters<typeof validateView>[0])).toEqual({ ok: true });
  return { view, assetId: (JSON.parse(value) as { assetId: string }).assetId };
}

const addedNote = (ts: string) =>
  eventually(() => {
    const note = bot.sim.thread(CHANNEL, ts, { as: USER }).find((m) => m.fromBot && m.text.startsWith("Added to"));
    expect(note).toBeDefined();
    return note as NonNullable<typeof note>;
  });

describe("Add to board", () => {
  it("puts the image on a NEW board typed in the modal and says so in the thread", async () => {
    const result = await imageResult();
    const { view, assetId } = await openModal(result);
    const submitted = await bot.sim.submitView({
      user: USER,
      viewId: view.id,
      values: {
        [BOARD_MODAL.newBlock]: { [BOARD_MODAL.newAction]: { type: "plain_text_input", value: "Spring launch" } },
      },
    });
    expect(submitted.status).toBe(200);
    const note = await addedNote(result.ts);
    expect(note.text).toBe("Added to Spring launch");
    const board = (await listBoards(sandboxClient(bot))).find((item) => item.title === "Spring launch");
    expect(board).toBeDefined();
    const cards = await cardsOn(board as Board);
    expect(cards.map((card) => card.assetId)).toEqual([assetId]);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("puts the image on an EXISTING board picked from the recent boards", async () => {
    const existing = await createBoard(sandboxClient(bot), { title: "Moodboard" });
    const result = await imageResult();
    const { view, assetId } = await openModal(result);
    const select = JSON.stringify(view.view.blocks);
    expect(select).toContain("Moodboard");
    const before = (await cardsOn(existing)).length;
    await bot.sim.submitView({
      user: USER,
      viewId: view.id,
      values: {
        [BOARD_MODAL.pickBlock]: {
          [BOARD_MODAL.pickAction]: { type: "static_select", selected_option: { value: existing.id } },
        },
      },
    });
    expect((await addedNote(result.ts)).text).toBe("Added to Moodboard");
    const cards = await cardsOn(existing);
    expect(cards).toHaveLength(before + 1);
    expect(cards.map((card) => card.assetId)).toContain(assetId);
    expect((await listBoards(sandboxClient(bot))).filter((item) => item.title === "Moodboard")).toHaveLength(1);
  });

  it("keeps the modal open with an error when nothing was chosen, and adds nothing", async () => {
    const result = await imageResult();
    const { view } = await openModal(result);
    const submitted = await bot.sim.submitView({ user: USER, viewId: view.id, values: {} });
    expect(JSON.stringify(submitted.json)).toContain("errors");
    expect(bot.sim.views(USER)).toHaveLength(1);
    expect(operations("CreateCanvasCards")).toBe(0);
  });
});

describe("image buttons", () => {
  it("Upscale posts a new result in the thread, and a double click spends once", async () => {
    const result = await imageResult();
    const value = buttonValue(result, ACTIONS.upscale);
    const click = () =>
      bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.upscale, value });
    await Promise.all([click(), click()]);
    const upscaled = await eventually(() => {
      const found = bot.sim
        .thread(CHANNEL, result.ts, { as: USER })
        .find((m) => m.fromBot && m.ts !== result.ts && blocksOf(m, "image").length === 1);
      expect(found).toBeDefined();
      return found;
    });
    expect(JSON.stringify(upscaled?.blocks)).toContain(ACTIONS.upscale);
    expect(operations("UpdateImage")).toBe(1);
    // The note is beside the clicked result in the channel, where the clicker is looking (issue 27, point 17).
    const note = bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.ephemeral && m.threadTs === undefined);
    expect(note?.text).toContain("You clicked that twice");
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("Variations generates from the same prompt with the image as parent", async () => {
    const result = await imageResult("a red fox");
    const value = buttonValue(result, ACTIONS.variations);
    await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.variations, value });
    const variation = await eventually(() => {
      const found = bot.sim
        .thread(CHANNEL, result.ts, { as: USER })
        .find((m) => m.fromBot && m.ts !== result.ts && blocksOf(m, "image").length === 1);
      expect(found).toBeDefined();
      return found;
    });
    expect(headline(variation)).toContain("a red fox");
    expect(operations("GenerateImage")).toBe(2);
  });
});

describe("/studio board new and assets", () => {
  it("creates a board and answers with its title", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: 'board new "Q3 campaign"' });
    const reply = await eventually(() => {
      const found = bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.fromBot && m.ephemeral);
      expect(found).toBeDefined();
      return found;
    });
    expect(reply?.text).toContain("Q3 campaign");
    expect((await listBoards(sandboxClient(bot))).some((board) => board.title === "Q3 campaign")).toBe(true);
  });

  it("answers /studio assets with the matching assets", async () => {
    await imageResult("a lighthouse at dusk");
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "assets lighthouse" });
    const reply = await eventually(() => {
      const found = bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.fromBot && m.ephemeral);
      expect(found).toBeDefined();
      return found;
    });
    expect(JSON.stringify(reply?.blocks)).toContain("Assets matching");
    expect(operations("Assets")).toBe(1);
  });
});
