// The agent view (the bot's default surface, its manifest's features.agent_view): Slack's agent messaging experience,
// where the bot's DM, its Messages tab, is the conversation (https://docs.slack.dev/ai/migrating-to-agent-messaging/).
// The page draws it in the DM itself: opening the Messages tab tells the bot (`app_home_opened`, tab `messages`, which
// replaces `assistant_thread_started`), the prompts the bot pinned there show above the messages (a click sends the
// prompt's message as the person's, starting a thread), and each thread's root carries its agent session
// (render/agent-session.ts), whose Stop this module sends. The assistant pane is not offered: an agent_view app has
// no assistant container.

import type { AgentViewState } from "../../src/shared/agent-view.js";
import type { MessageView, Workspace } from "../../src/shared/api.js";
import type { AgentApi } from "../agent-api.js";
import { h, mount } from "../dom/vnode.js";
import { renderPrompts } from "../render/assistant.js";
import { createSessionStops } from "./session-stops.js";
import { errorText } from "./toast.js";

export interface AgentView {
  /** Whether the page draws the agent view in `channel` for `user`: the bot's surface is agent and it is their DM. */
  isAgentDm(user: string, channel: string): boolean;
  /** The person shows their DM's Messages tab: Slack tells the app, as it does on every visit. */
  opened(user: string): void;
  /** Draws the DM's pinned prompts (`agent` of the DM's state), or hides them (`undefined`: another conversation). */
  update(agent: AgentViewState | undefined): void;
  /** A click on a session's Stop, on the thread rooted at `message`: sent once until the session moves on. */
  stop(message: MessageView): void;
  /** Whether that session's Stop was clicked and the bot has not moved the session on yet. */
  stopping(message: MessageView): boolean;
  /** Shows or hides the pinned prompts with the Messages tab (the Home tab has none). */
  show(visible: boolean): void;
}

export function createAgentView(options: {
  doc: Document;
  api: AgentApi;
  workspace: Workspace;
  /** The strip above the message list where the pinned prompts go. */
  pinned: HTMLElement;
  user(): string;
  /** Sends a pinned prompt's message as the person's, at the DM's top level (a new thread). */
  send(text: string): Promise<void>;
  toast(message: string): void;
}): AgentView {
  const { doc, api, workspace, pinned } = options;
  const agent = workspace.surface === "agent";
  // The DM with the bot of a person: the workspace lists it as `D<user>` (workspace.ts).
  const dmOf = (user: string) => `D${user}`;
  let sending = false;
  let visible = true;
  let shown: AgentViewState["pinnedPrompts"];
  const stops = createSessionStops({
    send: (message) => {
      const user = options.user();
      const channel = message.channel === dmOf(user) ? {} : { channel: message.channel };
      return api.stop({ user, threadTs: message.ts, ...channel });
    },
    failed: (error) => options.toast(`Stop did not reach ${workspace.bot.name}: ${errorText(error)}`),
  });

  const draw = () => {
    const nodes = renderPrompts(shown, {
      disabled: sending,
      onPick: (prompt) => {
        sending = true;
        draw();
        options
          .send(prompt.message)
          .catch((error: unknown) => options.toast(`That did not send: ${errorText(error)}`))
          .finally(() => {
            sending = false;
            draw();
          });
      },
    });
    // The bot's own title for the list, when it gave one, names the strip (renderPrompts draws it).
    const label = shown?.title ? [] : [h("p", { class: "assistant-prompts-title" }, "Pinned prompts")];
    pinned.replaceChildren(...(nodes.length ? [...label, ...nodes] : []).map((node) => mount(node, doc)));
    pinned.hidden = !visible || nodes.length === 0;
  };

  return {
    isAgentDm: (user, channel) => agent && channel === dmOf(user),
    opened(user) {
      if (!agent) return;
      // Best effort, as Slack's own event is: the DM works without the bot's prompts and greeting.
      void api
        .open({ user })
        .catch((error: unknown) => options.toast(`Studio did not hear you open the DM: ${errorText(error)}`));
    },
    update(state) {
      const next = state?.pinnedPrompts;
      if (JSON.stringify(next) === JSON.stringify(shown)) return;
      shown = next;
      draw();
    },
    show(next) {
      if (next === visible) return;
      visible = next;
      draw();
    },
    stop: (message) => stops.stop(message),
    stopping: (message) => stops.stopping(message),
  };
}
