// Remix (issue 20): a result's request opens in a modal, prefilled with its prompt and every option as selects from
// the catalog; submitting runs the edited request as a new job through the command's own checks, credits guard
// and progress. A value the model does not take answers with Slack's field errors.
import { validateView } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { REMIX_MODAL, SOUND } from "../../src/messages/remix-modal.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
type View = ReturnType<Bot["sim"]["views"]>[number];
type Values = Record<string, Record<string, Record<string, unknown>>>;

const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation).map((r) => r.variables);
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const shown = (ts: string) => [
  ...bot.sim.conversation(CHANNEL, { as: USER }),
  ...bot.sim.thread(CHANNEL, ts, { as: USER }),
];

/** Runs a slash command and returns its result message (the first with a Regenerate button). */
async function resultOf(text: string): Promise<Shown> {
  await bot.sim.command({ user: USER, channel: CHANNEL, text });
  return eventually(() => {
    const found = bot.sim
      .conversation(CHANNEL, { as: USER })
      .find((m) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate));
    expect(found).toBeDefined();
    return found as Shown;
  });
}

/** Clicks Remix (with its own value, or `value`) and returns the modal it opened. */
async function openRemix(result: Shown, value = buttonValue(result, ACTIONS.remix)): Promise<View> {
  await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.remix, value });
  const view = await eventually(() => {
    const found = bot.sim.views(USER).find((v) => v.open && v.view.callback_id === REMIX_MODAL.callbackId);
    expect(found).toBeDefined();
    return found as View;
  });
  expect(validateView(view.view)).toEqual({ ok: true });
  return view;
}

type Element = {
  type: string;
  action_id: string;
  initial_value?: string;
  initial_option?: { value: string };
  initial_options?: { value: string }[];
  options?: { value: string }[];
};
const inputs = (view: View) =>
  (view.view.blocks as { type: string; block_id?: string; element?: Element }[]).filter(
    (block): block is { type: string; block_id: string; element: Element } => block.type === "input",
  );

/** What Slack sends for an untouched modal: every input's initial value, keyed by block and action. */
function initialValues(view: View): Values {
  const values: Values = {};
  for (const { block_id, element } of inputs(view)) {
    const state: Record<string, unknown> = { type: element.type };
    if (element.type === "plain_text_input") state.value = element.initial_value ?? null;
    else if (element.type === "multi_static_select") {
      state.selected_options = (element.initial_options ?? []).map(({ value }) => ({ value }));
    } else state.selected_option = element.initial_option ? { value: element.initial_option.value } : null;
    values[block_id] = { [element.action_id]: state };
  }
  return values;
}

/** The initial value of each input, read the way a person sees the modal. */
function prefilled(view: View): Record<string, string | string[] | undefined> {
  return Object.fromEntries(
    inputs(view).map(({ block_id, element }) => [
      block_id,
      element.initial_value ?? element.initial_option?.value ?? element.initial_options?.map((option) => option.value),
    ]),
  );
}

/** The initial values with some inputs changed, as a person would submit them. */
function edited(view: View, changes: Record<string, string | string[] | null>): Values {
  const values = initialValues(view);
  for (const [block, value] of Object.entries(changes)) {
    const state = Object.values(values[block] ?? {})[0];
    if (!state) throw new Error(`no input ${block} in the modal`);
    if ("selected_options" in state)
      state.selected_options = ([] as string[]).concat(value ?? []).map((v) => ({ value: v }));
    else if ("selected_option" in state) state.selected_option = value === null ? null : { value };
    else state.value = value;
  }
  return values;
}

const submit = (view: View, values: Values) => bot.sim.submitView({ user: USER, viewId: view.id, values });

/** The first result in the clicked result's thread (not the result itself). */
async function remixed(result: Shown, words: string): Promise<Shown> {
  return eventually(() => {
    const found = bot.sim
      .thread(CHANNEL, result.ts, { as: USER })
      .find((m) => m.fromBot && !m.ephemeral && m.ts !== result.ts && m.text.startsWith(words));
    expect(found).toBeDefined();
    return found as Shown;
  });
}

const FOX = "a red fox in the snow --count 2 --model img-prism-xl --quality ultra --ratio 16:9 --preset golden-hour";

describe("Remix", () => {
  it("starts from the request and changes the ratio and the count: the new GenerateImage shows them", async () => {
    bot = await startBot();
    const result = await resultOf(FOX);
    const modal = await openRemix(result);
    expect(prefilled(modal)).toMatchObject({
      [REMIX_MODAL.prompt]: "a red fox in the snow",
      [REMIX_MODAL.model]: "img-prism-xl",
      [REMIX_MODAL.ratio]: "16:9",
      [REMIX_MODAL.count]: "2",
      [REMIX_MODAL.quality]: "ultra",
      [REMIX_MODAL.resolution]: "default",
      [REMIX_MODAL.presets]: ["golden-hour"],
    });
    const submitted = await submit(modal, edited(modal, { [REMIX_MODAL.ratio]: "9:16", [REMIX_MODAL.count]: "3" }));
    expect(submitted.responseAction).toBe("close");
    const images = await remixed(result, "3 images: ");
    expect(blocksOf(images, "image")).toHaveLength(3);
    const [, again] = sent("GenerateImage");
    expect(again).toMatchObject({
      prompt: "a red fox in the snow",
      aspectRatio: "9:16",
      count: 3,
      model: "img-prism-xl",
      quality: "ultra",
      presetSlugs: ["golden-hour"],
    });
    // The sandbox made three 9:16 images from it.
    const made = [...bot.sandbox.sandbox.state.assets.values()].filter(
      (record) =>
        record.__typename === "Image" && record.aspectRatio === "9:16" && record.prompt === "a red fox in the snow",
    );
    expect(made).toHaveLength(3);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("on a video, changes the duration and the ratio and drops the sound, keeping the model", async () => {
    bot = await startBot();
    const result = await resultOf("video a lighthouse at dusk --duration 5 --model vid-tide-1 --audio");
    const modal = await openRemix(result);
    expect(prefilled(modal)).toMatchObject({
      [REMIX_MODAL.duration]: "5",
      [REMIX_MODAL.ratio]: "16:9",
      [REMIX_MODAL.audio]: SOUND.with,
    });
    await submit(
      modal,
      edited(modal, { [REMIX_MODAL.duration]: "10", [REMIX_MODAL.ratio]: "9:16", [REMIX_MODAL.audio]: SOUND.without }),
    );
    await remixed(result, "Video: ");
    const [first, again] = sent("GenerateVideo");
    expect(first).toMatchObject({ duration: 5, aspectRatio: "16:9", generateAudio: true });
    expect(again).toMatchObject({
      prompt: "a lighthouse at dusk",
      duration: 10,
      aspectRatio: "9:16",
      model: "vid-tide-1",
    });
    expect(again?.generateAudio).not.toBe(true);
    // Two video jobs one after the other (a video lasts twice an image in the harness's sandbox, about 0.6 s), each
    // MP4 downloaded by the bot and uploaded to slack-sim before its result is written.
  }, 30_000);

  it("on a voiceover, changes the script and the voice", async () => {
    bot = await startBot();
    const result = await resultOf("voice Welcome to the studio --voice voice-narrate-1 --language en");
    const modal = await openRemix(result);
    expect(prefilled(modal)).toMatchObject({ [REMIX_MODAL.voice]: "voice-narrate-1", [REMIX_MODAL.language]: "en" });
    await submit(
      modal,
      edited(modal, { [REMIX_MODAL.prompt]: "Welcome back to the studio", [REMIX_MODAL.voice]: "voice-lumen-2" }),
    );
    await remixed(result, "Voiceover: ");
    expect(sent("GenerateVoiceover")[1]).toMatchObject({
      script: "Welcome back to the studio",
      voiceId: "voice-lumen-2",
      language: "en",
    });
  });

  it("answers a value the chosen model does not take with the error under that input, and generates nothing", async () => {
    bot = await startBot();
    const result = await resultOf(FOX);
    const modal = await openRemix(result);
    // Aurora 2 fast offers draft and standard: the untouched "ultra" does not fit it.
    const submitted = await submit(modal, edited(modal, { [REMIX_MODAL.model]: "img-aurora-2-fast" }));
    expect(submitted.responseAction).toBe("errors");
    expect(Object.keys(submitted.errors ?? {})).toEqual([REMIX_MODAL.quality]);
    expect(submitted.errors?.[REMIX_MODAL.quality]).toBe(
      "“ultra” is not available for img-aurora-2-fast. Choose: draft, standard.",
    );
    // A forged count is refused under the count.
    const forged = await submit(modal, edited(modal, { [REMIX_MODAL.count]: "9" }));
    expect(forged.errors?.[REMIX_MODAL.count]).toContain("from 1 to 4");
    expect(bot.sim.views(USER).find((v) => v.id === modal.id)?.open).toBe(true);
    await settle();
    expect(sent("GenerateImage")).toHaveLength(1);
  });

  it("spends once when the same modal is submitted twice", async () => {
    bot = await startBot();
    const result = await resultOf("a lighthouse at dusk");
    const modal = await openRemix(result);
    const values = edited(modal, { [REMIX_MODAL.ratio]: "4:3" });
    await Promise.all([submit(modal, values), submit(modal, values)]);
    await remixed(result, "Image: ");
    await settle();
    expect(sent("GenerateImage")).toHaveLength(2);
  });

  it("is refused by the same credits guard as the command: short of credits, nothing is generated", async () => {
    bot = await startBot();
    const result = await resultOf("a lighthouse --count 2");
    const credits = bot.sandbox.sandbox.state.credits.get(bot.sandbox.sandbox.workspaceId);
    if (!credits) throw new Error("the sandbox has no credits for its workspace");
    const modal = await openRemix(result);
    Object.assign(credits, { balance: 0, bonusBalance: 0, dailyFreeUsed: credits.dailyFreeLimit });
    await submit(modal, initialValues(modal));
    await eventually(() => {
      expect(shown(result.ts).some((m) => m.ephemeral && m.text.startsWith("Not enough credits"))).toBe(true);
    });
    await settle();
    expect(sent("GenerateImage")).toHaveLength(1);
  });

  it("starts from the image's prompt and ratio, and says why, when the job record is gone", async () => {
    bot = await startBot();
    const result = await resultOf(FOX);
    const { imageId } = JSON.parse(buttonValue(result, ACTIONS.variations)) as { imageId: string };
    const value = JSON.stringify({ jobId: "job-pruned-long-ago", assetId: imageId, kind: "image" });
    const modal = await openRemix(result, value);
    expect(JSON.stringify(modal.view.blocks)).toContain("no longer kept");
    expect(prefilled(modal)).toMatchObject({
      [REMIX_MODAL.prompt]: "a red fox in the snow",
      [REMIX_MODAL.ratio]: "16:9",
      [REMIX_MODAL.count]: "1",
      [REMIX_MODAL.quality]: "default",
    });
    await submit(modal, initialValues(modal));
    await remixed(result, "Image: ");
    expect(sent("GenerateImage")[1]).toMatchObject({ prompt: "a red fox in the snow", aspectRatio: "16:9", count: 1 });
  });

  it("on a video whose job is gone, starts from the video's prompt and ratio with the model's defaults", async () => {
    bot = await startBot();
    const result = await resultOf("video a lighthouse at dusk --ratio 9:16 --duration 10");
    const { videoId } = JSON.parse(buttonValue(result, ACTIONS.videoSound)) as { videoId: string };
    const value = JSON.stringify({ jobId: "job-pruned-long-ago", assetId: videoId, kind: "video" });
    const modal = await openRemix(result, value);
    expect(JSON.stringify(modal.view.blocks)).toContain("the video's prompt and ratio");
    expect(prefilled(modal)).toMatchObject({
      [REMIX_MODAL.prompt]: "a lighthouse at dusk",
      [REMIX_MODAL.ratio]: "9:16",
      [REMIX_MODAL.duration]: "default",
    });
    await submit(modal, initialValues(modal));
    await remixed(result, "Video: ");
    const [, again] = sent("GenerateVideo");
    expect(again).toMatchObject({ prompt: "a lighthouse at dusk", aspectRatio: "9:16", duration: null });
    // Two video jobs one after the other (a video lasts twice an image in the harness's sandbox, about 0.6 s), each
    // MP4 downloaded by the bot and uploaded to slack-sim before its result is written.
  }, 30_000);
});
