// The buttons under a result, built apart from how the result shows (results.ts) so that what a click carries is
// in one place. Values are small JSON of ids only (far under Slack's 2,000 characters): the job id, from which a
// click reads every setting of the original request again (store.jobs.get), and the asset the button acts on.
// Buttons can be clicked again and again, as Midjourney's can: each click is a new job (listeners/actions/shared.ts).

import { actions, type Block, button, truncate } from "./blocks.js";
import { ACTIONS } from "./ids.js";
import type { ResultAsset, ResultContext } from "./result-parts.js";

/** The kinds of asset a result shows. */
export type ResultKind = "image" | "video" | "audio";

// Ids only; the cut can never happen with ids, and keeps a value valid if one ever grew.
const value = (data: Record<string, string | undefined>) => {
  const present = Object.fromEntries(Object.entries(data).filter(([, item]) => item !== undefined));
  return truncate(JSON.stringify(present), 2000);
};

// Images leave the kind out (the listeners default to image), so older messages' buttons still read the same.
function boardButtons(assetId: string, ctx: ResultContext, kind: ResultKind): Block[] {
  const board = ctx.defaultBoard;
  const assetType = kind === "image" ? undefined : kind;
  const add = button("Add to board", ACTIONS.addToBoard, value({ assetId, assetType }));
  if (!board) return [add];
  // "Add to " + title must fit in 75 characters.
  const label = `Add to ${truncate(board.title, 75 - "Add to ".length)}`;
  return [button(label, ACTIONS.addToDefaultBoard, value({ assetId, boardId: board.id, assetType }), "primary"), add];
}

/**
 * The elements of one asset's actions row. An image: Add to board (and "Add to <default board>"), Variations,
 * Upscale, Remove background and Animate, each carrying the image and the job id (so a variation keeps the original's
 * settings, and an edit of an edit still knows them). A video: Add to board, Vertical 9:16 and Square 1:1. An
 * audio: Add to board.
 *
 * @example blocks.push(actions(assetButtons(asset, ctx, "video")));
 */
export function assetButtons(asset: ResultAsset, ctx: ResultContext, kind: ResultKind = "image"): Block[] {
  const board = boardButtons(asset.id, ctx, kind);
  switch (kind) {
    case "image": {
      const ids = value({ imageId: asset.id, jobId: ctx.jobId ?? undefined });
      return [
        ...board,
        button("Variations", ACTIONS.variations, ids),
        button("Upscale", ACTIONS.upscale, ids),
        button("Remove background", ACTIONS.removeBackground, ids),
        // A video whose first frame is this image (listeners/actions/animate.ts).
        button("Animate", ACTIONS.animate, ids),
      ];
    }
    case "video":
      return [
        ...board,
        button("Vertical 9:16", ACTIONS.videoVertical, value({ videoId: asset.id, ratio: "9:16" })),
        button("Square 1:1", ACTIONS.videoSquare, value({ videoId: asset.id, ratio: "1:1" })),
      ];
    case "audio":
      return board;
  }
}

/**
 * A video's tools, in a second actions row under its Add to board and format buttons: Add sound, Subtitles,
 * Upscale and Colour look, each carrying the video and the job id. A row of their own, rather than four more
 * buttons in the first row or an overflow menu: Slack wraps a long row mid-way at any width, so "where it goes"
 * (boards, formats) and "make a new version" (the tools) would mix, and an overflow menu hides the tools behind
 * "⋯", where nobody finds them. Subtitles and Colour look open a small modal (a language, a look); the other two
 * start at once.
 *
 * @example blocks.push(actions(videoToolButtons(asset, ctx)));
 */
export function videoToolButtons(asset: ResultAsset, ctx: ResultContext): Block[] {
  const ids = value({ videoId: asset.id, jobId: ctx.jobId ?? undefined });
  return [
    button("Add sound", ACTIONS.videoSound, ids),
    button("Subtitles", ACTIONS.videoSubtitles, ids),
    button("Upscale", ACTIONS.videoUpscale, ids),
    button("Colour look", ACTIONS.videoColourLook, ids),
  ];
}

/**
 * The job-level row: Regenerate, which runs the job's request again with every setting it had (read from the
 * stored job), through the same checks as the original command, and Remix, which opens those settings in a modal
 * to change before running them. `assetId` (the result's first asset) lets a click still work from the asset's
 * prompt and ratio once the job record was pruned (30 days): Regenerate for an image, Remix for an image or a
 * video. No row when there is neither; no Remix when `ctx.remix` is false.
 *
 * @example blocks.push(...jobButtons(ctx, images[0]?.id));
 */
export function jobButtons(ctx: ResultContext, assetId?: string, kind: ResultKind = "image"): Block[] {
  const jobId = ctx.jobId ?? undefined;
  if (!jobId && !assetId) return [];
  // Regenerate's fallback reads an image only; its value keeps the shape older messages carry.
  const imageId = kind === "image" ? assetId : undefined;
  const row: Block[] = [];
  if (jobId || imageId) row.push(button("Regenerate", ACTIONS.regenerate, value({ jobId, imageId })));
  // Without its job an audio has nothing to start from (the platform keeps no settings of it): no Remix then.
  if (ctx.remix !== false && (jobId || kind !== "audio")) {
    row.push(button("Remix", ACTIONS.remix, value({ jobId, assetId, kind })));
  }
  return row.length ? [actions(row)] : [];
}
