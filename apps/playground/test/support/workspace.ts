// A workspace as GET /api/workspace describes it, for the page's tests that need one without a server: two people,
// #general (the bot in it), #random (the bot not in it), and each person's DM with the bot.
import type { Workspace } from "../../src/shared/api.js";

export const WORKSPACE: Workspace = {
  team: "Studio Playground",
  bot: { id: "U0SIMBOT1", name: "Studio" },
  people: [
    { id: "U0ALICE", name: "Alice", realName: "Alice Archer" },
    { id: "U0BOB", name: "Bob", realName: "Bob Baker" },
  ],
  channels: [
    { id: "C0GENERAL", name: "general", kind: "channel", member: true },
    { id: "C0RANDOM", name: "random", kind: "channel", member: false },
    { id: "DU0ALICE", name: "Studio (Alice)", kind: "dm", member: true },
    { id: "DU0BOB", name: "Studio (Bob)", kind: "dm", member: true },
  ],
  slack: "stand-in",
  studio: "sandbox",
  access: { restricted: false, summary: "Everyone may generate" },
  surface: "agent",
};
