// The studio API's boards and cards as the page's BoardView / CardView (src/shared/api.ts).
import { type Board, type CanvasCard, cardKindLabel } from "@studio-kit/core";
import { boardWebUrl } from "@studio-kit/slack-bot";
import type { BoardView, CardView } from "../shared/api.js";

/**
 * A board the page can open: only boards with a canvas (`conversationId`), which every card read needs. `webBase`
 * is the platform's web address (the bot's `studioWebBase`), so a board's link is the one the bot unfurls.
 */
export function boardViews(boards: readonly Board[], webBase: string): BoardView[] {
  return boards.flatMap((board) =>
    board.conversationId
      ? [
          {
            id: board.id,
            conversationId: board.conversationId,
            title: board.title?.trim() || "Untitled",
            assetCount: board.assetCount,
            webUrl: boardWebUrl(webBase, board.id),
          },
        ]
      : [],
  );
}

type Asset = NonNullable<CanvasCard["asset"]>;

/** An image the browser can show for the asset: the image itself, a video's thumbnail, a creative's thumbnail. */
function previewOf(asset: Asset | null): string | null {
  if (!asset) return null;
  if (asset.__typename === "Image") return asset.downloadUrl;
  if (asset.__typename === "Video") return asset.thumbnailDownloadUrl;
  if (asset.__typename === "Creative") return asset.thumbnailUrl;
  return null;
}

/** What to play: a video's or an audio's file. */
function mediaOf(asset: Asset | null): string | null {
  if (asset?.__typename === "Video" || asset?.__typename === "Audio") return asset.downloadUrl;
  return null;
}

function titleOf(asset: Asset | null): string | null {
  if (!asset) return null;
  if (asset.__typename === "Image" || asset.__typename === "Video") return asset.displayName;
  return asset.name;
}

/** A card with its geometry as stored (missing numbers as 0) and the URLs of its asset. */
export function cardView(card: CanvasCard): CardView {
  const asset = card.asset ?? null;
  return {
    id: card.id,
    kind: card.assetType ?? asset?.__typename.toLowerCase() ?? "unknown",
    kindLabel: cardKindLabel(card),
    x: card.positionX ?? 0,
    y: card.positionY ?? 0,
    width: card.width ?? 0,
    height: card.height ?? 0,
    rotation: card.rotation ?? 0,
    text: card.text,
    previewUrl: previewOf(asset),
    mediaUrl: mediaOf(asset),
    title: titleOf(asset),
  };
}
