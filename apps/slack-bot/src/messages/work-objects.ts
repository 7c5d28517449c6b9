// Boards and assets as Slack Work Objects: the entity metadata chat.unfurl and entity.presentDetails take
// (https://docs.slack.dev/messaging/work-objects-implementation, @slack/types 3.2 `EntityMetadata`). Pure: the
// flows read the board or the asset, and where each image is shown from (services/preview-images.ts: a Slack file or
// an unsigned URL, never a signed one), and hand them here. A board is a `content_item` (a page with a `preview`
// thumbnail); an asset is a `file` (its image as `preview`). An unfurl is seen by everyone in the conversation
// ("avoid sending sensitive information", https://docs.slack.dev/messaging/work-objects-overview): it shows a
// board's title, card count, last change and first images, and an asset's image, kind and prompt; the card list is
// only in the flexpane, which is asked for per person. Decisions 0021 and 0027.
import type { types } from "@slack/bolt";
import { type Board, type CanvasCard, cardKindLabel } from "@studio-kit/core";
import type { PreviewImage } from "../services/preview-images.js";
import type { AssetRead } from "../services/work-object-data.js";
import { escapeText } from "./blocks.js";

type EntityMetadata = types.EntityMetadata;

export type { PreviewImage } from "../services/preview-images.js";

/** Each image asset's preview, by asset id; an image with none is not shown. */
export type Previews = ReadonlyMap<string, PreviewImage>;

/** Slack's entity types (https://docs.slack.dev/messaging/work-objects-implementation#supported-entity-types). */
export const BOARD_ENTITY_TYPE = "slack#/entities/content_item";
export const ASSET_ENTITY_TYPE = "slack#/entities/file";

/**
 * The flexpane's Open action: a link button (`url`), which opens the board in the browser. Slack still sends the
 * click to the app, as it does for a Block Kit link button, so the bot acks it (listeners/actions/work-objects.ts).
 */
export const OPEN_BOARD_ACTION = "studio_wo_open_board";
/** The flexpane's "Add my latest result" action; its `value` is the board's id (flows/board-latest.ts). */
export const ADD_LATEST_ACTION = "studio_wo_add_latest";

/** How many of a board's first images the unfurl previews (the `preview` field, then custom image fields). */
export const PREVIEW_IMAGES = 3;
/** How many cards the flexpane lists; a bigger board says how many more there are. */
export const LISTED_CARDS = 25;
const PRODUCT = "Studio";
const TITLE_MAX = 200;
const PROMPT_MAX = 1000;

/** An asset as a Work Object shows it: what services/work-object-data.ts reads of it, and its preview, if any. */
export type AssetShown = Omit<Extract<AssetRead, { ok: true }>, "ok" | "imageUrl"> & { preview?: PreviewImage | null };

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/**
 * Text a person wrote (a title, a prompt), made inert: Work Object fields are shown as plain text unless marked
 * `format: "markdown"`, but a mention-like `<!channel>` is escaped anyway, and control characters and bidi overrides
 * dropped, as in every prompt the bot shows (issues 27 and 42).
 */
const inert = (text: string) => escapeText(text);
const seconds = (iso: string | null | undefined) => {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
};
const boardTitle = (board: Pick<Board, "title">) => inert(cut(board.title?.trim() || "Untitled board", TITLE_MAX));

/** An image card's asset: its id, the API's (possibly signed) download URL, and its name. */
export interface BoardImage {
  id: string;
  downloadUrl: string;
  name: string;
}

/**
 * The first images on a board's cards, in card order: the ones its unfurl previews. The flow finds where each can be
 * shown from (services/preview-images.ts) before the entity is built.
 */
export function previewedImages(cards: readonly CanvasCard[]): BoardImage[] {
  const images: BoardImage[] = [];
  for (const card of cards) {
    const asset = card.asset;
    if (asset?.__typename !== "Image" || !asset.downloadUrl) continue;
    images.push({ id: asset.id, downloadUrl: asset.downloadUrl, name: asset.displayName ?? "" });
    if (images.length === PREVIEW_IMAGES) break;
  }
  return images;
}

/**
 * The board's unfurl: its title, how many cards it has (said once: the Cards field; issue 41), when it last changed,
 * and a preview of its first images (those with a preview in `previews`). `appUnfurlUrl` is the link exactly as
 * shared (chat.unfurl requires it), `url` the board's own. `metadata_last_modified` is the board's last change: a
 * chat.unfurl of the same link again after the bot changed the board carries a later one, so that Slack takes the
 * new metadata [reported: a Work Objects reference built from docs.slack.dev's implementation page: Slack refreshes
 * a stored Work Object only when `metadata_last_modified` is greater, else by `date_updated`].
 */
export function boardUnfurlEntity(
  board: Board,
  cards: readonly CanvasCard[],
  url: string,
  appUnfurlUrl: string,
  previews: Previews = new Map(),
): EntityMetadata {
  const title = boardTitle(board);
  const images = previewedImages(cards).flatMap((image) => {
    const preview = previews.get(image.id);
    return preview ? [{ preview, name: image.name }] : [];
  });
  const [first, ...more] = images;
  const updated = seconds(board.updatedAt);
  const created = seconds(board.createdAt);
  return {
    app_unfurl_url: appUnfurlUrl,
    url,
    external_ref: { id: board.id, type: "board" },
    entity_type: BOARD_ENTITY_TYPE,
    entity_payload: {
      attributes: {
        title: { text: title },
        display_type: "Board",
        product_name: PRODUCT,
        ...(updated !== undefined ? { metadata_last_modified: updated } : {}),
      },
      fields: {
        ...(first
          ? { preview: { type: "slack#/types/image", ...first.preview, alt_text: `First image on ${title}` } }
          : {}),
        ...(created !== undefined ? { date_created: { value: created } } : {}),
        ...(updated !== undefined ? { date_updated: { value: updated } } : {}),
      },
      custom_fields: [
        { key: "cards", label: "Cards", value: cards.length, type: "integer" },
        ...more.map((image, i) => ({
          key: `image_${i + 2}`,
          label: `Image ${i + 2}`,
          type: "slack#/types/image",
          ...image.preview,
          alt_text: image.name ? inert(cut(image.name, 200)) : `Image ${i + 2} on ${title}`,
        })),
      ],
      display_order: ["cards", "date_updated", "preview", ...more.map((_, i) => `image_${i + 2}`)],
    },
  };
}

/** An asset's unfurl: its image (a video's thumbnail), its kind and its prompt. */
export function assetUnfurlEntity(asset: AssetShown, url: string, appUnfurlUrl: string): EntityMetadata {
  return { ...assetEntity(asset, url), app_unfurl_url: appUnfurlUrl };
}

function assetEntity(asset: AssetShown, url: string): EntityMetadata {
  const kind = asset.kind === "image" ? "Image" : "Video";
  const title = inert(
    cut(asset.name?.trim() || (asset.prompt?.trim() ? asset.prompt.trim() : `${kind} ${asset.id}`), TITLE_MAX),
  );
  const created = seconds(asset.createdAt);
  return {
    url,
    external_ref: { id: asset.id, type: "asset" },
    entity_type: ASSET_ENTITY_TYPE,
    entity_payload: {
      attributes: { title: { text: title }, display_type: kind, product_name: PRODUCT },
      fields: {
        ...(asset.preview
          ? { preview: { type: "slack#/types/image", ...asset.preview, alt_text: `${kind}: ${title}` } }
          : {}),
        ...(created !== undefined ? { date_created: { value: created } } : {}),
      },
      custom_fields: [
        { key: "kind", label: "Kind", value: kind, type: "string" },
        ...(asset.prompt?.trim()
          ? [
              {
                key: "prompt",
                label: "Prompt",
                value: inert(cut(asset.prompt.trim(), PROMPT_MAX)),
                type: "string",
                long: true,
              },
            ]
          : []),
      ],
      display_order: ["kind", "prompt", "preview", "date_created"],
    },
  };
}

/**
 * The board's flexpane: the unfurl's header and fields, plus its cards with their kinds in words (an array
 * custom field of strings, https://docs.slack.dev/messaging/work-objects-implementation#data-types), and its two
 * actions (a flexpane takes at most two primary ones): Open (a link), and Add my latest result, which puts the
 * clicking person's latest result on this board.
 */
export function boardDetailsEntity(
  board: Board,
  cards: readonly CanvasCard[],
  url: string,
  previews: Previews = new Map(),
): EntityMetadata {
  const { app_unfurl_url: _unfurl, ...entity } = boardUnfurlEntity(board, cards, url, url, previews);
  const listed = cards.slice(0, LISTED_CARDS).map((card) => ({ value: cardLine(card) }));
  if (cards.length > LISTED_CARDS) listed.push({ value: `and ${cards.length - LISTED_CARDS} more` });
  const payload = entity.entity_payload;
  return {
    ...entity,
    entity_payload: {
      ...payload,
      custom_fields: [
        ...(payload.custom_fields ?? []),
        { key: "card_list", label: "Cards on the board", type: "array", item_type: "string", value: listed },
      ],
      display_order: [...(payload.display_order ?? []), "card_list"],
      actions: {
        primary_actions: [
          { text: "Open", action_id: OPEN_BOARD_ACTION, url },
          { text: "Add my latest result", action_id: ADD_LATEST_ACTION, value: board.id },
        ],
      },
    },
  };
}

/** One card in words: its kind, and its name or text when it has one ("Image: Fox at dawn", "Note: ship it"). */
export function cardLine(card: CanvasCard): string {
  const kind = cardKindLabel(card);
  const asset = card.asset as { displayName?: string | null; name?: string | null } | null | undefined;
  const name = asset?.displayName ?? asset?.name ?? card.text ?? "";
  const said = name.replace(/\s+/g, " ").trim();
  return said ? `${kind}: ${inert(cut(said, 120))}` : kind;
}

/** The asset's flexpane: the unfurl's entity, without `app_unfurl_url` (the flexpane's metadata has none). */
export function assetDetailsEntity(asset: AssetShown, url: string): EntityMetadata {
  return assetEntity(asset, url);
}
