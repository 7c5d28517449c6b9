import { findMessage, isTopLevel, type SimState } from "../state.js";
import type { SimMessage } from "../types.js";
import { type ApiResult, type Args, fail, flag, isResult, missing, str } from "./args.js";
import { memberChannel, messageJson } from "./chat.js";
import { inWindow, page, readWindow } from "./paging.js";

// Reading a conversation back: conversations.history (https://api.slack.com/methods/conversations.history) and
// conversations.replies (https://api.slack.com/methods/conversations.replies). Ephemeral messages are never
// returned: they live in one person's client only. `state.messages` is in ts order (`nextTs` only grows).

/** Slack's default and maximum `limit` for each method. */
const HISTORY_LIMITS = { fallback: 100, max: 999 };
const REPLIES_LIMITS = { fallback: 1000, max: 1000 };

/** The replies under `ts` in a channel, oldest first (the parent itself excluded). */
function repliesTo(state: SimState, channel: string, ts: string): SimMessage[] {
  return state.messages.filter((m) => m.channel === channel && m.threadTs === ts && m.ts !== ts && !m.ephemeral);
}

/**
 * The thread fields of Slack's message object (https://api.slack.com/messaging/retrieving#finding_threads): a
 * parent carries `thread_ts`, `reply_count`, `reply_users_count`, `reply_users` and `latest_reply`; a reply its
 * `thread_ts` and `parent_user_id`.
 */
function threadFields(state: SimState, message: SimMessage): Record<string, unknown> {
  if (!isTopLevel(message)) {
    const parent = message.threadTs ? findMessage(state, message.channel, message.threadTs) : undefined;
    return parent ? { parent_user_id: parent.user } : {};
  }
  const replies = repliesTo(state, message.channel, message.ts);
  const last = replies.at(-1);
  if (!last) return {};
  const users = [...new Set(replies.map((reply) => reply.user))];
  return {
    thread_ts: message.ts,
    reply_count: replies.length,
    reply_users_count: users.length,
    reply_users: users,
    latest_reply: last.ts,
  };
}

/** Shapes messages for an answer: `metadata` only when the call set `include_all_metadata`, Slack's file objects. */
function shaper(state: SimState, args: Args, baseUrl: string) {
  const options = { metadata: flag(args.include_all_metadata), baseUrl };
  return (message: SimMessage) => ({ ...messageJson(message, options), ...threadFields(state, message) });
}

/** The conversation to read: given, a conversation id (a user id is not one), and one the bot is in. */
function readableChannel(state: SimState, args: Args): { id: string } | ApiResult {
  const id = str(args.channel);
  if (!id) return missing("channel");
  // Only chat.postMessage takes a user id (for the person's DM); reads name the conversation itself (`D...`).
  if (id.startsWith("U") || id.startsWith("W")) return fail("channel_not_found");
  return memberChannel(state, args);
}

/**
 * The channel's messages, newest first: top-level messages only (a thread's replies are read with
 * conversations.replies), thread parents with their reply counts. Pages from `latest` back towards `oldest`.
 */
export function conversationsHistory(state: SimState, args: Args, baseUrl: string): ApiResult {
  const channel = readableChannel(state, args);
  if (isResult(channel)) return channel;
  const window = readWindow(args, HISTORY_LIMITS);
  if (isResult(window)) return window;
  const newestFirst = state.messages
    .filter((m) => m.channel === channel.id && isTopLevel(m) && !m.ephemeral && inWindow(window, m.ts))
    .reverse();
  const { items, hasMore, nextCursor } = page(newestFirst, window, "newest first");
  return {
    ok: true,
    messages: items.map(shaper(state, args, baseUrl)),
    has_more: hasMore,
    // The sim has no pins.
    pin_count: 0,
    response_metadata: { next_cursor: nextCursor },
  };
}

/**
 * A thread: its parent (the message at `ts`), then its replies oldest first. The parent heads the first page whatever
 * `oldest`/`latest` say, and counts towards `limit`; the window and the cursor pick among the replies.
 * A `ts` that is a reply, or has no replies, answers that one message.
 */
export function conversationsReplies(state: SimState, args: Args, baseUrl: string): ApiResult {
  const channel = readableChannel(state, args);
  if (isResult(channel)) return channel;
  const ts = str(args.ts);
  if (!ts) return missing("ts");
  const window = readWindow(args, REPLIES_LIMITS);
  if (isResult(window)) return window;
  const parent = findMessage(state, channel.id, ts);
  if (!parent || parent.ephemeral) return fail("thread_not_found");
  const thread = [parent, ...repliesTo(state, channel.id, ts).filter((reply) => inWindow(window, reply.ts))];
  const { items, hasMore, nextCursor } = page(thread, window, "oldest first");
  return {
    ok: true,
    messages: items.map(shaper(state, args, baseUrl)),
    has_more: hasMore,
    response_metadata: { next_cursor: nextCursor },
  };
}
