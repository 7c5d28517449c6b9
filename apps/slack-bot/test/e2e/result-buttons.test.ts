// Result buttons behave like Midjourney's (issue 16): Regenerate and Variations keep every setting of the original
// request, every click is a new job (only a true double click is refused), video, music and voice results have
// Regenerate too, and Upscale / Remove background edit a copy, never the image already on a board.
import { addToBoard, createBoard, listCards } from "@studio-kit/core";
import { ImageDocument } from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { DOUBLE_CLICK_MS } from "../../src/listeners/actions/shared.js";
import {
  actionIds,
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
const BOB = "U0BOB";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];

/** The variables of every request of one operation the bot sent, in order. */
const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation).map((r) => r.variables);
const everything = (ts: string): Shown[] => [
  ...bot.sim.conversation(CHANNEL, { as: USER }),
  ...bot.sim.thread(CHANNEL, ts, { as: USER }),
];
/** Result messages (the bot's, with a Regenerate button) in the channel and in `ts`'s thread. */
const results = (ts = "") =>
  everything(ts).filter((m) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate));
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** Runs a slash command and returns its result message (the first result in the channel). */
async function resultOf(text: string): Promise<Shown> {
  await bot.sim.command({ user: USER, channel: CHANNEL, text });
  return eventually(() => {
    const [found] = results();
    expect(found).toBeDefined();
    return found as Shown;
  });
}

function click(result: Shown, actionId: string, options: { user?: string; value?: string } = {}) {
  const value = options.value ?? buttonValue(result, actionId);
  return bot.sim.click({ user: options.user ?? USER, channel: CHANNEL, messageTs: result.ts, actionId, value });
}

/** Waits until `count` requests of `operation` were sent, then a moment more, and checks no more came. */
async function expectSent(operation: string, count: number) {
  await eventually(() => expect(sent(operation).length).toBeGreaterThanOrEqual(count));
  await settle();
  expect(sent(operation)).toHaveLength(count);
  return sent(operation);
}

const imageIdOf = (value: string) => (JSON.parse(value) as { imageId: string }).imageId;
const withoutQuery = (url: string | null | undefined) => (url ? new URL(url).pathname : url);

describe("Regenerate keeps every setting", () => {
  it("regenerates a --count 2 image request with the same count, model, quality, resolution, presets, ratio and board", async () => {
    bot = await startBot();
    const board = await createBoard(sandboxClient(bot), { title: "Moodboard" });
    const result = await resultOf(
      'a red fox in the snow --count 2 --model img-prism-xl --quality ultra --resolution 4K --ratio 16:9 --preset golden-hour --board "Moodboard"',
    );
    expect(blocksOf(result, "image")).toHaveLength(2);
    await click(result, ACTIONS.regenerate);
    const [first, again] = await expectSent("GenerateImage", 2);
    const expected = {
      prompt: "a red fox in the snow",
      count: 2,
      model: "img-prism-xl",
      quality: "ultra",
      resolution: "4K",
      aspectRatio: "16:9",
      presetSlugs: ["golden-hour"],
    };
    expect(first).toMatchObject(expected);
    expect(again).toMatchObject(expected);
    // A new result with both images in the result's thread, pushed onto the --board board like the first.
    await eventually(() => {
      const inThread = results(result.ts).filter((m) => m.ts !== result.ts);
      expect(inThread.some((m) => blocksOf(m, "image").length === 2)).toBe(true);
    });
    await eventually(async () => expect(await listCards(sandboxClient(bot), board)).toHaveLength(4));
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    // Four 4K images from two jobs: a 4K job lasts four times an image's (about 1.2 s here), and each 4096-pixel PNG
    // is rendered by the sandbox, downloaded by the bot and uploaded to slack-sim.
  }, 45_000);

  it("is refused by the same credits guard as the command: short of credits, nothing is generated", async () => {
    bot = await startBot();
    const result = await resultOf("a lighthouse --count 2");
    const credits = bot.sandbox.sandbox.state.credits.get(bot.sandbox.sandbox.workspaceId);
    if (!credits) throw new Error("the sandbox has no credits for its workspace");
    Object.assign(credits, { balance: 0, bonusBalance: 0, dailyFreeUsed: credits.dailyFreeLimit });
    await click(result, ACTIONS.regenerate);
    await eventually(() => {
      const note = everything(result.ts).find((m) => m.ephemeral && m.text.startsWith("Not enough credits"));
      expect(note).toBeDefined();
    });
    await settle();
    expect(sent("GenerateImage")).toHaveLength(1);
  });

  it("falls back to the image's prompt and ratio, and says so, when the job record is gone", async () => {
    bot = await startBot();
    const result = await resultOf("a lighthouse at dusk --count 2 --model img-prism-xl --ratio 16:9");
    const imageId = imageIdOf(buttonValue(result, ACTIONS.variations));
    const value = JSON.stringify({ jobId: "job-pruned-long-ago", imageId });
    await click(result, ACTIONS.regenerate, { value });
    const [, again] = await expectSent("GenerateImage", 2);
    expect(again).toMatchObject({ prompt: "a lighthouse at dusk", aspectRatio: "16:9", count: 1, model: null });
    const note = everything(result.ts).find((m) => m.ephemeral && m.text.includes("no longer kept"));
    expect(note?.text).toContain("prompt and ratio");
  });

  it("regenerates a video with the same prompt, ratio, duration, model, resolution, audio and presets", async () => {
    bot = await startBot();
    const result = await resultOf(
      "video a lighthouse at dusk --duration 10 --ratio 9:16 --model vid-tide-1 --resolution 1080p --audio --preset neon-night",
    );
    expect(actionIds(result)).toContain(ACTIONS.videoVertical);
    await click(result, ACTIONS.regenerate);
    const [first, again] = await expectSent("GenerateVideo", 2);
    expect(first).toMatchObject({
      prompt: "a lighthouse at dusk",
      aspectRatio: "9:16",
      duration: 10,
      model: "vid-tide-1",
      resolution: "1080p",
      generateAudio: true,
      presetSlugs: ["neon-night"],
    });
    expect(again).toEqual(first);
    await eventually(() => expect(results(result.ts).filter((m) => m.ts !== result.ts)).toHaveLength(1));
    // Two video jobs one after the other (twice an image's time in the harness's sandbox, about 0.6 s), each MP4
    // downloaded and uploaded to slack-sim, and a 400 ms settle.
  }, 30_000);

  it("regenerates music with the same prompt, provider, lyrics and duration bounds", async () => {
    bot = await startBot();
    const result = await resultOf('music upbeat synthwave --lyrics "neon nights" --min-duration 20 --max-duration 60');
    await click(result, ACTIONS.regenerate);
    const [first, again] = await expectSent("GenerateMusicTrack", 2);
    expect(first).toMatchObject({
      prompt: "upbeat synthwave",
      lyrics: "neon nights",
      minDurationSeconds: 20,
      maxDurationSeconds: 60,
    });
    expect(again).toEqual(first);
    await eventually(() => expect(results(result.ts).filter((m) => m.ts !== result.ts)).toHaveLength(1));
    // Two music jobs one after the other (1.5 times an image's time in the harness's sandbox, about 0.45 s), each
    // file downloaded and uploaded to slack-sim, and a 400 ms settle.
  }, 30_000);

  it("regenerates a voiceover with the same script, voice and language", async () => {
    bot = await startBot();
    const result = await resultOf("voice Welcome to the studio --voice voice-narrate-1 --language en");
    await click(result, ACTIONS.regenerate);
    const [first, again] = await expectSent("GenerateVoiceover", 2);
    expect(first).toMatchObject({ script: "Welcome to the studio", voiceId: "voice-narrate-1", language: "en" });
    expect(again).toEqual(first);
    await eventually(() => expect(results(result.ts).filter((m) => m.ts !== result.ts)).toHaveLength(1));
    // Two voiceover jobs one after the other (1.5 times an image's time in the harness's sandbox, about 0.45 s), each
    // file downloaded and uploaded to slack-sim, and a 400 ms settle.
  }, 30_000);
});

describe("every click is a new job; only a true double click is refused", () => {
  it("Variations keep the settings, a double click spends once, and a later click makes a second set", async () => {
    let offset = 0;
    bot = await startBot({}, { now: () => Date.now() + offset });
    const result = await resultOf("a red fox --count 2 --model img-aurora-2 --quality high --preset golden-hour");
    const value = buttonValue(result, ACTIONS.variations);
    const imageId = imageIdOf(value);

    await Promise.all([click(result, ACTIONS.variations), click(result, ACTIONS.variations)]);
    const [, variation] = await expectSent("GenerateImage", 2);
    expect(variation).toMatchObject({
      prompt: "a red fox",
      parentImageId: imageId,
      count: 2,
      model: "img-aurora-2",
      quality: "high",
      presetSlugs: ["golden-hour"],
    });
    const note = everything(result.ts).find((m) => m.ephemeral && m.text.includes("clicked that twice"));
    expect(note).toBeDefined();
    // Beside the result in the channel, where the clicker is looking, not in its thread (issue 27, point 17).
    expect(note?.threadTs).toBeUndefined();
    expect(everything(result.ts).some((m) => m.text.includes("already used"))).toBe(false);

    // The same person, the same button, after the double-click window: a new job, not "already used".
    offset += DOUBLE_CLICK_MS + 1000;
    await click(result, ACTIONS.variations);
    const [, , second] = await expectSent("GenerateImage", 3);
    expect(second).toEqual(variation);
    await eventually(() => {
      const sets = results(result.ts).filter((m) => m.ts !== result.ts && blocksOf(m, "image").length === 2);
      expect(sets).toHaveLength(2);
    });
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    // Three jobs of two images one after another, the sends of the last two each followed by a 400 ms settle,
    // over real HTTP.
  }, 30_000);

  it("two people clicking Regenerate at once each get a new job", async () => {
    bot = await startBot();
    const result = await resultOf("a lighthouse");
    await Promise.all([click(result, ACTIONS.regenerate), click(result, ACTIONS.regenerate, { user: BOB })]);
    await expectSent("GenerateImage", 3);
    expect(everything(result.ts).some((m) => m.ephemeral && m.text.includes("clicked that twice"))).toBe(false);
  });
});

describe("Upscale and Remove background edit a copy", () => {
  it("leaves the original image and its card on a board as they were; the new result is the upscaled copy", async () => {
    bot = await startBot();
    const client = sandboxClient(bot);
    const result = await resultOf("a lighthouse --ratio 1:1");
    const originalId = imageIdOf(buttonValue(result, ACTIONS.upscale));
    const board = await createBoard(client, { title: "Launch" });
    await addToBoard(client, board, [{ assetType: "image", assetId: originalId }]);
    const image = async (id: string) => (await client.request(ImageDocument, { id })).image;
    const before = await image(originalId);
    const [cardBefore] = await listCards(client, board);

    await click(result, ACTIONS.upscale);
    const upscaled = await eventually(() => {
      const found = results(result.ts).find((m) => m.ts !== result.ts && actionIds(m).includes(ACTIONS.upscale));
      expect(found).toBeDefined();
      return found as Shown;
    });
    const copyId = imageIdOf(buttonValue(upscaled, ACTIONS.upscale));
    expect(copyId).not.toBe(originalId);
    // Its first words say what it is, then the prompt: "Upscaled ×2: “…”", not "Upscaled ×2 of “…”" (issue 27).
    expect(headline(upscaled)).toMatch(/^Upscaled ×2: /);

    // The edit went to the copy, uploaded first from the original's bytes.
    expect(sent("UploadImage")).toHaveLength(1);
    expect(sent("UpdateImage")).toEqual([expect.objectContaining({ id: copyId, upscaleScale: "2x" })]);
    const copy = await image(copyId);
    expect(copy).toMatchObject({ status: "COMPLETED", isUpscaled: true, width: (before?.width ?? 0) * 2 });

    // The original, and the card showing it, are unchanged.
    const after = await image(originalId);
    expect(after).toMatchObject({ isUpscaled: false, width: before?.width, fileId: before?.fileId });
    expect(withoutQuery(after?.downloadUrl)).toBe(withoutQuery(before?.downloadUrl));
    const [cardAfter] = await listCards(client, board);
    expect(cardAfter?.assetId).toBe(originalId);
    const shown = (card: typeof cardAfter) => withoutQuery((card?.asset as { downloadUrl?: string })?.downloadUrl);
    expect(shown(cardAfter)).toBe(shown(cardBefore));
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    // An image job, then Upscale's copy uploaded from the original's bytes and edited (its PNG rendered twice as
    // wide), downloaded and uploaded to slack-sim, over real HTTP.
  }, 30_000);

  it("Remove background twice (past the double-click window) makes two copies, never touching the original", async () => {
    let offset = 0;
    bot = await startBot({}, { now: () => Date.now() + offset });
    const client = sandboxClient(bot);
    const result = await resultOf("a lighthouse");
    const originalId = imageIdOf(buttonValue(result, ACTIONS.removeBackground));
    await click(result, ACTIONS.removeBackground);
    offset += DOUBLE_CLICK_MS + 1000;
    await click(result, ACTIONS.removeBackground);
    const edits = await expectSent("UpdateImage", 2);
    const ids = edits.map((variables) => variables.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain(originalId);
    const original = (await client.request(ImageDocument, { id: originalId })).image;
    expect(original?.isBackgroundRemoved).toBe(false);
    // An image job, then two Remove background edits, each on a copy uploaded first, and a 400 ms settle, over
    // real HTTP.
  }, 30_000);
});
