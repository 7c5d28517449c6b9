// The assistant pane's parts without a browser: the status line as Slack prints it, the loading messages it
// rotates through, the prompt chips (a click sends the prompt's message, not its title), the header's title, and
// the API client's requests for the pane.
import { describe, expect, it } from "vitest";
import type { AssistantPromptView } from "../src/shared/api.js";
import { createApi } from "../web/api.js";
import { textOf, type VNode } from "../web/dom/vnode.js";
import { loadingMessageAt, renderPrompts, renderStatus, statusText, threadTitle } from "../web/render/assistant.js";

const chipsOf = (nodes: VNode[]): VNode[] =>
  nodes.flatMap((node) => [
    ...(node.attrs["data-testid"] === "assistant-prompt" ? [node] : []),
    ...chipsOf(node.children.filter((child): child is VNode => typeof child !== "string")),
  ]);

describe("the status line", () => {
  it("puts the app's name before the status the bot set, and shows nothing without one", () => {
    expect(statusText("Studio", "is generating an image… 40%")).toBe("Studio is generating an image… 40%");
    expect(statusText("Studio", "")).toBe("");
    expect(renderStatus("Studio", "  ", "Mixing the colours")).toEqual([]);
  });

  it("shows the current loading message under the status", () => {
    const text = renderStatus("Studio", "is generating an image…", "Mixing the colours").map(textOf).join(" ");
    expect(text).toContain("Studio is generating an image…");
    expect(text).toContain("Mixing the colours");
  });

  it("rotates through the loading messages in order, round and round", () => {
    const messages = ["one", "two", "three"];
    expect([0, 1, 2, 3, 4].map((tick) => loadingMessageAt(messages, tick))).toEqual([
      "one",
      "two",
      "three",
      "one",
      "two",
    ]);
    expect(loadingMessageAt(undefined, 3)).toBeUndefined();
    expect(loadingMessageAt([], 0)).toBeUndefined();
  });
});

describe("the suggested prompts", () => {
  const prompts = {
    title: "Try one of these",
    prompts: [
      { title: "Make an image", message: "a lighthouse at dusk, watercolour" },
      { title: "My credits", message: "credits" },
    ],
  };

  it("are one chip per prompt, labelled with its title, under the list's title", () => {
    const nodes = renderPrompts(prompts, { disabled: false, onPick: () => undefined });
    expect(chipsOf(nodes).map(textOf)).toEqual(["Make an image", "My credits"]);
    expect(textOf(nodes)).toContain("Try one of these");
  });

  it("send the prompt's message when clicked, as Slack does", () => {
    const picked: AssistantPromptView[] = [];
    const nodes = renderPrompts(prompts, { disabled: false, onPick: (prompt) => picked.push(prompt) });
    chipsOf(nodes)[0]?.on?.click?.(new Event("click"));
    expect(picked.map((prompt) => prompt.message)).toEqual(["a lighthouse at dusk, watercolour"]);
  });

  it("are disabled while a message is being sent, and absent when the bot offers none", () => {
    const nodes = renderPrompts(prompts, { disabled: true, onPick: () => undefined });
    expect(chipsOf(nodes).every((chip) => chip.attrs.disabled === true)).toBe(true);
    expect(renderPrompts(undefined, { disabled: false, onPick: () => undefined })).toEqual([]);
    expect(renderPrompts({ prompts: [] }, { disabled: false, onPick: () => undefined })).toEqual([]);
  });
});

describe("the pane's header", () => {
  it("says New chat until the bot titles the thread", () => {
    expect(threadTitle(undefined)).toBe("New chat");
    expect(threadTitle({ title: "  " })).toBe("New chat");
    expect(threadTitle({ title: "Image: a lighthouse at dusk" })).toBe("Image: a lighthouse at dusk");
  });
});

describe("the API client for the pane", () => {
  it("reads a thread's state with its ts and the last version, and posts what the pane sends", async () => {
    const requests: Array<{ url: string; body?: string }> = [];
    const api = createApi({
      fetch: async (input, init) => {
        requests.push({ url: String(input), ...(typeof init?.body === "string" ? { body: init.body } : {}) });
        return new Response(JSON.stringify({ ok: true, channel: "DU0ALICE", threadTs: "1.2" }));
      },
    });
    await api.assistantState({ user: "U0ALICE", threadTs: "1.2", since: 4 });
    await api.assistantOpen({ user: "U0ALICE", channel: "C0GENERAL" });
    await api.assistantSend({ user: "U0ALICE", threadTs: "1.2", text: "credits" });
    expect(requests).toEqual([
      { url: "/api/assistant/state?user=U0ALICE&threadTs=1.2&since=4" },
      { url: "/api/assistant/open", body: JSON.stringify({ user: "U0ALICE", channel: "C0GENERAL" }) },
      { url: "/api/assistant/send", body: JSON.stringify({ user: "U0ALICE", threadTs: "1.2", text: "credits" }) },
    ]);
  });
});
