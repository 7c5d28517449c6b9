// Block Kit blocks to nodes, for messages, the Home tab and modals. Each block carries data-block-type (the browser
// test finds them by it); a block the page does not know says so instead of vanishing.
// https://api.slack.com/reference/block-kit/blocks

import { type Children, h, type VNode } from "../dom/vnode.js";
import { renderCard, renderCarousel } from "./carousel.js";
import type { BlockContext } from "./context.js";
import {
  feedbackButtons,
  imageElement,
  imageUrlOf,
  isObj,
  list,
  type Obj,
  renderElement,
  str,
  unsupported,
} from "./elements.js";
import { renderInputBlock } from "./inputs.js";
import { plainText, rawText, renderTextObject } from "./mrkdwn.js";
import { renderRichText } from "./rich-text.js";

function wrap(block: Obj, children: Children, className = ""): VNode {
  const type = str(block.type) ?? "unknown";
  return h(
    "div",
    {
      class: `block block-${type}${className ? ` ${className}` : ""}`,
      "data-block-type": type,
      "data-block-id": str(block.block_id),
    },
    children,
  );
}

function section(block: Obj, ctx: BlockContext): VNode {
  const blockId = str(block.block_id);
  const text =
    block.text === undefined ? null : h("div", { class: "section-text mrkdwn" }, renderTextObject(block.text, ctx));
  const fields = list(block.fields);
  const fieldNodes = fields.length
    ? h(
        "div",
        { class: "section-fields" },
        fields.map((field) => h("div", { class: "section-field mrkdwn" }, renderTextObject(field, ctx))),
      )
    : null;
  const accessory = isObj(block.accessory)
    ? h("div", { class: "section-accessory" }, renderElement(block.accessory, blockId, ctx))
    : null;
  return wrap(block, [h("div", { class: "section-main" }, [text, fieldNodes]), accessory]);
}

function image(block: Obj): VNode {
  const title = rawText(block.title);
  const alt = str(block.alt_text) ?? "";
  const url = imageUrlOf(block);
  return wrap(block, [
    title ? h("div", { class: "image-title" }, plainText(title)) : null,
    url
      ? h("img", { class: "block-image-img", src: url, alt, loading: "lazy", decoding: "async" })
      : h("div", { class: "image-missing" }, alt || "Image not available"),
  ]);
}

function context(block: Obj, ctx: BlockContext): VNode {
  const items = list(block.elements).map((element) => {
    if (isObj(element) && element.type === "image") return imageElement(element, "context-image");
    return h("span", { class: "context-text mrkdwn" }, renderTextObject(element, ctx));
  });
  return wrap(block, items);
}

function actions(block: Obj, ctx: BlockContext): VNode {
  const blockId = str(block.block_id);
  return wrap(
    block,
    list(block.elements).map((element) => renderElement(element, blockId, ctx)),
  );
}

/** A `context_actions` block: its feedback buttons (an icon button, which only Slack's trash icon is, shows as named). */
function contextActions(block: Obj, ctx: BlockContext): VNode {
  const blockId = str(block.block_id);
  return wrap(
    block,
    list(block.elements).map((element) =>
      isObj(element) && element.type === "feedback_buttons"
        ? feedbackButtons(element, blockId, ctx)
        : renderElement(element, blockId, ctx),
    ),
  );
}

function video(block: Obj): VNode {
  const title = rawText(block.title) || "Video";
  const thumb = imageUrlOf({ image_url: block.thumbnail_url });
  return wrap(block, [
    thumb
      ? h("img", { class: "block-image-img", src: thumb, alt: str(block.alt_text) ?? title, loading: "lazy" })
      : null,
    h("div", { class: "image-title" }, title),
  ]);
}

/** One block. */
export function renderBlock(block: unknown, ctx: BlockContext): VNode {
  if (!isObj(block))
    return h("div", { class: "block block-unknown", "data-block-type": "unknown" }, unsupported("block"));
  switch (block.type) {
    case "section":
      return section(block, ctx);
    case "header":
      return wrap(block, h("h3", { class: "header-text" }, plainText(rawText(block.text))));
    case "divider":
      return wrap(block, h("hr"));
    case "image":
      return image(block);
    case "context":
      return context(block, ctx);
    case "actions":
      return actions(block, ctx);
    case "context_actions":
      return contextActions(block, ctx);
    case "input":
      return renderInputBlock(block, ctx);
    case "rich_text":
      return wrap(block, renderRichText(block, ctx), "mrkdwn");
    case "video":
      return video(block);
    case "carousel":
      return renderCarousel(block, ctx);
    case "card":
      return renderCard(block, ctx);
    default:
      return wrap(block, unsupported(`${str(block.type) ?? "unknown"} block`), "block-unknown");
  }
}

/** A list of blocks, in order. */
export function renderBlocks(blocks: readonly unknown[], ctx: BlockContext): VNode[] {
  return blocks.map((block) => renderBlock(block, ctx));
}
