import {
  type BoardFieldsFragment,
  CanvasCardsDocument,
  type CanvasCardsQuery,
  CreateStudioSessionDocument,
  StudioSessionsDocument,
} from "@studio-kit/operations";
import type { RequestOptions, StudioClient } from "../client.js";
import { StudioGraphQLError } from "../errors.js";

/** A board (StudioSession) with every field the spec lists. */
export type Board = BoardFieldsFragment;
/** A card on a canvas, with its geometry and resolved asset. */
export type CanvasCard = NonNullable<CanvasCardsQuery["canvasCards"]>[number];

/** A board as every card operation addresses it: by its canvas, `conversationId` (not its board id). */
export interface BoardRef {
  conversationId: string | null;
}

/** The canvas id of a board, which every card operation takes; throws if the board was read without it. */
export function conversationIdOf(board: BoardRef): string {
  if (!board.conversationId) {
    throw new StudioGraphQLError(
      "NO_CONVERSATION_ID",
      "@studio-kit/core: this board has no conversationId; select it (BoardFields does) before using the board's canvas.",
    );
  }
  return board.conversationId;
}

/**
 * The workspace's boards, most recently updated first.
 *
 * @example
 * ```ts
 * const [latest] = await listBoards(client);
 * ```
 */
export async function listBoards(client: StudioClient, options: RequestOptions = {}): Promise<Board[]> {
  const workspaceId = await client.workspaceId(options);
  const { studioSessions } = await client.request(StudioSessionsDocument, { workspaceId }, options);
  return studioSessions ?? [];
}

/**
 * Starts a board in the pinned workspace.
 *
 * @example
 * ```ts
 * const board = await createBoard(client, { title: "Spring campaign" });
 * await addToBoard(client, board, [{ assetType: "image", assetId: image.id }]);
 * ```
 */
export async function createBoard(
  client: StudioClient,
  input: { title: string; visibility?: string },
  options: RequestOptions = {},
): Promise<{ id: string; conversationId: string; title: string | null }> {
  const workspaceId = await client.workspaceId(options);
  const { createStudioSession } = await client.request(
    CreateStudioSessionDocument,
    { workspaceId, title: input.title, visibility: input.visibility },
    options,
  );
  const session = createStudioSession?.session;
  if (!session?.conversationId) {
    throw new StudioGraphQLError("NO_DATA", "@studio-kit/core: createStudioSession answered no board.", {
      request: { operationName: "CreateStudioSession", url: client.endpoint },
    });
  }
  return { id: session.id, conversationId: session.conversationId, title: session.title };
}

/**
 * The cards on a board's canvas, with geometry and their resolved asset.
 * Removed cards are left out unless `includeRemoved` is true.
 */
export async function listCards(
  client: StudioClient,
  board: BoardRef,
  options: RequestOptions & { includeRemoved?: boolean } = {},
): Promise<CanvasCard[]> {
  const { canvasCards } = await client.request(
    CanvasCardsDocument,
    { conversationId: conversationIdOf(board), includeRemoved: options.includeRemoved },
    options,
  );
  return canvasCards ?? [];
}
