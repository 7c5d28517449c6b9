import { badUserInput, forbidden, notFound } from "../errors.js";
import type { SandboxState } from "../state/store.js";
import type { AssetRecord, CanvasCard, ProductRecord, VideoSequenceRecord } from "../state/types.js";
import { naturalSize, parseAspectRatio, type Size } from "./layout.js";

// What a card shows. The spec lists the card kinds (an asset, a note, a shape,
// a connector) and names only `sticky_note` and `element` among the assetType
// values (spec, Gaps); any other card points at a library record by assetId.

type Placeable = AssetRecord | ProductRecord | VideoSequenceRecord;

/** Card kinds that carry their own content and point at no asset. */
const CONTENT_KINDS = new Set(["sticky_note", "element"]);

/** The members of the CanvasCardAsset union (spec, Resources: Canvas card). */
const UNION_MEMBERS = new Set(["Image", "Video", "Audio", "Product", "Creative", "VideoSequence"]);

/**
 * assetType values whose library type is plain from the name. Only these are
 * checked against the library; other values (connectors, undocumented kinds) are
 * accepted as sent, since the spec does not list them.
 */
const LIBRARY_KINDS: Record<string, string> = {
  image: "Image",
  video: "Video",
  audio: "Audio",
  product: "Product",
  creative: "Creative",
};

function lookup(state: SandboxState, assetId: string): Placeable | undefined {
  return state.assets.get(assetId) ?? state.products.get(assetId) ?? state.videoSequences.get(assetId);
}

/**
 * Refuses a new card that points at another workspace's asset (FORBIDDEN), at
 * a missing one of a kind the library holds (NOT_FOUND), or at a record of
 * another kind than its assetType says (BAD_USER_INPUT).
 * Returns the asset, if there is one, so the caller can size the card.
 */
export function checkAsset(
  state: SandboxState,
  workspaceId: string,
  assetType: string,
  assetId: string,
): Placeable | null {
  if (CONTENT_KINDS.has(assetType)) return null;
  const asset = lookup(state, assetId);
  if (asset && asset.workspaceId !== workspaceId) {
    throw forbidden(`Asset ${assetId} belongs to another workspace; place an asset of this workspace.`);
  }
  const expected = LIBRARY_KINDS[assetType];
  if (expected && !asset) throw notFound(`${expected} (assetId)`, assetId);
  if (expected && asset && asset.__typename !== expected) {
    throw badUserInput(
      `assetId ${assetId} is a record of type ${asset.__typename}, but assetType ${assetType} places a ${expected}; ` +
        "send the assetType that matches the record.",
      { field: "assetType" },
    );
  }
  return asset ?? null;
}

/** The size a card gets when none is sent: the asset's aspect ratio, or the kind's default. */
export function sizeFor(asset: Placeable | null, assetType: string): Size {
  let ratio: number | null = null;
  if (asset?.__typename === "Image") {
    ratio = parseAspectRatio(asset.aspectRatio) ?? (asset.width && asset.height ? asset.width / asset.height : null);
  } else if (asset?.__typename === "Video") {
    ratio = parseAspectRatio(asset.aspectRatio);
  }
  return naturalSize(assetType, ratio);
}

/**
 * CanvasCard.asset: the record the card shows, or null for notes, shapes,
 * cards whose asset is gone, records outside the union (a logo, a prompt) and
 * records of another workspace (a card inserted by batchUpdateCanvasCardPositions
 * may name anything; it must not reveal another workspace's asset).
 */
export function assetOfCard(state: SandboxState, workspaceId: string, card: CanvasCard): Placeable | null {
  if (CONTENT_KINDS.has(card.assetType)) return null;
  const asset = lookup(state, card.assetId);
  if (!asset || asset.workspaceId !== workspaceId || !UNION_MEMBERS.has(asset.__typename)) return null;
  return asset;
}
