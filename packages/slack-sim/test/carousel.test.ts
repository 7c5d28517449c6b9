// Slack's carousel (1 to 10 cards, https://docs.slack.dev/reference/block-kit/blocks/carousel-block) and card blocks
// (https://docs.slack.dev/reference/block-kit/blocks/card-block): what the sim accepts, what it refuses with
// invalid_blocks, and a click on one card's button.
import { webApi } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { validateMessage, validateView } from "../src/index.js";
import { BOT_TOKEN, startHarness } from "./support/bolt.js";

const mrkdwn = (text: string) => ({ type: "mrkdwn", text });
const button = (text: string, action_id: string, value?: string) => ({
  type: "button",
  text: { type: "plain_text", text },
  action_id,
  ...(value === undefined ? {} : { value }),
});
const hero = (extra: object = { image_url: "https://picsum.photos/400/300" }) => ({
  type: "image",
  alt_text: "Sample hero image",
  ...extra,
});
const card = (n: number, extra: object = {}) => ({
  type: "card",
  block_id: `carousel-card-${n}`,
  icon: { type: "image", image_url: "https://picsum.photos/36/36", alt_text: "Icon" },
  title: mrkdwn(`Card ${n}`),
  subtitle: mrkdwn("Refining data files"),
  hero_image: hero(),
  body: mrkdwn("Blue badge required to gain access."),
  actions: [button("Action Button", `button_action_${n}`, `v${n}`)],
  ...extra,
});
const carousel = (...elements: unknown[]) => [{ type: "carousel", elements }];
const cards = (count: number) => Array.from({ length: count }, (_, i) => card(i + 1));

describe("carousel and card blocks in slack-sim", () => {
  it("accepts the reference page's carousel, 1 to 10 cards, and a card on its own", () => {
    expect(validateMessage(carousel(...cards(3)), "t")).toEqual({ ok: true });
    expect(validateMessage(carousel(...cards(1)), "t")).toEqual({ ok: true });
    expect(validateMessage(carousel(...cards(10)), "t")).toEqual({ ok: true });
    expect(validateMessage([card(1)], "t")).toEqual({ ok: true });
    // At least one of hero_image, title, actions or body is enough.
    expect(validateMessage(carousel({ type: "card", title: mrkdwn("Only a title") }), "t")).toEqual({ ok: true });
    expect(validateMessage(carousel({ type: "card", hero_image: hero() }), "t")).toEqual({ ok: true });
    const withSlackIcon = card(1, { icon: undefined, slack_icon: { type: "icon", name: "sparkle" } });
    expect(validateMessage(carousel(withSlackIcon), "t")).toEqual({ ok: true });
  });

  it("refuses more than 10 cards, and none, with Slack's words and json-pointer", () => {
    expect(validateMessage(carousel(...cards(11)), "t")).toEqual({
      ok: false,
      error: "invalid_blocks",
      problems: ["no more than 10 items allowed [json-pointer:/blocks/0/elements]"],
    });
    expect(validateMessage(carousel(), "t")).toEqual({
      ok: false,
      error: "invalid_blocks",
      problems: ["must provide at least 1 item [json-pointer:/blocks/0/elements]"],
    });
    expect(validateMessage([{ type: "carousel" }], "t")).toMatchObject({ ok: false, error: "invalid_blocks" });
  });

  it("refuses malformed cards: not a card, empty, long texts, more than 3 buttons, a non-button, two icons", () => {
    const refused: [unknown, string][] = [
      [{ type: "section", text: mrkdwn("x") }, "must be a card block [json-pointer:/blocks/0/elements/0]"],
      [{ type: "card", subtitle: mrkdwn("only a subtitle") }, "must provide at least one of hero_image, title"],
      [
        card(1, { title: mrkdwn("t".repeat(151)) }),
        "must be less than 151 characters [json-pointer:/blocks/0/elements/0/title/text]",
      ],
      [card(1, { subtitle: mrkdwn("s".repeat(151)) }), "/elements/0/subtitle/text"],
      [
        card(1, { body: mrkdwn("b".repeat(201)) }),
        "must be less than 201 characters [json-pointer:/blocks/0/elements/0/body/text]",
      ],
      [card(1, { subtext: mrkdwn("s".repeat(201)) }), "/elements/0/subtext/text"],
      [card(1, { title: "a bare string" }), "must be a plain_text or mrkdwn text object"],
      [
        card(1, { actions: [1, 2, 3, 4].map((n) => button(`B${n}`, `b${n}`)) }),
        "no more than 3 items allowed [json-pointer:/blocks/0/elements/0/actions]",
      ],
      [card(1, { actions: [{ type: "static_select", action_id: "s", options: [] }] }), "must be a button element"],
      [card(1, { actions: [button("x".repeat(76), "b")] }), "at most 75 characters"],
      [card(1, { actions: "Action Button" }), "must be an array of buttons"],
      [card(1, { slack_icon: { type: "icon", name: "star" } }), "icon and slack_icon are mutually exclusive"],
      [card(1, { icon: undefined, slack_icon: { type: "icon", name: "unicorn" } }), "must be a Slack icon object"],
      [card(1, { block_id: "b".repeat(256) }), "must be less than 256 characters"],
    ];
    for (const [element, message] of refused) {
      const result = validateMessage(carousel(element), "t");
      expect(result, JSON.stringify(element).slice(0, 120)).toMatchObject({ ok: false, error: "invalid_blocks" });
      expect(result.ok ? [] : result.problems.join("\n")).toContain(message);
    }
  });

  it("refuses a hero image Slack's docs do not allow: a Slack file, none, no alt text, a long URL", () => {
    const heroes: [unknown, string][] = [
      [hero({ slack_file: { id: "F0123456" } }), "hero_image/slack_file]"],
      [hero({ slack_file: { url: "https://files.slack.com/files-pri/T1-F1/a.png" } }), "is not documented"],
      [hero({}), "must have exactly one of image_url or slack_file"],
      [{ type: "image", image_url: "https://picsum.photos/400/300" }, "hero_image/alt_text]"],
      [hero({ image_url: `https://x/${"a".repeat(3000)}` }), "image_url must be at most 3000"],
      ["https://picsum.photos/400/300", "must be an image element"],
    ];
    for (const [image, message] of heroes) {
      const result = validateMessage(carousel(card(1, { hero_image: image })), "t");
      expect(result, JSON.stringify(image).slice(0, 120)).toMatchObject({ ok: false, error: "invalid_blocks" });
      expect(result.ok ? [] : result.problems.join("\n")).toContain(message);
    }
    // The same file in an image block is fine: the refusal is the card's, not the file's.
    expect(validateMessage([{ type: "image", alt_text: "a", slack_file: { id: "F0123456" } }], "t")).toEqual({
      ok: true,
    });
  });

  it("checks cards in views too, where Slack answers invalid_arguments", () => {
    const view = { type: "home", blocks: carousel(...cards(11)) };
    expect(validateView(view)).toMatchObject({ ok: false, error: "invalid_arguments" });
  });

  it("answers chat.postMessage's invalid_blocks with the problem in response_metadata and posts nothing", async () => {
    const harness = await startHarness(() => {});
    try {
      const client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: harness.sim.apiUrl, retryConfig: { retries: 0 } });
      const error = await client.chat
        .postMessage({ channel: "C0GENERAL", text: "Eleven", blocks: carousel(...cards(11)) as never })
        .then(
          () => undefined,
          (e: { data?: { error?: string; response_metadata?: { messages?: string[] } } }) => e.data,
        );
      expect(error?.error).toBe("invalid_blocks");
      expect(error?.response_metadata?.messages?.join("\n")).toContain("no more than 10 items allowed");
      expect(harness.sim.conversation("C0GENERAL")).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  it("sends a click on a card's button as block_actions naming that card's block_id and the button's value", async () => {
    const seen: { block_id?: string; value?: string }[] = [];
    const harness = await startHarness((app) => {
      app.action("button_action_3", async ({ ack, action }) => {
        await ack();
        seen.push(action as { block_id?: string; value?: string });
      });
    });
    try {
      const posted = await harness.app.client.chat.postMessage({
        channel: "C0GENERAL",
        text: "Three cards",
        blocks: carousel(...cards(3)) as never,
      });
      await harness.sim.click({
        user: "U0ALICE",
        channel: "C0GENERAL",
        messageTs: posted.ts ?? "",
        actionId: "button_action_3",
      });
      expect(seen).toEqual([
        expect.objectContaining({
          type: "button",
          action_id: "button_action_3",
          block_id: "carousel-card-3",
          value: "v3",
        }),
      ]);
    } finally {
      await harness.close();
    }
  });
});
