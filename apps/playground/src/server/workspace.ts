// The stand-in workspace the page shows: its people, channels and user groups, seeded into slack-sim at start.
// Ids follow Slack's shapes (U..., C..., S..., D<user> for a DM with the bot: slack-sim's convention).
import type { SimChannel, SimUser, SlackSim } from "@studio-kit/slack-sim";
import { SIM_WORKSPACE, SLACKBOT_USER_ID } from "@studio-kit/slack-sim";
import type { Channel, Person } from "../shared/api.js";

export const TEAM_NAME = "Studio Playground";
export const BOT = { id: SIM_WORKSPACE.botUserId, name: "Studio" } as const;

/** The user switcher's choices: Alice first (the one to give admin-like rights, e.g. STUDIO_ALLOWED_USERS=U0ALICE). */
export const PEOPLE: readonly Person[] = [
  { id: "U0ALICE", name: "Alice", realName: "Alice Archer" },
  { id: "U0BOB", name: "Bob", realName: "Bob Baker" },
  { id: "U0CAROL", name: "Carol", realName: "Carol Chen" },
];

/** #general and #design have the bot in them; #random does not (the bot answers there through response_url only). */
export const CHANNELS: readonly SimChannel[] = [
  { id: "C0GENERAL", name: "general", member: true },
  { id: "C0DESIGN", name: "design", member: true },
  { id: "C0RANDOM", name: "random", member: false },
];

/** A user group, so that STUDIO_ALLOWED_GROUPS=S0DESIGN can be tried: Alice and Carol. */
export const USER_GROUPS = [{ id: "S0DESIGN", handle: "design-team", members: ["U0ALICE", "U0CAROL"] }] as const;

/** The people as slack-sim knows them: `name` is the Slack handle. */
export function simUsers(): SimUser[] {
  return PEOPLE.map((person) => ({ id: person.id, name: person.name.toLowerCase(), realName: person.realName }));
}

/** Seeds what the sim's constructor does not take: user groups, and each person's DM with the bot. */
export function seedSim(sim: SlackSim): void {
  for (const group of USER_GROUPS) sim.setUserGroup(group.id, group.members);
  for (const person of PEOPLE) sim.dm(person.id);
}

/** The person with this id, if they are one of the workspace's people. */
export const personOf = (id: string): Person | undefined => PEOPLE.find((person) => person.id === id);

/** The channels for the page: the sim's channels (membership as it is now), then each person's DM with the bot. */
export function workspaceChannels(sim: SlackSim): Channel[] {
  const known = new Map(sim.channels().map((channel) => [channel.id, channel]));
  const channels: Channel[] = CHANNELS.map((seeded) => ({
    id: seeded.id,
    name: seeded.name,
    kind: "channel",
    member: known.get(seeded.id)?.member ?? seeded.member,
  }));
  for (const person of PEOPLE) {
    channels.push({ id: sim.dm(person.id), name: `${BOT.name} (${person.name})`, kind: "dm", member: true });
  }
  return channels;
}

/** Whether `channel` is one the page may read or write in: a seeded channel or a person's DM with the bot. */
export function isKnownChannel(sim: SlackSim, channel: string): boolean {
  return CHANNELS.some((each) => each.id === channel) || PEOPLE.some((person) => sim.dm(person.id) === channel);
}

/**
 * The name the page shows for an author: "Studio" for the bot, "Slackbot" for Slack's own (its invite prompt), the
 * person's name, or the id for anyone else.
 */
export function authorName(sim: SlackSim, user: string, fromBot: boolean): string {
  if (fromBot || user === BOT.id) return BOT.name;
  if (user === SLACKBOT_USER_ID) return "Slackbot";
  return personOf(user)?.name ?? sim.users().find((each) => each.id === user)?.realName ?? user;
}
