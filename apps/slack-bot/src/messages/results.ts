import {
  actions,
  type Block,
  context,
  escapeText,
  image,
  message,
  quote,
  type SlackMessage,
  section,
  truncate,
} from "./blocks.js";
import { assetButtons, jobButtons } from "./result-buttons.js";

/** A finished asset to show: its id (for the buttons) and where Slack can fetch a preview. */
export interface ResultAsset {
  id: string;
  /** A URL Slack can load: the uploaded Slack file's, or the platform's. */
  url?: string | null;
}

/** Who asked, for what, and the channel's default board, if one was chosen with `/studio board use`. */
export interface ResultContext {
  user: string;
  prompt: string;
  defaultBoard?: { id: string; title: string } | null;
  /** A line about the `--board` push ("Added to …" or why not), shown under the results. */
  boardNote?: string | null;
  /** The job that made the results: Regenerate and Variations read its settings again (result-buttons.ts). */
  jobId?: string | null;
}

// Four images at most per request, but results may be merged; at 4 blocks per image, 10 stays far under 50.
const MAX_SHOWN = 10;

function note(ctx: ResultContext): Block[] {
  return ctx.boardNote ? [context(truncate(ctx.boardNote, 2000))] : [];
}

function header(ctx: ResultContext, what: string): Block {
  return section(`:sparkles: <@${escapeText(ctx.user)}>, here ${what}: “${quote(ctx.prompt, 500)}”`);
}

function more(assets: readonly unknown[]): Block[] {
  return assets.length > MAX_SHOWN ? [context(`…and ${assets.length - MAX_SHOWN} more, not shown here.`)] : [];
}

/** Image results: each image with Add to board, Variations, Upscale, Remove background; Regenerate under them. */
export function imageResultsMessage(images: ResultAsset[], ctx: ResultContext, requestId: string): SlackMessage {
  const blocks: Block[] = [header(ctx, images.length === 1 ? "is your image" : `are your ${images.length} images`)];
  images.slice(0, MAX_SHOWN).forEach((asset, index) => {
    // A cut URL would point nowhere: an over-long one is left out (the uploaded file still shows).
    if (asset.url && asset.url.length <= 3000) blocks.push(image(asset.url, `Image ${index + 1}: ${ctx.prompt}`));
    blocks.push(actions(assetButtons(asset, ctx)));
  });
  blocks.push(...more(images), ...note(ctx));
  blocks.push(...jobButtons(ctx, requestId));
  return message(`Here are your images: ${quote(ctx.prompt, 200)}`, blocks);
}

/** Video results: Add to board, a vertical (9:16) or square (1:1) version of the clip, and Regenerate. */
export function videoResultsMessage(videos: ResultAsset[], ctx: ResultContext): SlackMessage {
  const blocks: Block[] = [header(ctx, videos.length === 1 ? "is your video" : "are your videos")];
  for (const asset of videos.slice(0, MAX_SHOWN)) {
    blocks.push(actions(assetButtons(asset, ctx, "video")));
  }
  blocks.push(...more(videos), ...note(ctx), ...jobButtons(ctx));
  return message(`Here is your video: ${quote(ctx.prompt, 200)}`, blocks);
}

/** Audio results (music or voiceover): Add to board and Regenerate. */
export function audioResultsMessage(tracks: ResultAsset[], ctx: ResultContext): SlackMessage {
  const blocks: Block[] = [header(ctx, tracks.length === 1 ? "is your audio" : "are your tracks")];
  for (const asset of tracks.slice(0, MAX_SHOWN)) blocks.push(actions(assetButtons(asset, ctx, "audio")));
  blocks.push(...more(tracks), ...note(ctx), ...jobButtons(ctx));
  return message(`Here is your audio: ${quote(ctx.prompt, 200)}`, blocks);
}
