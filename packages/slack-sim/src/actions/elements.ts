import type { Block } from "../types.js";

/** A Block Kit element as the app wrote it (button, select, input...). */
export type Element = Record<string, unknown>;

/**
 * Finds the element with `actionId` in actions blocks, section accessories, input blocks and cards: where Slack lets an
 * interactive element live. The block id is the block's own: the app's, or the one Slack generated when the app left
 * it out, stored with the view or message (block-ids.ts); `b<index>` only for blocks the sim writes itself unstamped.
 */
export function findElement(
  blocks: Block[] | undefined,
  actionId: string,
): { blockId: string; element: Element } | undefined {
  for (const [index, block] of (blocks ?? []).entries()) {
    const elements = [
      ...(Array.isArray(block.elements) ? block.elements : []),
      block.accessory,
      block.element,
    ] as unknown[];
    const element = elements.find(
      (item): item is Element => typeof item === "object" && item !== null && (item as Element).action_id === actionId,
    );
    if (element) return { blockId: typeof block.block_id === "string" ? block.block_id : `b${index}`, element };
    const inCard = findInCards(block, index, actionId);
    if (inCard) return inCard;
  }
  return undefined;
}

/**
 * A card's buttons live in its `actions`, on its own or in a carousel's `elements`
 * (https://docs.slack.dev/reference/block-kit/blocks/card-block). Slack does not say which block_id a card's click
 * carries; the sim sends the card's own (each card has one), else `b<index>-<card>`.
 */
function findInCards(block: Block, index: number, actionId: string): { blockId: string; element: Element } | undefined {
  const cards =
    block.type === "card" ? [block] : block.type === "carousel" && Array.isArray(block.elements) ? block.elements : [];
  for (const [at, card] of (cards as Element[]).entries()) {
    const actions = typeof card === "object" && card !== null && Array.isArray(card.actions) ? card.actions : [];
    const element = actions.find(
      (item): item is Element => typeof item === "object" && item !== null && (item as Element).action_id === actionId,
    );
    if (element) return { blockId: typeof card.block_id === "string" ? card.block_id : `b${index}-${at}`, element };
  }
  return undefined;
}
