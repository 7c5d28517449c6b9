import type { RequestContext } from "../core.js";
import { notFound } from "../errors.js";
import type { SandboxState } from "../state/store.js";
import type { Board, CanvasCard } from "../state/types.js";
import type { Rect } from "./layout.js";

// Card records of one canvas. A card is named by (conversationId, assetType,
// assetId) in every mutation but createCanvasCard(s), which also take the
// client's card id (spec, Mutations: boards and cards).

export interface CardKey {
  assetType: string;
  assetId: string;
}

/** How a card is named in messages and batch checks. */
export const keyText = (key: CardKey) => `${key.assetType}/${key.assetId}`;

/** The canvas's cards in creation order; removed ones only when asked (spec, States: Canvas card). */
export function cardsOn(state: SandboxState, conversationId: string, includeRemoved = false): CanvasCard[] {
  return [...state.cards.values()].filter(
    (card) => card.conversationId === conversationId && (includeRemoved || card.removedAt === null),
  );
}

/** The card a key names on a canvas, if it is present (not removed). */
export function findLive(state: SandboxState, conversationId: string, key: CardKey): CanvasCard | undefined {
  return cardsOn(state, conversationId).find(
    (card) => card.assetType === key.assetType && card.assetId === key.assetId,
  );
}

/** As findLive, but a missing or removed card is NOT_FOUND: editing a removed card would change nothing visible. */
export function requireLive(state: SandboxState, conversationId: string, key: CardKey): CanvasCard {
  const card = findLive(state, conversationId, key);
  if (!card) throw notFound("Canvas card", `${keyText(key)} on canvas ${conversationId}`);
  return card;
}

/**
 * What server placement must keep clear of: the canvas's present cards and its
 * sections. A section is a labelled stage ("Approved"), so dropping a new card
 * into one would file it there; the spec's "clear canvas" is read as free of both.
 */
export function occupied(state: SandboxState, conversationId: string): Rect[] {
  const sections = [...state.sections.values()].filter(
    (section) => section.conversationId === conversationId && section.removedAt === null,
  );
  return [...cardsOn(state, conversationId), ...sections];
}

/** A new card goes on top of every card of its canvas (removed ones included, so z never goes back). */
export function nextZ(state: SandboxState, conversationId: string): number {
  const zs = cardsOn(state, conversationId, true).map((card) => card.zIndex);
  return zs.length === 0 ? 1 : Math.floor(Math.max(...zs)) + 1;
}

export function newCard(
  fields: Pick<CanvasCard, "id" | "conversationId" | "assetType" | "assetId" | "origin" | "zIndex"> & Rect,
): CanvasCard {
  return {
    rotation: 0,
    text: null,
    groupId: null,
    sectionId: null,
    removedAt: null,
    style: null,
    shape: null,
    ...fields,
  };
}

/** A card write counts as an update of its board, which orders studioSessions (most recently updated first). */
export function touch(ctx: RequestContext, board: Board): void {
  board.updatedAt = ctx.core.clock.iso();
}
