import { type CommandInput, type CommandResult, sendCommand } from "./actions/command.js";
import type { DeliveryContext } from "./actions/deliver.js";
import {
  type EventLog,
  type EventResult,
  type MessageInput,
  redeliver,
  sendHomeOpened,
  sendMessageEvent,
} from "./actions/events.js";
import {
  type ClickInput,
  type InteractionResult,
  type SubmitInput,
  type SubmitResult,
  sendClick,
  sendSubmit,
} from "./actions/interactions.js";
import { SlackSimError } from "./errors.js";
import { createHandler } from "./handler.js";
import { type SimServer, startServer } from "./server.js";
import type { SlackRetry } from "./signing.js";
import { channelOf, createState, dmIdOf } from "./state.js";
import type { Fault, SimCall, SimChannel, SimDownload, SimMessage, SimUser, SimView, View } from "./types.js";

/** How to build a sim. */
export interface SlackSimOptions {
  /** The app's signing secret: every request the sim sends is signed with it. */
  signingSecret: string;
  /** The bot token the app uses; any other token gets `invalid_auth`. */
  botToken: string;
  /** Where the app's HTTP receiver listens, e.g. `http://127.0.0.1:3001/slack/events`; a function when the port is known late. */
  appUrl: string | (() => string);
  /** Milliseconds since the epoch. Default `Date.now`. Bolt refuses signatures more than 5 minutes stale, so keep it near real time. */
  clock?: { now(): number };
  /** Used to send requests to the app. Default the global fetch. */
  fetch?: typeof fetch;
  /** Default `C0GENERAL` (bot in it) and `C0RANDOM` (bot not in it). */
  channels?: SimChannel[];
  /** Known people; anyone else named by a test is made up on first sight. */
  users?: SimUser[];
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
  /** `@bot` in a channel (or thread): the message, then `app_mention`; `files` are shared with it. */
  mention(input: MessageInput): Promise<EventResult>;
  /** A message (in a DM with the bot when `channel` is `D<user>`): `message`, `subtype: "file_share"` with `files`. */
  message(input: MessageInput): Promise<EventResult>;
  openHome(user: string): Promise<EventResult>;
  redeliver(eventId: string, retry: SlackRetry): Promise<EventResult>;
  click(input: ClickInput): Promise<InteractionResult>;
  submitView(input: SubmitInput): Promise<SubmitResult>;

  /** Top-level messages of a channel in order (thread replies are under `thread`); `as` hides others' ephemerals. */
  conversation(channel: string, options?: { as?: string }): SimMessage[];
  /** A thread: its parent, then the replies in order. */
  thread(channel: string, ts: string, options?: { as?: string }): SimMessage[];
  /** Open modals, oldest first. */
  views(user?: string): SimView[];
  home(user: string): View | undefined;
  /** Every Web API call, tokens redacted; `method` filters. */
  calls(method?: string): SimCall[];
  /** Every request for a shared file's bytes (`url_private[_download]`), in order; `fileId` filters. */
  downloads(fileId?: string): SimDownload[];
  /** The id of `user`'s direct message with the bot (`D<user>`), what `conversations.open` answers. */
  dm(user: string): string;

  /** Answers the next call of `method` with this fault (queued, one per call). */
  failNext(method: string, fault: Fault): void;
  /** Puts the bot in or out of a channel (creating the channel when unknown). */
  setMember(channel: string, member: boolean): void;
  /** Defines (or redefines) a user group (`S...`) and its members, for `usergroups.users.list`. */
  setUserGroup(id: string, userIds: readonly string[]): void;
}

const DEFAULT_CHANNELS: SimChannel[] = [
  { id: "C0GENERAL", name: "general", member: true },
  { id: "C0RANDOM", name: "random", member: false },
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
  if (!options.appUrl) throw new SlackSimError("invalid_options", "appUrl is required");
  const clock = options.clock ?? { now: () => Date.now() };
  const state = createState(() => clock.now(), options.channels ?? DEFAULT_CHANNELS, options.users ?? DEFAULT_USERS);
  const handle = createHandler(state, options.botToken);
  const appUrl = options.appUrl;
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
  };
  const events: EventLog = new Map();
  const visible = (as?: string) => (m: SimMessage) => !as || !m.ephemeral || m.visibleTo === as;
  const copy = (m: SimMessage): SimMessage => structuredClone(m);

  return {
    async start(listen = {}) {
      server ??= await startServer(handle, listen);
      return { url: server.url };
    },
    async close() {
      await server?.close();
      server = undefined;
    },
    get apiUrl() {
      return `${baseUrl()}/api/`;
    },
    handle,
    command: (input) => sendCommand(context, input),
    mention: (input) => sendMessageEvent(context, events, input, true),
    message: (input) => sendMessageEvent(context, events, input, false),
    openHome: (user) => sendHomeOpened(context, events, user),
    redeliver: (eventId, retry) => redeliver(context, events, eventId, retry),
    click: (input) => sendClick(context, input),
    submitView: (input) => sendSubmit(context, input),
    conversation: (channel, { as } = {}) =>
      state.messages
        .filter((m) => m.channel === channel && (!m.threadTs || m.threadTs === m.ts))
        .filter(visible(as))
        .map(copy),
    thread: (channel, ts, { as } = {}) =>
      state.messages
        .filter((m) => m.channel === channel && (m.ts === ts || m.threadTs === ts))
        .filter(visible(as))
        .map(copy),
    views: (user) =>
      [...state.views.values()].filter((v) => v.open && (!user || v.user === user)).map((v) => structuredClone(v)),
    home: (user) => structuredClone(state.homes.get(user)),
    calls: (method) =>
      state.calls.filter((call) => !method || call.method === method).map((call) => structuredClone(call)),
    downloads: (fileId) => state.downloads.filter((entry) => !fileId || entry.fileId === fileId).map((e) => ({ ...e })),
    dm: (user) => channelOf(state, dmIdOf(user))?.id ?? dmIdOf(user),
    failNext(method, fault) {
      state.faults.set(method, [...(state.faults.get(method) ?? []), fault]);
    },
    setMember(channel, member) {
      const known = state.channels.get(channel);
      if (known) known.member = member;
      else state.channels.set(channel, { id: channel, name: channel, member });
    },
    setUserGroup(id, userIds) {
      if (!id || !Array.isArray(userIds) || userIds.some((user) => typeof user !== "string" || !user)) {
        throw new SlackSimError("invalid_options", "setUserGroup takes a group id and an array of user ids");
      }
      state.userGroups.set(id, [...userIds]);
    },
  };
}
