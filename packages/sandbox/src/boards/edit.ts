import type { CanvasCardShapeInput, CanvasCardStyleInput } from "@studio-kit/operations";
import { boardByConversation } from "../access.js";
import type { RequestContext } from "../core.js";
import { badUserInput, notFound } from "../errors.js";
import { type CardKey, cardsOn, findLive, keyText, newCard, nextZ, requireLive, touch } from "./cards.js";
import {
  type Geometry,
  requireDistinct,
  requireFinite,
  requireGeometry,
  requireKind,
  requirePositive,
  requireText,
  SHAPE_TYPES,
} from "./validate.js";

// The mutations that change cards already on a canvas (spec, Mutations: boards
// and cards). Batches check every entry before the first write, so a refused
// batch leaves the canvas as it was.

interface CardInput extends CardKey {
  conversationId: string;
}

type Args<T> = { input: T };
const done = { success: true };

/** The canvas (refused when it is another workspace's) and the card key an input names. */
function target(ctx: RequestContext, input: { conversationId: string }) {
  return boardByConversation(ctx, requireText(input.conversationId, "conversationId"));
}

function keyOf(entry: CardKey, where: string): CardKey {
  return {
    assetType: requireText(entry.assetType, `${where}.assetType`),
    assetId: requireText(entry.assetId, `${where}.assetId`),
  };
}

/** Moves and resizes one card; position and size travel together, so all four are required. */
export function updateCanvasCardPosition(_: unknown, { input }: Args<CardInput & Geometry>, ctx: RequestContext) {
  const board = target(ctx, input);
  const key = keyOf(input, "input");
  const geometry = requireGeometry(input, "input");
  Object.assign(requireLive(ctx.core.state, board.conversationId, key), geometry);
  touch(ctx, board);
  return done;
}

/**
 * One write for many cards. As the spec warns, an entry naming a card that is
 * not on the canvas INSERTS one (with a new card id and no origin) instead of
 * being refused: the sandbox keeps that trap so clients learn to check ids.
 */
export function batchUpdateCanvasCardPositions(
  _: unknown,
  { input }: Args<{ conversationId: string; cards: (CardKey & Geometry)[] }>,
  ctx: RequestContext,
) {
  const board = target(ctx, input);
  const entries = input.cards.map((entry, index) => ({
    key: keyOf(entry, `cards[${index}]`),
    geometry: requireGeometry(entry, `cards[${index}]`),
  }));
  requireDistinct(
    entries.map((entry) => keyText(entry.key)),
    "Card",
  );
  const { state } = ctx.core;
  for (const { key, geometry } of entries) {
    const card = findLive(state, board.conversationId, key);
    if (card) {
      Object.assign(card, geometry);
      continue;
    }
    const zIndex = nextZ(state, board.conversationId);
    const inserted = newCard({
      id: ctx.core.newId("card"),
      conversationId: board.conversationId,
      ...key,
      origin: null,
      zIndex,
      ...geometry,
    });
    state.cards.set(inserted.id, inserted);
  }
  if (entries.length > 0) touch(ctx, board);
  return done;
}

/** Existing cards only: one unknown entry refuses the whole batch. z is fractional, so 1.5 slides between 1 and 2. */
export function batchUpdateCanvasCardZOrder(
  _: unknown,
  { input }: Args<{ conversationId: string; entries: (CardKey & { zIndex: number })[] }>,
  ctx: RequestContext,
) {
  const board = target(ctx, input);
  const entries = input.entries.map((entry, index) => ({
    key: keyOf(entry, `entries[${index}]`),
    zIndex: requireFinite(entry.zIndex, `entries[${index}].zIndex`),
  }));
  requireDistinct(
    entries.map((entry) => keyText(entry.key)),
    "Card",
  );
  const { state } = ctx.core;
  const found = entries.map((entry) => ({ ...entry, card: findLive(state, board.conversationId, entry.key) }));
  const unknown = found.filter((entry) => !entry.card).map((entry) => keyText(entry.key));
  if (unknown.length > 0) {
    throw badUserInput(
      `batchUpdateCanvasCardZOrder orders existing cards only, and these are not on canvas ${board.conversationId}: ` +
        `${unknown.join(", ")}. Nothing was changed; create those cards first or leave them out.`,
      { unknownCards: unknown },
    );
  }
  for (const { card, zIndex } of found) if (card) card.zIndex = zIndex;
  if (found.length > 0) touch(ctx, board);
  return done;
}

/**
 * Soft delete: the row stays with removedAt set and the asset stays in the
 * library (spec, States: Canvas card). Removing a card already removed succeeds
 * and keeps the first removedAt; a card that never existed is NOT_FOUND.
 */
export function deleteCanvasCard(_: unknown, { input }: Args<CardInput>, ctx: RequestContext) {
  const board = target(ctx, input);
  const key = keyOf(input, "input");
  const { state } = ctx.core;
  const card = findLive(state, board.conversationId, key);
  if (card) {
    card.removedAt = ctx.core.clock.iso();
    touch(ctx, board);
    return done;
  }
  const removed = cardsOn(state, board.conversationId, true).some((each) => keyText(each) === keyText(key));
  if (!removed) throw notFound("Canvas card", `${keyText(key)} on canvas ${board.conversationId}`);
  return done;
}

/** Removes a selection in one write. Idempotent: removed and unknown entries are skipped, not refused. */
export function deleteCanvasCards(
  _: unknown,
  { input }: Args<{ conversationId: string; entries: CardKey[] }>,
  ctx: RequestContext,
) {
  const board = target(ctx, input);
  const keys = input.entries.map((entry, index) => keyOf(entry, `entries[${index}]`));
  const now = ctx.core.clock.iso();
  let removed = 0;
  for (const key of keys) {
    const card = findLive(ctx.core.state, board.conversationId, key);
    if (!card) continue;
    card.removedAt = now;
    removed += 1;
  }
  if (removed > 0) touch(ctx, board);
  return done;
}

/** Replaces the text, never appends. A shape keeps its own text in step, as the card's text mirrors it. */
export function updateCanvasCardText(_: unknown, { input }: Args<CardInput & { text: string }>, ctx: RequestContext) {
  const board = target(ctx, input);
  const key = keyOf(input, "input");
  if (typeof input.text !== "string") throw badUserInput("text must be a string; send an empty string to clear it.");
  const card = requireLive(ctx.core.state, board.conversationId, key);
  card.text = input.text;
  if (card.shape) card.shape = { ...card.shape, text: input.text };
  touch(ctx, board);
  return done;
}

/** Notes only. The style is overwritten wholesale, never merged with the old one. */
export function updateCanvasCardStyle(
  _: unknown,
  { input }: Args<CardInput & { style: CanvasCardStyleInput }>,
  ctx: RequestContext,
) {
  const board = target(ctx, input);
  requireKind(input.assetType, "sticky_note", "updateCanvasCardStyle");
  const key = keyOf(input, "input");
  const style = {
    fill: requireText(input.style.fill, "style.fill"),
    textAlign: requireText(input.style.textAlign, "style.textAlign"),
    textSize: requirePositive(input.style.textSize, "style.textSize"),
  };
  requireLive(ctx.core.state, board.conversationId, key).style = style;
  touch(ctx, board);
  return done;
}

/** Shapes only, in the typed form: a rectangle, an ellipse or a text. The shape is rewritten whole. */
export function updateCanvasCardElement(
  _: unknown,
  { input }: Args<CardInput & { shape: CanvasCardShapeInput }>,
  ctx: RequestContext,
) {
  const board = target(ctx, input);
  requireKind(input.assetType, "element", "updateCanvasCardElement");
  const key = keyOf(input, "input");
  const type = input.shape.type;
  if (!(SHAPE_TYPES as readonly string[]).includes(type)) {
    throw badUserInput(`shape.type must be one of ${SHAPE_TYPES.join(", ")}; got ${JSON.stringify(type)}.`, {
      field: "shape.type",
      allowed: [...SHAPE_TYPES],
    });
  }
  const shape = { type, text: input.shape.text ?? null, fill: input.shape.fill ?? null };
  const card = requireLive(ctx.core.state, board.conversationId, key);
  card.shape = shape;
  // CanvasCard has no shape field in the SDL: its text is what a client reads back.
  card.text = shape.text;
  touch(ctx, board);
  return done;
}
