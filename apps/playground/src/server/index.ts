// @studio-kit/playground's server: the stand-in Slack in the browser, with the bot, the sandbox and a board view.

export type { ChangeTracker, Timers, VersionSource } from "./changes.js";
export { createChangeTracker } from "./changes.js";
export type { Env } from "./config.js";
export { hasSlackCredentials, standInConfig } from "./config.js";
export { HttpError } from "./http/errors.js";
export type { Outgoing } from "./outgoing.js";
export { classifyOutgoing, mentionsBot, withMentionTags } from "./outgoing.js";
export type { Playground, PlaygroundOptions } from "./playground.js";
export { startPlayground } from "./playground.js";
export type { StartupFacts } from "./startup.js";
export { startupLines } from "./startup.js";
export { BOT, CHANNELS, PEOPLE, TEAM_NAME, USER_GROUPS } from "./workspace.js";
