// A streamed message as the page draws it, checked without a DOM: the plan's tasks with their status as text
// symbols, "streaming" while open, then the final blocks under it; and the server's view of slack-sim's record.
import type { SimStream } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { streamView } from "../src/server/stream-view.js";
import type { MessageView, StreamView } from "../src/shared/api.js";
import { type Child, textOf, type VNode } from "../web/dom/vnode.js";
import type { BlockContext } from "../web/render/context.js";
import { renderMessage } from "../web/render/message.js";
import { markdownToMrkdwn, renderStream } from "../web/render/stream.js";

const ctx: BlockContext = {
  userName: () => undefined,
  channelName: () => undefined,
  dates: () => ({ now: Date.UTC(2024, 2, 5), timeZone: "UTC" }),
  onAction: () => undefined,
};

function all(children: Child[] | Child): VNode[] {
  const list = Array.isArray(children) ? children : [children];
  return list.flatMap((child) => (typeof child === "string" ? [] : [child, ...all(child.children)]));
}
const byTestId = (root: Child, id: string) => all(root).filter((node) => node.attrs["data-testid"] === id);

const STREAMING: StreamView = {
  state: "streaming",
  displayMode: "plan",
  planTitle: "Making your image",
  tasks: [
    { id: "queued", title: "Queued", status: "complete" },
    { id: "generating", title: "Generating", status: "in_progress", details: "40%" },
    { id: "uploading", title: "Uploading", status: "pending" },
  ],
  text: "",
};

const message = (stream: StreamView, extra: Partial<MessageView> = {}): MessageView => ({
  ts: "1709649000.000100",
  channel: "C0GENERAL",
  user: "U0SIMBOT1",
  authorName: "Studio",
  fromBot: true,
  text: stream.text,
  files: [],
  ephemeral: false,
  threadTs: "1709649000.000001",
  replyCount: 0,
  edited: false,
  stream,
  ...extra,
});

describe("a streamed message", () => {
  it("lists the plan's tasks in order with a text symbol and the status in words, and says it is streaming", () => {
    const node = renderStream(STREAMING, ctx);
    expect(node.attrs).toMatchObject({ "data-testid": "stream", "data-stream-state": "streaming" });
    expect(textOf(byTestId(node, "stream-plan-title"))).toBe("Making your image");
    const tasks = byTestId(node, "stream-task");
    expect(tasks.map((task) => [task.attrs["data-task-id"], task.attrs["data-status"]])).toEqual([
      ["queued", "complete"],
      ["generating", "in_progress"],
      ["uploading", "pending"],
    ]);
    expect(tasks.map(textOf)).toEqual(["✓Queuedcomplete", "◐Generatingin progress40%", "○Uploadingpending"]);
    expect(textOf(byTestId(node, "stream-state"))).toBe("streaming");
  });

  it("uses no emoji, so it reads the same without an emoji font", () => {
    const text = textOf(
      renderStream({ ...STREAMING, tasks: [...STREAMING.tasks, { id: "x", title: "X", status: "error" }] }, ctx),
    );
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(text).toContain("✕");
  });

  it("ends as the result: no 'streaming', the tasks above and the final blocks under them", () => {
    const stopped: StreamView = {
      ...STREAMING,
      state: "stopped",
      stoppedBy: "app",
      tasks: STREAMING.tasks.map((task) => ({ ...task, status: "complete" as const })),
    };
    const blocks = [{ type: "section", text: { type: "mrkdwn", text: "Here is *your fox*" } }];
    const node = renderMessage(message(stopped, { blocks }), { blocks: ctx });
    expect(byTestId(node, "stream-state")).toEqual([]);
    expect(byTestId(node, "stream")[0]?.attrs["data-stream-state"]).toBe("stopped");
    const text = textOf(node);
    expect(text.indexOf("Uploading")).toBeLessThan(text.indexOf("Here is your fox"));
    expect(all(node).filter((n) => n.attrs["data-block-type"] === "section")).toHaveLength(1);
  });

  it("marks a task left pending or in progress when the stream stopped as not finished [reported]", () => {
    const node = renderStream({ ...STREAMING, state: "stopped", stoppedBy: "expired" }, ctx);
    const generating = byTestId(node, "stream-task")[1];
    expect(generating?.attrs["data-status"]).toBe("in_progress");
    expect(textOf(generating as VNode)).toContain("✕Generatingnot finished");
  });

  it("shows the streamed markdown as text once, and a text a later chat.update set", () => {
    const streamed: StreamView = { ...STREAMING, tasks: [], text: "**Done** in [Studio](https://studio.test)" };
    const node = renderMessage(message(streamed), { blocks: ctx });
    expect(textOf(node).match(/Done/g)).toHaveLength(1);
    expect(all(node).find((n) => n.tag === "a")?.attrs.href).toBe("https://studio.test");
    const updated = renderMessage(message({ ...streamed, state: "stopped" }, { text: "Your fox is ready" }), {
      blocks: ctx,
    });
    expect(textOf(updated)).toContain("Your fox is ready");
  });

  it("translates Markdown's bold, italics, strike and links to mrkdwn", () => {
    expect(markdownToMrkdwn("**a** *b* ~~c~~ [d](https://e.test)")).toBe("*a* _b_ ~c~ <https://e.test|d>");
  });
});

describe("the server's view of a sim stream", () => {
  it("carries the state, the plan and each task's latest status, without the chunk log", () => {
    const stream: SimStream = {
      state: "streaming",
      startedAt: 0,
      taskDisplayMode: "plan",
      mode: "chunks",
      chunks: [{ type: "task_update", id: "g", title: "Generating", status: "in_progress" }],
      tasks: [{ id: "g", title: "Generating", status: "in_progress", details: "40%" }],
      planTitle: "Making your image",
      text: "",
    };
    expect(streamView(stream)).toEqual({
      state: "streaming",
      displayMode: "plan",
      planTitle: "Making your image",
      tasks: [{ id: "g", title: "Generating", status: "in_progress", details: "40%" }],
      text: "",
    });
  });
});
