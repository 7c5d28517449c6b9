// A streamed message's own part (chat.startStream / appendStream / stopStream): the plan's title, its tasks with
// their status, the streamed text, and "streaming" while the stream is open. The message's blocks (those sent
// through chunks, then chat.stopStream's) are drawn under it by message.ts.
// https://docs.slack.dev/reference/methods/chat.startStream ("plan task updates render together in a plan block")

import type { StreamTaskView, StreamView } from "../../src/shared/api.js";
import { h, type VNode } from "../dom/vnode.js";
import type { TextContext } from "./context.js";
import { renderMrkdwn } from "./mrkdwn.js";

// Text symbols, not emoji: the page must read the same where no emoji font is installed (headless Chromium here).
const SYMBOLS: Record<StreamTaskView["status"], string> = {
  pending: "○",
  in_progress: "◐",
  complete: "✓",
  error: "✕",
};
const WORDS: Record<StreamTaskView["status"], string> = {
  pending: "pending",
  in_progress: "in progress",
  complete: "complete",
  error: "error",
};

/**
 * Slack's `markdown_text` is Markdown (`**bold**`, `[label](url)`), the page's text renderer reads mrkdwn
 * (`*bold*`, `<url|label>`): the common forms are translated, anything else shows as typed.
 */
export function markdownToMrkdwn(markdown: string): string {
  const BOLD = "\u0000";
  return markdown
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, "<$2|$1>")
    .replace(/\*\*(.+?)\*\*/g, `${BOLD}$1${BOLD}`)
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?!\w)/g, "$1_$2_")
    .replace(/~~(.+?)~~/g, "~$1~")
    .replace(/^#{1,6}\s+(.+)$/gm, `${BOLD}$1${BOLD}`)
    .replaceAll(BOLD, "*");
}

/**
 * Whether a task reads as failed: an error, or [reported] a task still pending or in progress when the stream
 * stopped (people report Slack then marks it with its error sign).
 */
const unfinished = (task: StreamTaskView, stream: StreamView): boolean =>
  stream.state === "stopped" && (task.status === "pending" || task.status === "in_progress");

function renderTask(task: StreamTaskView, stream: StreamView, ctx: TextContext): VNode {
  const left = unfinished(task, stream);
  const shown = left ? "error" : task.status;
  return h(
    "li",
    {
      class: `stream-task stream-task-${shown}`,
      "data-testid": "stream-task",
      "data-task-id": task.id,
      "data-status": task.status,
    },
    [
      h("span", { class: "stream-task-symbol", "aria-hidden": "true" }, SYMBOLS[shown]),
      h("span", { class: "stream-task-body" }, [
        h("span", { class: "stream-task-title" }, task.title),
        h("span", { class: "stream-task-status" }, left ? "not finished" : WORDS[task.status]),
        task.details
          ? h("div", { class: "stream-task-details mrkdwn" }, renderMrkdwn(markdownToMrkdwn(task.details), ctx))
          : null,
        task.output
          ? h("div", { class: "stream-task-output mrkdwn" }, renderMrkdwn(markdownToMrkdwn(task.output), ctx))
          : null,
      ]),
    ],
  );
}

/** The streamed part of a message. */
export function renderStream(stream: StreamView, ctx: TextContext): VNode {
  const open = stream.state === "streaming";
  return h(
    "div",
    { class: `stream stream-${stream.displayMode}`, "data-testid": "stream", "data-stream-state": stream.state },
    [
      stream.planTitle
        ? h("div", { class: "stream-plan-title", "data-testid": "stream-plan-title" }, stream.planTitle)
        : null,
      stream.tasks.length > 0
        ? h(
            "ol",
            { class: "stream-tasks", "data-testid": "stream-tasks" },
            stream.tasks.map((task) => renderTask(task, stream, ctx)),
          )
        : null,
      stream.text
        ? h(
            "div",
            { class: "stream-text mrkdwn", "data-testid": "stream-text" },
            renderMrkdwn(markdownToMrkdwn(stream.text), ctx),
          )
        : null,
      open ? h("div", { class: "stream-live", "data-testid": "stream-state", role: "status" }, "streaming") : null,
    ],
  );
}
