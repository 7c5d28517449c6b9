import type { Block, SimFile } from "./types.js";
import { checkCard, checkCarousel } from "./validate-carousel.js";

// Block Kit limits from Slack's reference (https://api.slack.com/reference/block-kit), as listed in the
// project's platform notes. Only these are checked; anything else in a block is kept as given.
const LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  id: 255,
  imageUrl: 3000,
  altText: 2000,
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  actionsElements: 25,
  staticOptions: 100,
  contextActionsElements: 5,
  accessibilityLabel: 75,
  // Reported, undocumented: messages whose blocks carry more text than about this fail with msg_blocks_too_long.
  messageBlocksText: 13_200,
} as const;

/** The outcome of a Block Kit check: Slack's error code and one line per problem, as `response_metadata` has. */
export type Validation = { ok: true } | { ok: false; error: string; problems: string[] };

/** What a check may look up in the workspace. */
export interface ValidateOptions {
  /**
   * The workspace's file with this id. Given (the sim's own checks always give it), an image's `slack_file.id` must
   * name a png, jpg, jpeg or gif file; absent, only the image's shape is checked.
   */
  file?: (id: string) => Pick<SimFile, "name" | "mimetype"> | undefined;
}

/** Where problems are collected, and what the check may look up. */
export interface Check extends ValidateOptions {
  problems: string[];
}

// Slack's image block and element take a file it hosts (`slack_file`) only in these types
// (https://api.slack.com/reference/block-kit/blocks#image). The sim knows a file's type by its mimetype.
const SLACK_FILE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif"]);

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : isObj(value) && typeof value.text === "string" ? value.text : undefined;

function checkLength(problems: string[], where: string, value: unknown, max: number, min = 0): void {
  if (value === undefined) return;
  const length = typeof value === "string" ? value.length : (textOf(value)?.length ?? 0);
  if (length > max) problems.push(`${where} must be at most ${max} characters (got ${length})`);
  else if (length < min) problems.push(`${where} must be at least ${min} character${min === 1 ? "" : "s"}`);
}

/**
 * An image's source: exactly one of `image_url` or `slack_file`, and a `slack_file` is `{ id }` or `{ url }`, not
 * both. Slack's own answer for a bad one is `invalid slack file [json-pointer:/blocks/0/slack_file]`.
 */
export function checkImageSource(check: Check, where: string, image: Record<string, unknown>): void {
  const { problems } = check;
  const hasUrl = image.image_url !== undefined;
  const file = image.slack_file;
  if (hasUrl === (file !== undefined)) {
    problems.push(`${where} must have exactly one of image_url or slack_file`);
    return;
  }
  if (hasUrl) {
    checkLength(problems, `${where}.image_url`, image.image_url, LIMITS.imageUrl);
    return;
  }
  const id = isObj(file) && typeof file.id === "string" && file.id ? file.id : undefined;
  const url = isObj(file) && typeof file.url === "string" && file.url ? file.url : undefined;
  if (!isObj(file) || (id === undefined) === (url === undefined)) {
    problems.push(`${where}.slack_file must be { id } or { url }: invalid slack file`);
    return;
  }
  if (url !== undefined) {
    checkLength(problems, `${where}.slack_file.url`, url, LIMITS.imageUrl);
    return;
  }
  if (!check.file || id === undefined) return;
  const found = check.file(id);
  if (!found) problems.push(`${where}.slack_file.id: invalid slack file: no file ${id} in the workspace`);
  else if (!SLACK_FILE_IMAGE_TYPES.has(found.mimetype)) {
    problems.push(
      `${where}.slack_file.id: invalid slack file: ${id} (${found.name}, ${found.mimetype}) is not a png, jpg, jpeg or gif image`,
    );
  }
}

function checkElement(check: Check, where: string, element: unknown): void {
  const { problems } = check;
  if (!isObj(element)) return;
  checkLength(problems, `${where}.action_id`, element.action_id, LIMITS.id);
  // "The feedback buttons element must be used inside the context actions block" (and so must an icon button).
  if (element.type === "feedback_buttons" || element.type === "icon_button") {
    problems.push(`${where}: ${element.type} may only be used in a context_actions block`);
  }
  if (element.type === "button") {
    checkLength(problems, `${where}.text`, element.text, LIMITS.buttonText, 1);
    checkLength(problems, `${where}.value`, element.value, LIMITS.buttonValue);
    checkLength(problems, `${where}.url`, element.url, LIMITS.buttonUrl);
  }
  if (element.type === "image") {
    checkImageSource(check, where, element);
    checkLength(problems, `${where}.alt_text`, element.alt_text, LIMITS.altText);
  }
  if (element.type === "static_select" || element.type === "multi_static_select") {
    const options = Array.isArray(element.options) ? element.options.length : 0;
    if (options > LIMITS.staticOptions) {
      problems.push(`${where}.options must have at most ${LIMITS.staticOptions} items (got ${options})`);
    }
  }
}

/**
 * A `context_actions` block: 1 to 5 elements, each a `feedback_buttons` or an `icon_button`
 * (https://docs.slack.dev/reference/block-kit/blocks/context-actions-block). A feedback button pair has a positive
 * and a negative button, each with plain_text text of at most 75 characters and a value of at most 2000
 * (https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element).
 */
function checkContextActions(check: Check, where: string, block: Obj): void {
  const { problems } = check;
  const elements = Array.isArray(block.elements) ? block.elements : [];
  if (elements.length < 1 || elements.length > LIMITS.contextActionsElements) {
    problems.push(`${where}.elements must have 1 to ${LIMITS.contextActionsElements} items (got ${elements.length})`);
  }
  elements.forEach((element, i) => {
    const at = `${where}.elements[${i}]`;
    if (!isObj(element) || (element.type !== "feedback_buttons" && element.type !== "icon_button")) {
      problems.push(`${at} must be a feedback_buttons or icon_button element`);
      return;
    }
    checkLength(problems, `${at}.action_id`, element.action_id, LIMITS.id);
    if (element.type === "icon_button") return;
    for (const side of ["positive_button", "negative_button"] as const) {
      const button = element[side];
      if (!isObj(button)) {
        problems.push(`${at}.${side} is required`);
        continue;
      }
      if (!isObj(button.text) || button.text.type !== "plain_text")
        problems.push(`${at}.${side}.text must be plain_text`);
      checkLength(problems, `${at}.${side}.text`, button.text, LIMITS.buttonText, 1);
      if (typeof button.value !== "string") problems.push(`${at}.${side}.value is required`);
      checkLength(problems, `${at}.${side}.value`, button.value, LIMITS.buttonValue, 1);
      checkLength(problems, `${at}.${side}.accessibility_label`, button.accessibility_label, LIMITS.accessibilityLabel);
    }
  });
}

function checkBlock(check: Check, index: number, block: unknown): void {
  const { problems } = check;
  const where = `blocks[${index}]`;
  if (!isObj(block) || typeof block.type !== "string") {
    problems.push(`${where} must be an object with a type`);
    return;
  }
  checkLength(problems, `${where}.block_id`, block.block_id, LIMITS.id);
  if (block.type === "section") {
    const fields = Array.isArray(block.fields) ? block.fields : undefined;
    if (block.text === undefined && !fields) problems.push(`${where} must have text or fields`);
    checkLength(problems, `${where}.text`, block.text, LIMITS.sectionText, 1);
    if (fields && fields.length > LIMITS.sectionFields) {
      problems.push(`${where}.fields must have at most ${LIMITS.sectionFields} items (got ${fields.length})`);
    }
    fields?.forEach((field, i) => {
      checkLength(problems, `${where}.fields[${i}]`, field, LIMITS.fieldText);
    });
    checkElement(check, `${where}.accessory`, block.accessory);
  }
  if (block.type === "image") checkElement(check, where, { ...block, type: "image" });
  if (block.type === "context" && Array.isArray(block.elements)) {
    block.elements.forEach((element, i) => {
      if (isObj(element) && element.type === "image") checkElement(check, `${where}.elements[${i}]`, element);
    });
  }
  if (block.type === "actions") {
    const elements = Array.isArray(block.elements) ? block.elements : [];
    if (elements.length > LIMITS.actionsElements) {
      problems.push(`${where}.elements must have at most ${LIMITS.actionsElements} items (got ${elements.length})`);
    }
    elements.forEach((element, i) => {
      checkElement(check, `${where}.elements[${i}]`, element);
    });
  }
  if (block.type === "input") checkElement(check, `${where}.element`, block.element);
  if (block.type === "context_actions") checkContextActions(check, where, block);
  // Carousel and card blocks (validate-carousel.ts), their buttons and images checked as everywhere else.
  const cards = { problems, element: (at: string, element: unknown) => checkElement(check, at, element) };
  if (block.type === "carousel") checkCarousel(cards, where, block);
  if (block.type === "card") checkCard(cards, where, block);
}

function checkBlocks(blocks: unknown, max: number, options: ValidateOptions): string[] {
  if (!Array.isArray(blocks)) return ["blocks must be an array"];
  const check: Check = { ...options, problems: [] };
  if (blocks.length > max) check.problems.push(`blocks must have at most ${max} items (got ${blocks.length})`);
  blocks.forEach((block, i) => {
    checkBlock(check, i, block);
  });
  return check.problems;
}

/** Sums every string in the blocks: the sim's reading of Slack's undocumented "too much text" limit. */
function textLength(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textLength(item), 0);
  if (isObj(value)) return Object.values(value).reduce((sum: number, item) => sum + textLength(item), 0);
  return 0;
}

/**
 * Checks a message's blocks against Block Kit limits, as `chat.postMessage`/`chat.update` would:
 * `no_text` without text or blocks, `invalid_blocks` for a broken limit or image source, `msg_blocks_too_long` past
 * ~13,200 characters of text in the blocks. With `options.file`, images' `slack_file.id`s are looked up too.
 *
 * @example
 * const result = validateMessage(blocks, "fallback text", { file: (id) => sim.file(id) });
 * if (!result.ok) console.log(result.error, result.problems);
 */
export function validateMessage(blocks: Block[] | undefined, text?: string, options: ValidateOptions = {}): Validation {
  if (blocks === undefined) return text ? { ok: true } : { ok: false, error: "no_text", problems: ["text is empty"] };
  const problems = checkBlocks(blocks, LIMITS.messageBlocks, options);
  if (problems.length > 0) return { ok: false, error: "invalid_blocks", problems };
  const total = textLength(blocks);
  if (total > LIMITS.messageBlocksText) {
    return { ok: false, error: "msg_blocks_too_long", problems: [`blocks carry ${total} characters of text`] };
  }
  return { ok: true };
}

/**
 * Checks a modal or Home tab view as `views.open`/`update`/`push`/`publish` would. Slack answers a broken view with
 * `invalid_arguments` (not `invalid_blocks`) and the details in `response_metadata.messages`.
 */
export function validateView(view: unknown, options: ValidateOptions = {}): Validation {
  if (!isObj(view) || (view.type !== "modal" && view.type !== "home")) {
    return { ok: false, error: "invalid_arguments", problems: ["view.type must be modal or home"] };
  }
  const problems = checkBlocks(view.blocks ?? [], LIMITS.viewBlocks, options);
  if (view.type === "modal") checkLength(problems, "view.title", view.title, 24, 1);
  return problems.length > 0 ? { ok: false, error: "invalid_arguments", problems } : { ok: true };
}
