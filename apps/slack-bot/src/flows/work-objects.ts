// Boards and assets as Work Objects (docs/decisions/0021-boards-as-work-objects.md): what a shared platform link
// unfurls into, and what the flexpane shows a person who clicks it. Slack wiring stays in the listeners
// (listeners/events/link-shared.ts, entity-details.ts); these decide, and tests call them without Slack.
import type { types } from "@slack/bolt";
import type { BotDeps } from "../deps.js";
import {
  assetDetailsEntity,
  assetUnfurlEntity,
  boardDetailsEntity,
  boardUnfurlEntity,
} from "../messages/work-objects.js";
import { assetWebUrl, boardWebUrl, readStudioLink, studioWebBase } from "../services/studio-links.js";
import { readAsset, readBoard } from "../services/work-object-data.js";

type EntityMetadata = types.EntityMetadata;

/** The flexpane's answer: an entity, or one of entity.presentDetails' error statuses. */
export type DetailsAnswer =
  | { metadata: EntityMetadata }
  | { error: { status: "restricted" | "not_found" | "internal_error" } };

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
      if (read.ok) entities.push(boardUnfurlEntity(read.board, read.cards, boardWebUrl(base, read.board.id), url));
      else deps.logger.info({ board: link.id, reason: read.reason }, "work objects: board link not unfurled");
    } else {
      const read = await readAsset(deps.studio, link.id);
      if (read.ok) entities.push(assetUnfurlEntity(read, assetWebUrl(base, read.id), url));
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
    return { metadata: boardDetailsEntity(read.board, read.cards, boardWebUrl(base, read.board.id)) };
  }
  const read = await readAsset(deps.studio, link.id);
  if (!read.ok) return { error: { status: read.reason } };
  return { metadata: assetDetailsEntity(read, assetWebUrl(base, read.id)) };
}
