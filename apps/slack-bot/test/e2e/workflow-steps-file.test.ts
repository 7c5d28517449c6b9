// "Add to a board" given a Slack file (decision 0022): a file a person shared, passed to the step as its `file`
// input (a `slack#/types/file_id`, https://docs.slack.dev/reference/types/file_id-type), is read with files.info,
// uploaded to the studio and put on the board; a file the studio does not take, an unknown file, or neither or both
// inputs complete the step with an error. Nothing is generated, no credits are spent.
import { createBoard, getCredits, listCards } from "@studio-kit/core";
import { afterEach, describe, expect, it } from "vitest";
import { PNG } from "../support/files.js";
import { type Bot, sandboxClient, startBot } from "./harness.js";
import { runStep } from "./workflow-run.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;

/** Runs Add to a board as a workflow would, and waits until the bot completed it (either way). */
const addToBoard = (inputs: Record<string, unknown>) => runStep(bot.sim, "add_to_board", inputs);

/** A person shares a file in the channel (the bot answers mentions only there, so it does nothing with it). */
async function shareFile(name: string, bytes: Uint8Array): Promise<string> {
  const sent = await bot.sim.message({ user: USER, channel: CHANNEL, files: [{ name, bytes }] });
  const id = bot.sim.conversation(CHANNEL).find((m) => m.ts === sent.ts)?.files[0]?.id;
  if (!id) throw new Error(`${name} is not in the channel`);
  return id;
}

describe("Add to a board with a Slack file", () => {
  it("uploads a PNG a person shared and puts it on the board as an image card, spending nothing", async () => {
    bot = await startBot();
    const board = await createBoard(sandboxClient(bot), { title: "Campaign" });
    const before = await getCredits(sandboxClient(bot));
    const fileId = await shareFile("moodboard.png", PNG);
    const added = await addToBoard({ file: fileId, board: "campaign" });
    expect(added.state).toBe("completed");
    const outputs = added.outputs as { card_id: string; board_id: string; asset_id: string };
    expect(outputs.board_id).toBe(board.id);
    expect(outputs.asset_id).toEqual(expect.any(String));
    const cards = await listCards(sandboxClient(bot), board);
    expect(cards.map((card) => [card.id, card.assetId, card.assetType])).toEqual([
      [outputs.card_id, outputs.asset_id, "image"],
    ]);
    expect(cards[0]?.asset).toMatchObject({ __typename: "Image", displayName: "moodboard.png" });
    // Read with files.info, downloaded once with the bot's token, signed as a UGC image (spec, Upload flow).
    expect(bot.sim.calls("files.info")).toEqual([
      expect.objectContaining({ args: expect.objectContaining({ file: fileId }), ok: true }),
    ]);
    expect(bot.sim.downloads(fileId)).toEqual([expect.objectContaining({ status: 200, authorized: true })]);
    const signed = bot.requests.filter((r) => r.operation === "CreateSignedUploadUrl");
    expect(signed.map((r) => r.variables.category)).toEqual(["UGC_IMAGE"]);
    expect(operations("GenerateImage")).toBe(0);
    expect(await getCredits(sandboxClient(bot))).toEqual(before);
    // Nothing said in the channel: the step's outcome is its completion.
    expect(bot.sim.conversation(CHANNEL).filter((m) => m.fromBot)).toEqual([]);
  });

  it("refuses a PDF and a text file by their type, naming the types the studio takes, without downloading them", async () => {
    bot = await startBot();
    await createBoard(sandboxClient(bot), { title: "Campaign" });
    const pdf = await shareFile("brief.pdf", new TextEncoder().encode("%PDF-1.4 a brief"));
    const text = await shareFile("notes.txt", new TextEncoder().encode("some notes"));
    const refusedPdf = await addToBoard({ file: pdf, board: "Campaign" });
    expect(refusedPdf.state).toBe("failed");
    expect(refusedPdf.error).toMatch(
      /^Studio: "brief\.pdf" is application\/pdf, which the studio does not take: use images \(image\/jpeg, .*image\/png.*\), video \(video\/mp4.*\) or audio \(audio\/mpeg.*\)\.$/,
    );
    const refusedText = await addToBoard({ file: text, board: "Campaign" });
    expect(refusedText).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/^Studio: "notes\.txt" is text\/plain, which/),
    });
    expect(bot.sim.downloads()).toEqual([]);
    expect(operations("CreateSignedUploadUrl")).toBe(0);
    expect(operations("CreateCanvasCards")).toBe(0);
  });

  it("completes with an error saying which input to set when given neither an asset id nor a file, or both", async () => {
    bot = await startBot();
    await createBoard(sandboxClient(bot), { title: "Campaign" });
    const neither = await addToBoard({ board: "Campaign" });
    expect(neither).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/^Studio: .*set Asset id .* or File\.$/),
    });
    const fileId = await shareFile("moodboard.png", PNG);
    const both = await addToBoard({ asset_id: "img_1", file: fileId, board: "Campaign" });
    expect(both).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/^Studio: .*not both: clear one of Asset id and File\.$/),
    });
    expect(bot.sim.calls("files.info")).toEqual([]);
    expect(operations("CreateCanvasCards")).toBe(0);
  });

  it("completes with an error for a file Slack does not know or that was deleted, and reads no file for an unknown board", async () => {
    bot = await startBot();
    await createBoard(sandboxClient(bot), { title: "Campaign" });
    const unknown = await addToBoard({ file: "F0NOSUCHFILE", board: "Campaign" });
    expect(unknown).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/^Studio: Slack has no file F0NOSUCHFILE the app can read/),
    });
    const fileId = await shareFile("moodboard.png", PNG);
    bot.sim.deleteFile(fileId);
    const deleted = await addToBoard({ file: fileId, board: "Campaign" });
    expect(deleted).toMatchObject({
      state: "failed",
      error: `Studio: the file ${fileId} was deleted in Slack: pick another file.`,
    });
    const calls = bot.sim.calls("files.info").length;
    const noBoard = await addToBoard({ file: fileId, board: "No such board" });
    expect(noBoard).toMatchObject({ state: "failed", error: expect.stringContaining('no board "No such board"') });
    expect(bot.sim.calls("files.info")).toHaveLength(calls);
    expect(operations("CreateSignedUploadUrl")).toBe(0);
  });
});
