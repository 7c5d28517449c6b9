// Stop on an agent session is one click: a double click (or Stop on the thread pane's copy of the same root) sent
// agent_session_stopped twice, and the bot answered the second with "nothing of yours was running in this thread"
// right under its "Stopped by you" (found trying the playground: two stops for one job). Without a browser: the
// page's guard over the clicks, and the strip it draws while the stop is on its way.
import { describe, expect, it } from "vitest";
import type { AgentSessionView } from "../src/shared/agent-view.js";
import type { MessageView } from "../src/shared/api.js";
import { textOf, type VNode } from "../web/dom/vnode.js";
import { renderSession } from "../web/render/agent-session.js";
import { createSessionStops } from "../web/ui/session-stops.js";

const find = (node: VNode, testid: string): VNode[] => [
  ...(node.attrs["data-testid"] === testid ? [node] : []),
  ...node.children.flatMap((child) => (typeof child === "string" ? [] : find(child, testid))),
];

const working: AgentSessionView = { status: "processing", title: "Image: a paper boat", stopButton: true };
const root = (session: AgentSessionView, ts = "1795935152.327000"): MessageView => ({
  ts,
  channel: "DU0ALICE",
  user: "U0ALICE",
  authorName: "Alice",
  fromBot: false,
  text: "image a paper boat",
  files: [],
  ephemeral: false,
  replyCount: 1,
  edited: false,
  session,
});

function recorder() {
  const sent: string[] = [];
  const failures: unknown[] = [];
  let refuse: Error | undefined;
  const stops = createSessionStops({
    send: async (message) => {
      sent.push(message.ts);
      if (refuse) throw refuse;
    },
    failed: (error) => failures.push(error),
  });
  return { stops, sent, failures, refuseWith: (error: Error) => (refuse = error) };
}

describe("Stop on an agent session", () => {
  it("sends one stop for a double click, and for Stop clicked again on the thread pane's copy of the root", () => {
    const { stops, sent } = recorder();
    stops.stop(root(working));
    stops.stop(root(working));
    // A progress update redraws the root (its status line moved): still the same stop on its way.
    const redrawn = root({ ...working, statusLine: "is generating an image… 41%" });
    expect(stops.stopping(redrawn)).toBe(true);
    stops.stop(redrawn);
    expect(sent).toEqual(["1795935152.327000"]);
  });

  it("offers Stop again once the session left processing, for the next request in the same thread", () => {
    const { stops, sent } = recorder();
    stops.stop(root(working));
    expect(stops.stopping(root({ status: "active", title: working.title, stopButton: false }))).toBe(false);
    // "make it more blue" in the thread: the session works again, and its Stop must reach the bot.
    expect(stops.stopping(root(working))).toBe(false);
    stops.stop(root(working));
    expect(sent).toHaveLength(2);
  });

  it("keeps each thread's Stop apart", () => {
    const { stops, sent } = recorder();
    stops.stop(root(working, "1.000100"));
    stops.stop(root(working, "2.000200"));
    expect(sent).toEqual(["1.000100", "2.000200"]);
  });

  it("lets the person click again when the stop was refused, and says so", async () => {
    const { stops, sent, failures, refuseWith } = recorder();
    refuseWith(new Error("app_did_not_ack"));
    stops.stop(root(working));
    await expect.poll(() => failures.length).toBe(1);
    expect(stops.stopping(root(working))).toBe(false);
    stops.stop(root(working));
    expect(sent).toHaveLength(2);
  });

  it("draws Stop disabled, reading Stopping…, while the stop is on its way", () => {
    const strip = renderSession(working, { botName: "Studio", onStop: () => undefined, stopping: true });
    const [stop] = find(strip, "agent-session-stop");
    expect(stop?.attrs.disabled).toBe(true);
    expect(textOf(stop ?? [])).toBe("Stopping…");
    const idle = renderSession(working, { botName: "Studio", onStop: () => undefined });
    expect(find(idle, "agent-session-stop")[0]?.attrs.disabled).toBe(false);
  });

  it("disables the clicked button at once, before any redraw", () => {
    const clicks: string[] = [];
    const strip = renderSession(working, { botName: "Studio", onStop: () => clicks.push("stop") });
    const [stop] = find(strip, "agent-session-stop");
    const label = { textContent: "Stop" };
    const button = { disabled: false, lastChild: label };
    stop?.on?.click?.({ currentTarget: button } as unknown as Event);
    expect(clicks).toEqual(["stop"]);
    expect(button).toEqual({ disabled: true, lastChild: { textContent: "Stopping…" } });
  });
});
