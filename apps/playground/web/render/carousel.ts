// Slack's carousel and card blocks: a carousel is a row of cards that scrolls sideways
// (https://docs.slack.dev/reference/block-kit/blocks/carousel-block); a card has a hero image on top, an icon (an
// image, or a named `slack_icon`) beside its title and subtitle, a body, a subtext, and up to 3 buttons at the
// bottom (https://docs.slack.dev/reference/block-kit/blocks/card-block). A card's buttons are clicked like any
// other: the click names the card's block_id, as slack-sim's does.

import { type Child, h, type VNode } from "../dom/vnode.js";
import type { BlockContext } from "./context.js";
import { imageElement, imageUrlOf, isObj, list, type Obj, renderElement, str, unsupported } from "./elements.js";
import { renderTextObject } from "./mrkdwn.js";

const text = (value: unknown, className: string, ctx: BlockContext): VNode | null =>
  value === undefined ? null : h("div", { class: `${className} mrkdwn` }, renderTextObject(value, ctx));

function hero(image: unknown): VNode | null {
  if (!isObj(image)) return null;
  const alt = str(image.alt_text) ?? "";
  const url = imageUrlOf(image);
  return url
    ? h("img", { class: "card-hero", src: url, alt, loading: "lazy", decoding: "async" })
    : h("div", { class: "card-hero image-missing" }, alt || "Image not available");
}

// The page has no copy of Slack's icon set: a named icon shows as its name, which is what a test reads anyway.
function icon(card: Obj): VNode | null {
  if (isObj(card.icon)) return imageElement(card.icon, "card-icon");
  const name = isObj(card.slack_icon) ? str(card.slack_icon.name) : undefined;
  return name ? h("span", { class: "card-icon card-slack-icon", title: name, "data-slack-icon": name }, name) : null;
}

// "Buttons with danger style will be left-aligned, while buttons with primary or no style will be right-aligned
// (buttons with primary style will be furthest to the right)" (card block reference).
function buttons(card: Obj, blockId: string | undefined, ctx: BlockContext): VNode | null {
  const elements = list(card.actions);
  if (!elements.length) return null;
  const style = (element: unknown) => (isObj(element) ? str(element.style) : undefined);
  const render = (element: unknown) => renderElement(element, blockId, ctx);
  const danger = elements.filter((element) => style(element) === "danger").map(render);
  const plain = elements.filter((element) => style(element) !== "danger" && style(element) !== "primary").map(render);
  const primary = elements.filter((element) => style(element) === "primary").map(render);
  return h("div", { class: "card-actions" }, [
    ...danger,
    h("span", { class: "card-actions-gap" }),
    ...plain,
    ...primary,
  ]);
}

/** One card: a block of its own, or one of a carousel's elements (then `index` is its place, from 1, in `data-card`). */
export function renderCard(card: Obj, ctx: BlockContext, index?: number): VNode {
  const blockId = str(card.block_id);
  const badge = icon(card);
  const head: Child[] = [badge, text(card.title, "card-title", ctx), text(card.subtitle, "card-subtitle", ctx)].filter(
    (node): node is VNode => node !== null,
  );
  return h(
    "div",
    {
      class: index === undefined ? "block block-card card" : "card",
      "data-block-type": index === undefined ? "card" : undefined,
      "data-card": index,
      "data-block-id": blockId,
    },
    [
      hero(card.hero_image),
      h("div", { class: "card-content" }, [
        head.length ? h("div", { class: badge ? "card-head card-head-icon" : "card-head" }, head) : null,
        text(card.body, "card-body", ctx),
        text(card.subtext, "card-subtext", ctx),
      ]),
      buttons(card, blockId, ctx),
    ],
  );
}

/** A carousel: its cards in a row that scrolls sideways; an element that is not a card says so. */
export function renderCarousel(block: Obj, ctx: BlockContext): VNode {
  const cards = list(block.elements).map((card, i) =>
    isObj(card) && card.type === "card" ? renderCard(card, ctx, i + 1) : unsupported("carousel element"),
  );
  return h(
    "div",
    { class: "block block-carousel", "data-block-type": "carousel", "data-block-id": str(block.block_id) },
    h("div", { class: "carousel-track", role: "list" }, cards),
  );
}
