// A video result's tools (issue 20): Add sound, Subtitles, Upscale and Colour look. Each is a new job whose result
// is a new message in the result's thread saying what it is; the original video and its message never change.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { colourAdjustments } from "../../src/messages/colour-looks.js";
import { COLOUR_MODAL, SUBTITLES_MODAL } from "../../src/messages/video-tool-modals.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

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

const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation).map((r) => r.variables);
const textOf = (message: { text: string; blocks?: unknown } | undefined) =>
  `${message?.text ?? ""} ${JSON.stringify(message?.blocks ?? [])}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const asset = (id: string) => bot.sandbox.sandbox.state.assets.get(id) as Record<string, unknown> | undefined;

/** Generates a video from a slash command and returns its finished result message. */
async function videoResult(): Promise<Shown> {
  await bot.sim.command({ user: USER, channel: CHANNEL, text: "video a lighthouse at dusk --duration 5" });
  return eventually(() => {
    const found = bot.sim
      .conversation(CHANNEL, { as: USER })
      .find((m) => m.fromBot && !m.ephemeral && m.text.startsWith("Video: "));
    expect(found).toBeDefined();
    return found as Shown;
  });
}

/** The first bot message in the result's thread (not the result itself) whose text starts with `words`. */
async function threadResult(result: Shown, words: string): Promise<Shown> {
  return eventually(() => {
    const found = bot.sim
      .thread(CHANNEL, result.ts, { as: USER })
      .find((m) => m.fromBot && !m.ephemeral && m.ts !== result.ts && m.text.startsWith(words));
    expect(found).toBeDefined();
    return found as Shown;
  });
}

const videoIdOf = (result: Shown, action: string) =>
  (JSON.parse(buttonValue(result, action)) as { videoId: string }).videoId;

function click(result: Shown, actionId: string) {
  return bot.sim.click({
    user: USER,
    channel: CHANNEL,
    messageTs: result.ts,
    actionId,
    value: buttonValue(result, actionId),
  });
}

/** Clicks a tool that asks first and returns the modal it opened. */
async function openModal(result: Shown, actionId: string, callbackId: string) {
  await click(result, actionId);
  return eventually(() => {
    const view = bot.sim.views(USER).find((v) => v.open && v.view.callback_id === callbackId);
    expect(view).toBeDefined();
    return view as NonNullable<typeof view>;
  });
}

const chosen = (value: string) => ({ type: "static_select", selected_option: { value } });
const picked = (value: string) => ({ type: "static_select", selected_option: { value } });

describe("a video result's tools", () => {
  it("shows the tools in a row of their own under the format buttons, and Remix beside Regenerate", async () => {
    const result = await videoResult();
    const rows = blocksOf(result, "actions").map((row) =>
      (row.elements as { action_id: string }[]).map((element) => element.action_id),
    );
    expect(rows).toEqual([
      [ACTIONS.addToBoard, ACTIONS.videoVertical, ACTIONS.videoSquare],
      [ACTIONS.videoSound, ACTIONS.videoSubtitles, ACTIONS.videoUpscale, ACTIONS.videoColourLook],
      [ACTIONS.regenerate, ACTIONS.remix],
    ]);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("Add sound posts the video's sound as its own result in the thread, and a double click spends once", async () => {
    const result = await videoResult();
    const videoId = videoIdOf(result, ACTIONS.videoSound);
    await Promise.all([click(result, ACTIONS.videoSound), click(result, ACTIONS.videoSound)]);
    const sound = await threadResult(result, "Sound for ");
    expect(textOf(sound)).toContain("a lighthouse at dusk");
    // The audio joins the message (Slack's player), with an audio's buttons: no Remix on a sound made from a video.
    expect(sound.files?.length).toBe(1);
    expect(actionIds(sound)).toContain(ACTIONS.addToBoard);
    expect(actionIds(sound)).toContain(ACTIONS.regenerate);
    expect(actionIds(sound)).not.toContain(ACTIONS.remix);
    await settle();
    expect(sent("GenerateVideoSfx")).toHaveLength(1);
    expect(sent("GenerateVideoSfx")[0]).toMatchObject({ videoId });
    const audioId = (JSON.parse(buttonValue(sound, ACTIONS.addToBoard)) as { assetId: string }).assetId;
    expect(asset(audioId)).toMatchObject({ __typename: "Audio" });
    // The sandbox's record of the work: sound effects for this video.
    const jobId = asset(audioId)?._jobId as string;
    expect(bot.sandbox.sandbox.state.backgroundJobs.get(jobId)).toMatchObject({
      type: "VIDEO_SFX",
      metadata: { videoId },
    });
    // The note is beside the clicked result in the channel, where the clicker is looking (issue 27, point 17).
    const note = bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.ephemeral && m.threadTs === undefined);
    expect(note?.text).toContain("You clicked that twice");
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("Subtitles asks for the language, then posts “Subtitled (French)” as a new video; the original is unchanged", async () => {
    const result = await videoResult();
    const videoId = videoIdOf(result, ACTIONS.videoSubtitles);
    const before = JSON.stringify(asset(videoId));
    const modal = await openModal(result, ACTIONS.videoSubtitles, SUBTITLES_MODAL.callbackId);
    const submitted = await bot.sim.submitView({
      user: USER,
      viewId: modal.id,
      values: { [SUBTITLES_MODAL.languageBlock]: { value: chosen("fr") } },
    });
    expect(submitted.responseAction).toBe("close");
    const subtitled = await threadResult(result, "Subtitled (French): ");
    expect(sent("AddSubtitles")).toEqual([expect.objectContaining({ videoId, language: "fr" })]);
    const newId = videoIdOf(subtitled, ACTIONS.videoSound);
    expect(newId).not.toBe(videoId);
    expect(asset(newId)).toMatchObject({ __typename: "Video", displayName: expect.stringContaining("subtitled") });
    expect(JSON.stringify(asset(videoId))).toBe(before);
    // The new video has a video's buttons, tools included: a subtitled video can be upscaled next.
    expect(actionIds(subtitled)).toContain(ACTIONS.videoUpscale);
    expect(bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.ts === result.ts)?.editedAt).toBe(result.editedAt);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("a language the modal does not offer keeps the modal open with the error under it, and nothing is sent", async () => {
    const result = await videoResult();
    const modal = await openModal(result, ACTIONS.videoSubtitles, SUBTITLES_MODAL.callbackId);
    const submitted = await bot.sim.submitView({
      user: USER,
      viewId: modal.id,
      values: { [SUBTITLES_MODAL.languageBlock]: { value: chosen("klingon") } },
    });
    expect(submitted.responseAction).toBe("errors");
    expect(submitted.errors?.[SUBTITLES_MODAL.languageBlock]).toContain("listed languages");
    expect(bot.sim.views(USER).find((v) => v.id === modal.id)?.open).toBe(true);
    await settle();
    expect(sent("AddSubtitles")).toHaveLength(0);
  });

  it("Upscale edits a copy of the video, never the video itself, and posts “Upscaled ×2” in the thread", async () => {
    const result = await videoResult();
    const videoId = videoIdOf(result, ACTIONS.videoUpscale);
    const before = JSON.stringify(asset(videoId));
    await click(result, ACTIONS.videoUpscale);
    const upscaled = await threadResult(result, "Upscaled ×2: ");
    const [copy] = sent("UploadVideo");
    const [edit] = sent("UpdateVideo");
    expect(copy).toMatchObject({ displayName: expect.stringMatching(/^Copy of /) });
    const copyId = videoIdOf(upscaled, ACTIONS.videoSound);
    expect(edit).toEqual({ id: copyId, upscaleScale: "2x" });
    expect(copyId).not.toBe(videoId);
    expect(JSON.stringify(asset(videoId))).toBe(before);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("Colour look sends the chosen look's seven values at the chosen strength and posts “Colour look (Warm)”", async () => {
    const result = await videoResult();
    const videoId = videoIdOf(result, ACTIONS.videoColourLook);
    const modal = await openModal(result, ACTIONS.videoColourLook, COLOUR_MODAL.callbackId);
    await bot.sim.submitView({
      user: USER,
      viewId: modal.id,
      values: {
        [COLOUR_MODAL.lookBlock]: { value: picked("warm") },
        [COLOUR_MODAL.strengthBlock]: { value: picked("strong") },
      },
    });
    const graded = await threadResult(result, "Colour look (Warm): ");
    expect(sent("ApplyVideoColorAdjustments")).toEqual([{ id: videoId, ...colourAdjustments("warm", "strong") }]);
    expect(videoIdOf(graded, ACTIONS.videoSound)).not.toBe(videoId);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("a second submission of the same Colour look modal runs nothing more", async () => {
    const result = await videoResult();
    const modal = await openModal(result, ACTIONS.videoColourLook, COLOUR_MODAL.callbackId);
    const values = { [COLOUR_MODAL.lookBlock]: { value: picked("film") } };
    await Promise.all([
      bot.sim.submitView({ user: USER, viewId: modal.id, values }),
      bot.sim.submitView({ user: USER, viewId: modal.id, values }),
    ]);
    await threadResult(result, "Colour look (Film): ");
    await settle();
    expect(sent("ApplyVideoColorAdjustments")).toHaveLength(1);
  });
});
