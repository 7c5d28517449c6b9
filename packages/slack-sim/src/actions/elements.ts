import type { Block } from "../types.js";

/** A Block Kit element as the app wrote it (button, select, input...). */
export type Element = Record<string, unknown>;

/**
 * Finds the element with `actionId` in actions blocks, section accessories and input blocks: where Slack lets an
 * interactive element live. The block id is the block's own, or `b<index>` as Slack makes one up when it is absent.
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
  }
  return undefined;
}
