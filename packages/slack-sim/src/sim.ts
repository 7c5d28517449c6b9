import {
  type AssistantMessageInput,
  type ChangeAssistantContextInput,
  type OpenAssistantInput,
  type OpenAssistantResult,
  sendAssistantContextChanged,
  sendAssistantMessage,
  sendAssistantOpened,
  sendMessagesOpened,
} from "./actions/assistant.js";
import { type CloseViewInput, type CloseViewResult, sendViewClosed } from "./actions/close-view.js";
import { type CommandInput, type CommandResult, sendCommand } from "./actions/command.js";
import type { DeliveryContext } from "./actions/deliver.js";
import { type ClickEntityActionInput, sendEntityActionClick } from "./actions/entity-action.js";
import {
  type EventLog,
  type EventResult,
  type MessageInput,
  type MessageResult,
  redeliver,
  sendHomeOpened,
  sendMessageEvent,
} from "./actions/events.js";
import {
  type RunFunctionInput,
  type RunFunctionResult,
  readExecutions,
  sendFunctionExecuted,
} from "./actions/function.js";
import {
  type ClickInput,
  type InteractionResult,
  type SubmitInput,
  type SubmitResult,
  sendClick,
  sendSubmit,
} from "./actions/interactions.js";
import { type AnswerInviteInput, type AnswerInviteResult, sendInviteAnswer } from "./actions/invite.js";
import {
  type OpenEntityDetailsInput,
  type OpenEntityDetailsResult,
  type ShareLinkInput,
  type ShareLinkResult,
  sendEntityDetailsRequested,
  sendLinkShared,
} from "./actions/links.js";
import {
  checkShortcuts,
  type GlobalShortcutInput,
  type ManifestShortcut,
  type MessageShortcutInput,
  type MessageShortcutResult,
  type ShortcutResult,
  sendGlobalShortcut,
  sendMessageShortcut,
} from "./actions/shortcut.js";
import {
  type StopAgentSessionInput,
  type StopAgentSessionResult,
  sendAgentSessionStop,
} from "./actions/stop-session.js";
import { type SuggestInput, type SuggestResult, sendSuggestion } from "./actions/suggest.js";
import { agentSessionsState, findSession, sessionSnapshot } from "./agent-sessions-state.js";
import type { SimFunctionExecution } from "./api/functions.js";
import { threadRecord, threadSnapshot } from "./assistant-state.js";
import { SlackSimError } from "./errors.js";
import { createHandler } from "./handler.js";
import { linkState } from "./link-state.js";
import { createSlackbot, type SimSlackbot } from "./mcp/slackbot.js";
import { createRateLimiter, type RateLimitTable, resolveRateLimits, SLACK_RATE_LIMITS } from "./rate-limits.js";
import { type RateStats, rateStats } from "./rate-stats.js";
import { type SimServer, startServer } from "./server.js";
import type { SlackRetry } from "./signing.js";
import { createSocketMode } from "./socket-mode/index.js";
import type { SimSocketMode, SocketModeOptions } from "./socket-mode/types.js";
import { type AppView, channelOf, createState, dmIdOf, isTopLevel, SIM_WORKSPACE } from "./state.js";
import { messageAsSeen } from "./stream-state.js";
import type {
  Fault,
  SimAgentSession,
  SimAgentSessionStop,
  SimAssistantThread,
  SimCall,
  SimChannel,
  SimDownload,
  SimEntityDetails,
  SimFile,
  SimMessage,
  SimUser,
  SimView,
  SuggestedPrompts,
  View,
} from "./types.js";

/** How to build a sim. */
export interface SlackSimOptions {
  /** The app's signing secret: every request the sim sends is signed with it. */
  signingSecret: string;
  /** The bot token the app uses; any other token gets `invalid_auth`. */
  botToken: string;
  /**
   * Where the app's HTTP receiver listens, e.g. `http://127.0.0.1:3001/slack/events`; a function when the port is
   * known late. Required unless `socketMode` is given.
   */
  appUrl?: string | (() => string);
  /**
   * Deliver over Socket Mode instead of HTTP: the app calls `apps.connections.open` with `appToken`, connects to
   * the WebSocket URL it gets (on the sim's server) and acks envelopes there (see the README). Default: HTTP.
   */
  socketMode?: SocketModeOptions;
  /** Milliseconds since the epoch. Default `Date.now`. Bolt refuses signatures more than 5 minutes stale, so keep it near real time. */
  clock?: { now(): number };
  /** Used to send requests to the app. Default the global fetch. */
  fetch?: typeof fetch;
  /** Default `C0GENERAL` (bot in it), `C0RANDOM` (bot not in it) and `C0PRIVATE` (private, bot in it). */
  channels?: SimChannel[];
  /** Known people; anyone else named by a test is made up on first sight. */
  users?: SimUser[];
  /**
   * Slack's per-method rate limits, on the sim's `clock`: `true` enforces `SLACK_RATE_LIMITS`, a table enforces
   * those with its entries replacing Slack's (e.g. `{ "chat.update": 5 }`). A call over its limit is answered
   * HTTP 429 `ratelimited` with `Retry-After` and not applied. Default off.
   */
  rateLimits?: boolean | Partial<RateLimitTable>;
  /**
   * Which AI surface the app's manifest turns on: `assistant` (`features.assistant_view`, the default: threads
   * start with `openAssistant`) or `agent` (`features.agent_view`: the DM is the conversation, opened with
   * `openMessages`; no assistant container, prompts set without `thread_ts`). See the README's "AI assistant".
   */
  view?: AppView;
  /**
   * The app's unfurl domains (manifest `features.unfurl_domains`): `shareLink` sends `link_shared` only for links on
   * them or their subdomains. Default: every domain.
   */
  unfurlDomains?: readonly string[];
  /**
   * The app's shortcuts (manifest `features.shortcuts`: `name`, `type` global | message, `callback_id`,
   * `description`): `shortcut` and `messageShortcut` send only these. Default none.
   */
  shortcuts?: readonly ManifestShortcut[];
  /**
   * Whether the app is declared as an agent in its app settings (what `features.agent_view` / `assistant_view`
   * come with): only agents may create agent sessions (https://docs.slack.dev/ai/agent-sessions/). Default true.
   */
  agent?: boolean;
  /**
   * The manifest's `settings.event_subscriptions.bot_events`. Today the sim holds only `agent_session_stopped` to it:
   * without it agents.sessions.setStatus warns `missing_agent_session_stopped_event_subscription` and a session shows
   * a loading indicator instead of the stop button. Default: every event.
   */
  botEvents?: readonly string[];
  /**
   * The app's MCP server for Slackbot (manifest `mcp_servers.<name>.url`, `auth_type: "slack_identity_auth"`), which
   * `sim.slackbot` calls. Default: `/mcp` on `appUrl`'s origin.
   */
  mcpUrl?: string | (() => string);
}

/** The sim: a Slack workspace that one app talks to. See the README for a walk-through. */
export interface SlackSim {
  /** Starts the HTTP face on a free loopback port (or `port`). */
  start(options?: { port?: number; host?: string }): Promise<{ url: string }>;
  close(): Promise<void>;
  /** The Web API base URL to give the app as `clientOptions.slackApiUrl` (ends with `/api/`). */
  readonly apiUrl: string;
  /** The fetch-style handler behind the server, for in-process use (e.g. as the WebClient's `fetch`). */
  handle(request: Request): Promise<Response>;

  command(input: CommandInput): Promise<CommandResult>;
  /**
   * `@bot` in a channel (or thread): the message, then `app_mention`; `files` are shared with it. Where the bot is not
   * a member, no event: `delivered: false` and Slackbot's invite prompt for the person (`invitePromptTs`).
   */
  mention(input: MessageInput): Promise<MessageResult>;
  /**
   * A message (in a DM with the bot when `channel` is `D<user>`): `message`, `subtype: "file_share"` with `files`.
   * Where the bot is not a member, no event (`delivered: false`).
   */
  message(input: MessageInput): Promise<MessageResult>;
  /**
   * The person answers Slackbot's invite prompt: Invite makes the bot a member (`member_joined_channel`) and sends
   * the mention's `app_mention`; Do Nothing (`invite: false`) sends nothing. Both take the prompt away.
   */
  answerInvite(input: AnswerInviteInput): Promise<AnswerInviteResult>;
  openHome(user: string): Promise<EventResult>;
  redeliver(eventId: string, retry: SlackRetry): Promise<EventResult>;
  click(input: ClickInput): Promise<InteractionResult>;
  submitView(input: SubmitInput): Promise<SubmitResult>;
  /**
   * The person runs a global shortcut from the composer's shortcut menu: `type: "shortcut"` with a fresh
   * `trigger_id` (https://api.slack.com/reference/interaction-payloads/shortcuts). Only declared ones (`shortcuts`).
   */
  shortcut(input: GlobalShortcutInput): Promise<ShortcutResult>;
  /**
   * The person runs a message shortcut from a message's "More actions": `type: "message_action"` with the message,
   * its channel, a `trigger_id` and a `response_url`. Only declared ones (`shortcuts`).
   */
  messageShortcut(input: MessageShortcutInput): Promise<MessageShortcutResult>;
  /** The shortcuts the app declares, as given in `SlackSimOptions.shortcuts` (what Slack's menus list). */
  shortcuts(): ManifestShortcut[];
  /** Typing into an `external_select`: `block_suggestion` to the app, answering the options it acked. */
  suggest(input: SuggestInput): Promise<SuggestResult>;
  /** Closes a modal (or the stack, `all`); `view_closed` goes to the app when the view set `notify_on_close`. */
  closeView(input: CloseViewInput): Promise<CloseViewResult>;
  /**
   * The person opens the bot's AI assistant container: a new thread in their DM with the bot (`dm(user)`), rooted
   * on Slack's `assistant_app_thread` message, then `assistant_thread_started` with `context` (`channelId`,
   * `teamId` (default the sim's team), `enterpriseId`).
   */
  openAssistant(input: OpenAssistantInput): Promise<OpenAssistantResult>;
  /** The person, with their assistant thread open, moves elsewhere in Slack: `assistant_thread_context_changed`. */
  changeAssistantContext(input: ChangeAssistantContextInput): Promise<EventResult>;
  /**
   * The person types in their assistant thread: their message, then a `message` event with `channel_type: "im"`
   * and `thread_ts` (what Bolt's Assistant routes to `userMessage`); `files` as in `message()`.
   */
  assistantMessage(input: AssistantMessageInput): Promise<EventResult>;
  /**
   * The person opens the app's DM (its Messages tab): `app_home_opened` with `tab: "messages"`, which in agent view
   * replaces `assistant_thread_started`. They then write there with `message({ channel: dm(user) })`.
   */
  openMessages(user: string): Promise<EventResult>;
  /**
   * The person posts a message with links: then `link_shared` with those on the app's unfurl domains
   * (https://docs.slack.dev/reference/events/link_shared). What the app unfurls them with (`chat.unfurl`, its
   * `unfurls` and Work Object `metadata.entities`) is on the message's `unfurls`, by URL.
   */
  shareLink(input: ShareLinkInput): Promise<ShareLinkResult>;
  /**
   * The person clicks the Work Object a link was unfurled with: `entity_details_requested` with a fresh trigger
   * (https://docs.slack.dev/reference/events/entity_details_requested). The app's entity.presentDetails answers are
   * read with `entityDetails(triggerId)`.
   */
  openEntityDetails(input: OpenEntityDetailsInput): Promise<OpenEntityDetailsResult>;
  /** What the app answered flexpanes with (entity.presentDetails), oldest first; `triggerId` filters. */
  entityDetails(triggerId?: string): SimEntityDetails[];
  /**
   * The person clicks an action of the flexpane they opened (`triggerId` of `openEntityDetails`): `block_actions`
   * with that action's `action_id` and `value` (actions/entity-action.ts says what is documented and what is not).
   */
  clickEntityAction(input: ClickEntityActionInput): Promise<InteractionResult>;
  /**
   * A workflow runs the app's custom step `callbackId`: `function_executed` with `inputs` and a fresh
   * `function_execution_id`; the app ends it with functions.completeSuccess / completeError (README, "Custom steps").
   */
  runFunction(input: RunFunctionInput): Promise<RunFunctionResult>;
  /** Every custom step execution, oldest first: its state, outputs or error, and each completion the app asked for. */
  functionExecutions(): Omit<SimFunctionExecution, "token">[];

  /** Top-level messages of a channel in order (thread replies are under `thread`); `as` hides others' ephemerals. */
  conversation(channel: string, options?: { as?: string }): SimMessage[];
  /** A thread: its parent, then the replies in order. */
  thread(channel: string, ts: string, options?: { as?: string }): SimMessage[];
  /**
   * What the person sees of a thread's assistant state: the status line, its loading messages, the title, the
   * suggested prompts, and every status set in order ("" for each clear: an empty status, an app reply in the
   * thread, Slack's two-minute timeout on the sim's clock). Undefined for a thread that is neither an assistant
   * thread nor had a status set.
   */
  assistantThread(channel: string, threadTs: string): SimAssistantThread | undefined;
  /** Agent view: the suggested prompts pinned to the top of a DM's Messages tab (set without `thread_ts`). */
  pinnedPrompts(channel: string): SuggestedPrompts | undefined;
  /**
   * Agent sessions (agents.sessions.setStatus / rename), oldest first: each thread's status, title, who started it,
   * and whether Slack shows the stop button (`stopButton`) or only a loading indicator (`loadingIndicator`, the app
   * does not subscribe to agent_session_stopped). `channel`, `threadTs` and `user` filter.
   */
  agentSessions(filter?: { channel?: string; threadTs?: string; user?: string }): SimAgentSession[];
  /** The agent session on one thread; undefined when the app never set one there. */
  agentSession(channel: string, threadTs: string): SimAgentSession | undefined;
  /**
   * A person clicks the stop button of a `processing` session: Slack stops the app's streams in the thread and sends
   * `agent_session_stopped` with their ts; the status stays for the app to change. Throws `session_not_found`, or
   * `no_stop_button` when none shows (not processing, or the app does not subscribe to the event).
   */
  stopAgentSession(input: StopAgentSessionInput): Promise<StopAgentSessionResult>;
  /** Every click of a stop button, oldest first. */
  agentSessionStops(): SimAgentSessionStop[];
  /** Open modals, oldest first. */
  views(user?: string): SimView[];
  home(user: string): View | undefined;
  /** Every Web API call, tokens redacted; `method` filters. */
  calls(method?: string): SimCall[];
  /**
   * How close each Web API method came to its rate limit, from the call log: answered calls, the most in any
   * rolling 60 s, the limit (Slack's when `rateLimits` is off) and the 429s; for chat.postMessage also per channel
   * (most in any 1 s and any 60 s).
   */
  rateStats(): RateStats;
  /** Every request for a shared file's bytes (`url_private[_download]`), in order; `fileId` filters. */
  downloads(fileId?: string): SimDownload[];
  /** The id of `user`'s direct message with the bot (`D<user>`), what `conversations.open` answers. */
  dm(user: string): string;
  /** The workspace's channels (DMs the bot has seen included), in the order they were made. */
  channels(): SimChannel[];
  /** The people the sim knows (given, or made up on first sight), in the order it met them. */
  users(): SimUser[];
  /** A file in the workspace (shared by a person or uploaded by the bot), bytes included; undefined when unknown. */
  file(id: string): SimFile | undefined;
  /**
   * A person deletes a file (Slack's "Delete file"): its bytes are gone (its URLs answer 404), files.info answers
   * `file_deleted`, and a `slack_file` block can no longer name it. Throws `file_not_found` for an unknown id.
   */
  deleteFile(id: string): void;
  /**
   * A number that grows whenever the workspace may have changed: after every Web API, `response_url` or upload
   * request the app made, and when an action starts and when it ends. A reader that saw version N and still sees N
   * has nothing new to read (a UI can long-poll on it).
   */
  version(): number;
  /** Calls `listener` with the new version after every change; returns the function that unsubscribes. */
  onChange(listener: (version: number) => void): () => void;

  /** Answers the next call of `method` (that `fault.when` accepts, if given) with this fault (queued, one per call). */
  failNext(method: string, fault: Fault): void;
  /** Puts the bot in or out of a channel (creating the channel when unknown). */
  setMember(channel: string, member: boolean): void;
  /** Defines (or redefines) a user group (`S...`) and its members, for `usergroups.users.list`. */
  setUserGroup(id: string, userIds: readonly string[]): void;
  /** Socket Mode: `disconnect(reason)`, the app's connections and the envelopes sent (each throws on HTTP). */
  readonly socketMode: SimSocketMode;
  /**
   * Slackbot's MCP client calling the app's MCP server (`mcpUrl`) for a person, each request signed as Slack signs
   * with Slack identity auth: `listTools`, `callTool` (a forged or unsigned call, a replay); src/mcp/slackbot.ts.
   */
  readonly slackbot: SimSlackbot;
}

const DEFAULT_CHANNELS: SimChannel[] = [
  { id: "C0GENERAL", name: "general", member: true },
  { id: "C0RANDOM", name: "random", member: false },
  { id: "C0PRIVATE", name: "private-plans", member: true, private: true },
];
const DEFAULT_USERS: SimUser[] = [
  { id: "U0ALICE", name: "alice", realName: "Alice Archer" },
  { id: "U0BOB", name: "bob", realName: "Bob Baker" },
];

/**
 * Creates a sim. Nothing listens until `start()`.
 *
 * @example
 * const sim = createSlackSim({ signingSecret, botToken: "xoxb-test", appUrl: "http://127.0.0.1:3001/slack/events" });
 * await sim.start();
 * const app = new App({ signingSecret, token: "xoxb-test", clientOptions: { slackApiUrl: sim.apiUrl } });
 * await sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: "hello" });
 */
export function createSlackSim(options: SlackSimOptions): SlackSim {
  if (!options.signingSecret) throw new SlackSimError("invalid_options", "signingSecret is required");
  if (!options.botToken) throw new SlackSimError("invalid_options", "botToken is required");
  if (!options.appUrl && !options.socketMode) throw new SlackSimError("invalid_options", "appUrl is required");
  const clock = options.clock ?? { now: () => Date.now() };
  const state = createState(() => clock.now(), options.channels ?? DEFAULT_CHANNELS, options.users ?? DEFAULT_USERS);
  if (options.view) state.appView = options.view;
  const sessions = agentSessionsState(state);
  if (options.agent === false) sessions.agent = false;
  if (options.botEvents) sessions.botEvents = [...options.botEvents];
  if (options.unfurlDomains) linkState(state).unfurlDomains = [...options.unfurlDomains];
  const shortcuts = checkShortcuts(options.shortcuts ?? []);
  let version = 0;
  const listeners = new Set<(version: number) => void>();
  const changed = (): void => {
    version += 1;
    for (const listener of listeners) listener(version);
  };
  const limits = resolveRateLimits(options.rateLimits);
  const socket = createSocketMode(state, options.socketMode, () => baseUrl());
  const handler = createHandler(state, options.botToken, limits && createRateLimiter(limits, state.now), (request) =>
    socket.openConnection(request),
  );
  // Everything the app does to the workspace comes through here (the HTTP face and in-process use alike). Reads
  // of files' bytes change nothing anyone sees; every other request may, so it counts as a change once answered.
  const handle = async (request: Request): Promise<Response> => {
    try {
      return await handler(request);
    } finally {
      if (request.method !== "GET" && request.method !== "HEAD") changed();
    }
  };
  // An action may change the workspace before its first await (a person's message is posted before the event is
  // sent) and after it (an ack body shown, a submitted view closed): one change for each.
  const track = <T>(running: Promise<T>): Promise<T> => {
    changed();
    return running.finally(changed);
  };
  const appUrl = options.appUrl ?? "";
  let server: SimServer | undefined;
  const baseUrl = (): string => {
    if (!server) throw new SlackSimError("not_started", "call start() first: response_urls point at the sim's server");
    return server.url;
  };
  const context: DeliveryContext = {
    state,
    signingSecret: options.signingSecret,
    appUrl: typeof appUrl === "function" ? appUrl : () => appUrl,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    baseUrl,
    ...(socket.transport ? { transport: socket.transport } : {}),
  };
  const events: EventLog = new Map();
  const mcpUrl = (): string => {
    if (typeof options.mcpUrl === "function") return options.mcpUrl();
    if (options.mcpUrl) return options.mcpUrl;
    const app = context.appUrl();
    if (!app) throw new SlackSimError("invalid_options", "slackbot: give mcpUrl (the app's MCP server URL)");
    return new URL("/mcp", app).toString();
  };
  const slackbot = createSlackbot({
    url: mcpUrl,
    signingSecret: options.signingSecret,
    teamId: SIM_WORKSPACE.teamId,
    now: () => clock.now(),
    fetch: context.fetch,
  });
  const visible = (as?: string) => (m: SimMessage) => !as || !m.ephemeral || m.visibleTo === as;
  // A copy; a stream past Slack's lifetime reads as stopped even before the app's next call settles it.
  const copy = (m: SimMessage): SimMessage => messageAsSeen(m, state.now());

  return {
    async start(listen = {}) {
      server ??= await startServer(handle, listen, socket.upgrade);
      return { url: server.url };
    },
    async close() {
      await socket.close();
      await server?.close();
      server = undefined;
    },
    get apiUrl() {
      return `${baseUrl()}/api/`;
    },
    handle,
    command: (input) => track(sendCommand(context, input)),
    mention: (input) => track(sendMessageEvent(context, events, input, true)),
    message: (input) => track(sendMessageEvent(context, events, input, false)),
    answerInvite: (input) => track(sendInviteAnswer(context, events, input)),
    openHome: (user) => track(sendHomeOpened(context, events, user)),
    redeliver: (eventId, retry) => track(redeliver(context, events, eventId, retry)),
    click: (input) => track(sendClick(context, input)),
    submitView: (input) => track(sendSubmit(context, input)),
    shortcut: (input) => track(sendGlobalShortcut(context, shortcuts, input)),
    messageShortcut: (input) => track(sendMessageShortcut(context, shortcuts, input)),
    shortcuts: () => shortcuts.map((shortcut) => ({ ...shortcut })),
    suggest: (input) => track(sendSuggestion(context, input)),
    closeView: (input) => track(sendViewClosed(context, input)),
    openAssistant: (input) => track(sendAssistantOpened(context, events, input)),
    changeAssistantContext: (input) => track(sendAssistantContextChanged(context, events, input)),
    assistantMessage: (input) => track(sendAssistantMessage(context, events, input)),
    openMessages: (user) => track(sendMessagesOpened(context, events, user)),
    shareLink: (input) => track(sendLinkShared(context, events, input)),
    openEntityDetails: (input) => track(sendEntityDetailsRequested(context, events, input)),
    entityDetails: (triggerId) =>
      [...linkState(state).details.entries()]
        .filter(([id]) => !triggerId || id === triggerId)
        .flatMap(([, trigger]) => trigger.answers.map((answer) => structuredClone(answer))),
    clickEntityAction: (input) => track(sendEntityActionClick(context, input)),
    runFunction: (input) => track(sendFunctionExecuted(context, events, input)),
    functionExecutions: () => readExecutions(context),
    conversation: (channel, { as } = {}) =>
      state.messages
        .filter((m) => m.channel === channel && isTopLevel(m))
        .filter(visible(as))
        .map(copy),
    thread: (channel, ts, { as } = {}) =>
      state.messages
        .filter((m) => m.channel === channel && (m.ts === ts || m.threadTs === ts))
        .filter(visible(as))
        .map(copy),
    assistantThread: (channel, threadTs) => {
      const id = channelOf(state, channel)?.id ?? channel;
      const record = threadRecord(state, id, threadTs);
      const session = findSession(state, id, threadTs);
      return (
        record && { ...threadSnapshot(record), ...(session ? { agentSession: sessionSnapshot(state, session) } : {}) }
      );
    },
    agentSessions: ({ channel, threadTs, user } = {}) => {
      const id = channel && (channelOf(state, channel)?.id ?? channel);
      return [...sessions.sessions.values()]
        .filter((record) => (!id || record.channel === id) && (!threadTs || record.threadTs === threadTs))
        .filter((record) => !user || record.user === user)
        .map((record) => sessionSnapshot(state, record));
    },
    agentSession: (channel, threadTs) => {
      const record = findSession(state, channelOf(state, channel)?.id ?? channel, threadTs);
      return record && sessionSnapshot(state, record);
    },
    stopAgentSession: (input) => track(sendAgentSessionStop(context, events, input)),
    agentSessionStops: () =>
      sessions.stops.map((stop) => ({ ...stop, streamingMessageTs: [...stop.streamingMessageTs] })),
    pinnedPrompts: (channel) => structuredClone(state.pinnedPrompts.get(channelOf(state, channel)?.id ?? channel)),
    views: (user) =>
      [...state.views.values()].filter((v) => v.open && (!user || v.user === user)).map((v) => structuredClone(v)),
    home: (user) => structuredClone(state.homes.get(user)),
    calls: (method) =>
      state.calls.filter((call) => !method || call.method === method).map((call) => structuredClone(call)),
    rateStats: () => rateStats(state.calls, limits ?? SLACK_RATE_LIMITS),
    downloads: (fileId) => state.downloads.filter((entry) => !fileId || entry.fileId === fileId).map((e) => ({ ...e })),
    dm: (user) => channelOf(state, dmIdOf(user))?.id ?? dmIdOf(user),
    channels: () => [...state.channels.values()].map((channel) => ({ ...channel })),
    users: () => [...state.users.values()].map((user) => ({ ...user })),
    file: (id) => {
      const file = state.files.get(id);
      // A copy: a caller must not change the sim's own bytes.
      return file ? { ...file, bytes: file.bytes.slice() } : undefined;
    },
    deleteFile(id) {
      if (!state.files.delete(id)) throw new SlackSimError("file_not_found", `no file ${id} in the workspace`);
      state.deletedFiles.add(id);
      changed();
    },
    version: () => version,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    failNext(method, fault) {
      state.faults.set(method, [...(state.faults.get(method) ?? []), fault]);
    },
    setMember(channel, member) {
      const known = state.channels.get(channel);
      if (known) known.member = member;
      else state.channels.set(channel, { id: channel, name: channel, member });
      changed();
    },
    setUserGroup(id, userIds) {
      if (!id || !Array.isArray(userIds) || userIds.some((user) => typeof user !== "string" || !user)) {
        throw new SlackSimError("invalid_options", "setUserGroup takes a group id and an array of user ids");
      }
      state.userGroups.set(id, [...userIds]);
      changed();
    },
    socketMode: socket.api,
    slackbot: {
      get url() {
        return slackbot.url;
      },
      listTools: (person) => track(slackbot.listTools(person)),
      callTool: (call) => track(slackbot.callTool(call)),
      requests: () => slackbot.requests(),
      replayLastCall: () => track(slackbot.replayLastCall()),
    },
  };
}
