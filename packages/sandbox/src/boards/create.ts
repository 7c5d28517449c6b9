import type { RequestContext } from "../core.js";
import { badUserInput } from "../errors.js";
import type { Board, CanvasCard } from "../state/types.js";
import { checkAsset, sizeFor } from "./assets.js";
import { type CardKey, findLive, keyText, newCard, nextZ, occupied, touch } from "./cards.js";
import { placeBlock, placeOne, type Rect, type Size } from "./layout.js";
import { type Geometry, optionalGeometry, requireDistinct, requireText } from "./validate.js";

// createCanvasCard and createCanvasCards share one path: every entry is checked
// and planned before anything is written, so a batch is one transaction (spec,
// Mutations: createCanvasCards) and a single card is a batch of one.

export interface NewCardEntry extends Geometry {
  id: string;
  assetType: string;
  assetId: string;
  origin: unknown;
}

interface Plan {
  key: CardKey;
  id: string;
  origin: string;
  /** The card already created with this id: a resend, answered with it unchanged. */
  existing: CanvasCard | null;
  position: { positionX: number; positionY: number } | null;
  size: Size;
}

function plan(ctx: RequestContext, board: Board, entry: NewCardEntry, where: string): Plan {
  const id = requireText(entry.id, `${where}.id`);
  const key = {
    assetType: requireText(entry.assetType, `${where}.assetType`),
    assetId: requireText(entry.assetId, `${where}.assetId`),
  };
  // CanvasCardOrigin's values are not shown (spec, Gaps): any non-empty string.
  const origin = requireText(entry.origin, `${where}.origin`);
  const { position, size } = optionalGeometry(entry, where);
  const { state } = ctx.core;

  // The id is the client's, so that a resend is safe: the same id on the same
  // canvas answers with the card already made instead of a duplicate.
  const sameId = state.cards.get(id);
  if (sameId) {
    if (sameId.conversationId !== board.conversationId) {
      throw badUserInput(`${where}: card id ${id} is already used by another card; choose a new id.`);
    }
    if (keyText(sameId) !== keyText(key)) {
      throw badUserInput(
        `${where}: card id ${id} already shows ${keyText(sameId)} on this canvas; choose a new id for another card.`,
      );
    }
    if (sameId.removedAt !== null) {
      throw badUserInput(
        `${where}: card ${id} was removed from this canvas at ${sameId.removedAt}; choose a new id to place it again.`,
      );
    }
    return { key, id, origin, existing: sameId, position: null, size: sameId };
  }

  // Every other mutation names a card by (canvas, assetType, assetId), so two
  // present cards with one key could not be told apart.
  const sameKey = findLive(state, board.conversationId, key);
  if (sameKey) {
    throw badUserInput(
      `${where}: ${keyText(key)} is already on this canvas as card ${sameKey.id}; ` +
        "move it with updateCanvasCardPosition, or resend with that id.",
    );
  }
  const asset = checkAsset(state, ctx.workspaceId, key.assetType, key.assetId);
  return { key, id, origin, existing: null, position, size: size ?? sizeFor(asset, key.assetType) };
}

const omitsEveryCoordinate = (entry: Geometry) =>
  [entry.positionX, entry.positionY, entry.width, entry.height].every((value) => value === undefined || value === null);

/**
 * Where the new cards go. A batch that omits every coordinate becomes one block
 * on clear canvas; otherwise cards sent with a position keep it, and each of the
 * others is placed on clear canvas in turn, clear of the ones placed before it.
 */
function layOut(ctx: RequestContext, board: Board, fresh: Plan[], asBlock: boolean): Rect[] {
  const taken = occupied(ctx.core.state, board.conversationId);
  if (asBlock) {
    return placeBlock(
      taken,
      fresh.map((entry) => entry.size),
    );
  }
  const rects = new Map<Plan, Rect>();
  for (const entry of fresh) {
    if (entry.position) {
      const rect = { ...entry.position, ...entry.size };
      rects.set(entry, rect);
      taken.push(rect);
    }
  }
  for (const entry of fresh) {
    if (entry.position) continue;
    const rect = placeOne(taken, entry.size);
    rects.set(entry, rect);
    taken.push(rect);
  }
  return fresh.map((entry) => rects.get(entry) ?? missing(entry.id));
}

/**
 * Checks every entry, then writes them all, or writes nothing when one is
 * refused. `where` names an entry in messages: "input" or "cards[2]".
 */
export function createCards(
  ctx: RequestContext,
  board: Board,
  entries: readonly NewCardEntry[],
  where: (index: number) => string,
): CanvasCard[] {
  const plans = entries.map((entry, index) => plan(ctx, board, entry, where(index)));
  requireDistinct(
    plans.map((entry) => entry.id),
    "Card id",
  );
  requireDistinct(
    plans.map((entry) => keyText(entry.key)),
    "Card",
  );

  const fresh = plans.filter((entry) => entry.existing === null);
  if (fresh.length === 0) return plans.map((entry) => entry.existing ?? missing(entry.id));
  const rects = layOut(ctx, board, fresh, entries.every(omitsEveryCoordinate));

  const { state } = ctx.core;
  let zIndex = nextZ(state, board.conversationId);
  const made = new Map<Plan, CanvasCard>();
  fresh.forEach((entry, index) => {
    const rect = rects[index] ?? missing(entry.id);
    const card = newCard({
      id: entry.id,
      conversationId: board.conversationId,
      ...entry.key,
      origin: entry.origin,
      zIndex,
      ...rect,
    });
    zIndex += 1;
    state.cards.set(card.id, card);
    made.set(entry, card);
  });
  touch(ctx, board);
  return plans.map((entry) => entry.existing ?? made.get(entry) ?? missing(entry.id));
}

/** Unreachable: every plan has a card by now. Thrown rather than asserted with `!`. */
function missing(id: string): never {
  throw new Error(`sandbox: card ${id} was planned but not written`);
}
