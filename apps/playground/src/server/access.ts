// The line the page shows about who may generate, read from the bot's own configuration (STUDIO_ALLOWED_*,
// quotas), with people and channels named as the page names them.
import type { Config } from "@studio-kit/slack-bot";
import type { Workspace } from "../shared/api.js";
import { CHANNELS, PEOPLE, USER_GROUPS } from "./workspace.js";

const orList = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

function channelName(id: string): string {
  const channel = CHANNELS.find((each) => each.id === id);
  if (channel) return `#${channel.name}`;
  const person = PEOPLE.find((each) => `D${each.id}` === id);
  return person ? `${person.name}'s DM with the bot` : id;
}

/**
 * `{ restricted, summary }` for the Workspace: e.g. "Only Alice may generate (STUDIO_ALLOWED_USERS)", or
 * "Everyone may generate"; quotas are added when set.
 */
export function accessSummary(config: Pick<Config, "access" | "limits">): Workspace["access"] {
  const { users, groups, channels } = config.access;
  const who: string[] = [
    ...users.map((id) => PEOPLE.find((person) => person.id === id)?.name ?? id),
    ...groups.map((id) => `members of @${USER_GROUPS.find((group) => group.id === id)?.handle ?? id}`),
    ...channels.map((id) => `anyone in ${channelName(id)}`),
  ];
  const variables = [
    users.length ? "STUDIO_ALLOWED_USERS" : "",
    groups.length ? "STUDIO_ALLOWED_GROUPS" : "",
    channels.length ? "STUDIO_ALLOWED_CHANNELS" : "",
  ].filter(Boolean);
  const restricted = who.length > 0;
  const parts = [restricted ? `Only ${orList(who)} may generate (${variables.join(", ")})` : "Everyone may generate"];
  if (config.limits.userOutputsPerHour !== undefined) {
    parts.push(`${config.limits.userOutputsPerHour} outputs per person per hour (STUDIO_USER_HOURLY_LIMIT)`);
  }
  if (config.limits.dailyCredits !== undefined) {
    parts.push(`${config.limits.dailyCredits} credits a day for the workspace (STUDIO_DAILY_CREDIT_BUDGET)`);
  }
  return { restricted, summary: parts.join("; ") };
}
