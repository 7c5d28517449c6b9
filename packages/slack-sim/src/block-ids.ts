import type { Block } from "./types.js";

// "A string acting as a unique identifier for a block. If not specified, a block_id will be generated. You can use
// this block_id when you receive an interaction payload to identify the source of the action" (@slack/types
// `Block.block_id`: https://tools.slack.dev/node-slack-sdk/reference/types/interfaces/Block; the block reference:
// https://docs.slack.dev/reference/block-kit/blocks). Slack answers with the generated ids in the view and message
// objects (views.*, chat.postMessage/update, conversations.history) and sends the same ones in payloads, so the sim
// stamps them once, where it stores the view or message, and every reader sees them.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const SPACE = ALPHABET.length ** 4;
// Coprime with 62^4 (odd, not a multiple of 31), so counter -> id is one-to-one over the whole space.
const STRIDE = 9_176_213;

/**
 * A generator of Slack-looking block ids: four characters that look random (Slack's look like `Mt8l`, `vH4B`), yet
 * are reproducible from run to run (a counter walked through a permutation) and never repeat within one sim.
 */
export function blockIdGenerator(): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    let n = (counter * STRIDE + 1_234_567) % SPACE;
    let id = "";
    for (let i = 0; i < 4; i += 1) {
      id += ALPHABET[n % ALPHABET.length];
      n = Math.floor(n / ALPHABET.length);
    }
    return id;
  };
}

/**
 * The blocks with a generated `block_id` on each top-level block that has none (and on each card of a carousel, whose
 * cards are clicked like blocks: actions/elements.ts). Ids the app gave are kept; a generated one never repeats one of
 * them in the same view or message. Returns new objects: the app's arguments are not changed.
 */
export function withBlockIds(blocks: Block[], next: () => string): Block[] {
  const taken = new Set<string>();
  const collect = (block: Block) => {
    if (typeof block.block_id === "string") taken.add(block.block_id);
  };
  for (const block of blocks) {
    collect(block);
    if (block.type === "carousel" && Array.isArray(block.elements)) for (const card of block.elements) collect(card);
  }
  const fresh = () => {
    let id = next();
    while (taken.has(id)) id = next();
    taken.add(id);
    return id;
  };
  const stamp = (block: Block): Block => (typeof block.block_id === "string" ? block : { ...block, block_id: fresh() });
  return blocks.map((block) => {
    const stamped = stamp(block);
    if (stamped.type !== "carousel" || !Array.isArray(stamped.elements)) return stamped;
    return { ...stamped, elements: (stamped.elements as Block[]).map((card) => stamp(card)) };
  });
}
