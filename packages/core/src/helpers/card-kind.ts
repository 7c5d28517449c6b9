import type { CanvasCard } from "./boards.js";

// A card's `assetType` is a code. The spec names two for what is not a library record, `sticky_note` (a note) and
// `element` (a shape), and lets every other card point at a library record by its type (spec, Resources: Canvas
// card; packages/sandbox/src/boards/assets.ts). People read words: the same ones in every app (the playground's
// board view, `studio board show`).
const KIND_WORDS: Readonly<Record<string, string>> = {
  image: "Image",
  video: "Video",
  audio: "Audio",
  sticky_note: "Note",
  element: "Shape",
  connector: "Connector",
  product: "Product",
  creative: "Creative",
  videosequence: "Video sequence",
  video_sequence: "Video sequence",
  text: "Text",
  unknown: "Card",
};

/** What {@link cardKindLabel} reads from a card: its `assetType`, else its asset's type, else whether it has text. */
export type CardKindSource = Pick<CanvasCard, "assetType"> & {
  asset?: { __typename: string } | null;
  text?: string | null;
};

/**
 * A card's kind in words: "Note" for `sticky_note`, "Shape" for `element`, "Image" for `image`, and an unlisted
 * code in plain words (`brand_asset` → "Brand asset"; nothing at all → "Card"). Takes the code, or a card (its
 * `assetType`, else its asset's `__typename`, else "Text" for a card with text only).
 *
 * @example
 * ```ts
 * cardKindLabel("sticky_note"); // "Note"
 * for (const card of await listCards(client, board)) console.log(cardKindLabel(card), card.assetId);
 * ```
 */
export function cardKindLabel(kind: string | CardKindSource | null | undefined): string {
  const given =
    typeof kind === "object" && kind !== null
      ? (kind.assetType ?? kind.asset?.__typename ?? (kind.text ? "text" : undefined))
      : kind;
  const code = (given ?? "").trim();
  const key = code.toLowerCase();
  const known = Object.hasOwn(KIND_WORDS, key) ? KIND_WORDS[key] : undefined;
  if (known) return known;
  const words = code
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_\s-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : "Card";
}
