import type { Board } from "@studio-kit/core";
import { type Block, context, escapeText, message, quote, type SlackMessage, section, truncate } from "./blocks.js";

/** The Add to board modal's ids: the submission listener matches on these. */
export const BOARD_MODAL = {
  callbackId: "studio_add_to_board_modal",
  pickBlock: "studio_board_pick",
  pickAction: "board",
  newBlock: "studio_board_new",
  newAction: "title",
} as const;

/** What the modal remembers between opening and submitting (its `private_metadata`): ids only. */
export interface BoardModalContext {
  assetId: string;
  /** The card kind ("image", "video", "audio"); absent means image (older modals). */
  assetType?: string;
  channel: string;
  /** The thread the "Added to" note goes to: the result message's thread, or the result message itself. */
  threadTs: string;
}

/** A Slack modal, loosely typed like the message builders; tests check it with slack-sim's `validateView`. */
export type ModalView = Record<string, unknown> & { type: "modal"; blocks: Block[] };

// A static select holds 100 options at most; recent boards are the point, so 25 is plenty.
const MAX_BOARDS = 25;
const plain = (text: string, max: number) => ({ type: "plain_text", text: truncate(text, max), emoji: true });

/**
 * The Add to board modal: the workspace's boards, most recently updated first (as `listBoards` returns them), in a
 * static select, or a new board by title. Both inputs are optional; the submission says which one is missing.
 */
export function addToBoardModal(boards: Board[], ctx: BoardModalContext): ModalView {
  const blocks: Block[] = [];
  const usable = boards.filter((board) => board.conversationId).slice(0, MAX_BOARDS);
  if (usable.length > 0) {
    blocks.push({
      type: "input",
      block_id: BOARD_MODAL.pickBlock,
      optional: true,
      label: plain("A recent board", 2000),
      element: {
        type: "static_select",
        action_id: BOARD_MODAL.pickAction,
        placeholder: plain("Choose a board", 150),
        options: usable.map((board) => ({
          text: plain(board.title?.trim() || "Untitled", 75),
          value: board.id.slice(0, 150),
        })),
      },
    });
  }
  blocks.push({
    type: "input",
    block_id: BOARD_MODAL.newBlock,
    optional: true,
    label: plain(usable.length > 0 ? "Or a new board" : "A new board", 2000),
    element: {
      type: "plain_text_input",
      action_id: BOARD_MODAL.newAction,
      max_length: 200,
      placeholder: plain("Title of the new board", 150),
    },
  });
  blocks.push(context("A new title makes a new board, even if a board with that title exists."));
  return {
    type: "modal",
    callback_id: BOARD_MODAL.callbackId,
    title: plain("Add to board", 24),
    submit: plain("Add", 24),
    close: plain("Cancel", 24),
    private_metadata: JSON.stringify(ctx).slice(0, 3000),
    blocks,
  };
}

/** The note in the result's thread once the asset is on the board. */
export function addedToBoardMessage(title: string, user: string): SlackMessage {
  const name = quote(title || "Untitled", 200);
  return message(`Added to ${name}`, [section(`:pushpin: Added to *${name}* by <@${escapeText(user)}>.`)]);
}

/** The `/studio board new` reply. */
export function boardCreatedMessage(title: string): SlackMessage {
  const name = quote(title || "Untitled", 200);
  return message(`Created the board ${name}`, [
    section(`:white_check_mark: Created the board *${name}*.`),
    context(`\`/studio board use "${name}"\` makes it this channel's default.`),
  ]);
}

/** The `/studio board use` reply: the channel's default board is set. */
export function boardInUseMessage(title: string): SlackMessage {
  const name = quote(title || "Untitled", 200);
  return message(`${name} is this channel's default board`, [
    section(`:pushpin: *${name}* is now this channel's default board: results here get a one-click “Add to” button.`),
  ]);
}

/** The reply when no board has the title asked for. */
export function boardNotFoundMessage(title: string, boards: Board[]): SlackMessage {
  const names = boards
    .slice(0, 10)
    .map((board) => `“${quote(board.title ?? "Untitled", 60)}”`)
    .join(", ");
  const text = `No board is called ${quote(title, 200)}`;
  return message(text, [
    section(`:mag: ${text}.${names ? ` Recent boards: ${names}.` : ""}`),
    context('`/studio board new "title"` makes one; `/studio boards` lists them.'),
  ]);
}

/** An ephemeral note for a button that could not do its work, or is already doing it. */
export function actionNoteMessage(text: string): SlackMessage {
  return message(escapeText(text), [section(`:information_source: ${escapeText(text)}`)]);
}
