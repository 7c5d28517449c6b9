// Reading the Remix modal's submission (remix-modal.ts) into a command, and the option checks' problems into Slack's
// field errors (`response_action: "errors"`, keyed by the input's `block_id`). Plain functions: the submission
// listener decides, these only read and word.

import type { OptionProblem } from "@studio-kit/commands";
import { truncate } from "./blocks.js";
import { chosenValue, chosenValues, MAX_INPUT_TEXT, type ModalValues, textValue } from "./modal-parts.js";
import { MODEL_DEFAULT, REMIX_MODAL, type RemixCommand, SOUND } from "./remix-modal.js";

/** What a submission asks for, or the errors to show under its inputs (keyed by `block_id`). */
export type RemixForm = { ok: true; command: RemixCommand } | { ok: false; errors: Record<string, string> };

/** An option's value, or undefined for "The model's default" (the option left out, as without its flag). */
const option = (values: ModalValues, block: string) => {
  const value = chosenValue(values, block);
  return value === undefined || value === MODEL_DEFAULT ? undefined : value;
};

/**
 * The presets chosen; the request's own when the submission has no presets input at all (Slack always sends every
 * input, even an empty one; a client that sends no presets input at all keeps the request's presets).
 */
const presetsOf = (values: ModalValues, kept: string[]) =>
  values[REMIX_MODAL.presets] === undefined ? kept : chosenValues(values, REMIX_MODAL.presets);

/** Leaves out the keys whose value is undefined, so an option the person reset is absent, not `undefined`. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

/** A whole number from a select or a text input, or an error under its block. */
function wholeNumber(
  text: string | undefined,
  block: string,
  errors: Record<string, string>,
  what: string,
): number | undefined {
  if (text === undefined) return undefined;
  const number = Number(text);
  if (Number.isInteger(number)) return number;
  errors[block] = `Give ${what} as a whole number.`;
  return undefined;
}

/**
 * Reads a Remix submission into a command of `base`'s kind: the inputs the modal shows replace `base`'s values (an
 * option set back to "The model's default" is left out), and everything the modal does not show is kept from `base`
 * (the `--board`, references, a first frame, `--brand`). The payload is read as Slack sent it: a number that is
 * not one, or a missing prompt, is an error here; whether a value fits the model is the option check's to say.
 *
 * @example
 * const form = readRemixForm(job.request.command, view.state.values);
 * if (!form.ok) return ack({ response_action: "errors", errors: form.errors });
 */
export function readRemixForm(base: RemixCommand, values: ModalValues): RemixForm {
  const errors: Record<string, string> = {};
  const prompt = textValue(values, REMIX_MODAL.prompt) ?? "";
  if (!prompt) errors[REMIX_MODAL.prompt] = base.kind === "voice" ? "Write the script to read." : "Write a prompt.";
  else if (prompt.length > MAX_INPUT_TEXT) errors[REMIX_MODAL.prompt] = `Keep it to ${MAX_INPUT_TEXT} characters.`;
  let command: RemixCommand;
  switch (base.kind) {
    case "image":
      command = defined({
        ...base,
        prompt,
        model: chosenValue(values, REMIX_MODAL.model),
        ratio: chosenValue(values, REMIX_MODAL.ratio),
        count: wholeNumber(chosenValue(values, REMIX_MODAL.count), REMIX_MODAL.count, errors, "the count"),
        quality: option(values, REMIX_MODAL.quality),
        resolution: option(values, REMIX_MODAL.resolution),
        presets: presetsOf(values, base.presets),
      });
      break;
    case "video":
      command = defined({
        ...base,
        prompt,
        model: chosenValue(values, REMIX_MODAL.model),
        ratio: chosenValue(values, REMIX_MODAL.ratio),
        duration: wholeNumber(option(values, REMIX_MODAL.duration), REMIX_MODAL.duration, errors, "the duration"),
        resolution: option(values, REMIX_MODAL.resolution),
        audio: chosenValue(values, REMIX_MODAL.audio) === SOUND.with,
        presets: presetsOf(values, base.presets),
      });
      break;
    case "music":
      command = defined({
        ...base,
        prompt,
        lyrics: textValue(values, REMIX_MODAL.lyrics),
        instrumental: chosenValue(values, REMIX_MODAL.instrumental) === SOUND.instrumental,
        minDuration: wholeNumber(
          textValue(values, REMIX_MODAL.minDuration),
          REMIX_MODAL.minDuration,
          errors,
          "the shortest length",
        ),
        maxDuration: wholeNumber(
          textValue(values, REMIX_MODAL.maxDuration),
          REMIX_MODAL.maxDuration,
          errors,
          "the longest length",
        ),
      });
      break;
    case "voice":
      command = defined({
        ...base,
        script: prompt,
        voice: chosenValue(values, REMIX_MODAL.voice),
        language: textValue(values, REMIX_MODAL.language),
      });
      break;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, command };
}

/** The input each option's problems are shown under. */
const OPTION_BLOCK: Readonly<Record<string, string>> = {
  "--model": REMIX_MODAL.model,
  "--voice": REMIX_MODAL.voice,
  "--ratio": REMIX_MODAL.ratio,
  "--count": REMIX_MODAL.count,
  "--quality": REMIX_MODAL.quality,
  "--resolution": REMIX_MODAL.resolution,
  "--duration": REMIX_MODAL.duration,
  "--preset": REMIX_MODAL.presets,
  "--lyrics": REMIX_MODAL.lyrics,
  "--min-duration": REMIX_MODAL.minDuration,
  "--max-duration": REMIX_MODAL.maxDuration,
};

/** The words for a flag where a sentence names it alone (the modal has inputs, not flags). */
const FLAG_WORDS: Readonly<Record<string, string>> = {
  "--count": "the count",
  "--quality": "a quality",
  "--resolution": "a resolution",
  "--duration": "a duration",
  "--min-duration": "the shortest length",
  "--max-duration": "the longest length",
  "--lyrics": "lyrics",
};

/** A problem's message in the modal's words: "`--quality ultra` is not …" reads "“ultra” is not …". */
function inModalWords(problem: OptionProblem): string {
  const text = problem.message
    .replace(/`--[a-z-]+ ([^`]+)`/g, "“$1”")
    .replace(/`(--[a-z-]+)`/g, (_, flag: string) => FLAG_WORDS[flag] ?? "this option")
    .replace(/`/g, "");
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  // Every valid value when the list is the whole answer; a ratio's are only examples, and its message says the rule.
  const valid = problem.valid.length && !problem.validIntro ? ` Choose: ${problem.valid.slice(0, 12).join(", ")}.` : "";
  return `${sentence}${valid}`;
}

/**
 * The option checks' problems as Slack's field errors, each under the input it is about (a problem about something
 * the modal does not show, such as a reference, under the prompt), several under one input joined.
 */
export function remixErrors(problems: readonly OptionProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const block = OPTION_BLOCK[problem.option] ?? REMIX_MODAL.prompt;
    const text = inModalWords(problem);
    errors[block] = truncate(errors[block] ? `${errors[block]} ${text}` : text, 300);
  }
  return errors;
}
