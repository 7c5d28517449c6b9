import { blockIdGenerator, withBlockIds } from "./block-ids.js";
import type {
  AssistantContext,
  Block,
  Fault,
  SimCall,
  SimChannel,
  SimDownload,
  SimFile,
  SimMessage,
  SimUser,
  SimView,
  SuggestedPrompts,
  View,
} from "./types.js";

/** The workspace the sim pretends to be. Exported as `SIM_WORKSPACE` so tests can name its ids. */
export const SIM_WORKSPACE = {
  teamId: "T0SIM0001",
  teamDomain: "studio-sim",
  appId: "A0SIM0001",
  botId: "B0SIM0001",
  botUserId: "U0SIMBOT1",
  /** Slack's deprecated verification token, still sent in payloads. */
  verificationToken: "sim-verification-token",
} as const;

/** What `response_url` accepts: Slack documents 5 uses within 30 minutes. */
export const RESPONSE_URL_LIMITS = { uses: 5, lifetimeMs: 30 * 60_000 } as const;
/** A `trigger_id` opens a modal within 3 s of the interaction that carried it. */
export const TRIGGER_LIFETIME_MS = 3_000;

export interface ResponseUrlRecord {
  channel: string;
  user: string;
  createdAt: number;
  uses: number;
  /** For an interaction on a message: the message `replace_original`/`delete_original` act on. */
  messageTs?: string;
  threadTs?: string;
}

export interface PendingUpload {
  id: string;
  filename: string;
  length: number;
  bytes?: Uint8Array;
}

/**
 * Which of Slack's AI surfaces the app's manifest turns on. `assistant`: `features.assistant_view`, the split view
 * whose threads start with `assistant_thread_started`. `agent`: `features.agent_view`, the agent messaging
 * experience, where the conversation is the DM's Messages tab
 * (https://docs.slack.dev/ai/migrating-to-agent-messaging/): opening it sends `app_home_opened` with `tab: "messages"` instead of `assistant_thread_started`, and a thread there
 * is rooted on an ordinary message rather than on an `assistant_app_thread` one.
 */
export type AppView = "agent" | "assistant";

/** The sim's record of one thread's assistant state. */
export interface AssistantThreadRecord {
  channel: string;
  threadTs: string;
  /**
   * Whether the person opened it in the assistant container (`openAssistant`). A status may also be set on any
   * other thread the bot is in (Slack allows that since setStatus took `chat:write`); prompts and titles may not.
   */
  assistant: boolean;
  /** The person whose assistant thread it is (assistant threads only). */
  user?: string;
  /** Where the person was in Slack, as last sent in `assistant_thread_started` / `_context_changed`. */
  context?: AssistantContext;
  status: string;
  /** On the sim's clock: when the current (non-empty) status was set, for the two-minute timeout. */
  statusSetAt?: number;
  loadingMessages?: string[];
  title?: string;
  suggestedPrompts?: SuggestedPrompts;
  statusHistory: string[];
}

/** Mutable state shared by the Web API methods, the HTTP handler and the actions. */
export interface SimState {
  now(): number;
  channels: Map<string, SimChannel>;
  users: Map<string, SimUser>;
  messages: SimMessage[];
  views: Map<string, SimView>;
  homes: Map<string, View>;
  /** Each published Home tab's `hash`, new on every views.publish, by user (Slack's view state: see api/views.ts). */
  homeHashes: Map<string, string>;
  calls: SimCall[];
  faults: Map<string, Fault[]>;
  responseUrls: Map<string, ResponseUrlRecord>;
  triggers: Map<string, { user: string; createdAt: number }>;
  uploads: Map<string, PendingUpload>;
  files: Map<string, SimFile>;
  /** Ids of files a person deleted (`sim.deleteFile`): files.info answers `file_deleted` for them. */
  deletedFiles: Set<string>;
  /** Every request for a file's bytes, in order. */
  downloads: SimDownload[];
  /** User groups (`S...`) and their members, set by `setUserGroup`. */
  userGroups: Map<string, string[]>;
  /** Threads with assistant state (opened in the assistant container, or given a status), by channel and ts. */
  assistantThreads: Map<string, AssistantThreadRecord>;
  /** Which AI surface the app's manifest turns on: `features.agent_view` or `features.assistant_view`. */
  appView: AppView;
  /** Agent view: the suggested prompts pinned to the top of a DM's Messages tab, by DM channel id. */
  pinnedPrompts: Map<string, SuggestedPrompts>;
  /** A fresh id: `prefix` + a counter, readable in test output. */
  nextId(prefix: string): string;
  /** A fresh message ts, unique and increasing like Slack's `seconds.micro`. */
  nextTs(): string;
  /** A fresh generated `block_id`, for a block the app left without one (block-ids.ts). */
  nextBlockId(): string;
}

export function createState(now: () => number, channels: SimChannel[], users: SimUser[]): SimState {
  let counter = 0;
  let lastTs = 0;
  return {
    now,
    channels: new Map(channels.map((channel) => [channel.id, { ...channel }])),
    users: new Map(users.map((user) => [user.id, { ...user }])),
    messages: [],
    views: new Map(),
    homes: new Map(),
    homeHashes: new Map(),
    calls: [],
    faults: new Map(),
    responseUrls: new Map(),
    triggers: new Map(),
    uploads: new Map(),
    files: new Map(),
    deletedFiles: new Set(),
    downloads: [],
    userGroups: new Map(),
    assistantThreads: new Map(),
    appView: "assistant",
    pinnedPrompts: new Map(),
    nextBlockId: blockIdGenerator(),
    nextId(prefix) {
      counter += 1;
      return `${prefix}${String(counter).padStart(6, "0")}`;
    },
    nextTs() {
      // Micro-seconds since the epoch, bumped by one when two messages land in the same micro-second.
      lastTs = Math.max(lastTs + 1, Math.floor(now() * 1000));
      return `${Math.floor(lastTs / 1e6)}.${String(lastTs % 1e6).padStart(6, "0")}`;
    },
  };
}

/** The user, made up on first sight so that tests can name anyone (`U123`) without declaring them. */
export function userOf(state: SimState, id: string): SimUser {
  let user = state.users.get(id);
  if (!user) {
    user = { id, name: id.toLowerCase(), realName: id };
    state.users.set(id, user);
  }
  return user;
}

/** A direct message with a user is the conversation `D` + user id; the bot is always in it. */
export function channelOf(state: SimState, id: string): SimChannel | undefined {
  if (id.startsWith("U") || id.startsWith("W")) return dmChannel(state, id);
  const known = state.channels.get(id);
  if (known || !id.startsWith("D")) return known;
  return dmChannel(state, id.slice(1));
}

/** The id of a person's direct message with the bot: `D` + their user id. */
export const dmIdOf = (userId: string): string => `D${userId}`;

function dmChannel(state: SimState, userId: string): SimChannel {
  const id = dmIdOf(userId);
  let channel = state.channels.get(id);
  if (!channel) {
    channel = { id, name: id, member: true };
    state.channels.set(id, channel);
  }
  return channel;
}

/** A message of the channel itself, not a reply in a thread (a thread's parent is one). */
export const isTopLevel = (message: SimMessage): boolean => !message.threadTs || message.threadTs === message.ts;

/** The lookup Block Kit checks use for images' `slack_file.id` (validate.ts): the workspace's completed files. */
export const filesOf = (state: SimState) => ({ file: (id: string) => state.files.get(id) });

/** Finds a message by channel and ts, ephemeral ones included (callers decide whether those are reachable). */
export function findMessage(state: SimState, channel: string, ts: string): SimMessage | undefined {
  return state.messages.find((message) => message.channel === channel && message.ts === ts);
}

/** The blocks as Slack stores them: each block the app left without a `block_id` gets a generated one (block-ids.ts). */
export function stampBlocks(state: SimState, blocks: Block[]): Block[] {
  return Array.isArray(blocks) ? withBlockIds(blocks, state.nextBlockId) : blocks;
}
