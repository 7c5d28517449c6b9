// The replies to a file shared with the bot: stored (with Add to board), or why not. Every builder stays within
// Slack's limits whatever the file's name (checked by slack-sim's validateMessage in the tests).

import { UPLOAD_CATEGORIES } from "@studio-kit/operations";
import {
  actions,
  type Block,
  button,
  context,
  escapeText,
  image,
  listValues,
  message,
  quote,
  type SlackMessage,
  section,
  truncate,
} from "./blocks.js";
import { ACTIONS } from "./ids.js";

/** A file that became a library asset: its id (for Add to board), its kind, and a preview Slack can load. */
export interface StoredAsset {
  id: string;
  kind: "image" | "video" | "audio";
  /** An image's URL, or a video's thumbnail; none for audio. */
  previewUrl?: string | null;
}

/** What a person shares from Slack and the library takes: images, videos and audio (spec, UploadCategory). */
export const ACCEPTED_TYPES: readonly string[] = [
  ...new Set([
    ...UPLOAD_CATEGORIES.UGC_IMAGE.contentTypes,
    ...UPLOAD_CATEGORIES.VIDEO.contentTypes,
    ...UPLOAD_CATEGORIES.AUDIO.contentTypes,
  ]),
];

const who = (user: string) => `<@${escapeText(user)}>`;
const name = (filename: string) => `*${quote(filename, 200)}*`;

// The value the image/video/audio results' Add to board carries (messages/results.ts): the asset id, and the card
// kind for anything but an image, so the existing Add to board listener and modal work on a stored file as well.
function addToBoardValue(asset: StoredAsset): string {
  const kind = asset.kind === "image" ? {} : { assetType: asset.kind };
  return truncate(JSON.stringify({ assetId: asset.id, ...kind }), 2000);
}

/** The reply once a file is in the library: the preview (when Slack can show one) and Add to board. */
export function intakeStoredMessage(user: string, filename: string, asset: StoredAsset): SlackMessage {
  const line = `${who(user)}, ${name(filename)} is in the studio library as ${asset.kind === "audio" ? "an" : "a"} ${asset.kind}.`;
  const blocks: Block[] = [section(`:inbox_tray: ${line}`)];
  // A cut URL would point nowhere: an over-long one is left out, as the results do.
  const preview = asset.previewUrl;
  if (preview && preview.length <= 3000 && /^https?:\/\//.test(preview)) {
    blocks.push(image(preview, `Preview of ${filename}`));
  }
  blocks.push(actions([button("Add to board", ACTIONS.addToBoard, addToBoardValue(asset))]));
  blocks.push(context(`Asset \`${quote(asset.id, 100)}\``));
  return message(`${quote(filename, 200)} is in the studio library`, blocks);
}

/** A file whose type the library does not take: names the type and lists the ones it does. */
export function intakeRefusedTypeMessage(user: string, filename: string, contentType: string): SlackMessage {
  const type = `\`${quote(contentType || "unknown", 100)}\``;
  const text = `${who(user)}, I can't add ${name(filename)} to the studio library: ${type} files are not accepted.`;
  return message(`${quote(filename, 200)}: ${quote(contentType || "unknown", 100)} files are not accepted`, [
    section(`:no_entry_sign: ${text}`),
    context(`Accepted: ${listValues(ACCEPTED_TYPES, 40, 1500)}.`),
  ]);
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** A file over the upload limit (256 MiB, spec Limits, or the bot's own cap). */
export function intakeTooLargeMessage(user: string, filename: string, size: number, limit: number): SlackMessage {
  const text = `${who(user)}, ${name(filename)} is ${mib(size)}: the studio library takes files up to ${mib(limit)}.`;
  return message(`${quote(filename, 200)} is too large for the studio library`, [
    section(`:no_entry_sign: ${text}`),
    context("Share a smaller or compressed version."),
  ]);
}

/** Why a file that passed the checks is still not in the library, in words for the person who shared it. */
export type IntakeFailure = "empty" | "not_hosted" | "unreadable" | "upload";

const FAILURE: Record<IntakeFailure, string> = {
  empty: "it is empty",
  not_hosted: "it is not stored in Slack (a linked file), so I cannot read it",
  unreadable: "I could not read it from Slack",
  upload: "the studio did not take it",
};

/** The reply when a file could not be stored; the details are in the bot's log, never here. */
export function intakeFailedMessage(user: string, filename: string, why: IntakeFailure): SlackMessage {
  const text = `${who(user)}, ${name(filename)} could not be added to the studio library: ${FAILURE[why]}.`;
  return message(`${quote(filename, 200)} could not be added to the studio library`, [
    section(`:warning: ${text}`),
    context("Try sharing it again; if it keeps happening, tell whoever runs the bot."),
  ]);
}
