// What a Work Object shows, read from the API with the bot's key: a board with its cards, an asset (an image or a
// video). The key is pinned to one workspace (spec, Authentication 4): a board or asset of another workspace is
// refused (FORBIDDEN), an unknown id is not found; both come back as a reason, never as an exception.
import { type Board, type CanvasCard, listCards, type StudioClient, StudioError } from "@studio-kit/core";
import { ImageDocument, StudioSessionDocument, VideoDocument } from "@studio-kit/operations";
import { isSignedUrl } from "./preview-images.js";

/** Why nothing can be shown: the key may not read it, or it does not exist (or the API failed). */
export type Unreadable = { ok: false; reason: "restricted" | "not_found" | "internal_error" };

/** A board and its cards. */
export type BoardRead = { ok: true; board: Board; cards: CanvasCard[] } | Unreadable;

/** An asset, what it is and what it looks like. */
export type AssetRead =
  | {
      ok: true;
      kind: "image" | "video";
      id: string;
      name: string | null;
      prompt: string | null;
      imageUrl: string | null;
      createdAt: string | null;
    }
  | Unreadable;

const FORBIDDEN = new Set(["FORBIDDEN", "UNAUTHENTICATED"]);
const NOT_FOUND = new Set(["NOT_FOUND", "BAD_USER_INPUT", "NO_DATA"]);

/**
 * The URL to show an image from: the first of `urls` that carries no signature, else the first there is (which the
 * Work Object never shows as is: services/preview-images.ts brings it into Slack).
 */
function showable(...urls: (string | null | undefined)[]): string | null {
  const present = urls.filter((url): url is string => Boolean(url));
  return present.find((url) => !isSignedUrl(url)) ?? present[0] ?? null;
}

/** The reason an error stands for. */
export function unreadable(error: unknown): Unreadable {
  // A GraphQL error keeps the server's code in `graphqlCode` (core's StudioGraphQLError has `GRAPHQL_ERROR`).
  const code = error instanceof StudioError ? (error.graphqlCode ?? error.code) : "";
  if (FORBIDDEN.has(code)) return { ok: false, reason: "restricted" };
  if (NOT_FOUND.has(code)) return { ok: false, reason: "not_found" };
  return { ok: false, reason: "internal_error" };
}

/** A board and its cards, or why not. */
export async function readBoard(studio: StudioClient, id: string): Promise<BoardRead> {
  try {
    const { studioSession } = await studio.request(StudioSessionDocument, { id });
    if (!studioSession) return { ok: false, reason: "not_found" };
    const cards = await listCards(studio, studioSession);
    return { ok: true, board: studioSession, cards };
  } catch (error) {
    return unreadable(error);
  }
}

/** An asset by id: an image, else a video, else why not (the first refusal wins over "not found"). */
export async function readAsset(studio: StudioClient, id: string): Promise<AssetRead> {
  let image: Unreadable | undefined;
  try {
    const { image: found } = await studio.request(ImageDocument, { id });
    if (found) {
      return {
        ok: true,
        kind: "image",
        id: found.id,
        name: found.displayName ?? null,
        prompt: found.prompt ?? null,
        imageUrl: showable(found.url, found.downloadUrl),
        createdAt: found.createdAt ?? null,
      };
    }
  } catch (error) {
    image = unreadable(error);
  }
  try {
    const { video } = await studio.request(VideoDocument, { id });
    if (video) {
      return {
        ok: true,
        kind: "video",
        id: video.id,
        name: video.displayName ?? video.name ?? null,
        prompt: video.prompt ?? null,
        imageUrl: showable(video.thumbnailUrl, video.thumbnailDownloadUrl),
        createdAt: video.createdAt ?? null,
      };
    }
  } catch (error) {
    const found = unreadable(error);
    return image?.reason === "restricted" ? image : found.reason === "restricted" ? found : (image ?? found);
  }
  return image ?? { ok: false, reason: "not_found" };
}
