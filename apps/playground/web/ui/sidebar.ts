// The aubergine sidebar: workspace name, who you are (the user switcher, to try access rules and quotas by hand),
// the channels, and the direct message with the bot.

import type { Channel, Workspace } from "../../src/shared/api.js";
import { h, mount } from "../dom/vnode.js";

/** Which conversation the sidebar marks. */
export interface SidebarSelection {
  user: string;
  channel: string;
}

/**
 * The direct messages to list for `user`: their own DM with the bot (the sim names it `D` + user id, see
 * slack-sim's dmIdOf). When none matches that rule, every DM is listed rather than none.
 */
export function dmsFor(workspace: Workspace, user: string): Channel[] {
  const dms = workspace.channels.filter((channel) => channel.kind === "dm");
  const own = dms.filter((channel) => channel.id === `D${user}` || channel.name === user);
  return own.length ? own : dms;
}

/** The conversation to open for a user: the current one if they can see it, else their DM or the first channel. */
export function channelFor(workspace: Workspace, user: string, wanted: string | undefined): string | undefined {
  const channels = workspace.channels.filter((channel) => channel.kind === "channel");
  const dms = dmsFor(workspace, user);
  const wantedChannel = workspace.channels.find((channel) => channel.id === wanted);
  if (wantedChannel?.kind === "channel") return wantedChannel.id;
  if (wantedChannel?.kind === "dm") return dms[0]?.id ?? channels[0]?.id;
  return channels[0]?.id ?? dms[0]?.id;
}

/** The label of a conversation: "general" for a channel, the bot's name for a DM with it. */
export function conversationName(workspace: Workspace, channel: Channel): string {
  return channel.kind === "dm" ? workspace.bot.name : channel.name.replace(/^#/, "");
}

export interface Sidebar {
  render(selection: SidebarSelection): void;
}

/** Wires the sidebar's static markup (index.html) to the workspace. */
export function createSidebar(options: {
  doc: Document;
  workspace: Workspace;
  onUser(id: string): void;
  onChannel(id: string): void;
}): Sidebar {
  const { doc, workspace } = options;
  const byId = (id: string) => doc.getElementById(id) as HTMLElement;
  byId("workspace-name").textContent = workspace.team;
  byId("workspace-mode").textContent = `Slack ${workspace.slack} · studio ${workspace.studio}`;
  byId("access-summary").textContent = workspace.access.summary;
  const switcher = byId("user-switcher") as HTMLSelectElement;
  switcher.replaceChildren(
    ...workspace.people.map((person) =>
      mount(
        h("option", { value: person.id }, person.realName ? `${person.realName} (${person.name})` : person.name),
        doc,
      ),
    ),
  );
  switcher.addEventListener("change", () => options.onUser(switcher.value));

  const item = (channel: Channel, current: boolean) => {
    const dm = channel.kind === "dm";
    const attrs = {
      type: "button",
      class: `channel-item${current ? " is-current" : ""}${!dm && !channel.member ? " is-muted" : ""}`,
      "data-testid": `channel-${channel.id}`,
      "data-channel-id": channel.id,
      "aria-current": current ? "page" : undefined,
      title: !dm && !channel.member ? `${workspace.bot.name} is not in this channel` : undefined,
    };
    const label = dm
      ? [
          h("span", { class: "presence", "aria-hidden": "true" }),
          conversationName(workspace, channel),
          h("span", { class: "badge" }, "APP"),
        ]
      : [h("span", { class: "hash", "aria-hidden": "true" }, "#"), conversationName(workspace, channel)];
    return h("li", {}, h("button", attrs, label, { on: { click: () => options.onChannel(channel.id) } }));
  };

  return {
    render(selection) {
      switcher.value = selection.user;
      const channels = workspace.channels.filter((channel) => channel.kind === "channel");
      byId("channels").replaceChildren(...channels.map((c) => mount(item(c, c.id === selection.channel), doc)));
      byId("dms").replaceChildren(
        ...dmsFor(workspace, selection.user).map((c) => mount(item(c, c.id === selection.channel), doc)),
      );
    },
  };
}
