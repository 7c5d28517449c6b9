// Names for mentions (`<@U…>` → @alice, `<#C…>` → #general) from the workspace, and the browser's clock and zone
// for dates.

import type { Workspace } from "../../src/shared/api.js";
import type { TextContext } from "../render/context.js";

/** The text context of a workspace. */
export function createTextContext(workspace: Workspace, now: () => number = Date.now): TextContext {
  const people = new Map(workspace.people.map((person) => [person.id, person.name || person.realName]));
  people.set(workspace.bot.id, workspace.bot.name);
  const channels = new Map(workspace.channels.map((channel) => [channel.id, channel.name]));
  return {
    userName: (id) => people.get(id),
    channelName: (id) => channels.get(id)?.replace(/^#/, ""),
    dates: () => ({ now: now() }),
  };
}
