// The words a Workflow Builder step ends with when it fails: functions.completeError's `error`, which Slack passes
// on to the person "through a Slackbot message" (https://docs.slack.dev/reference/methods/functions.completeError/).
// Plain text: it is not a Block Kit message.

import type { OptionProblem } from "@studio-kit/commands";
import { UPLOAD_CATEGORIES } from "@studio-kit/operations";
import type { JobOutcome } from "../store/types.js";
import { escapeText, listValues, quote } from "./blocks.js";

/** Why a generation step's job ended without a result, by how it ended (store/types.ts `JobOutcome`). */
export function stepJobError(outcome: JobOutcome | undefined, permalink: string | undefined): string {
  const see = permalink ? ` See ${permalink}` : "";
  switch (outcome) {
    case "failed":
      return `Studio: the platform could not generate the image (it failed or refused the request).${see}`;
    case "not-sent":
      return `Studio: the generation was refused before it ran, so nothing was spent (if the app is not in the step's channel, invite it).${see}`;
    case "lost":
      return (
        "Studio: the bot restarted while sending the generation; it was not sent again, so it was charged at most " +
        `once. If it was made, it is in the asset library.${see}`
      );
    default:
      return `Studio: the generation did not finish.${see}`;
  }
}

/** A refused step whose flow said nothing (it should not happen: every refusal answers the asker). */
export const STEP_REFUSED = "Studio: the step was refused before anything was spent.";

/** The step's channel could not take the bot's message. */
export function stepChannelError(channel: string, code: string | undefined): string {
  return code === "not_in_channel" || code === "channel_not_found"
    ? `Studio cannot post in <#${channel}>: invite the app to the channel (or pick another one) and run the step again.`
    : `Studio could not post in <#${channel}>${code ? ` (${code})` : ""}; nothing was spent.`;
}

/**
 * "Generate an image"'s Channel is a direct message that is not the Run-as person's own (issue 42): their result, with
 * its buttons, would land in someone else's DM. The other person is not named: whose DM it is is theirs to tell.
 */
export const stepOthersDmError = (runAs: string): string =>
  `Studio: Channel is someone else's direct message with Studio, and the step runs as <@${runAs}>: a result goes to a ` +
  "channel or to Run as's own direct message. Pick one of those and run the step again; nothing was spent.";

/** Slack did not say whose direct message Channel is, so nothing was posted there. */
export const stepDmUncheckedError = (code: string): string =>
  `Studio could not check whose direct message Channel is (${code}), so nothing was posted or spent: run the step again.`;

/** "Add to a board" named a board that is not there. */
export const boardMissing = (board: string): string =>
  `Studio: there is no board "${board}" in the workspace (give its title or id as Studio shows them).`;

/** Something the studio API answered went wrong, in the words of the problem. */
export const stepProblem = (what: string): string => `Studio: ${what}`;

/**
 * The fields of "Generate an image" as Workflow Builder shows them (manifest.json
 * `functions.generate_image.input_parameters`' titles, which test/manifest.test.ts compares), by the command flag
 * each one sets: the person who set up the step typed into "Count", never `--count`.
 */
export const GENERATE_IMAGE_FIELDS: Readonly<Record<string, string>> = {
  "--ratio": "Ratio",
  "--model": "Model",
  "--count": "Count",
  "--board": "Board",
};

/** A problem's words with each `--flag` (and `--flag value`) written as the field that sets it: "Ratio `wide`". */
function inFieldWords(text: string, fields: Readonly<Record<string, string>>): string {
  return text.replace(/`(--[a-z][a-z-]*)(?: ([^`]*))?`/g, (whole, flag: string, value: string | undefined) => {
    const field = fields[flag];
    if (!field) return whole;
    return value ? `${field} \`${value}\`` : field;
  });
}

/**
 * A step's options that cannot be used (@studio-kit/commands' `checkOptions`), said with the step's field names:
 * "Studio: Count is from 1 to 4 images per request (got 9)." Each problem names its field, then what would work.
 */
export function stepOptionsError(
  problems: readonly OptionProblem[],
  fields: Readonly<Record<string, string>> = GENERATE_IMAGE_FIELDS,
): string {
  const sentences = problems.slice(0, 5).map((problem) => {
    const field = fields[problem.option];
    let said = inFieldWords(problem.message, fields);
    // "There is no image model `x`." names no flag: the field goes first.
    if (field && !said.includes(field)) said = `${field}: ${said.charAt(0).toLowerCase()}${said.slice(1)}`;
    const intro = problem.validIntro ? inFieldWords(problem.validIntro, fields) : "Valid:";
    const valid = problem.valid.length ? ` ${intro} ${listValues(problem.valid, 8, 300)}.` : "";
    return `${said}${valid}${problem.help ? ` ${problem.help}` : ""}`;
  });
  return stepProblem(escapeText(sentences.join(" ")));
}

/** "Add to a board" was given neither an asset id nor a file: it names the two inputs to choose from. */
export const STEP_ASSET_OR_FILE =
  "Studio: the step needs an asset to add: set Asset id (such as a Generate an image step's first asset id) or File.";
/** "Add to a board" was given both: a manifest cannot say "one of", so the step says it when it runs. */
export const STEP_ASSET_AND_FILE =
  "Studio: the step takes an asset id or a file, not both: clear one of Asset id and File.";

/** A file's name for a step error: escaped (it is a person's text), on one line, not too long. */
const fileName = (name: string): string => `"${quote(name, 120)}"`;

/** files.info refused the step's file (https://docs.slack.dev/reference/methods/files.info, Errors). */
export function stepFileLookupError(fileId: string, code: string): string {
  const id = quote(fileId, 40);
  const file = `the file ${id}`;
  switch (code) {
    case "file_not_found":
      return `Studio: Slack has no file ${id} the app can read: share it in a channel the app is in, or pick another file.`;
    case "file_deleted":
      return `Studio: ${file} was deleted in Slack: pick another file.`;
    case "access_denied":
      return `Studio: the app may not read ${file} (a file from another organization): pick another file.`;
    case "unreachable":
      return `Studio: Slack did not answer when the app looked up ${file}; nothing was uploaded. Run the step again.`;
    default:
      return `Studio: Slack refused to show ${file} to the app (${quote(code, 60)}); nothing was uploaded.`;
  }
}

/** What the studio takes from Slack, by upload category (spec, Upload flow: UGC_IMAGE, VIDEO, AUDIO). */
const ALLOWED =
  `images (${UPLOAD_CATEGORIES.UGC_IMAGE.contentTypes.join(", ")}), ` +
  `video (${UPLOAD_CATEGORIES.VIDEO.contentTypes.join(", ")}) or ` +
  `audio (${UPLOAD_CATEGORIES.AUDIO.contentTypes.join(", ")})`;

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** Why the step's file cannot go to the studio, decided from what Slack says of it or what the upload found. */
export type StepFileProblem =
  | { reason: "type"; filename: string; contentType: string }
  | { reason: "too_large"; filename: string; size: number; limit: number }
  | { reason: "empty" | "not_hosted" | "download" | "upload"; filename: string };

/** The step's error for a file that did not become an asset. Nothing was generated or spent in any case. */
export function stepFileProblem(problem: StepFileProblem): string {
  const name = fileName(problem.filename);
  switch (problem.reason) {
    case "type":
      return `Studio: ${name} is ${quote(problem.contentType || "of an unknown type", 100)}, which the studio does not take: use ${ALLOWED}.`;
    case "too_large":
      return `Studio: ${name} is ${mib(problem.size)}: the studio takes files up to ${mib(problem.limit)}. Use a smaller or compressed version.`;
    case "empty":
      return `Studio: ${name} is empty.`;
    case "not_hosted":
      return `Studio: ${name} is a linked file, not stored in Slack, so the app cannot read it: upload the file itself.`;
    case "download":
      return `Studio: the app could not download ${name} from Slack; nothing was uploaded. Run the step again.`;
    case "upload":
      return `Studio: the studio did not take ${name} (the upload was refused or failed); nothing is on the board. Run the step again.`;
  }
}
