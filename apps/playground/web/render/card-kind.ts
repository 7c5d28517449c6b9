// A card's kind in words for the board view. The API's `assetType` is a code (`sticky_note`, `element`): the spec
// names those two for notes and shapes and lets every other card point at a library record by its type (spec,
// Resources: Canvas card; packages/sandbox/src/boards/assets.ts), so any other code is shown as plain words.

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

/**
 * The words for a card kind: "Note" for `sticky_note`, "Shape" for `element`, and an unlisted code in plain words
 * (`brand_asset` → "Brand asset").
 *
 * @example cardKindLabel("sticky_note") // "Note"
 */
export function cardKindLabel(kind: string | null | undefined): string {
  const code = (kind ?? "").trim();
  const known = Object.hasOwn(KIND_WORDS, code.toLowerCase()) ? KIND_WORDS[code.toLowerCase()] : undefined;
  if (known) return known;
  const words = code
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_\s-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : "Card";
}
