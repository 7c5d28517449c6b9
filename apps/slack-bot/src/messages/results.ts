import {
  actions,
  type Block,
  button,
  context,
  escapeText,
  image,
  message,
  quote,
  type SlackMessage,
  section,
  truncate,
} from "./blocks.js";
import { ACTIONS } from "./ids.js";

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
}

// Four images at most per request, but results may be merged; at 4 blocks per image, 10 stays far under 50.
const MAX_SHOWN = 10;

// Button values carry ids only, as small JSON: the listener reads them back, and ids stay far under 2,000.
const value = (data: Record<string, string>) => truncate(JSON.stringify(data), 2000);

// Images leave the kind out (the listeners default to image), so older messages' buttons still read the same.
function boardButtons(assetId: string, ctx: ResultContext, assetType = "image"): Block[] {
  const board = ctx.defaultBoard;
  const kind: Record<string, string> = assetType === "image" ? {} : { assetType };
  const add = button("Add to board", ACTIONS.addToBoard, value({ assetId, ...kind }));
  if (!board) return [add];
  // "Add to " + title must fit in 75 characters.
  const label = `Add to ${truncate(board.title, 75 - "Add to ".length)}`;
  return [button(label, ACTIONS.addToDefaultBoard, value({ assetId, boardId: board.id, ...kind }), "primary"), add];
}

function note(ctx: ResultContext): Block[] {
  return ctx.boardNote ? [context(truncate(ctx.boardNote, 2000))] : [];
}

function header(ctx: ResultContext, what: string): Block {
  return section(`:sparkles: <@${escapeText(ctx.user)}>, here ${what}: “${quote(ctx.prompt, 500)}”`);
}

function more(assets: readonly unknown[]): Block[] {
  return assets.length > MAX_SHOWN ? [context(`…and ${assets.length - MAX_SHOWN} more, not shown here.`)] : [];
}

/** Image results: each image with Add to board, Variations, Upscale, Remove background and Regenerate. */
export function imageResultsMessage(images: ResultAsset[], ctx: ResultContext, requestId: string): SlackMessage {
  const blocks: Block[] = [header(ctx, images.length === 1 ? "is your image" : `are your ${images.length} images`)];
  images.slice(0, MAX_SHOWN).forEach((asset, index) => {
    // A cut URL would point nowhere: an over-long one is left out (the uploaded file still shows).
    if (asset.url && asset.url.length <= 3000) blocks.push(image(asset.url, `Image ${index + 1}: ${ctx.prompt}`));
    blocks.push(
      actions([
        ...boardButtons(asset.id, ctx),
        button("Variations", ACTIONS.variations, value({ imageId: asset.id })),
        button("Upscale", ACTIONS.upscale, value({ imageId: asset.id })),
        button("Remove background", ACTIONS.removeBackground, value({ imageId: asset.id })),
      ]),
    );
  });
  blocks.push(...more(images), ...note(ctx));
  blocks.push(actions([button("Regenerate", ACTIONS.regenerate, value({ requestId }))]));
  return message(`Here are your images: ${quote(ctx.prompt, 200)}`, blocks);
}

/** Video results: Add to board, and a vertical (9:16) or square (1:1) version of the clip. */
export function videoResultsMessage(videos: ResultAsset[], ctx: ResultContext): SlackMessage {
  const blocks: Block[] = [header(ctx, videos.length === 1 ? "is your video" : "are your videos")];
  for (const asset of videos.slice(0, MAX_SHOWN)) {
    blocks.push(
      actions([
        ...boardButtons(asset.id, ctx, "video"),
        button("Vertical 9:16", ACTIONS.videoVertical, value({ videoId: asset.id, ratio: "9:16" })),
        button("Square 1:1", ACTIONS.videoSquare, value({ videoId: asset.id, ratio: "1:1" })),
      ]),
    );
  }
  blocks.push(...more(videos), ...note(ctx));
  return message(`Here is your video: ${quote(ctx.prompt, 200)}`, blocks);
}

/** Audio results (music or voiceover): Add to board. */
export function audioResultsMessage(tracks: ResultAsset[], ctx: ResultContext): SlackMessage {
  const blocks: Block[] = [header(ctx, tracks.length === 1 ? "is your audio" : "are your tracks")];
  for (const asset of tracks.slice(0, MAX_SHOWN)) blocks.push(actions(boardButtons(asset.id, ctx, "audio")));
  blocks.push(...more(tracks), ...note(ctx));
  return message(`Here is your audio: ${quote(ctx.prompt, 200)}`, blocks);
}
