import { assertOwned, assertWorkspace, boardByConversation } from "../access.js";
import { assetOfCard } from "../boards/assets.js";
import { cardsOn } from "../boards/cards.js";
import { createCards, type NewCardEntry } from "../boards/create.js";
import {
  batchUpdateCanvasCardPositions,
  batchUpdateCanvasCardZOrder,
  deleteCanvasCard,
  deleteCanvasCards,
  updateCanvasCardElement,
  updateCanvasCardPosition,
  updateCanvasCardStyle,
  updateCanvasCardText,
} from "../boards/edit.js";
import { optionalText, requireText } from "../boards/validate.js";
import type { RequestContext } from "../core.js";
import type { Board, CanvasCard } from "../state/types.js";

// Boards (StudioSession), canvas cards, notes and shapes, canvas sections (spec:
// Resources, Board and Canvas card; Queries; Mutations: boards and cards).
// The card rules live in ../boards/; this file wires them to the schema.

type Args<T> = { input: T };

/** The canvas of a conversationId, refused when it is another workspace's. */
const canvas = (ctx: RequestContext, conversationId: unknown) =>
  boardByConversation(ctx, requireText(conversationId, "conversationId"));

export const boardsResolvers = {
  Query: {
    /** The key's workspace only, most recently updated first (spec, Queries). */
    studioSessions: (_: unknown, args: { workspaceId: string }, ctx: RequestContext) => {
      const workspaceId = assertWorkspace(ctx, args.workspaceId);
      return [...ctx.core.state.boards.values()]
        .filter((board) => board.workspaceId === workspaceId)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt));
    },

    /** Another workspace's board is refused (FORBIDDEN), not hidden: see access.ts. */
    studioSession: (_: unknown, args: { id: string }, ctx: RequestContext) =>
      assertOwned(ctx, ctx.core.state.boards.get(args.id), "Board", args.id),

    /** Removed cards are omitted unless includeRemoved is true (spec, States: Canvas card). */
    canvasCards: (_: unknown, args: { conversationId: string; includeRemoved?: boolean | null }, ctx: RequestContext) =>
      cardsOn(ctx.core.state, canvas(ctx, args.conversationId).conversationId, args.includeRemoved === true),

    /** Sections are read-only; removed ones are left out, as removed cards are by default. */
    canvasSections: (_: unknown, args: { conversationId: string }, ctx: RequestContext) => {
      const { conversationId } = canvas(ctx, args.conversationId);
      return [...ctx.core.state.sections.values()]
        .filter((section) => section.conversationId === conversationId && section.removedAt === null)
        .sort((a, b) => a.zOrdinal - b.zOrdinal);
    },
  },

  Mutation: {
    /** Starts a board with its own canvas; nothing else changes. */
    createStudioSession: (
      _: unknown,
      { input }: Args<{ workspaceId: string; title?: string | null; visibility?: unknown }>,
      ctx: RequestContext,
    ) => {
      const workspaceId = assertWorkspace(ctx, input.workspaceId);
      // StudioSessionVisibility's values are not shown (spec, Gaps): any non-empty
      // string, defaulting to the value every seeded board has.
      const visibility = optionalText(input.visibility, "visibility") ?? "WORKSPACE";
      const now = ctx.core.clock.iso();
      const board: Board = {
        id: ctx.core.newId("board"),
        workspaceId,
        conversationId: ctx.core.newId("conv"),
        title: input.title ?? null,
        coverUrl: null,
        visibility,
        // Only workspace owners create keys (spec, Authentication 2), so the key's boards are the owner's.
        viewerLevel: "OWNER",
        starred: false,
        createdAt: now,
        updatedAt: now,
      };
      ctx.core.state.boards.set(board.id, board);
      return { success: true, session: board };
    },

    /** One card; a resend with the same id answers with the card already made. */
    createCanvasCard: (
      _: unknown,
      { input }: Args<NewCardEntry & { conversationId: string; workspaceId: string }>,
      ctx: RequestContext,
    ) => {
      assertWorkspace(ctx, input.workspaceId);
      const [card] = createCards(ctx, canvas(ctx, input.conversationId), [input], () => "input");
      return { success: true, card };
    },

    /** One transaction: every entry is checked before any card is written. */
    createCanvasCards: (
      _: unknown,
      { input }: Args<{ conversationId: string; workspaceId: string; cards: NewCardEntry[] }>,
      ctx: RequestContext,
    ) => {
      assertWorkspace(ctx, input.workspaceId);
      const cards = createCards(ctx, canvas(ctx, input.conversationId), input.cards, (index) => `cards[${index}]`);
      return { success: true, ids: cards.map((card) => card.id) };
    },

    updateCanvasCardPosition,
    batchUpdateCanvasCardPositions,
    batchUpdateCanvasCardZOrder,
    deleteCanvasCard,
    deleteCanvasCards,
    updateCanvasCardText,
    updateCanvasCardStyle,
    updateCanvasCardElement,
  },

  StudioSession: {
    /** Cards present on the board's canvas; removed ones no longer count. */
    assetCount: (board: Board, _: unknown, ctx: RequestContext) => cardsOn(ctx.core.state, board.conversationId).length,
  },

  CanvasCard: {
    asset: (card: CanvasCard, _: unknown, ctx: RequestContext) => assetOfCard(ctx.core.state, ctx.workspaceId, card),
  },
};
