import { appRepliedInThread } from "../assistant-state.js";
import { fileObject } from "../shared-files.js";
import { channelOf, filesOf, findMessage, SIM_WORKSPACE, type SimState, stampBlocks } from "../state.js";
import { settleStream } from "../stream-state.js";
import type { MessageMetadata, SimFile, SimMessage } from "../types.js";
import { validateMessage } from "../validate.js";
import { type ApiResult, type Args, blocksArg, fail, isResult, json, str } from "./args.js";

/** How `messageJson` shapes a message for one answer. */
export interface MessageJsonOptions {
  /** Whether `metadata` is included (default true): conversations.history/replies add it only with `include_all_metadata`. */
  metadata?: boolean;
  /**
   * The sim's origin. Given, files come as Slack's whole file object (`url_private[_download]`, ...), as
   * conversations.history shows them; else as the short summary chat answers carry.
   */
  baseUrl?: string;
}

/** The message shape Slack returns in `chat.postMessage`/`chat.update` answers, and (with options) in history. */
export function messageJson(message: SimMessage, options: MessageJsonOptions = {}): Record<string, unknown> {
  const { metadata = true, baseUrl } = options;
  return {
    type: "message",
    ...(message.subtype ? { subtype: message.subtype } : {}),
    user: message.user,
    ...(message.fromBot ? { bot_id: SIM_WORKSPACE.botId, app_id: SIM_WORKSPACE.appId } : {}),
    text: message.text,
    ts: message.ts,
    ...(message.blocks ? { blocks: message.blocks } : {}),
    ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
    ...(message.editedAt ? { edited: { user: message.user, ts: message.editedAt } } : {}),
    ...(metadata && message.metadata ? { metadata: message.metadata } : {}),
    ...(message.files.length > 0
      ? {
          files: message.files.map((file) =>
            baseUrl === undefined
              ? { id: file.id, name: file.name, title: file.title, mimetype: file.mimetype, size: file.size }
              : fileObject(file, baseUrl, message.channel),
          ),
        }
      : {}),
  };
}

/**
 * Checks what every write to a channel, and every read of its messages, needs: the channel exists and the bot is in
 * it (`channel_not_found`, `not_in_channel`).
 */
export function memberChannel(state: SimState, args: Args): { id: string } | ApiResult {
  const id = str(args.channel);
  const channel = id ? channelOf(state, id) : undefined;
  if (!channel) return fail("channel_not_found");
  if (!channel.member) return fail("not_in_channel");
  return { id: channel.id };
}

/**
 * The `metadata` argument (https://api.slack.com/metadata/using): `{ event_type, event_payload }`, a JSON string
 * from form-encoded callers. Undefined when absent; Slack's `invalid_metadata_format` when it is not that shape.
 */
export function metadataArg(args: Args): MessageMetadata | undefined | ApiResult {
  let value: unknown;
  try {
    value = json<unknown>(args.metadata);
  } catch {
    return fail("invalid_metadata_format");
  }
  if (value === undefined) return undefined;
  const { event_type: type, event_payload: payload } = (value ?? {}) as Partial<MessageMetadata>;
  if (typeof type !== "string" || !type || typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return fail("invalid_metadata_format");
  }
  return { event_type: type, event_payload: payload };
}

/**
 * chat.update's `file_ids` ("Array of new file ids that will be sent with this message"): a JSON array, or the JSON
 * string form-encoded callers send. Every id must be a file in the workspace (uploaded and completed, or shared by a
 * person). Undefined when absent or empty; Slack's error for an unknown id is not documented, so the sim answers
 * `invalid_arguments` naming it.
 */
function fileIdsArg(state: SimState, args: Args): SimFile[] | undefined | ApiResult {
  let ids: unknown;
  try {
    ids = json<unknown>(args.file_ids);
  } catch {
    return fail("invalid_arguments", { response_metadata: { messages: ["[ERROR] file_ids must be a JSON array"] } });
  }
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string" || !id)) {
    return fail("invalid_arguments", { response_metadata: { messages: ["[ERROR] file_ids must be an array of ids"] } });
  }
  const files: SimFile[] = [];
  for (const id of ids as string[]) {
    const file = state.files.get(id);
    if (!file) {
      return fail("invalid_arguments", {
        response_metadata: { messages: [`[ERROR] file_ids: no file ${id} in the workspace (uploaded and completed)`] },
      });
    }
    files.push(file);
  }
  return files.length > 0 ? files : undefined;
}

// chat.postMessage takes no file_ids (Slack's reference does not list it): like any unknown argument it is ignored.
export function postMessage(state: SimState, args: Args): ApiResult {
  const channel = memberChannel(state, args);
  if (isResult(channel)) return channel;
  const blocks = blocksArg(args);
  const text = str(args.text) ?? "";
  const valid = validateMessage(blocks, text, filesOf(state));
  if (!valid.ok) return fail(valid.error, { response_metadata: { messages: valid.problems } });
  const metadata = metadataArg(args);
  if (metadata && isResult(metadata)) return metadata;
  const threadTs = str(args.thread_ts);
  if (threadTs && !findMessage(state, channel.id, threadTs)) return fail("thread_not_found");
  const message: SimMessage = {
    channel: channel.id,
    ts: state.nextTs(),
    user: SIM_WORKSPACE.botUserId,
    fromBot: true,
    text,
    ephemeral: false,
    files: [],
    ...(blocks ? { blocks: stampBlocks(state, blocks) } : {}),
    ...(threadTs ? { threadTs } : {}),
    ...(metadata ? { metadata } : {}),
  };
  state.messages.push(message);
  // A reply in a thread clears the status the app set there ("is thinking..."), as Slack does.
  if (threadTs) appRepliedInThread(state, channel.id, threadTs);
  return { ok: true, channel: channel.id, ts: message.ts, message: messageJson(message) };
}

export function postEphemeral(state: SimState, args: Args): ApiResult {
  const channel = memberChannel(state, args);
  if (isResult(channel)) return channel;
  const user = str(args.user);
  if (!user) return fail("user_not_found");
  const blocks = blocksArg(args);
  const text = str(args.text) ?? "";
  const valid = validateMessage(blocks, text, filesOf(state));
  if (!valid.ok) return fail(valid.error, { response_metadata: { messages: valid.problems } });
  const threadTs = str(args.thread_ts);
  const message: SimMessage = {
    channel: channel.id,
    ts: state.nextTs(),
    user: SIM_WORKSPACE.botUserId,
    fromBot: true,
    text,
    ephemeral: true,
    visibleTo: user,
    files: [],
    ...(blocks ? { blocks: stampBlocks(state, blocks) } : {}),
    ...(threadTs ? { threadTs } : {}),
  };
  state.messages.push(message);
  return { ok: true, message_ts: message.ts };
}

export function update(state: SimState, args: Args): ApiResult {
  const channel = memberChannel(state, args);
  if (isResult(channel)) return channel;
  const ts = str(args.ts);
  const message = ts ? findMessage(state, channel.id, ts) : undefined;
  // Ephemeral messages cannot be reached through the Web API, only through their response_url.
  if (!message || message.ephemeral) return fail("message_not_found");
  if (!message.fromBot) return fail("cant_update_message");
  // "The message is currently streaming text and cannot be edited" (https://docs.slack.dev/reference/methods/chat.update).
  if (settleStream(message, state.now())) return fail("streaming_state_conflict");
  const blocks = blocksArg(args);
  const text = str(args.text) ?? (blocks ? "" : message.text);
  const valid = validateMessage(blocks ?? message.blocks, text, filesOf(state));
  if (!valid.ok) return fail(valid.error, { response_metadata: { messages: valid.problems } });
  // chat.update takes metadata too; without it the message keeps what it had.
  const metadata = metadataArg(args);
  if (metadata && isResult(metadata)) return metadata;
  const files = fileIdsArg(state, args);
  if (files && isResult(files)) return files;
  message.text = text;
  if (blocks) message.blocks = stampBlocks(state, blocks);
  if (metadata) message.metadata = metadata;
  // The files are shown with the message, as Slack shows a message's files; they replace any it had.
  if (files) message.files = files;
  message.editedAt = state.nextTs();
  return { ok: true, channel: channel.id, ts: message.ts, text: message.text, message: messageJson(message) };
}

export function remove(state: SimState, args: Args): ApiResult {
  const channel = memberChannel(state, args);
  if (isResult(channel)) return channel;
  const ts = str(args.ts);
  const index = state.messages.findIndex((m) => m.channel === channel.id && m.ts === ts && !m.ephemeral);
  const message = state.messages[index];
  if (!message) return fail("message_not_found");
  if (!message.fromBot) return fail("cant_delete_message");
  state.messages.splice(index, 1);
  return { ok: true, channel: channel.id, ts: message.ts };
}
