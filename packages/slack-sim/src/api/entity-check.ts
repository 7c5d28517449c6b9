// The checks a Work Object entity goes through, in chat.unfurl's `metadata.entities` and entity.presentDetails'
// `metadata`. What is required, from https://docs.slack.dev/messaging/work-objects-implementation: `entity_type`
// (one of the supported entity types), `external_ref.id`, `url`, `entity_payload.attributes.title.text`; in
// chat.unfurl also `app_unfurl_url` ("Required in metadata passed to chat.unfurl", @slack/types 3.2
// EntityMetadata); up to two primary and five overflow actions, each with `text` and an `action_id` of at most 255
// characters; custom fields with `key`, `label` and `type`. An image field's `alt_text` is required [reported: a
// developer's write-up of Slack's `missing required field: alt_text` warning]. An image field (the `preview`, a
// custom field of type `slack#/types/image`) shows an `image_url` or a Slack file (`slack_file`, @slack/types 3.2
// `EntityCustomField`), checked as Block Kit's image source is (validate.ts: exactly one of them; a Slack file is
// `{ id }` or `{ url }`, and an id names an image file of the workspace: "the user posting these blocks must have
// access to this file", https://docs.slack.dev/reference/block-kit/composition-objects/slack-file-object).

import { checkImageSource, type ValidateOptions } from "../validate.js";

/** The supported entity types (https://docs.slack.dev/messaging/work-objects-implementation#supported-entity-types). */
export const ENTITY_TYPES = [
  "slack#/entities/file",
  "slack#/entities/task",
  "slack#/entities/incident",
  "slack#/entities/content_item",
  "slack#/entities/item",
] as const;

/** The statuses entity.presentDetails' `error` takes (https://docs.slack.dev/reference/methods/entity.presentDetails). */
export const DETAILS_ERROR_STATUSES = [
  "restricted",
  "internal_error",
  "not_found",
  "custom",
  "custom_partial_view",
  "timeout",
  "edit_error",
] as const;

const MAX_PRIMARY_ACTIONS = 2;
const MAX_OVERFLOW_ACTIONS = 5;
const MAX_ACTION_ID = 255;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/**
 * What is wrong with one entity, each as Slack words it (`missing required field: <name> (pointer: <where>)`);
 * empty when it passes. `where` is the entity's JSON pointer (`/metadata/entities/0`); `unfurl` adds the checks of
 * chat.unfurl (`app_unfurl_url`).
 */
export function entityProblems(
  entity: unknown,
  where: string,
  unfurl: boolean,
  lookup: ValidateOptions = {},
): string[] {
  const problems: string[] = [];
  const need = (field: string, pointer: string) =>
    problems.push(`missing required field: ${field} (pointer: ${where}${pointer})`);
  if (!isObject(entity)) return [`invalid entity (pointer: ${where})`];
  if (!text(entity.entity_type)) need("entity_type", "");
  else if (!(ENTITY_TYPES as readonly string[]).includes(entity.entity_type)) {
    problems.push(`invalid entity_type: ${entity.entity_type} (pointer: ${where}/entity_type)`);
  }
  if (!text(entity.url)) need("url", "");
  if (!isObject(entity.external_ref) || !text(entity.external_ref.id)) need("id", "/external_ref");
  if (unfurl && !text(entity.app_unfurl_url)) need("app_unfurl_url", "");
  const payload = entity.entity_payload;
  if (!isObject(payload)) {
    need("entity_payload", "");
    return problems;
  }
  const attributes = payload.attributes;
  if (!isObject(attributes) || !isObject(attributes.title) || !text(attributes.title.text)) {
    need("text", "/entity_payload/attributes/title");
  }
  if (isObject(payload.fields)) {
    for (const [key, field] of Object.entries(payload.fields)) {
      if (isObject(field) && (key === "preview" || field.type === "slack#/types/image")) {
        if (!text(field.alt_text)) need("alt_text", `/entity_payload/fields/${key}`);
        checkImageSource({ problems, ...lookup }, `${where}/entity_payload/fields/${key}`, field);
      }
    }
  }
  if (payload.custom_fields !== undefined) {
    const fields = Array.isArray(payload.custom_fields) ? payload.custom_fields : [undefined];
    fields.forEach((field, i) => {
      for (const name of ["key", "label", "type"]) {
        if (!isObject(field) || !text(field[name])) need(name, `/entity_payload/custom_fields/${i}`);
      }
      if (isObject(field) && field.type === "slack#/types/image") {
        checkImageSource({ problems, ...lookup }, `${where}/entity_payload/custom_fields/${i}`, field);
      }
    });
  }
  problems.push(...actionProblems(payload.actions, `${where}/entity_payload/actions`));
  return problems;
}

function actionProblems(actions: unknown, where: string): string[] {
  if (actions === undefined) return [];
  if (!isObject(actions)) return [`invalid actions (pointer: ${where})`];
  const problems: string[] = [];
  const lists = [
    ["primary_actions", MAX_PRIMARY_ACTIONS],
    ["overflow_actions", MAX_OVERFLOW_ACTIONS],
  ] as const;
  for (const [name, most] of lists) {
    const list = actions[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`invalid ${name} (pointer: ${where}/${name})`);
      continue;
    }
    if (list.length > most) problems.push(`too many ${name}: at most ${most} (pointer: ${where}/${name})`);
    list.forEach((action, i) => {
      const at = `${where}/${name}/${i}`;
      if (!isObject(action) || !text(action.text)) problems.push(`missing required field: text (pointer: ${at})`);
      if (!isObject(action) || !text(action.action_id)) {
        problems.push(`missing required field: action_id (pointer: ${at})`);
      } else if (action.action_id.length > MAX_ACTION_ID) {
        problems.push(`action_id longer than ${MAX_ACTION_ID} characters (pointer: ${at}/action_id)`);
      }
    });
  }
  return problems;
}
