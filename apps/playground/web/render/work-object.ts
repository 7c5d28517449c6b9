// Work Objects as Slack draws them (https://docs.slack.dev/messaging/work-objects-overview): under a message, the
// unfurl card of each shared link the app unfurled (`chat.unfurl` `metadata.entities`): its product, title,
// description, preview image and fields; and, when a person clicks the card, the flexpane's content
// (`entity.presentDetails`): the same entity with its lists and action buttons. Plain functions over the entity as
// the app sent it; texts are shown as plain text with Slack's three entities decoded, never as markup.

import type { EntityView, UnfurlView } from "../../src/shared/api.js";
import { type Children, h, isSafeUrl, type VNode } from "../dom/vnode.js";
import { imageUrlOf } from "./elements.js";
import { decodeEntities } from "./mrkdwn-parse.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" ? decodeEntities(value) : undefined);

/** A field as the entity gives it: in `fields` (keyed) or `custom_fields` (with its `key`). */
interface Field {
  key: string;
  label?: string;
  type?: string;
  value?: unknown;
  image_url?: string;
  /** A Slack-hosted image instead of a URL (`{ id }` or `{ url }`), as the bot sends previews. */
  slack_file?: unknown;
  alt_text?: string;
}

/** An action button of the flexpane (`entity_payload.actions`). */
export interface EntityAction {
  text: string;
  actionId: string;
  url?: string;
}

/** Slack's labels for the standard fields an entity may carry (the custom ones bring their own `label`). */
const STANDARD_LABELS: Record<string, string> = {
  description: "Description",
  date_created: "Created",
  date_updated: "Updated",
  created_by: "Created by",
  last_modified_by: "Last modified by",
  file_size: "Size",
  mime_type: "Type",
};

/** Every field in the entity's `display_order` first, then the rest in the order given. */
function fieldsOf(entity: EntityView): Field[] {
  const payload = entity.entity_payload;
  const fields: Field[] = [];
  if (isObject(payload.fields)) {
    for (const [key, field] of Object.entries(payload.fields)) if (isObject(field)) fields.push({ ...field, key });
  }
  if (Array.isArray(payload.custom_fields)) {
    for (const field of payload.custom_fields) {
      if (isObject(field) && typeof field.key === "string") fields.push(field as unknown as Field);
    }
  }
  const order = Array.isArray(payload.display_order) ? (payload.display_order as unknown[]) : [];
  const rank = (field: Field) => {
    const at = order.indexOf(field.key);
    return at === -1 ? order.length : at;
  };
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index)
    .map(({ field }) => field);
}

const isImage = (field: Field) => field.key === "preview" || field.type === "slack#/types/image";
const isDate = (field: Field) =>
  field.key === "date_created" || field.key === "date_updated" || field.type === "slack#/types/timestamp";

/** A date field (Unix seconds) in the reader's words. */
function dateText(value: unknown): string | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  return new Date(value * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A field's value as text; an array field (`type: "array"`) is a list. */
function valueNode(field: Field): Children {
  if (isDate(field)) return dateText(field.value) ?? null;
  if (Array.isArray(field.value)) {
    const items = field.value.map((item) =>
      isObject(item) ? (str(item.value) ?? String(item.value ?? "")) : String(item),
    );
    return h(
      "ul",
      { class: "wo-list", "data-testid": "wo-list" },
      items.map((item) => h("li", {}, item)),
    );
  }
  if (typeof field.value === "number" || typeof field.value === "boolean") return String(field.value);
  return str(field.value) ?? null;
}

/** A field's image: its `image_url`, or where its `slack_file` can be loaded (as an image block's). */
const imageNode = (field: Field, className: string): VNode | null => {
  const url = imageUrlOf(field as unknown as Record<string, unknown>);
  return url ? h("img", { class: className, src: url, alt: str(field.alt_text) ?? "", loading: "lazy" }) : null;
};

/** The entity's title, product and type line. */
function heading(entity: EntityView): { title: string; kicker: string } {
  const attributes = isObject(entity.entity_payload.attributes) ? entity.entity_payload.attributes : {};
  const title = (isObject(attributes.title) ? str(attributes.title.text) : undefined) ?? entity.url;
  const kicker = [str(attributes.product_name), str(attributes.display_type)].filter(Boolean).join(" · ");
  return { title, kicker };
}

/**
 * A shared link's Work Object card, under its message. A click on it opens the flexpane (`onOpen`): what the card
 * shows is the same for everyone in the conversation; what the flexpane shows is asked for by the person who clicks.
 */
export function renderUnfurl(unfurl: UnfurlView, onOpen?: (url: string) => void): VNode | null {
  const entity = unfurl.entity;
  if (!entity) return null;
  const { title, kicker } = heading(entity);
  const fields = fieldsOf(entity);
  const preview = fields.find((field) => field.key === "preview");
  const moreImages = fields.filter((field) => isImage(field) && field !== preview);
  const facts = fields.filter((field) => !isImage(field) && field.key !== "description");
  const description = fields.find((field) => field.key === "description");
  return h("div", { class: "wo-card", "data-testid": "work-object", "data-url": unfurl.url }, [
    h("div", { class: "wo-kicker" }, kicker),
    h(
      "button",
      { type: "button", class: "wo-title", "data-testid": "work-object-open", title: "Open the details" },
      title,
      onOpen ? { on: { click: () => onOpen(unfurl.url) } } : {},
    ),
    description ? h("p", { class: "wo-description" }, valueNode(description)) : null,
    preview || moreImages.length > 0
      ? h("div", { class: "wo-images" }, [
          preview ? imageNode(preview, "wo-preview") : null,
          ...moreImages.map((field) => imageNode(field, "wo-thumb")),
        ])
      : null,
    facts.length > 0
      ? h(
          "dl",
          { class: "wo-facts" },
          facts.map((field) => [
            h("dt", {}, str(field.label) ?? STANDARD_LABELS[field.key] ?? field.key),
            h("dd", {}, valueNode(field)),
          ]),
        )
      : null,
  ]);
}

/** The flexpane's action buttons, primary ones first. */
export function entityActions(entity: EntityView): EntityAction[] {
  const actions = isObject(entity.entity_payload.actions) ? entity.entity_payload.actions : {};
  const list = [
    ...(Array.isArray(actions.primary_actions) ? actions.primary_actions : []),
    ...(Array.isArray(actions.overflow_actions) ? actions.overflow_actions : []),
  ];
  return list.flatMap((action) =>
    isObject(action) && typeof action.action_id === "string" && typeof action.text === "string"
      ? [
          {
            text: decodeEntities(action.text),
            actionId: action.action_id,
            ...(typeof action.url === "string" && isSafeUrl(action.url) ? { url: action.url } : {}),
          },
        ]
      : [],
  );
}

/** The flexpane's body: the entity's heading and description, its images, and every other field, lists included. */
export function renderEntityDetails(entity: EntityView): VNode {
  const { title, kicker } = heading(entity);
  const fields = fieldsOf(entity);
  const images = fields.filter(isImage);
  const description = fields.find((field) => field.key === "description");
  const rest = fields.filter((field) => !isImage(field) && field !== description);
  return h("div", { class: "wo-details", "data-testid": "work-object-details" }, [
    h("div", { class: "wo-kicker" }, kicker),
    h("h3", { class: "wo-details-title", "data-testid": "work-object-details-title" }, title),
    description ? h("p", { class: "wo-description" }, valueNode(description)) : null,
    images.length > 0
      ? h(
          "div",
          { class: "wo-images" },
          images.map((field) => imageNode(field, field.key === "preview" ? "wo-preview" : "wo-thumb")),
        )
      : null,
    h(
      "dl",
      { class: "wo-facts" },
      rest.map((field) => [
        h("dt", {}, str(field.label) ?? STANDARD_LABELS[field.key] ?? field.key),
        h("dd", {}, valueNode(field)),
      ]),
    ),
  ]);
}

/** What Slack shows for a flexpane the app answered with an error status (entity.presentDetails `error`). */
export function detailsErrorText(error: { status: string; custom_title?: string; custom_message?: string }): {
  title: string;
  message: string;
} {
  switch (error.status) {
    case "restricted":
      return { title: "You don't have access", message: "The app says you may not see this." };
    case "not_found":
      return { title: "Not found", message: "The app could not find this any more." };
    case "timeout":
      return { title: "Taking too long", message: "The app did not answer in time. Try again." };
    case "custom":
    case "custom_partial_view":
      return {
        title: decodeEntities(error.custom_title ?? "Something went wrong"),
        message: decodeEntities(error.custom_message ?? ""),
      };
    default:
      return { title: "Something went wrong", message: "The app could not show this. Try again later." };
  }
}
