// A thread's agent session as Slack's agent view shows it on the thread (https://docs.slack.dev/ai/agent-sessions/):
// its status, its title (for recall) and, while the agent works, the status line and the stop button; without the
// app's subscription to agent_session_stopped "a non-interactive loading indicator instead"
// (https://docs.slack.dev/reference/events/agent_session_stopped/). Plain functions over the session (tested without
// a DOM); the click goes to the page (ui/page.ts), which calls POST /api/agent/stop.

import type { AgentSessionStatus, AgentSessionView } from "../../src/shared/agent-view.js";
import { h, type VNode } from "../dom/vnode.js";
import { statusText } from "./assistant.js";
import { decodeEntities } from "./mrkdwn-parse.js";

/** The status in words, as the session's chip shows it. */
export const SESSION_STATUS_LABELS: Record<AgentSessionStatus, string> = {
  processing: "Working",
  active: "Active",
  suspended: "Suspended",
  closed: "Closed",
};

/** What the chip says for a status the page does not know (a newer Slack): the status itself. */
export const sessionStatusLabel = (status: string): string =>
  SESSION_STATUS_LABELS[status as AgentSessionStatus] ?? status;

/** The session's strip: the status chip, the title, and while processing the status line and Stop (or the dots). */
export function renderSession(
  session: AgentSessionView,
  options: { botName: string; onStop?: () => void; stopping?: boolean },
): VNode {
  const processing = session.status === "processing";
  const line = processing ? statusText(options.botName, session.statusLine ?? "") : "";
  // The first loading message: the strip is redrawn only when the session changes, so it does not rotate them.
  const loading = line && session.loadingMessages?.[0] ? decodeEntities(session.loadingMessages[0]) : undefined;
  // A plain string the app escaped (&amp; &lt; &gt;), shown decoded as Slack shows it (statusText decodes the line).
  const title = session.title ? decodeEntities(session.title) : undefined;
  const working = processing
    ? session.stopButton && options.onStop
      ? h(
          "button",
          {
            type: "button",
            class: "btn btn-small agent-session-stop",
            "data-testid": "agent-session-stop",
            title: `Stop ${options.botName}`,
            "aria-label": `Stop ${options.botName}${title ? `: ${title}` : ""}`,
            // Clicked already: the bot has not moved the session on yet, and one stop is all Slack sends.
            disabled: options.stopping === true,
          },
          [h("span", { class: "agent-stop-square", "aria-hidden": "true" }), options.stopping ? "Stopping…" : "Stop"],
          {
            on: {
              click: (event) => {
                // The list redraws a message only when it changes: this button goes quiet now, not at the redraw.
                const button = event.currentTarget as HTMLButtonElement | null;
                if (button && "disabled" in button) {
                  button.disabled = true;
                  if (button.lastChild) button.lastChild.textContent = "Stopping…";
                }
                options.onStop?.();
              },
            },
          },
        )
      : // No subscription to the stop event: Slack shows a loading indicator that cannot be clicked.
        h(
          "span",
          {
            class: "typing-dots agent-session-loading",
            role: "img",
            "aria-label": `${options.botName} is working`,
            "data-testid": "agent-session-loading",
          },
          [h("span"), h("span"), h("span")],
        )
    : null;
  return h(
    "div",
    {
      class: `agent-session agent-session-${session.status}`,
      "data-testid": "agent-session",
      "data-status": session.status,
    },
    [
      h("div", { class: "agent-session-head" }, [
        h(
          "span",
          { class: "agent-session-status", "data-testid": "agent-session-status" },
          sessionStatusLabel(session.status),
        ),
        h(
          "span",
          { class: "agent-session-title", "data-testid": "agent-session-title", title: title ?? "" },
          title ?? "Untitled",
        ),
        working,
      ]),
      line
        ? h("div", { class: "agent-session-line", "data-testid": "agent-session-line" }, [
            h("span", { class: "agent-session-line-text" }, line),
            loading ? h("span", { class: "assistant-loading" }, loading) : null,
          ])
        : null,
    ],
  );
}
