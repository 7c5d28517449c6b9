// Block Kit's carousel and card blocks (announced 2026-04-16), checked as validate.ts checks the older blocks.
// - Carousel: `elements` is a list of cards, "at least one card, with a maximum of 10 cards"
//   (https://docs.slack.dev/reference/block-kit/blocks/carousel-block).
// - Card: `hero_image`, `icon`, `slack_icon`, `title` / `subtitle` (150 characters), `body` / `subtext` (200),
//   `actions` ("maximum of 3 buttons"); `icon` and `slack_icon` are mutually exclusive; "at least one of hero_image,
//   title, actions, or body is required" (https://docs.slack.dev/reference/block-kit/blocks/card-block). A
//   `slack_icon` is `{ type: "icon", name }` with a name from Slack's list
//   (https://docs.slack.dev/reference/block-kit/composition-objects/slack-icon-object).
// Problems are worded as Slack words them in `response_metadata.messages` (`no more than 25 items allowed
// [json-pointer:/blocks/1/elements]` is quoted in adobe/spacecat-api-service#176 [reported]); where no quote of
// Slack's own words exists, the sim writes the rule in the same form.

/** The card and carousel limits from Slack's reference pages (see the top of this file). */
export const CAROUSEL_LIMITS = {
  cards: 10,
  title: 150,
  subtitle: 150,
  body: 200,
  subtext: 200,
  actions: 3,
} as const;

// A card's hero image and icon are documented only with `image_url` ("Link to the top image used on the card"), and
// the Slack file object is "to be used in an image block or image element"
// (https://docs.slack.dev/reference/block-kit/composition-objects/slack-file-object); a file the app uploaded does
// not render in a carousel card [reported: slackapi/python-slack-sdk#1917]. So the sim refuses a `slack_file` there
// until Slack documents it, rather than let an app rely on a card Slack may not draw.
const CARD_IMAGE_TAKES_SLACK_FILE = false;

// The names a `slack_icon` may have (https://docs.slack.dev/reference/block-kit/composition-objects/slack-icon-object).
const SLACK_ICONS = new Set(
  (
    "archive book bookmark bot bug calendar call caret-left caret-right check clipboard code comment compass copy " +
    "cube download edit email eye-closed eye-open file flag folder gear globe heart help image info key lightbulb " +
    "link map mobile new-window pin plus refine refresh rocket save screen share sparkle star star-filled tag " +
    "thumbs-down thumbs-up trash upload user warning"
  ).split(" "),
);

const TEXT_FIELDS = ["title", "subtitle", "body", "subtext"] as const;

/** What the card checks borrow from validate.ts, so both read buttons and images the same way. */
export interface CardCheck {
  problems: string[];
  /** validate.ts's check of an element (a button's text, value and url; an image's source and alt text). */
  element(where: string, element: unknown): void;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** `blocks[2].elements[0].title` → `/blocks/2/elements/0/title`, the json-pointer Slack's messages end with. */
export function pointer(where: string): string {
  return `/${where.replace(/\[(\d+)\]/g, ".$1").replace(/\./g, "/")}`;
}

const problem = (check: CardCheck, where: string, text: string) => {
  check.problems.push(`${text} [json-pointer:${pointer(where)}]`);
};

/** A card's title, subtitle, body or subtext: a plain_text or mrkdwn text object within its length. */
function checkText(check: CardCheck, where: string, value: unknown, max: number): void {
  if (value === undefined) return;
  if (!isObj(value) || (value.type !== "plain_text" && value.type !== "mrkdwn") || typeof value.text !== "string") {
    problem(check, where, "must be a plain_text or mrkdwn text object");
    return;
  }
  if (value.text.length > max) problem(check, `${where}.text`, `must be less than ${max + 1} characters`);
}

/** A hero image or icon: an image element with alt text and, until Slack documents a file there, an image_url. */
function checkCardImage(check: CardCheck, where: string, image: unknown): void {
  if (image === undefined) return;
  if (!isObj(image) || image.type !== "image") {
    problem(check, where, "must be an image element");
    return;
  }
  if (typeof image.alt_text !== "string") problem(check, `${where}.alt_text`, "is required");
  if (image.slack_file !== undefined && !CARD_IMAGE_TAKES_SLACK_FILE) {
    problem(check, `${where}.slack_file`, "is not documented for a card's images: use image_url");
    return;
  }
  check.element(where, image);
}

function checkSlackIcon(check: CardCheck, where: string, icon: unknown): void {
  if (icon === undefined) return;
  if (!isObj(icon) || icon.type !== "icon" || typeof icon.name !== "string" || !SLACK_ICONS.has(icon.name)) {
    problem(check, where, "must be a Slack icon object ({ type: icon, name } with one of Slack's icon names)");
  }
}

/**
 * One card block, on its own or in a carousel: at least one of hero_image, title, actions or body; texts within their
 * lengths; up to 3 buttons, each checked as any button is; `icon` or `slack_icon`, not both.
 */
export function checkCard(check: CardCheck, where: string, card: Obj): void {
  const actions = card.actions;
  if (card.hero_image === undefined && card.title === undefined && card.body === undefined && actions === undefined) {
    problem(check, where, "must provide at least one of hero_image, title, actions or body");
  }
  checkCardImage(check, `${where}.hero_image`, card.hero_image);
  checkCardImage(check, `${where}.icon`, card.icon);
  checkSlackIcon(check, `${where}.slack_icon`, card.slack_icon);
  if (card.icon !== undefined && card.slack_icon !== undefined) {
    problem(check, where, "icon and slack_icon are mutually exclusive");
  }
  for (const field of TEXT_FIELDS) checkText(check, `${where}.${field}`, card[field], CAROUSEL_LIMITS[field]);
  if (actions === undefined) return;
  if (!Array.isArray(actions)) {
    problem(check, `${where}.actions`, "must be an array of buttons");
    return;
  }
  if (actions.length > CAROUSEL_LIMITS.actions) {
    problem(check, `${where}.actions`, `no more than ${CAROUSEL_LIMITS.actions} items allowed`);
  }
  actions.forEach((element, i) => {
    const at = `${where}.actions[${i}]`;
    if (!isObj(element) || element.type !== "button") problem(check, at, "must be a button element");
    else check.element(at, element);
  });
}

/**
 * A carousel block: 1 to 10 elements, each a card block.
 *
 * @example
 * checkCarousel({ problems, element: (at, e) => checkElement(check, at, e) }, "blocks[0]", block);
 */
export function checkCarousel(check: CardCheck, where: string, block: Obj): void {
  const elements = block.elements;
  if (!Array.isArray(elements)) {
    problem(check, `${where}.elements`, "must be an array of card blocks");
    return;
  }
  if (elements.length < 1) problem(check, `${where}.elements`, "must provide at least 1 item");
  if (elements.length > CAROUSEL_LIMITS.cards) {
    problem(check, `${where}.elements`, `no more than ${CAROUSEL_LIMITS.cards} items allowed`);
  }
  elements.forEach((card, i) => {
    const at = `${where}.elements[${i}]`;
    if (!isObj(card) || card.type !== "card") {
      problem(check, at, "must be a card block");
      return;
    }
    // A card's block_id has the 255 characters of any block's (validate.ts checks a top-level card's).
    if (typeof card.block_id === "string" && card.block_id.length > 255) {
      problem(check, `${at}.block_id`, "must be less than 256 characters");
    }
    checkCard(check, at, card);
  });
}
