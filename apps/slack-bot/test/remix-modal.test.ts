import type { ImageCommand, MusicCommand, VideoCommand, VoiceCommand } from "@studio-kit/commands";
import { validateView } from "@studio-kit/slack-sim";
import { loadStudioData, type StudioData } from "@studio-kit/test-support";
import { beforeAll, describe, expect, it } from "vitest";
import { checkOptions } from "../src/intent/slack-grammar.js";
import type { ModalValues } from "../src/messages/modal-parts.js";
import { readRemixForm, remixErrors } from "../src/messages/remix-form.js";
import { MODEL_DEFAULT, REMIX_MODAL, type RemixCommand, remixModal } from "../src/messages/remix-modal.js";
import { viewProblems } from "./support/views.js";

let data: StudioData;
beforeAll(async () => {
  data = await loadStudioData();
});

const place = { channel: "C0GENERAL", threadTs: "1.000", messageTs: "1.000", jobId: "job_1" };
const modalOf = (command: RemixCommand, note?: string) =>
  remixModal(command, data, { ...place, kind: command.kind }, note);

type Input = { block_id: string; element: Record<string, unknown> & { type: string } };
const inputsOf = (view: ReturnType<typeof remixModal>) =>
  (view.blocks as unknown as Input[]).filter((block) => (block as { type?: string }).type === "input");

/** The values Slack would send for the modal as it opened (initial values), with `changes` applied. */
function submitted(view: ReturnType<typeof remixModal>, changes: Record<string, string | string[] | null> = {}) {
  const values: ModalValues = {};
  for (const { block_id, element } of inputsOf(view)) {
    const initial = element.initial_option as { value: string } | undefined;
    const initials = (element.initial_options as { value: string }[] | undefined) ?? [];
    const change = changes[block_id];
    const state =
      element.type === "plain_text_input"
        ? { value: change === undefined ? ((element.initial_value as string | undefined) ?? null) : (change as string) }
        : element.type === "multi_static_select"
          ? {
              selected_options: (change === undefined ? initials.map((o) => o.value) : [change].flat()).map(
                (value) => ({ value: value as string }),
              ),
            }
          : {
              selected_option:
                change === undefined ? (initial ?? null) : change === null ? null : { value: change as string },
            };
    values[block_id] = { [String(element.action_id)]: { type: element.type, ...state } };
  }
  return values;
}

const image: ImageCommand = {
  kind: "image",
  prompt: "a red fox in the snow",
  count: 2,
  model: "img-prism-xl",
  quality: "ultra",
  ratio: "16:9",
  presets: ["golden-hour"],
  board: "Moodboard",
  references: ["img_ref_1"],
};
const video: VideoCommand = {
  kind: "video",
  prompt: "a lighthouse at dusk",
  ratio: "9:16",
  duration: 10,
  model: "vid-tide-1",
  audio: true,
  presets: [],
  firstFrame: "img_first",
};
const music: MusicCommand = {
  kind: "music",
  prompt: "upbeat synthwave",
  instrumental: false,
  lyrics: "neon",
  minDuration: 20,
};
const voice: VoiceCommand = {
  kind: "voice",
  script: "Welcome to the studio",
  voice: "voice-narrate-1",
  language: "en",
};

describe("the Remix modal", () => {
  it.each([image, video, music, voice])("opens for a $kind request within Slack's view rules", (command) => {
    const view = modalOf(command, "A note.");
    expect(validateView(view)).toEqual({ ok: true });
    expect(viewProblems(view)).toEqual([]);
    expect(view.callback_id).toBe(REMIX_MODAL.callbackId);
    expect(JSON.parse(String(view.private_metadata))).toEqual({ ...place, kind: command.kind });
  });

  it("shows only the inputs that fit each kind", () => {
    const blocks = (command: RemixCommand) => inputsOf(modalOf(command)).map((input) => input.block_id);
    const { prompt, model, ratio, count, quality, resolution, duration, audio, presets } = REMIX_MODAL;
    expect(blocks(image)).toEqual([prompt, model, ratio, count, quality, resolution, presets]);
    expect(blocks(video)).toEqual([prompt, model, ratio, duration, resolution, audio, presets]);
    expect(blocks(music)).toEqual([
      prompt,
      REMIX_MODAL.lyrics,
      REMIX_MODAL.instrumental,
      REMIX_MODAL.minDuration,
      REMIX_MODAL.maxDuration,
    ]);
    expect(blocks(voice)).toEqual([prompt, REMIX_MODAL.voice, REMIX_MODAL.language]);
  });

  it("offers every model of the role, and each option's values with the models that take them", () => {
    const view = modalOf(image);
    const options = (block: string) =>
      (inputsOf(view).find((input) => input.block_id === block)?.element.options ?? []) as {
        value: string;
        text: { text: string };
      }[];
    expect(options(REMIX_MODAL.model).map((o) => o.value)).toEqual(data.catalog.imageModels?.map((m) => m.id));
    const quality = options(REMIX_MODAL.quality);
    expect(quality[0]).toMatchObject({ value: MODEL_DEFAULT, text: { text: "The model's default" } });
    expect(quality.map((o) => o.value)).toEqual([MODEL_DEFAULT, "standard", "high", "draft", "ultra"]);
    expect(quality.find((o) => o.value === "ultra")?.text.text).toMatch(/^ultra \(.*Prism/);
  });

  it("keeps a value the catalog no longer lists in view, so that the check can say what is wrong with it", () => {
    const view = modalOf({ ...image, model: "img-retired", quality: "superb" });
    expect(viewProblems(view)).toEqual([]);
    const read = readRemixForm(image, submitted(view));
    expect(read).toMatchObject({ ok: true, command: { model: "img-retired", quality: "superb" } });
  });

  it("reads an untouched modal back into the same request, keeping what it does not show (board, references, first frame)", () => {
    expect(readRemixForm(image, submitted(modalOf(image)))).toEqual({ ok: true, command: image });
    expect(readRemixForm(video, submitted(modalOf(video)))).toEqual({ ok: true, command: video });
    expect(readRemixForm(music, submitted(modalOf(music)))).toEqual({ ok: true, command: music });
    expect(readRemixForm(voice, submitted(modalOf(voice)))).toEqual({ ok: true, command: voice });
  });

  it("leaves an option set back to the model's default out of the request, as a command without its flag", () => {
    const view = modalOf(image);
    const read = readRemixForm(
      image,
      submitted(view, { [REMIX_MODAL.quality]: MODEL_DEFAULT, [REMIX_MODAL.presets]: [] }),
    );
    expect(read.ok && read.command).toEqual({ ...image, quality: undefined, presets: [] });
    expect(read.ok && "quality" in read.command).toBe(false);
  });

  it("keeps the request's presets when a client sends no presets input at all (one that cannot show a multi-select)", () => {
    const values = submitted(modalOf(image));
    delete values[REMIX_MODAL.presets];
    expect(readRemixForm(image, values)).toEqual({ ok: true, command: image });
    const cleared = submitted(modalOf(image), { [REMIX_MODAL.presets]: [] });
    expect(readRemixForm(image, cleared)).toMatchObject({ ok: true, command: { presets: [] } });
  });

  it("starts a request that left options out on the defaults: the model's, one image, the flow's ratio", () => {
    const bare: ImageCommand = { kind: "image", prompt: "a fox", presets: [] };
    const read = readRemixForm(bare, submitted(modalOf(bare)));
    expect(read).toEqual({
      ok: true,
      command: { ...bare, model: data.catalog.defaultImageModelId, ratio: "1:1", count: 1 },
    });
  });

  it("puts a missing prompt and a length that is not a whole number under their inputs", () => {
    const noPrompt = readRemixForm(image, submitted(modalOf(image), { [REMIX_MODAL.prompt]: "  " }));
    expect(noPrompt).toEqual({ ok: false, errors: { [REMIX_MODAL.prompt]: "Write a prompt." } });
    const length = readRemixForm(music, submitted(modalOf(music), { [REMIX_MODAL.maxDuration]: "1.5" }));
    expect(length).toEqual({
      ok: false,
      errors: { [REMIX_MODAL.maxDuration]: "Give the longest length as a whole number." },
    });
    const script = readRemixForm(voice, submitted(modalOf(voice), { [REMIX_MODAL.prompt]: "" }));
    expect(script.ok || script.errors[REMIX_MODAL.prompt]).toBe("Write the script to read.");
  });
});

describe("the Remix modal's field errors", () => {
  const errorsFor = (command: RemixCommand) => {
    const check = checkOptions(command, data.catalog, data.presets);
    return check.ok ? {} : remixErrors(check.problems);
  };

  it("says which value the chosen model does not take, and the values it does, under that input", () => {
    expect(errorsFor({ ...image, model: "img-aurora-2-fast" })).toEqual({
      [REMIX_MODAL.quality]: "“ultra” is not available for img-aurora-2-fast. Choose: draft, standard.",
    });
    expect(errorsFor({ ...video, model: "vid-tide-1-turbo" })[REMIX_MODAL.duration]).toBe(
      "“10” is not available for vid-tide-1-turbo. Choose: 5.",
    );
  });

  it("words flags as the modal's inputs, and puts each problem under its own input", () => {
    const errors = errorsFor({ ...image, count: 9, model: "img-none" });
    expect(errors[REMIX_MODAL.count]).toBe("The count is from 1 to 4 images per request (got 9). Choose: 1, 2, 3, 4.");
    expect(errors[REMIX_MODAL.model]).toMatch(/^There is no image model img-none\. Choose: img-aurora-2/);
    const lengths = errorsFor({ ...music, minDuration: 90, maxDuration: 30 });
    expect(lengths[REMIX_MODAL.minDuration]).toBe("The shortest length is more than the longest length.");
    expect(JSON.stringify(errorsFor({ ...image, model: "img-none" }))).not.toContain("`");
  });
});
