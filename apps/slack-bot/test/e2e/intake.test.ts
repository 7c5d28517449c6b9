import { type Board, listBoards, listCards } from "@studio-kit/core";
import { ImageDocument } from "@studio-kit/operations";
import { deliveredEvent, validateView } from "@studio-kit/slack-sim";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { BOARD_MODAL } from "../../src/messages/boards.js";
import { PNG } from "../support/files.js";
import {
  actionIds,
  BOT_TOKEN,
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
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const dm = () => bot.sim.dm(USER);
const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;

/** The bot's reply carrying Add to board, in the DM or in a thread. */
function storedReply(read: () => Shown[]): Promise<Shown> {
  return eventually(() => {
    const found = read().find((m) => m.fromBot && actionIds(m).includes(ACTIONS.addToBoard));
    expect(found).toBeDefined();
    return found as Shown;
  });
}

/** Every message in the DM and the channel, threads included. */
function everything(): Shown[] {
  const all: Shown[] = [];
  for (const channel of [dm(), CHANNEL]) {
    for (const top of bot.sim.conversation(channel)) all.push(...bot.sim.thread(channel, top.ts));
  }
  return all;
}

/** The token is in no log line (the harness keeps every line the bot wrote, at trace level) and in no message. */
function expectTokenNowhere(): void {
  expect(bot.logs.length).toBeGreaterThan(0);
  expect(bot.logs.join("\n")).not.toContain(BOT_TOKEN);
  expect(JSON.stringify(everything())).not.toContain(BOT_TOKEN);
  expect(JSON.stringify(bot.sim.calls())).not.toContain(BOT_TOKEN);
}

describe("files shared with the bot", () => {
  it("stores a PNG shared in a DM in the library; its Add to board opens the modal and puts it on a board", async () => {
    await bot.sim.message({ user: USER, channel: dm(), files: [{ name: "moodboard.png", bytes: PNG }] });
    const reply = await storedReply(() => bot.sim.conversation(dm()));
    expect(reply.text).toBe("moodboard.png is in the studio library");
    expect(blocksOf(reply, "image")).toHaveLength(1);

    // The asset is in the sandbox's library, read back through the studio API.
    const value = buttonValue(reply, ACTIONS.addToBoard);
    const { assetId } = JSON.parse(value) as { assetId: string };
    const { image } = await sandboxClient(bot).request(ImageDocument, { id: assetId });
    expect(image).toMatchObject({ id: assetId, width: 1, height: 1 });
    // Downloaded once, with the bot token.
    expect(bot.sim.downloads().map((d) => [d.status, d.authorized])).toEqual([[200, true]]);

    // The existing Add to board modal works on it.
    await bot.sim.click({ user: USER, channel: dm(), messageTs: reply.ts, actionId: ACTIONS.addToBoard, value });
    const view = await eventually(() => {
      const [open] = bot.sim.views(USER);
      expect(open).toBeDefined();
      return open as NonNullable<typeof open>;
    });
    expect(validateView(view.view as Parameters<typeof validateView>[0])).toEqual({ ok: true });
    await bot.sim.submitView({
      user: USER,
      viewId: view.id,
      values: { [BOARD_MODAL.newBlock]: { [BOARD_MODAL.newAction]: { type: "plain_text_input", value: "Refs" } } },
    });
    await eventually(() => {
      const note = bot.sim.thread(dm(), reply.ts).find((m) => m.fromBot && m.text.startsWith("Added to"));
      expect(note?.text).toBe("Added to Refs");
    });
    const board = (await listBoards(sandboxClient(bot))).find((item) => item.title === "Refs") as Board;
    expect((await listCards(sandboxClient(bot), board)).map((card) => card.assetId)).toEqual([assetId]);
    expectAllMessagesValid(bot.sim, [dm()]);
    expectTokenNowhere();
  });

  it("stores a PNG shared with a channel mention and answers in the mention's thread", async () => {
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      files: [{ name: "logo.png", bytes: PNG }],
    });
    const reply = await storedReply(() => bot.sim.thread(CHANNEL, mention.ts ?? ""));
    expect(reply.threadTs).toBe(mention.ts);
    const { assetId } = JSON.parse(buttonValue(reply, ACTIONS.addToBoard)) as { assetId: string };
    const { image } = await sandboxClient(bot).request(ImageDocument, { id: assetId });
    expect(image?.id).toBe(assetId);
    // The mention's text was not read as a command: nothing generated.
    expect(operations("GenerateImage")).toBe(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    expectTokenNowhere();
  });

  it("explains a refused type (a .zip, a text file) and uploads and downloads nothing", async () => {
    await bot.sim.message({
      user: USER,
      channel: dm(),
      files: [
        { name: "assets.zip", bytes: new Uint8Array([80, 75, 3, 4]) },
        { name: "notes.txt", bytes: new TextEncoder().encode("hello") },
      ],
    });
    const replies = await eventually(() => {
      const found = bot.sim.conversation(dm()).filter((m) => m.fromBot);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(replies.map((m) => m.text)).toEqual([
      "assets.zip: application/zip files are not accepted",
      "notes.txt: text/plain files are not accepted",
    ]);
    expect(JSON.stringify(replies[0]?.blocks)).toContain("image/png");
    expect(operations("CreateSignedUploadUrl")).toBe(0);
    expect(bot.sim.downloads()).toEqual([]);
    expectAllMessagesValid(bot.sim, [dm()]);
    expectTokenNowhere();
  });

  it("answers a DM without files as a mention (no upload), and ignores a redelivered file share", async () => {
    await bot.sim.message({ user: USER, channel: dm(), text: "hello" });
    const shared = deliveredEvent(
      await bot.sim.message({ user: USER, channel: dm(), files: [{ name: "a.png", bytes: PNG }] }),
    );
    await bot.sim.redeliver(shared.eventId, { num: 1, reason: "http_timeout" });
    await storedReply(() => bot.sim.conversation(dm()));
    // Give a wrongly handled redelivery the time to show up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // "hello" gets the greeting's help (test/e2e/intent.test.ts), the file one stored reply.
    const replies = bot.sim.conversation(dm()).filter((m) => m.fromBot);
    expect(replies).toHaveLength(2);
    expect(replies.filter((m) => actionIds(m).includes(ACTIONS.addToBoard))).toHaveLength(1);
    expect(operations("CreateSignedUploadUrl")).toBe(1);
  });
});
