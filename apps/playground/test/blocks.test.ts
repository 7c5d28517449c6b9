// The page's Block Kit renderer, checked without a DOM: the blocks the bot sends (apps/slack-bot/src/messages) become
// nodes with the hooks the browser test relies on (CONTRACT.md, "The page"), modals read back as Slack's
// view.state.values, and `mount` builds elements from text nodes only.
import { cardKindLabel } from "@studio-kit/core";
import { describe, expect, it, vi } from "vitest";
import type { CardView, MessageView } from "../src/shared/api.js";
import { type Child, type DocumentLike, mount, textOf, type VNode } from "../web/dom/vnode.js";
import { renderBlock, renderBlocks } from "../web/render/blocks.js";
import { layoutCards, renderCards } from "../web/render/board.js";
import type { BlockAction, BlockContext, FormContext } from "../web/render/context.js";
import { collectValues } from "../web/render/inputs.js";
import { renderMessage } from "../web/render/message.js";
import { renderModal } from "../web/render/modal.js";

function context(form?: Partial<FormContext>): { ctx: BlockContext; actions: BlockAction[] } {
  const actions: BlockAction[] = [];
  const ctx: BlockContext = {
    userName: (id) => (id === "U0ALICE" ? "Alice" : undefined),
    channelName: () => undefined,
    dates: () => ({ now: Date.UTC(2024, 2, 5), timeZone: "UTC" }),
    onAction: (action) => actions.push(action),
    ...(form ? { form: { viewId: "V1", errors: {}, kept: {}, suggest: async () => [], ...form } } : {}),
  };
  return { ctx, actions };
}

function all(children: Child[] | Child): VNode[] {
  const list = Array.isArray(children) ? children : [children];
  return list.flatMap((child) => (typeof child === "string" ? [] : [child, ...all(child.children)]));
}
const find = (root: Child[] | Child, match: (node: VNode) => boolean) => all(root).filter(match);
const byTestId = (root: Child[] | Child, id: string) => find(root, (node) => node.attrs["data-testid"] === id);
const plain = (text: string) => ({ type: "plain_text", text, emoji: true });
const mrkdwn = (text: string) => ({ type: "mrkdwn", text });
const button = (text: string, action_id: string, value: string, style?: string) => ({
  type: "button",
  text: plain(text),
  action_id,
  value,
  ...(style ? { style } : {}),
});

describe("message blocks", () => {
  it("marks every block with its type, unknown ones included", () => {
    const { ctx } = context();
    const types = ["section", "context", "image", "divider", "actions", "header", "rich_text", "some_future_block"];
    const nodes = renderBlocks(
      [
        { type: "section", text: mrkdwn("hi") },
        { type: "context", elements: [mrkdwn("small")] },
        { type: "image", image_url: "https://img.test/a.png", alt_text: "a fox" },
        { type: "divider" },
        { type: "actions", elements: [] },
        { type: "header", text: plain("Title") },
        { type: "rich_text", elements: [{ type: "rich_text_section", elements: [{ type: "text", text: "rich" }] }] },
        { type: "some_future_block" },
      ],
      ctx,
    );
    expect(nodes.map((node) => node.attrs["data-block-type"])).toEqual(types);
    expect(textOf(nodes.at(-1) as VNode)).toContain("some_future_block block not shown");
  });

  it("renders a section's mrkdwn, its fields and an image accessory", () => {
    const { ctx } = context();
    const node = renderBlock(
      {
        type: "section",
        text: mrkdwn(":coin: *12 credits* for <@U0ALICE>"),
        fields: [mrkdwn("*Balance*\n10"), mrkdwn("*Bonus*\n2")],
        accessory: { type: "image", image_url: "https://img.test/t.png", alt_text: "thumb" },
      },
      ctx,
    );
    expect(textOf(node)).toBe("🪙 12 credits for @AliceBalance10Bonus2");
    expect(find(node, (n) => n.tag === "img")[0]?.attrs).toMatchObject({ src: "https://img.test/t.png", alt: "thumb" });
    expect(find(node, (n) => n.attrs.class === "section-field mrkdwn")).toHaveLength(2);
  });

  it("renders image blocks as <img>, and an image URL that is not http(s) as its alt text", () => {
    const { ctx } = context();
    const good = renderBlock(
      { type: "image", image_url: "https://img.test/a.png", alt_text: "Image 1", title: plain("T") },
      ctx,
    );
    expect(find(good, (n) => n.tag === "img")[0]?.attrs).toMatchObject({
      src: "https://img.test/a.png",
      alt: "Image 1",
    });
    const bad = renderBlock({ type: "image", image_url: "javascript:alert(1)", alt_text: "x" }, ctx);
    expect(find(bad, (n) => n.tag === "img")).toEqual([]);
    expect(textOf(bad)).toBe("x");
  });

  it("shows an image block's slack_file from the page's file route, whether named by id or by its url_private", () => {
    const { ctx } = context();
    const srcOf = (slack_file: object) =>
      find(renderBlock({ type: "image", slack_file, alt_text: "fox" }, ctx), (n) => n.tag === "img")[0]?.attrs.src;
    expect(srcOf({ id: "F0000003" })).toBe("/api/files/F0000003");
    expect(srcOf({ url: "http://127.0.0.1:4000/files-pri/T0SIM0001-F0000004/fox.png" })).toBe("/api/files/F0000004");
    expect(srcOf({ url: "https://files.slack.com/files-pri/T0123-F0123456/download/fox.png" })).toBe(
      "/api/files/F0123456",
    );
    expect(srcOf({ url: "https://img.test/elsewhere.png" })).toBe("https://img.test/elsewhere.png");
    // A section's image accessory takes a slack_file too.
    const section = renderBlock(
      { type: "section", text: mrkdwn("t"), accessory: { type: "image", slack_file: { id: "F5" }, alt_text: "a" } },
      ctx,
    );
    expect(find(section, (n) => n.tag === "img")[0]?.attrs.src).toBe("/api/files/F5");
  });

  it("renders buttons with their action id and style, and clicks send the action with the block id", () => {
    const { ctx, actions } = context();
    const node = renderBlock(
      {
        type: "actions",
        block_id: "b1",
        elements: [
          button("Add to board", "studio_add_to_board", '{"assetId":"A1"}', "primary"),
          button("No", "cancel", "1", "danger"),
          button("Plain", "p", "v"),
        ],
      },
      ctx,
    );
    const buttons = find(node, (n) => n.tag === "button");
    expect(buttons.map((b) => [b.attrs["data-action-id"], b.attrs.class])).toEqual([
      ["studio_add_to_board", "btn btn-primary"],
      ["cancel", "btn btn-danger"],
      ["p", "btn"],
    ]);
    buttons[0]?.on?.click?.({} as Event);
    expect(actions).toEqual([{ actionId: "studio_add_to_board", blockId: "b1", value: '{"assetId":"A1"}' }]);
  });

  it("renders feedback buttons in a context_actions block with their texts, each click sending its own button's value", () => {
    const { ctx, actions } = context();
    const side = (text: string, value: string) => ({ text: plain(text), value, accessibility_label: `${text}!` });
    const node = renderBlock(
      {
        type: "context_actions",
        block_id: "fb",
        elements: [
          {
            type: "feedback_buttons",
            action_id: "studio_feedback",
            positive_button: side("Good result", "up"),
            negative_button: side("Not what I wanted", "down"),
          },
        ],
      },
      ctx,
    );
    const buttons = find(node, (n) => n.tag === "button");
    expect(buttons.map((b) => [textOf(b), b.attrs.title, b.attrs["aria-label"]])).toEqual([
      ["▲ Good result", "Good result", "Good result!"],
      ["▼ Not what I wanted", "Not what I wanted", "Not what I wanted!"],
    ]);
    expect(textOf(node)).not.toContain("not shown in the playground");
    buttons[1]?.on?.click?.({} as Event);
    expect(actions).toEqual([{ actionId: "studio_feedback", blockId: "fb", value: "down" }]);
  });

  it("draws the feedback button the viewer clicked last as chosen, as Slack's client does, and the other not", () => {
    const { ctx } = context();
    const side = (text: string, value: string) => ({ text: plain(text), value });
    const block = {
      type: "context_actions",
      elements: [
        {
          type: "feedback_buttons",
          action_id: "studio_feedback",
          positive_button: side("Good result", "up"),
          negative_button: side("Not what I wanted", "down"),
        },
      ],
    };
    const pressed = (chosen?: "positive" | "negative") =>
      find(
        renderBlock(block, {
          ...ctx,
          feedbackChosen: (actionId) => (actionId === "studio_feedback" ? chosen : undefined),
        }),
        (n) => n.tag === "button",
      ).map((b) => [b.attrs["data-feedback"], b.attrs["aria-pressed"], b.attrs.class]);
    expect(pressed()).toEqual([
      ["positive", "false", "btn btn-feedback"],
      ["negative", "false", "btn btn-feedback"],
    ]);
    expect(pressed("negative")).toEqual([
      ["positive", "false", "btn btn-feedback"],
      ["negative", "true", "btn btn-feedback is-chosen"],
    ]);
  });

  it("renders a static select whose choice is sent as the option", () => {
    const { ctx, actions } = context();
    const options = [
      { text: plain("Square"), value: "1:1" },
      { text: plain("Wide"), value: "16:9" },
    ];
    const node = renderBlock(
      { type: "actions", elements: [{ type: "static_select", action_id: "ratio", options }] },
      ctx,
    );
    const [select] = find(node, (n) => n.tag === "select");
    expect(select?.attrs["data-action-id"]).toBe("ratio");
    expect(textOf(select as VNode)).toBe("Select an optionSquareWide");
    select?.on?.change?.({ target: { value: "16:9" } } as unknown as Event);
    expect(actions).toEqual([{ actionId: "ratio", selectedOption: options[1] }]);
  });
});

describe("modal inputs", () => {
  const promptBlock = {
    type: "input",
    block_id: "prompt",
    label: plain("What should the image show?"),
    hint: plain("Be specific"),
    element: {
      type: "plain_text_input",
      action_id: "text",
      multiline: true,
      max_length: 2000,
      placeholder: plain("A lighthouse"),
    },
  };
  const boardBlock = {
    type: "input",
    block_id: "studio_board_pick",
    optional: true,
    label: plain("A recent board"),
    element: {
      type: "static_select",
      action_id: "board",
      placeholder: plain("Choose a board"),
      options: [{ text: plain("Moodboard"), value: "B1" }],
    },
  };

  it("labels each control, marks optional ones, shows hints, and carries the ids the submission needs", () => {
    const { ctx } = context({});
    const prompt = renderBlock(promptBlock, ctx);
    const [label] = find(prompt, (n) => n.tag === "label");
    const [textarea] = find(prompt, (n) => n.tag === "textarea");
    expect(label?.attrs.for).toBe(textarea?.attrs.id);
    expect(textarea?.attrs).toMatchObject({
      "data-block-id": "prompt",
      "data-action-id": "text",
      "data-element-type": "plain_text_input",
      maxlength: "2000",
      placeholder: "A lighthouse",
      "aria-required": "true",
    });
    expect(textOf(prompt)).toContain("Be specific");
    const board = renderBlock(boardBlock, ctx);
    expect(textOf(find(board, (n) => n.tag === "label"))).toBe("A recent board (optional)");
    expect(find(board, (n) => n.tag === "select")[0]?.attrs["data-action-id"]).toBe("board");
  });

  it("shows the app's error under its input and keeps what was typed across a view update", () => {
    const { ctx } = context({
      errors: { prompt: "Describe the image you want." },
      kept: { prompt: { text: "a fox" } },
    });
    const node = renderBlock(promptBlock, ctx);
    const [error] = byTestId(node, "modal-error");
    expect(textOf(error as VNode)).toBe("Describe the image you want.");
    const [textarea] = find(node, (n) => n.tag === "textarea");
    expect(textarea?.attrs["aria-invalid"]).toBe("true");
    expect(String(textarea?.attrs["aria-describedby"])).toContain(String(error?.attrs.id));
    expect(textarea?.children).toEqual(["a fox"]);
  });

  it("renders an external_select as a search box and a select the submission reads", () => {
    const { ctx } = context({});
    const node = renderBlock(
      {
        type: "input",
        block_id: "asset",
        label: plain("Asset"),
        element: { type: "external_select", action_id: "pick", min_query_length: 2, placeholder: plain("Find one") },
      },
      ctx,
    );
    const [select] = find(node, (n) => n.tag === "select");
    expect(select?.attrs).toMatchObject({ "data-action-id": "pick", "data-element-type": "external_select" });
    expect(textOf(select as VNode)).toBe("Find one");
    expect(find(node, (n) => n.tag === "input")[0]?.attrs).toMatchObject({
      type: "search",
      "aria-label": "Search Asset",
    });
    expect(typeof node.children.find((c): c is VNode => typeof c !== "string" && c.tag === "div")?.ref).toBe(
      "function",
    );
  });

  it("collects values as Slack's view.state.values, empty ones as null", () => {
    expect(
      collectValues([
        { blockId: "prompt", actionId: "text", type: "plain_text_input", value: "a fox" },
        { blockId: "title", actionId: "t", type: "plain_text_input", value: "" },
        {
          blockId: "studio_board_pick",
          actionId: "board",
          type: "static_select",
          selected: { value: "B1", text: "Moodboard" },
        },
        { blockId: "ratio", actionId: "r", type: "static_select", selected: null },
      ]),
    ).toEqual({
      prompt: { text: { type: "plain_text_input", value: "a fox" } },
      title: { t: { type: "plain_text_input", value: null } },
      studio_board_pick: {
        board: {
          type: "static_select",
          selected_option: { text: { type: "plain_text", text: "Moodboard", emoji: true }, value: "B1" },
        },
      },
      ratio: { r: { type: "static_select", selected_option: null } },
    });
  });

  // The Remix modal's presets (apps/slack-bot/src/messages/modal-parts.ts, multiSelectInput).
  const presetsBlock = {
    type: "input",
    block_id: "studio_remix_presets",
    optional: true,
    label: plain("Presets"),
    element: {
      type: "multi_static_select",
      action_id: "value",
      placeholder: plain("None"),
      options: [
        { text: plain("Golden hour"), value: "golden-hour" },
        { text: plain("35mm film"), value: "35mm-film" },
        { text: plain("Macro detail"), value: "macro-detail" },
      ],
      initial_options: [{ text: plain("35mm film"), value: "35mm-film" }],
    },
  };
  const chosenIn = (node: VNode) =>
    find(node, (n) => n.tag === "option" && n.attrs.selected === true).map((n) => n.attrs.value);

  it("renders a multi_static_select as a multiple select on its initial options, with no placeholder choice", () => {
    const { ctx } = context({});
    const node = renderBlock(presetsBlock, ctx);
    const [select] = find(node, (n) => n.tag === "select");
    expect(select?.attrs).toMatchObject({
      multiple: true,
      "data-block-id": "studio_remix_presets",
      "data-action-id": "value",
      "data-element-type": "multi_static_select",
    });
    expect(find(node, (n) => n.tag === "option").map((n) => n.attrs.value)).toEqual([
      "golden-hour",
      "35mm-film",
      "macro-detail",
    ]);
    expect(chosenIn(node)).toEqual(["35mm-film"]);
    expect(textOf(node)).not.toContain("not shown in the playground");
  });

  it("keeps a multi-select's choices across a view update, an emptied one included", () => {
    const kept = renderBlock(
      presetsBlock,
      context({ kept: { studio_remix_presets: { value: ["golden-hour", "macro-detail"] } } }).ctx,
    );
    expect(chosenIn(kept)).toEqual(["golden-hour", "macro-detail"]);
    const emptied = renderBlock(presetsBlock, context({ kept: { studio_remix_presets: { value: [] } } }).ctx);
    expect(chosenIn(emptied)).toEqual([]);
  });

  it("collects a multi-select as Slack's selected_options, [] when nothing is chosen", () => {
    expect(
      collectValues([
        {
          blockId: "studio_remix_presets",
          actionId: "value",
          type: "multi_static_select",
          selectedMany: [
            { value: "golden-hour", text: "Golden hour" },
            { value: "35mm-film", text: "35mm film" },
          ],
        },
        { blockId: "other", actionId: "value", type: "multi_static_select", selectedMany: [] },
      ]),
    ).toEqual({
      studio_remix_presets: {
        value: {
          type: "multi_static_select",
          selected_options: [
            { text: { type: "plain_text", text: "Golden hour", emoji: true }, value: "golden-hour" },
            { text: { type: "plain_text", text: "35mm film", emoji: true }, value: "35mm-film" },
          ],
        },
      },
      other: { value: { type: "multi_static_select", selected_options: [] } },
    });
  });

  it("renders the modal with the view's own texts, and errors for unknown blocks at the top", () => {
    const { ctx } = context({ errors: { gone: "Try again later." } });
    const view = {
      type: "modal",
      title: plain("Add to board"),
      submit: plain("Add"),
      close: plain("Cancel"),
      blocks: [boardBlock, { type: "context", elements: [mrkdwn("A new title makes a new board.")] }],
    };
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    const node = renderModal({ id: "V1", view }, ctx, { onSubmit, onClose }, false);
    expect(node.attrs).toMatchObject({ role: "dialog", "aria-modal": "true", "data-testid": "modal" });
    expect(textOf(byTestId(node, "modal-title"))).toBe("Add to board");
    expect(textOf(byTestId(node, "modal-submit"))).toBe("Add");
    expect(textOf(byTestId(node, "modal-cancel"))).toBe("Cancel");
    expect(textOf(byTestId(node, "modal-error"))).toBe("Try again later.");
    byTestId(node, "modal-cancel")[0]?.on?.click?.({} as Event);
    const [form] = find(node, (n) => n.tag === "form");
    form?.on?.submit?.({ preventDefault() {} } as Event);
    expect([onClose.mock.calls.length, onSubmit.mock.calls.length]).toEqual([1, 1]);
  });
});

describe("messages", () => {
  const base: MessageView = {
    ts: "1709649000.000100",
    channel: "C0GENERAL",
    user: "U0SIMBOT1",
    authorName: "Studio",
    fromBot: true,
    text: "fallback *text*",
    files: [],
    ephemeral: false,
    replyCount: 0,
    edited: false,
  };

  it("shows author, time, and the mrkdwn text when there are no blocks", () => {
    const { ctx } = context();
    const node = renderMessage(base, { blocks: ctx });
    expect(node.attrs).toMatchObject({ "data-testid": "message", "data-ts": base.ts });
    expect(textOf(node)).toContain("Studio");
    expect(textOf(node)).toContain("2:30 PM");
    expect(find(node, (n) => n.tag === "strong").map(textOf)).toEqual(["text"]);
  });

  it("shows blocks instead of the fallback text, and marks ephemeral and edited messages", () => {
    const { ctx } = context();
    const node = renderMessage(
      { ...base, blocks: [{ type: "section", text: mrkdwn("from blocks") }], ephemeral: true, edited: true },
      { blocks: ctx },
    );
    expect(textOf(node)).toContain("from blocks");
    expect(textOf(node)).not.toContain("fallback");
    expect(textOf(byTestId(node, "message-ephemeral"))).toContain("Only visible to you");
    expect(textOf(node)).toContain("(edited)");
  });

  it("previews image, video and audio files, and links the rest", () => {
    const { ctx } = context();
    const file = (id: string, mimetype: string) => ({
      id,
      name: `${id}.bin`,
      title: id,
      mimetype,
      size: 2048,
      url: `/api/files/${id}`,
    });
    const node = renderMessage(
      {
        ...base,
        files: [
          file("F1", "image/png"),
          file("F2", "video/mp4"),
          file("F3", "audio/mpeg"),
          file("F4", "application/pdf"),
        ],
      },
      { blocks: ctx },
    );
    expect(byTestId(node, "file-image")[0]).toMatchObject({ tag: "img", attrs: { src: "/api/files/F1" } });
    expect(byTestId(node, "file-video")[0]).toMatchObject({ tag: "video", attrs: { controls: true } });
    expect(byTestId(node, "file-audio")[0]).toMatchObject({ tag: "audio", attrs: { controls: true } });
    expect(find(node, (n) => n.tag === "a")[0]?.attrs.href).toBe("/api/files/F4");
  });

  it("shows a result as one message: its slack_file images, then its attached video with controls", () => {
    const { ctx } = context();
    const node = renderMessage(
      {
        ...base,
        edited: true,
        blocks: [
          { type: "image", slack_file: { id: "F1" }, alt_text: "a red fox" },
          { type: "image", slack_file: { id: "F2" }, alt_text: "a blue fox" },
        ],
        files: [{ id: "F3", name: "fox.mp4", title: "a fox", mimetype: "video/mp4", size: 4096, url: "/api/files/F3" }],
      },
      { blocks: ctx },
    );
    const images = find(node, (n) => n.attrs["data-block-type"] === "image").flatMap((block) =>
      find(block, (n) => n.tag === "img"),
    );
    expect(images.map((img) => [img.attrs.src, img.attrs.alt])).toEqual([
      ["/api/files/F1", "a red fox"],
      ["/api/files/F2", "a blue fox"],
    ]);
    expect(byTestId(node, "file-video")[0]).toMatchObject({
      tag: "video",
      attrs: { src: "/api/files/F3", controls: true },
    });
    expect(byTestId(node, "message")).toHaveLength(1);
  });

  it("links the replies, and the link opens the thread", () => {
    const { ctx } = context();
    const open = vi.fn();
    const node = renderMessage({ ...base, replyCount: 3 }, { blocks: ctx, onOpenThread: open });
    const [link] = byTestId(node, "thread-link");
    expect(textOf(link as VNode)).toBe("3 replies");
    link?.on?.click?.({} as Event);
    expect(open).toHaveBeenCalledWith(base.ts);
  });
});

describe("the board", () => {
  const card = (id: string, x: number, y: number, extra: Partial<CardView> = {}): CardView => ({
    id,
    kind: "image",
    kindLabel: cardKindLabel(extra.kind ?? "image"),
    x,
    y,
    width: 400,
    height: 300,
    rotation: 0,
    ...extra,
  });

  it("scales the cards' bounding box to fit the pane, never above 1:1", () => {
    const { scale, placed } = layoutCards([card("a", 100, 100), card("b", 900, 400)], {
      width: 620,
      height: 800,
      padding: 10,
    });
    expect(scale).toBeCloseTo(600 / 1200);
    expect(placed.map((p) => [p.left, p.top, p.width, p.height])).toEqual([
      [10, 10, 200, 150],
      [410, 160, 200, 150],
    ]);
    expect(layoutCards([card("a", 0, 0)], { width: 2000, height: 2000 }).scale).toBe(1);
  });

  it("draws image cards with their preview, others as a labelled box, and marks new cards", () => {
    const { placed } = layoutCards(
      [
        card("a", 0, 0, { previewUrl: "https://img.test/a.png", title: "Fox" }),
        card("b", 500, 0, { kind: "text", text: "Note" }),
      ],
      { width: 800, height: 600 },
    );
    const nodes = renderCards(placed, new Set(["a"]), false);
    expect(nodes.map((n) => n.attrs["data-testid"])).toEqual(["board-card", "board-card"]);
    expect(find(nodes[0] as VNode, (n) => n.tag === "img")[0]?.attrs).toMatchObject({
      src: "https://img.test/a.png",
      alt: "Fox",
    });
    expect(textOf(nodes[1] as VNode)).toBe("TextNote");
    expect(String(nodes[1]?.attrs.class)).toContain("board-card-new");
    expect(String(nodes[0]?.attrs.class)).not.toContain("board-card-new");
    expect(String(nodes[0]?.attrs.style)).toMatch(
      /^left: \d+(\.\d)?px; top: \d+(\.\d)?px; width: [\d.]+px; height: [\d.]+px$/,
    );
  });
});

describe("mount", () => {
  // A document just big enough for mount: it records what was built and refuses innerHTML outright.
  class FakeText {
    constructor(readonly data: string) {}
  }
  class FakeElement {
    readonly attributes = new Map<string, string>();
    readonly childNodes: (FakeElement | FakeText)[] = [];
    readonly listeners: string[] = [];
    constructor(readonly tagName: string) {}
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value);
    }
    appendChild(child: FakeElement | FakeText) {
      this.childNodes.push(child);
      return child;
    }
    addEventListener(type: string) {
      this.listeners.push(type);
    }
    set innerHTML(_value: string) {
      throw new Error("innerHTML must never be used");
    }
  }
  const doc = {
    createElement: (tag: string) => new FakeElement(tag),
    createTextNode: (text: string) => new FakeText(text),
  } as unknown as DocumentLike;

  it("puts message text into text nodes, never markup", () => {
    const { ctx } = context();
    const hostile = '<img src=x onerror="alert(1)"> &lt;script&gt;alert(1)&lt;/script&gt;';
    const root = mount(renderBlock({ type: "section", text: mrkdwn(hostile) }, ctx), doc) as unknown as FakeElement;
    const texts: string[] = [];
    const tagNames: string[] = [];
    const walk = (node: FakeElement | FakeText) => {
      if (node instanceof FakeText) texts.push(node.data);
      else {
        tagNames.push(node.tagName);
        node.childNodes.forEach(walk);
      }
    };
    walk(root);
    expect(tagNames).toEqual(["div", "div", "div"]);
    expect(texts.join("")).toBe('<img src=x onerror="alert(1)"> <script>alert(1)</script>');
  });

  it("drops on… attributes and script URLs even when a renderer asked for them", () => {
    const node: VNode = {
      tag: "a",
      attrs: {
        href: "javascript:alert(1)",
        onclick: "alert(1)",
        ONMOUSEOVER: "x",
        title: "ok",
        src: " data:text/html,x",
      },
      children: ["x"],
      on: { click: () => undefined },
    };
    const element = mount(node, doc) as unknown as FakeElement;
    expect([...element.attributes.entries()]).toEqual([["title", "ok"]]);
    expect(element.listeners).toEqual(["click"]);
    const safe = mount({ tag: "a", attrs: { href: "https://ok.test/" }, children: [] }, doc) as unknown as FakeElement;
    expect(safe.attributes.get("href")).toBe("https://ok.test/");
  });
});
