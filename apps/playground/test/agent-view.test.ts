// The agent view's parts without a browser: a thread's session strip as the page draws it (status, title, status
// line, Stop or Slack's non-interactive loading indicator), and the server's view of slack-sim's sessions (on the
// roots of their threads only; the DM's pinned prompts only in the person's own DM).
import type { SimAgentSession, SimAssistantThread, SuggestedPrompts } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { type SessionReader, sessionView, withAgentView } from "../src/server/agent-view.js";
import type { AgentSessionView } from "../src/shared/agent-view.js";
import type { ConversationState, MessageView } from "../src/shared/api.js";
import { textOf, type VNode } from "../web/dom/vnode.js";
import { renderSession } from "../web/render/agent-session.js";

const find = (node: VNode, testid: string): VNode[] => [
  ...(node.attrs["data-testid"] === testid ? [node] : []),
  ...node.children.flatMap((child) => (typeof child === "string" ? [] : find(child, testid))),
];

describe("a thread's session strip", () => {
  const working: AgentSessionView = {
    status: "processing",
    title: "Image: a red fox on snow",
    stopButton: true,
    statusLine: "is generating an image…",
    loadingMessages: ["Mixing the colours", "Framing the shot"],
  };

  it("shows the status, the title, the status line with the app's name, and Stop while processing", () => {
    const stops: string[] = [];
    const strip = renderSession(working, { botName: "Studio", onStop: () => stops.push("stop") });
    expect(strip.attrs["data-status"]).toBe("processing");
    expect(textOf(find(strip, "agent-session-status"))).toBe("Working");
    expect(textOf(find(strip, "agent-session-title"))).toBe("Image: a red fox on snow");
    expect(textOf(find(strip, "agent-session-line"))).toBe("Studio is generating an image…Mixing the colours");
    const [stop] = find(strip, "agent-session-stop");
    expect(textOf(stop ?? [])).toBe("Stop");
    stop?.on?.click?.(new Event("click"));
    expect(stops).toEqual(["stop"]);
    expect(find(strip, "agent-session-loading")).toEqual([]);
  });

  it("shows a loading indicator that cannot be clicked instead of Stop when Slack shows no stop button", () => {
    const strip = renderSession({ ...working, stopButton: false }, { botName: "Studio", onStop: () => undefined });
    expect(find(strip, "agent-session-stop")).toEqual([]);
    const [dots] = find(strip, "agent-session-loading");
    expect(dots?.attrs["aria-label"]).toBe("Studio is working");
    expect(dots?.on).toBeUndefined();
  });

  it("shows neither Stop nor a status line once the session left processing", () => {
    for (const status of ["active", "suspended", "closed"] as const) {
      const strip = renderSession({ status, title: "Image: a fox", stopButton: false }, { botName: "Studio" });
      expect(find(strip, "agent-session-stop"), status).toEqual([]);
      expect(find(strip, "agent-session-loading"), status).toEqual([]);
      expect(find(strip, "agent-session-line"), status).toEqual([]);
    }
    const active = renderSession({ status: "active", stopButton: false }, { botName: "Studio" });
    expect(textOf(find(active, "agent-session-status"))).toBe("Active");
    expect(textOf(find(active, "agent-session-title"))).toBe("Untitled");
  });
});

describe("the server's agent view", () => {
  const session = (over: Partial<SimAgentSession>): SimAgentSession => ({
    channel: "DU0ALICE",
    threadTs: "1.000100",
    status: "processing",
    stopButton: true,
    loadingIndicator: false,
    statusHistory: ["processing"],
    ...over,
  });
  const reader = (input: {
    sessions?: SimAgentSession[];
    threads?: Record<string, SimAssistantThread>;
    pinned?: Record<string, SuggestedPrompts>;
  }): SessionReader => ({
    agentSession: (channel, threadTs) =>
      input.sessions?.find((each) => each.channel === channel && each.threadTs === threadTs),
    assistantThread: (channel, threadTs) => input.threads?.[`${channel}/${threadTs}`],
    pinnedPrompts: (channel) => input.pinned?.[channel],
    dm: (user) => `D${user}`,
  });
  const message = (ts: string, over: Partial<MessageView> = {}): MessageView => ({
    ts,
    channel: "DU0ALICE",
    user: "U0ALICE",
    authorName: "Alice",
    fromBot: false,
    text: "a red fox",
    files: [],
    ephemeral: false,
    replyCount: 1,
    edited: false,
    ...over,
  });

  it("takes the session's title, else the thread's, and the status line only while processing", () => {
    const thread: SimAssistantThread = {
      status: "is generating an image…",
      title: "Thread title",
      statusHistory: [],
      loadingMessages: ["Mixing"],
    };
    const sim = reader({
      sessions: [session({ title: "Session title" }), session({ threadTs: "2.000200", status: "active" })],
      threads: { "DU0ALICE/1.000100": thread, "DU0ALICE/2.000200": thread },
    });
    expect(sessionView(sim, "DU0ALICE", "1.000100")).toEqual({
      status: "processing",
      title: "Session title",
      stopButton: true,
      statusLine: "is generating an image…",
      loadingMessages: ["Mixing"],
    });
    expect(sessionView(sim, "DU0ALICE", "2.000200")).toEqual({
      status: "active",
      title: "Thread title",
      stopButton: true,
    });
    expect(sessionView(sim, "DU0ALICE", "3.000300")).toBeUndefined();
  });

  it("puts each session on the message that roots its thread, never on a reply", () => {
    const sim = reader({ sessions: [session({})] });
    const state: ConversationState = {
      version: 3,
      messages: [message("1.000100"), message("0.000050")],
      thread: [message("1.000100"), message("1.000200", { threadTs: "1.000100", fromBot: true })],
      modals: [],
    };
    const drawn = withAgentView(sim, { user: "U0ALICE", channel: "DU0ALICE" }, state);
    expect(drawn.messages.map((each) => each.session?.status)).toEqual(["processing", undefined]);
    expect(drawn.thread?.map((each) => each.session?.status)).toEqual(["processing", undefined]);
  });

  it("shows the pinned prompts in the person's own DM with the bot only", () => {
    const pinned = { title: "Try", prompts: [{ title: "Make an image", message: "image a fox" }] };
    const sim = reader({ pinned: { DU0ALICE: pinned } });
    const empty: ConversationState = { version: 1, messages: [], modals: [] };
    expect(withAgentView(sim, { user: "U0ALICE", channel: "DU0ALICE" }, empty).agent).toEqual({
      pinnedPrompts: pinned,
    });
    expect(withAgentView(sim, { user: "U0ALICE", channel: "C0GENERAL" }, empty).agent).toBeUndefined();
    expect(withAgentView(sim, { user: "U0BOB", channel: "DU0BOB" }, empty).agent).toBeUndefined();
  });
});
