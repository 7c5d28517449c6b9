// Boards and assets as Work Objects (docs/decisions/0021-boards-as-work-objects.md): what a shared platform link
// unfurls into, and what the flexpane shows a person who clicks it. Slack wiring stays in the listeners
// (listeners/events/link-shared.ts, entity-details.ts); these decide, and tests call them without Slack.
import type { types } from "@slack/bolt";
import type { BotDeps } from "../deps.js";
import {
  type AssetShown,
  assetDetailsEntity,
  assetUnfurlEntity,
  boardDetailsEntity,
  boardUnfurlEntity,
  type PreviewImage,
  type Previews,
  previewedImages,
} from "../messages/work-objects.js";
import { type ImageToPreview, isSignedUrl } from "../services/preview-images.js";
import { assetWebUrl, boardWebUrl, readStudioLink, studioWebBase } from "../services/studio-links.js";
import { type AssetRead, readAsset, readBoard } from "../services/work-object-data.js";

type EntityMetadata = types.EntityMetadata;

/** The flexpane's answer: an entity, or one of entity.presentDetails' error statuses. */
export type DetailsAnswer =
  | { metadata: EntityMetadata }
  | { error: { status: "restricted" | "not_found" | "internal_error" } };

/**
 * Where an image is shown from: the bot's preview service (an unsigned URL, else a Slack file); without one (a deps
 * object built for a test), only an unsigned URL. Never a signed URL (decision 0027).
 */
async function previewOf(deps: BotDeps, image: ImageToPreview): Promise<PreviewImage | null> {
  if (deps.previews) return deps.previews.of(image);
  return isSignedUrl(image.url) ? null : { image_url: image.url };
}

/** The file name an image is brought into Slack with: the asset id and the URL's extension (else `fallback`). */
function previewFilename(assetId: string, url: string, fallback: string): string {
  let extension: string | undefined;
  try {
    extension = /\.([a-z0-9]{2,5})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  } catch {
    extension = undefined;
  }
  return `${assetId.replace(/[^\w.-]+/g, "_")}.${extension ?? fallback}`;
}

/** The previews of a board's first images, by asset id (one after another: uploads are paced anyway). */
async function boardPreviews(deps: BotDeps, cards: Parameters<typeof previewedImages>[0]): Promise<Previews> {
  const previews = new Map<string, PreviewImage>();
  for (const image of previewedImages(cards)) {
    const filename = previewFilename(image.id, image.downloadUrl, "png");
    const preview = await previewOf(deps, { assetId: image.id, url: image.downloadUrl, filename });
    if (preview) previews.set(image.id, preview);
  }
  return previews;
}

/** An asset as its Work Object shows it: what was read, and its image's preview. */
async function assetShown(deps: BotDeps, read: Extract<AssetRead, { ok: true }>): Promise<AssetShown> {
  const { imageUrl, ok: _ok, ...asset } = read;
  if (!imageUrl) return asset;
  const filename = previewFilename(read.id, imageUrl, read.kind === "image" ? "png" : "jpg");
  return { ...asset, preview: await previewOf(deps, { assetId: read.id, url: imageUrl, filename }) };
}

/**
 * Whether the access rules (STUDIO_ALLOWED_*) let this person use the bot here. An unfurl is seen by everyone in the
 * conversation and a flexpane by the person who clicked, so a person the rules leave out gets neither (issue 30:
 * "a person whose key or workspace may not see a board gets no details").
 */
async function allowed(deps: BotDeps, user: string, channel: string | undefined): Promise<boolean> {
  const decision = await deps.access.check(user, channel ?? "");
  return decision.allowed;
}

/**
 * The Work Objects for the shared links that are the platform's boards and assets the bot's key can read, in the
 * order shared; others are left out (no unfurl: Slack shows the link as it is). Empty when the person sharing may
 * not use the bot.
 */
export async function unfurlEntities(
  deps: BotDeps,
  share: { user: string; channel: string; urls: readonly string[] },
): Promise<EntityMetadata[]> {
  const base = studioWebBase(deps.studio);
  const links = share.urls
    .map((url) => ({ url, link: readStudioLink(base, url) }))
    .filter((entry) => entry.link !== null);
  if (links.length === 0) return [];
  if (!(await allowed(deps, share.user, share.channel))) {
    deps.logger.info({ user: share.user, channel: share.channel }, "work objects: links not unfurled, access rules");
    return [];
  }
  const entities: EntityMetadata[] = [];
  for (const { url, link } of links) {
    if (!link) continue;
    if (link.kind === "board") {
      const read = await readBoard(deps.studio, link.id);
      if (read.ok) {
        const previews = await boardPreviews(deps, read.cards);
        entities.push(boardUnfurlEntity(read.board, read.cards, boardWebUrl(base, read.board.id), url, previews));
      } else deps.logger.info({ board: link.id, reason: read.reason }, "work objects: board link not unfurled");
    } else {
      const read = await readAsset(deps.studio, link.id);
      if (read.ok) entities.push(assetUnfurlEntity(await assetShown(deps, read), assetWebUrl(base, read.id), url));
      else deps.logger.info({ asset: link.id, reason: read.reason }, "work objects: asset link not unfurled");
    }
  }
  return entities;
}

/**
 * The flexpane for the entity a person clicked: a board with its cards listed, an asset; or `restricted` when the
 * access rules leave the person out or the key may not read it (another workspace's), `not_found` for an unknown
 * id (entity.presentDetails' error statuses, https://docs.slack.dev/reference/methods/entity.presentDetails).
 */
export async function entityDetails(
  deps: BotDeps,
  request: { user: string; channel?: string; externalRef?: { id: string; type?: string }; entityUrl: string },
): Promise<DetailsAnswer> {
  if (!(await allowed(deps, request.user, request.channel))) return { error: { status: "restricted" } };
  const base = studioWebBase(deps.studio);
  const link =
    request.externalRef?.type === "board" || request.externalRef?.type === "asset"
      ? { kind: request.externalRef.type, id: request.externalRef.id }
      : readStudioLink(base, request.entityUrl);
  if (!link) return { error: { status: "not_found" } };
  if (link.kind === "board") {
    const read = await readBoard(deps.studio, link.id);
    if (!read.ok) return { error: { status: read.reason } };
    const previews = await boardPreviews(deps, read.cards);
    return { metadata: boardDetailsEntity(read.board, read.cards, boardWebUrl(base, read.board.id), previews) };
  }
  const read = await readAsset(deps.studio, link.id);
  if (!read.ok) return { error: { status: read.reason } };
  return { metadata: assetDetailsEntity(await assetShown(deps, read), assetWebUrl(base, read.id)) };
}
