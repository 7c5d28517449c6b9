// The Slack bot: the Bolt app factory, and the decisions layer (plain functions the listeners call, and the tests
// call without Slack).

// The grammar and checks are @studio-kit/commands'; the bot re-exports what its callers and tests use, with the
// functions that name the command bound to `/studio` (commands/slack-grammar.ts).
export type {
  Catalog,
  CatalogModel,
  CheckResult,
  Command,
  CommandWord,
  CreditsDecision,
  CreditsVerdict,
  GenerationCommand,
  GenerationKind,
  ImageCommand,
  InfoCommand,
  MusicCommand,
  OptionProblem,
  ParseError,
  ParseErrorCode,
  ParseResult,
  Preset,
  RatioCheck,
  VideoCommand,
  VoiceCommand,
} from "@studio-kit/commands";
export {
  checkRatio,
  creditsDecision,
  estimateCost,
  isGeneration,
  MAX_COUNT,
  RATIO_BOUNDS,
  SUGGESTED_RATIOS,
} from "@studio-kit/commands";
// What another process needs to run the bot as main.ts does (the local playground, apps/playground).
export type { BotApp, BotAppOptions } from "./app.js";
export { createBotApp } from "./app.js";
export type { Config, LogLevel, SlackSurface, StoreConfig } from "./config.js";
export { ConfigError, describeStore, readConfig } from "./config.js";
export type { AskReason, Intent, LikelyCommand } from "./intent/decide.js";
export { decideIntent } from "./intent/decide.js";
export type { AskIntent, TextReading } from "./intent/read-text.js";
export { readText } from "./intent/read-text.js";
export { checkOptions, parseCommand, parseMention } from "./intent/slack-grammar.js";
export { createLogger } from "./logger.js";
export {
  assistantGreeting,
  assistantStatus,
  assistantTitle,
  SUGGESTED_PROMPTS,
  type SuggestedPrompt,
} from "./messages/assistant.js";
export type { Block, SlackMessage } from "./messages/blocks.js";
export { confirmSpendMessage, creditsMessage, notEnoughCreditsMessage } from "./messages/credits.js";
export { failedMessage, invalidOptionsMessage, inviteHintMessage, parseErrorMessage } from "./messages/errors.js";
export { helpMessage } from "./messages/help.js";
export type { ActionId } from "./messages/ids.js";
export { ACTIONS } from "./messages/ids.js";
export { assetsMessage, boardsMessage, modelsMessage, presetsMessage } from "./messages/lists.js";
export type { ProgressStatus } from "./messages/progress.js";
export { progressMessage, statusText, withStatus } from "./messages/progress.js";
export { replyFor } from "./messages/reply.js";
export type { ResultAsset, ResultContext, SlackFileRef } from "./messages/results.js";
export { audioResultsMessage, imageResultsMessage, videoResultsMessage } from "./messages/results.js";
export { startTracing, type Tracing, type TracingOptions } from "./ops/tracing/sdk.js";
export type { MethodLimit, PacedMethod, SlackPacer, SlackPacerOptions } from "./services/slack-pacer.js";
export { createSlackPacer, SLACK_LIMITS } from "./services/slack-pacer.js";
// How the platform's boards and assets are linked (decision 0021): the playground offers the same links to share.
export { assetWebUrl, boardWebUrl, readStudioLink, type StudioLink, studioWebBase } from "./services/studio-links.js";
export { openStore } from "./store/open.js";
export { openPostgresStore } from "./store/postgres/open.js";
export { openSqliteStore } from "./store/sqlite/open.js";
export type { BotStore, JobRecord, Lease } from "./store/types.js";
export { LeaseLostError } from "./store/types.js";
