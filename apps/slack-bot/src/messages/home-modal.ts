// The App Home's New image modal and the reading of its submission. Reading is a plain function (no Slack): the
// submission listener turns its errors into `response_action: "errors"` and its command into the image flow.

import type { ImageCommand } from "@studio-kit/commands";
import { MAX_COUNT, SUGGESTED_RATIOS } from "@studio-kit/commands";
import { DEFAULT_RATIO } from "../intent/defaults.js";
import { context, truncate } from "./blocks.js";
import type { ModalView } from "./boards.js";
import { NEW_IMAGE_MODAL } from "./ids.js";

/**
 * The longest prompt the modal takes. The API documents no limit (spec, Mutations: generation) and Slack's text
 * input allows 3,000 characters; 2,000 is plenty for a prompt and leaves the input's own counter meaningful.
 */
export const MAX_MODAL_PROMPT = 2000;

const plain = (text: string, max: number) => ({ type: "plain_text", text: truncate(text, max), emoji: true });
const option = (value: string, label: string) => ({ text: plain(label, 75), value });
const images = (count: number) => (count === 1 ? "1 image" : `${count} images`);

/**
 * The New image modal: a prompt, and optionally a ratio and a count (left empty: the image flow's defaults, a square
 * and one image). Its submission runs the image generation in the person's direct message with the bot.
 */
export function newImageModal(): ModalView {
  const ratioDefault = SUGGESTED_RATIOS.find((ratio) => ratio.value === DEFAULT_RATIO)?.label ?? DEFAULT_RATIO;
  return {
    type: "modal",
    callback_id: NEW_IMAGE_MODAL.callbackId,
    title: plain("New image", 24),
    submit: plain("Generate", 24),
    close: plain("Cancel", 24),
    blocks: [
      {
        type: "input",
        block_id: NEW_IMAGE_MODAL.promptBlock,
        label: plain("What should the image show?", 2000),
        element: {
          type: "plain_text_input",
          action_id: NEW_IMAGE_MODAL.promptAction,
          multiline: true,
          max_length: MAX_MODAL_PROMPT,
          placeholder: plain("A lighthouse at dusk, watercolor", 150),
        },
      },
      {
        type: "input",
        block_id: NEW_IMAGE_MODAL.ratioBlock,
        optional: true,
        label: plain("Ratio", 2000),
        element: {
          type: "static_select",
          action_id: NEW_IMAGE_MODAL.ratioAction,
          placeholder: plain(`${ratioDefault} (default)`, 150),
          // The same list `--ratio` errors and help show (commands/ratio.ts).
          options: SUGGESTED_RATIOS.map((ratio) => option(ratio.value, ratio.label)),
        },
      },
      {
        type: "input",
        block_id: NEW_IMAGE_MODAL.countBlock,
        optional: true,
        label: plain("How many", 2000),
        element: {
          type: "static_select",
          action_id: NEW_IMAGE_MODAL.countAction,
          placeholder: plain(`${images(1)} (default)`, 150),
          options: Array.from({ length: MAX_COUNT }, (_, i) => option(String(i + 1), images(i + 1))),
        },
      },
      context(
        "The images arrive in your direct message with Studio. The usual checks apply first: access, quotas and credits.",
      ),
    ],
  };
}

/** One input's state as Slack sends it in `view.state.values[block_id][action_id]`. */
export interface InputState {
  type?: string;
  value?: string | null;
  selected_option?: { value?: string } | null;
}

/** `view.state.values`: block id, then action id. */
export type ViewValues = Record<string, Record<string, InputState | undefined> | undefined>;

/** What a submission asks for, or the errors to show under the inputs (keyed by `block_id`). */
export type NewImageForm = { ok: true; command: ImageCommand } | { ok: false; errors: Record<string, string> };

const selected = (values: ViewValues, block: string, action: string) =>
  values[block]?.[action]?.selected_option?.value ?? undefined;

/**
 * Reads the New image modal's submission into an image command. The payload is checked as Slack sent it, not as
 * the modal promised: Slack enforces `max_length` in its clients only, and a select's value can be forged.
 *
 * @example
 * const form = readNewImageForm(view.state.values);
 * if (!form.ok) return ack({ response_action: "errors", errors: form.errors });
 */
export function readNewImageForm(values: ViewValues): NewImageForm {
  const errors: Record<string, string> = {};
  const prompt = (values[NEW_IMAGE_MODAL.promptBlock]?.[NEW_IMAGE_MODAL.promptAction]?.value ?? "").trim();
  if (!prompt) errors[NEW_IMAGE_MODAL.promptBlock] = "Describe the image you want.";
  else if (prompt.length > MAX_MODAL_PROMPT) {
    errors[NEW_IMAGE_MODAL.promptBlock] =
      `That is ${prompt.length.toLocaleString("en-US")} characters: keep the prompt to ${MAX_MODAL_PROMPT.toLocaleString("en-US")} or fewer.`;
  }
  const ratio = selected(values, NEW_IMAGE_MODAL.ratioBlock, NEW_IMAGE_MODAL.ratioAction);
  // A select offers only its options: anything else was forged, even a ratio `--ratio` would take.
  if (ratio !== undefined && !SUGGESTED_RATIOS.some((known) => known.value === ratio)) {
    errors[NEW_IMAGE_MODAL.ratioBlock] = "Pick one of the listed ratios, or none for a square.";
  }
  const countText = selected(values, NEW_IMAGE_MODAL.countBlock, NEW_IMAGE_MODAL.countAction);
  const count = countText === undefined ? undefined : Number(countText);
  if (count !== undefined && !(Number.isInteger(count) && count >= 1 && count <= MAX_COUNT)) {
    errors[NEW_IMAGE_MODAL.countBlock] = `Pick from 1 to ${MAX_COUNT} images.`;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    command: {
      kind: "image",
      prompt,
      presets: [],
      ...(ratio === undefined ? {} : { ratio }),
      ...(count === undefined ? {} : { count }),
    },
  };
}
