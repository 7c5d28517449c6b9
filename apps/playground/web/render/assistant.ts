// The assistant pane's own parts, as plain functions over the thread's state (tested without a DOM): the title,
// the status line Slack shows under the thread while the app works, and the suggested prompts as chips.

import type { AssistantPromptView, AssistantThreadState } from "../../src/shared/api.js";
import { h, type VNode } from "../dom/vnode.js";
import { decodeEntities } from "./mrkdwn-parse.js";

/** What the pane's header says until the bot titles the thread (Slack names a fresh thread so too). */
export const UNTITLED = "New chat";

// The title, the status and the loading messages are plain strings the app escapes as Slack asks of every text it
// sends (&amp; &lt; &gt;: https://api.slack.com/reference/surfaces/formatting#escaping); Slack shows them decoded,
// so a prompt "a <b>bold</b> fox" titles the thread as typed, not "a &lt;b&gt;bold…".

/** The thread's title for the pane's header. */
export const threadTitle = (state: Pick<AssistantThreadState, "title"> | undefined): string =>
  decodeEntities(state?.title?.trim() ?? "") || UNTITLED;

/**
 * The status line as Slack prints it: the app's name, then the status the app set ("Studio is generating an
 * image…"). Empty when there is no status.
 */
export function statusText(botName: string, status: string): string {
  const said = decodeEntities(status.trim());
  return said ? `${botName} ${said}` : "";
}

/** The loading message to show at `tick` (Slack rotates through them while the status shows). */
export function loadingMessageAt(messages: readonly string[] | undefined, tick: number): string | undefined {
  if (!messages?.length) return undefined;
  return messages[((tick % messages.length) + messages.length) % messages.length];
}

/** The status line's content: three pulsing dots, then the status and under it the current loading message. */
export function renderStatus(botName: string, status: string, loading: string | undefined): VNode[] {
  const text = statusText(botName, status);
  if (!text) return [];
  return [
    h("span", { class: "typing-dots", "aria-hidden": "true" }, [h("span"), h("span"), h("span")]),
    h("span", { class: "assistant-status-lines" }, [
      h("span", { class: "assistant-status-text", "data-testid": "assistant-status-text" }, text),
      loading
        ? h("span", { class: "assistant-loading", "data-testid": "assistant-loading" }, decodeEntities(loading))
        : null,
    ]),
  ];
}

/** The suggested prompts as chips; a click sends the prompt's message (as Slack does), not its title. */
export function renderPrompts(
  prompts: { title?: string; prompts: AssistantPromptView[] } | undefined,
  options: { disabled: boolean; onPick(prompt: AssistantPromptView): void },
): VNode[] {
  if (!prompts?.prompts.length) return [];
  return [
    prompts.title ? h("p", { class: "assistant-prompts-title" }, prompts.title) : null,
    h(
      "div",
      { class: "assistant-chips" },
      prompts.prompts.map((prompt) =>
        h(
          "button",
          {
            type: "button",
            class: "assistant-chip",
            "data-testid": "assistant-prompt",
            title: prompt.message,
            disabled: options.disabled,
          },
          prompt.title,
          { on: { click: () => options.onPick(prompt) } },
        ),
      ),
    ),
  ].filter((node): node is VNode => node !== null);
}
