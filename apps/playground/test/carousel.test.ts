// The page's drawing of Slack's carousel and card blocks (web/render/carousel.ts), checked without a DOM: a row of
// cards, each with its hero image, texts and buttons, the buttons clicking like any other.
import { describe, expect, it } from "vitest";
import { type Child, textOf, type VNode } from "../web/dom/vnode.js";
import { renderBlock } from "../web/render/blocks.js";
import type { BlockAction, BlockContext } from "../web/render/context.js";

function context(): { ctx: BlockContext; actions: BlockAction[] } {
  const actions: BlockAction[] = [];
  const ctx: BlockContext = {
    userName: () => undefined,
    channelName: () => undefined,
    dates: () => ({ now: Date.UTC(2024, 2, 5), timeZone: "UTC" }),
    onAction: (action) => actions.push(action),
  };
  return { ctx, actions };
}

function all(children: Child[] | Child): VNode[] {
  const list = Array.isArray(children) ? children : [children];
  return list.flatMap((child) => (typeof child === "string" ? [] : [child, ...all(child.children)]));
}
const find = (root: Child, match: (node: VNode) => boolean) => all(root).filter(match);
const hasClass = (name: string) => (node: VNode) =>
  String(node.attrs.class ?? "")
    .split(" ")
    .includes(name);

const mrkdwn = (text: string) => ({ type: "mrkdwn", text });
const button = (text: string, action_id: string, value: string, style?: string) => ({
  type: "button",
  text: { type: "plain_text", text },
  action_id,
  value,
  ...(style ? { style } : {}),
});
const card = (n: number) => ({
  type: "card",
  block_id: `card-${n}`,
  icon: { type: "image", image_url: "https://img.test/icon.png", alt_text: "Icon" },
  title: mrkdwn(`*Fox ${n}*`),
  subtitle: mrkdwn("A red fox"),
  hero_image: { type: "image", image_url: `https://img.test/fox-${n}.png`, alt_text: `Fox ${n} of 3` },
  body: mrkdwn("In the snow"),
  subtext: mrkdwn(`img_00${n}`),
  actions: [button("Variations", "variations", `{"imageId":"img_00${n}"}`)],
});

describe("carousel and card blocks in the playground", () => {
  it("draws a carousel as a row of cards, each with its hero image, icon, texts and buttons", () => {
    const { ctx } = context();
    const node = renderBlock({ type: "carousel", block_id: "row", elements: [card(1), card(2), card(3)] }, ctx);
    expect(node.attrs).toMatchObject({ "data-block-type": "carousel", "data-block-id": "row" });
    const cards = find(node, hasClass("card"));
    expect(cards.map((c) => [c.attrs["data-card"], c.attrs["data-block-id"]])).toEqual([
      [1, "card-1"],
      [2, "card-2"],
      [3, "card-3"],
    ]);
    const third = cards[2] as VNode;
    const heroImage = find(third, hasClass("card-hero"))[0];
    expect(heroImage?.tag).toBe("img");
    expect(heroImage?.attrs).toMatchObject({ src: "https://img.test/fox-3.png", alt: "Fox 3 of 3" });
    expect(find(third, hasClass("card-icon"))[0]?.attrs.src).toBe("https://img.test/icon.png");
    expect(textOf(find(third, hasClass("card-title"))[0])).toBe("Fox 3");
    expect(textOf(third)).toContain("A red foxIn the snowimg_003");
    expect(find(third, (n) => n.tag === "button").map((b) => b.attrs["data-action-id"])).toEqual(["variations"]);
  });

  it("sends a card's button click with that card's block id and the button's value", () => {
    const { ctx, actions } = context();
    const node = renderBlock({ type: "carousel", elements: [card(1), card(2), card(3)] }, ctx);
    const third = find(node, hasClass("card"))[2] as VNode;
    find(third, (n) => n.tag === "button")[0]?.on?.click?.({} as Event);
    expect(actions).toEqual([{ actionId: "variations", blockId: "card-3", value: '{"imageId":"img_003"}' }]);
  });

  it("places a card's buttons as Slack does: danger first, then the others, primary last", () => {
    const { ctx } = context();
    const node = renderBlock(
      {
        type: "card",
        title: mrkdwn("Buttons"),
        actions: [
          button("Go", "go", "1", "primary"),
          button("Delete", "del", "2", "danger"),
          button("Info", "info", "3"),
        ],
      },
      ctx,
    );
    expect(node.attrs["data-block-type"]).toBe("card");
    expect(find(node, (n) => n.tag === "button").map((b) => textOf(b))).toEqual(["Delete", "Info", "Go"]);
  });

  it("draws a hero image from a Slack file through the page's file route, a named icon by name, and a stray element as unshown", () => {
    const { ctx } = context();
    const node = renderBlock(
      {
        type: "carousel",
        elements: [
          {
            type: "card",
            slack_icon: { type: "icon", name: "sparkle" },
            title: mrkdwn("From a file"),
            hero_image: { type: "image", slack_file: { id: "F0FOX" }, alt_text: "A fox" },
          },
          { type: "section", text: mrkdwn("not a card") },
        ],
      },
      ctx,
    );
    expect(find(node, hasClass("card-hero"))[0]?.attrs.src).toBe("/api/files/F0FOX");
    expect(find(node, hasClass("card-slack-icon"))[0]?.attrs["data-slack-icon"]).toBe("sparkle");
    expect(textOf(node)).toContain("[carousel element not shown in the playground]");
  });

  it("shows a hero image's alt text when its URL may not be loaded", () => {
    const { ctx } = context();
    const node = renderBlock(
      { type: "card", hero_image: { type: "image", image_url: "javascript:alert(1)", alt_text: "A fox" } },
      ctx,
    );
    expect(find(node, (n) => n.tag === "img")).toEqual([]);
    expect(textOf(find(node, hasClass("card-hero"))[0])).toBe("A fox");
  });
});
