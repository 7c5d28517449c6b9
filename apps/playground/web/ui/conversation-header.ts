// The channel header: the conversation's name, "Studio is not in this channel" where the bot is not a member, and
// the Messages / Home tabs in the direct message with the bot (arrow keys move between them, as in a tablist).

import type { Channel, Workspace } from "../../src/shared/api.js";
import { conversationName } from "./sidebar.js";

export type Tab = "messages" | "home";

export interface ConversationHeader {
  render(channel: Channel | undefined, tab: Tab): void;
}

export function createConversationHeader(options: {
  doc: Document;
  workspace: Workspace;
  onTab(tab: Tab): void;
}): ConversationHeader {
  const { doc, workspace } = options;
  const byId = (id: string) => doc.getElementById(id) as HTMLElement;
  const title = byId("channel-title");
  const note = byId("channel-note");
  const tabs = byId("tabs");
  const tabButtons: Record<Tab, HTMLElement> = { messages: byId("tab-messages"), home: byId("tab-home") };
  for (const [tab, button] of Object.entries(tabButtons) as [Tab, HTMLElement][]) {
    button.addEventListener("click", () => options.onTab(tab));
    button.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      const other: Tab = tab === "messages" ? "home" : "messages";
      options.onTab(other);
      tabButtons[other].focus();
    });
  }
  return {
    render(channel, tab) {
      const dm = channel?.kind === "dm";
      title.textContent = channel ? `${dm ? "" : "# "}${conversationName(workspace, channel)}` : "";
      const away = channel?.kind === "channel" && !channel.member;
      note.hidden = !away;
      note.textContent = away ? `${workspace.bot.name} is not in this channel` : "";
      tabs.hidden = !dm;
      for (const [name, button] of Object.entries(tabButtons) as [Tab, HTMLElement][]) {
        const selected = dm && name === tab;
        button.setAttribute("aria-selected", String(selected));
        button.tabIndex = selected || (!dm && name === "messages") ? 0 : -1;
      }
    },
  };
}
