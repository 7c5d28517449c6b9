// @studio-kit/slack-sim: a local stand-in for Slack that drives a real Bolt app over HTTP or Socket Mode.

export type {
  AssistantContextInput,
  AssistantMessageInput,
  ChangeAssistantContextInput,
  OpenAssistantInput,
  OpenAssistantResult,
} from "./actions/assistant.js";
export { ASSISTANT_THREAD_ROOT_TEXT } from "./actions/assistant.js";
export type { CloseViewInput, CloseViewResult } from "./actions/close-view.js";
export type { CommandInput, CommandResult } from "./actions/command.js";
export type { Delivery } from "./actions/deliver.js";
export type { ClickEntityActionInput } from "./actions/entity-action.js";
export type { EventResult, MessageInput, MessageNotSent, MessageResult, MessageSent } from "./actions/events.js";
export { deliveredEvent } from "./actions/events.js";
export type {
  ManifestFunction,
  ManifestFunctionParameter,
  RunFunctionInput,
  RunFunctionResult,
} from "./actions/function.js";
export type { ClickInput, InteractionResult, SubmitInput, SubmitResult } from "./actions/interactions.js";
export type { AnswerInviteInput, AnswerInviteResult } from "./actions/invite.js";
export type {
  OpenEntityDetailsInput,
  OpenEntityDetailsResult,
  ShareLinkInput,
  ShareLinkResult,
} from "./actions/links.js";
export type {
  GlobalShortcutInput,
  ManifestShortcut,
  MessageShortcutInput,
  MessageShortcutResult,
  ShortcutResult,
} from "./actions/shortcut.js";
export type { StopAgentSessionInput, StopAgentSessionResult } from "./actions/stop-session.js";
export type { SuggestedOption, SuggestInput, SuggestResult } from "./actions/suggest.js";
export { DEFAULT_MIN_QUERY_LENGTH } from "./actions/suggest.js";
export {
  AGENT_SESSION_STATUSES,
  AGENT_SESSION_STOPPED_EVENT,
  MISSING_STOPPED_SUBSCRIPTION_WARNING,
} from "./agent-sessions-state.js";
export { AGENT_SESSION_LIMITS } from "./api/agent-sessions.js";
export { ASSISTANT_LIMITS } from "./api/assistant.js";
export { DETAILS_ERROR_STATUSES, ENTITY_TYPES } from "./api/entity-check.js";
export type { SimFunctionExecution, SimFunctionParameter } from "./api/functions.js";
export { STATUS_TIMEOUT_MS } from "./assistant-state.js";
export type { SlackSimErrorCode } from "./errors.js";
export { SlackSimError } from "./errors.js";
export { INVITE_PROMPT_ACTIONS, SLACKBOT_USER_ID } from "./invite-prompts.js";
export type { SentMcpRequest, SlackbotSigning } from "./mcp/signed-fetch.js";
export type {
  ReplayOutcome,
  SimSlackbot,
  SlackbotCallOutcome,
  SlackbotPerson,
  SlackbotToolCall,
} from "./mcp/slackbot.js";
export type { ChannelBucket, RateLimit, RateLimitTable } from "./rate-limits.js";
export { describeRateLimit, SLACK_RATE_LIMITS, SLACK_RATE_TIERS } from "./rate-limits.js";
export type { ChannelRateStats, MethodRateStats, RateStats } from "./rate-stats.js";
export type { SlackRetry } from "./signing.js";
export { signSlackRequest, slackHeaders } from "./signing.js";
export type { SlackSim, SlackSimOptions } from "./sim.js";
export { createSlackSim } from "./sim.js";
export { SOCKET_ACK_TIMEOUT_MS } from "./socket-mode/index.js";
export { EVENT_RETRIES } from "./socket-mode/transport.js";
export type {
  DisconnectReason,
  SimEnvelope,
  SimSocketConnection,
  SimSocketMode,
  SocketEnvelopeType,
  SocketModeOptions,
} from "./socket-mode/types.js";
export type { AppView } from "./state.js";
export { RESPONSE_URL_LIMITS, SIM_WORKSPACE, TRIGGER_LIFETIME_MS } from "./state.js";
export { STREAM_LIMITS } from "./stream-chunks.js";
export { STREAM_LIFETIME_MS } from "./stream-state.js";
export type {
  AgentSessionStatus,
  AssistantContext,
  AssistantPrompt,
  Block,
  Fault,
  FeedbackSide,
  MessageMetadata,
  SharedFileInput,
  SimAgentSession,
  SimAgentSessionStop,
  SimAssistantThread,
  SimCall,
  SimChannel,
  SimDownload,
  SimEntity,
  SimEntityDetails,
  SimFile,
  SimMessage,
  SimStream,
  SimStreamTask,
  SimUnfurl,
  SimUser,
  SimView,
  StreamChunk,
  StreamTaskStatus,
  SuggestedPrompts,
  View,
} from "./types.js";
export type { Validation } from "./validate.js";
export { validateMessage, validateView } from "./validate.js";
