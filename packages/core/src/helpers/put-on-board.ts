import { randomUUID } from "node:crypto";
import { CreateCanvasCardsDocument, type CreateCanvasCardsEntryInput } from "@studio-kit/operations";
import type { RequestOptions, StudioClient } from "../client.js";
import { StudioGraphQLError } from "../errors.js";
import { type BoardRef, conversationIdOf } from "./boards.js";

/** One asset to place: its card kind and id, and optionally where and how large. */
export interface BoardItem {
  /** The card kind, such as "image" or "video" (the spec documents only `sticky_note` and `element`). */
  assetType: string;
  assetId: string;
  positionX?: number;
  positionY?: number;
  width?: number;
  height?: number;
}

/** Options of `addToBoard`. */
export interface AddToBoardOptions extends RequestOptions {
  /**
   * The cards' `origin` (CanvasCardOrigin). The spec lists no values (docs/schema-gaps.md G10); "API" is this
   * package's choice. Pass the value your workspace uses if it differs.
   */
  origin?: string;
}

/**
 * Puts assets on a board in one transaction (createCanvasCards), addressed by
 * the board's `conversationId`. A finished generation is in the library and on
 * no canvas; this is how it gets onto one (spec, Generation rules 3). Leave
 * every position and size out to have the batch laid out as one block on clear
 * canvas. Card ids are chosen here, so the call is safe to resend.
 *
 * @example
 * ```ts
 * const ids = await addToBoard(client, board, images.map((image) => ({ assetType: "image", assetId: image.id })));
 * ```
 */
export async function addToBoard(
  client: StudioClient,
  board: BoardRef,
  items: readonly BoardItem[],
  options: AddToBoardOptions = {},
): Promise<string[]> {
  if (items.length === 0) return [];
  const workspaceId = await client.workspaceId(options);
  const cards: CreateCanvasCardsEntryInput[] = items.map((item) => ({
    id: randomUUID(),
    origin: options.origin ?? "API",
    ...item,
  }));
  const { createCanvasCards } = await client.request(
    CreateCanvasCardsDocument,
    { conversationId: conversationIdOf(board), workspaceId, cards },
    options,
  );
  if (!createCanvasCards?.success) {
    throw new StudioGraphQLError("NOT_APPLIED", "@studio-kit/core: createCanvasCards did not report success.", {
      request: { operationName: "CreateCanvasCards", url: client.endpoint },
    });
  }
  return createCanvasCards.ids ?? cards.map((card) => card.id);
}
