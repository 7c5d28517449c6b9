// A job's result is ONE message (issue 16): what it is in its first words, the media, and the buttons. The media
// are files the bot uploaded to Slack before the message was written (they outlive the platform's expiring links):
// an image shows in an image block (`slack_file`) right above its own buttons; a video or an audio file, which no
// block can play, joins the same message through chat.update's `file_ids`, so Slack shows its player with the
// message. Where the bot uploads, a file that is not in Slack (yet) is said in words, never linked (issue 38); only a
// `response_url` answer (the bot is not in the channel, so it uploads nothing) shows the platform's link.

import {
  actions,
  type Block,
  context,
  escapeText,
  image,
  isSlackImage,
  message,
  quote,
  section,
  slackImage,
  truncate,
} from "./blocks.js";
import { feedbackBlock } from "./feedback.js";
import { assetButtons, jobButtons, videoToolButtons } from "./result-buttons.js";
import type { FinalMessage, ResultAsset, ResultContext } from "./result-parts.js";

export type { FinalMessage, ResultAsset, ResultContext, SlackFileRef } from "./result-parts.js";

/** The feedback row, under a job's result only (a result without a job has nothing to rate). */
const feedback = (ctx: ResultContext): Block[] => (ctx.jobId ? [feedbackBlock(ctx.jobId)] : []);

// Four images at most per request; at 2 blocks per image, 10 stays far under 50.
const MAX_SHOWN = 10;

/** "Image: “a red fox”", then who asked: the first words say what the message is, so a thread reads as a history. */
function header(ctx: ResultContext): Block {
  const what = escapeText(ctx.what ?? "Result:");
  const prompt = ctx.prompt ? ` “${quote(ctx.prompt, 500)}”` : "";
  const change = ctx.change ? `: ${quote(ctx.change, 500)}` : "";
  return section(`*${what}*${prompt}${change}\n<@${escapeText(ctx.user)}> asked for it.`);
}

/** The fallback text (notifications, screen readers): the same first words. */
const summary = (ctx: ResultContext) =>
  truncate(escapeText(`${ctx.what ?? "Result:"} ${ctx.prompt}${ctx.change ? `: ${ctx.change}` : ""}`.trim()), 300);

// Where each kind's id can be typed again: `/studio show` (which takes a job's id or any of its assets': flows/show.ts)
// and the grammar's flags that name an earlier result.
const ID_FLAGS: Record<"image" | "video" | "audio", string> = {
  image: "`/studio show`, `--ref`, `--from`, `--end` or `--image`",
  video: "`/studio show` and `/studio lipsync --video`",
  audio: "`/studio show` and `/studio lipsync --audio`",
};

/**
 * The shown assets' ids in a line a person can copy from (`img_…`): nothing else in Slack shows them, and
 * `/studio show`, `--ref`, `--from`, `--image`, `--video` and `--audio` take them.
 */
function idLine(assets: readonly ResultAsset[], kind: "image" | "video" | "audio"): Block[] {
  const ids = assets.slice(0, MAX_SHOWN).map((asset) => `\`${quote(asset.id.replace(/`/g, ""), 100)}\``);
  if (!ids.length) return [];
  const head = ids.length === 1 ? `Id ${ids[0]}` : `Ids, in order: ${ids.join(" · ")}`;
  return [context(`${head}, for ${ID_FLAGS[kind]}`)];
}

function footer(ctx: ResultContext, assets: readonly ResultAsset[], kind: "image" | "video" | "audio"): Block[] {
  const blocks: Block[] = [...idLine(assets, kind)];
  if (assets.length > MAX_SHOWN) blocks.push(context(`…and ${assets.length - MAX_SHOWN} more, not shown here.`));
  if (ctx.boardNote) blocks.push(context(truncate(ctx.boardNote, 2000)));
  if (ctx.brandNote) blocks.push(context(truncate(ctx.brandNote, 2000)));
  return blocks;
}

const KIND_WORD = { image: "image", video: "video", audio: "audio file" } as const;

/**
 * An asset whose file is not in Slack where the bot uploads results: what happened and what to do, in words (no
 * link: a signed URL leaks its signature and expires). `/studio show` takes the job's id or the asset's.
 */
function missingLine(asset: ResultAsset, ctx: ResultContext, kind: "image" | "video" | "audio"): Block[] {
  if (!asset.missing) return [];
  const show = `\`/studio show ${quote((ctx.jobId ?? asset.id).replace(/`/g, ""), 100)}\``;
  return [
    context(
      asset.missing === "coming"
        ? `The ${KIND_WORD[kind]} is on its way into Slack and shows here when it arrives. If it does not, ${show} brings it again.`
        : `The ${KIND_WORD[kind]} could not be brought into Slack. ${show} tries again.`,
    ),
  ];
}

/** A platform link for media no block can show: the link expires, which the words say. */
function link(url: string | null | undefined, label: string): Block[] {
  if (!url || url.length > 3000) return [];
  return [context(`<${url}|${escapeText(label)}> (a link from the platform; it expires)`)];
}

/**
 * Image results: each image (its Slack file in an image block, else the platform's link) with Add to board,
 * Variations, Upscale and Remove background, then Regenerate. An uploaded file an image block cannot show (not png,
 * jpg or gif) joins the message as a file instead.
 */
export function imageResultsMessage(images: ResultAsset[], ctx: ResultContext): FinalMessage {
  const blocks: Block[] = [header(ctx)];
  const fileIds: string[] = [];
  images.slice(0, MAX_SHOWN).forEach((asset, index) => {
    const alt = `Image ${index + 1} of ${images.length}: ${ctx.prompt}`;
    if (asset.file && isSlackImage(asset.file.filename)) blocks.push(slackImage(asset.file.id, alt));
    else if (asset.file) fileIds.push(asset.file.id);
    // A cut URL would point nowhere: an over-long one is left out.
    else if (asset.missing) blocks.push(...missingLine(asset, ctx, "image"));
    else if (asset.url && asset.url.length <= 3000) blocks.push(image(asset.url, alt));
    blocks.push(actions(assetButtons(asset, ctx, "image")));
  });
  blocks.push(...footer(ctx, images, "image"), ...jobButtons(ctx, images[0]?.id), ...feedback(ctx));
  return { message: message(summary(ctx), blocks), fileIds };
}

/**
 * Video results: the file joins the message (Slack's player); Add to board, Vertical 9:16, Square 1:1; the video
 * tools (Add sound, Subtitles, Upscale, Colour look) in a row of their own; Regenerate and Remix.
 */
export function videoResultsMessage(videos: ResultAsset[], ctx: ResultContext): FinalMessage {
  return mediaResults(videos, ctx, "video");
}

/** Audio results (music, voiceover, a video's sound): the file joins the message; Add to board, Regenerate, Remix. */
export function audioResultsMessage(tracks: ResultAsset[], ctx: ResultContext): FinalMessage {
  return mediaResults(tracks, ctx, "audio");
}

function mediaResults(assets: ResultAsset[], ctx: ResultContext, kind: "video" | "audio"): FinalMessage {
  const blocks: Block[] = [header(ctx)];
  const fileIds: string[] = [];
  for (const asset of assets.slice(0, MAX_SHOWN)) {
    if (asset.file) fileIds.push(asset.file.id);
    else if (asset.missing) blocks.push(...missingLine(asset, ctx, kind));
    else blocks.push(...link(asset.url, kind === "video" ? "Open the video" : "Play the audio"));
    blocks.push(actions(assetButtons(asset, ctx, kind)));
    if (kind === "video") blocks.push(actions(videoToolButtons(asset, ctx)));
  }
  blocks.push(...footer(ctx, assets, kind), ...jobButtons(ctx, assets[0]?.id, kind), ...feedback(ctx));
  return { message: message(summary(ctx), blocks), fileIds };
}
