import { createBoard, listCards } from "@studio-kit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import {
  actionIds,
  type Bot,
  blocksOf,
  buttonValue,
  eventually,
  expectAllMessagesValid,
  sandboxClient,
  startBot,
} from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
let board: Awaited<ReturnType<typeof createBoard>>;
beforeEach(async () => {
  bot = await startBot();
  board = await createBoard(sandboxClient(bot), { title: "Spring Launch" });
});
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;
const visible = () => bot.sim.conversation(CHANNEL, { as: USER }).filter((m) => m.fromBot);
const shared = () => visible().filter((m) => !m.ephemeral);
const textOf = (m: { text: string; blocks?: unknown } | undefined) =>
  `${m?.text ?? ""} ${JSON.stringify(m?.blocks ?? [])}`;
const cards = () => listCards(sandboxClient(bot), board);

/** Waits for a shared message whose text and blocks include `what`. */
const sharedWith = (what: string) =>
  eventually(() => {
    const found = shared().find((m) => textOf(m).includes(what));
    expect(found).toBeDefined();
    return found as NonNullable<typeof found>;
  });

async function useBoard(title: string) {
  await bot.sim.command({ user: USER, channel: CHANNEL, text: `board use "${title}"` });
  return eventually(() => {
    const reply = visible().find((m) => m.ephemeral);
    expect(reply).toBeDefined();
    return reply as NonNullable<typeof reply>;
  });
}

describe("/studio board use", () => {
  it("finds the board by title in any case, names it, and results here get a one-click Add to <title>", async () => {
    const reply = await useBoard("spring launch");
    expect(reply.text).toContain("Spring Launch");
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse" });
    const result = await sharedWith("Image: a lighthouse");
    expect(actionIds(result)).toContain(ACTIONS.addToDefaultBoard);
    expect(textOf(result)).toContain("Add to Spring Launch");
    const value = buttonValue(result, ACTIONS.addToDefaultBoard);
    await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: result.ts,
      actionId: ACTIONS.addToDefaultBoard,
      value,
    });
    await eventually(() =>
      expect(bot.sim.thread(CHANNEL, result.ts, { as: USER }).some((m) => m.text === "Added to Spring Launch")).toBe(
        true,
      ),
    );
    expect((await cards()).map((card) => card.assetId)).toEqual([JSON.parse(value).assetId]);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("answers an unknown title with the recent boards and sets nothing", async () => {
    const reply = await useBoard("No such board");
    expect(textOf(reply)).toContain("No board is called No such board");
    expect(textOf(reply)).toContain("Spring Launch");
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse" });
    const result = await sharedWith("Image: a lighthouse");
    expect(actionIds(result)).not.toContain(ACTIONS.addToDefaultBoard);
  });

  it("puts the one-click button on video and audio results, carrying the card kind", async () => {
    await useBoard("Spring Launch");
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "video a lighthouse --duration 5" });
    const video = await sharedWith("Video: ");
    expect(JSON.parse(buttonValue(video, ACTIONS.addToDefaultBoard))).toMatchObject({ assetType: "video" });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "music calm piano" });
    const audio = await sharedWith("Music: ");
    expect(JSON.parse(buttonValue(audio, ACTIONS.addToDefaultBoard))).toMatchObject({ assetType: "audio" });
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });
});

describe("--board", () => {
  it("pushes the finished images onto the board and says so in the result", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: 'a lighthouse --count 2 --board "spring launch"' });
    const result = await sharedWith("2 images: a lighthouse");
    expect(textOf(result)).toMatch(/Added to \*<http:\/\/127\.0\.0\.1:\d+\/boards\/[^|>]+\|Spring Launch>\*/);
    const shownIds = blocksOf(result, "actions")
      .flatMap((block) => (block.elements as { action_id: string; value: string }[]) ?? [])
      .filter((element) => element.action_id === ACTIONS.addToBoard)
      .map((element) => JSON.parse(element.value).assetId);
    expect((await cards()).map((card) => card.assetId).sort()).toEqual(shownIds.sort());
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("pushes a finished video as a video card", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: 'video a lighthouse --board "Spring Launch"' });
    const result = await sharedWith("Video: ");
    expect(textOf(result)).toMatch(/Added to \*<http:\/\/127\.0\.0\.1:\d+\/boards\/[^|>]+\|Spring Launch>\*/);
    const onBoard = await cards();
    expect(onBoard.map((card) => card.assetType)).toEqual(["video"]);
  });

  it("refuses an unknown board before generating anything", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: 'a lighthouse --board "Nope"' });
    const reply = await eventually(() => {
      const found = visible().find((m) => m.ephemeral);
      expect(found).toBeDefined();
      return found;
    });
    expect(textOf(reply)).toContain("No board is called Nope");
    expect(operations("GenerateImage")).toBe(0);
    expect(shared()).toHaveLength(0);
  });
});
