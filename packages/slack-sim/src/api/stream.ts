import { appRepliedInThread } from "../assistant-state.js";
import { filesOf, findMessage, SIM_WORKSPACE, type SimState } from "../state.js";
import { chunkBlocks, readChunks, STREAM_LIMITS } from "../stream-chunks.js";
import { applyChunks, openStream, settleStream } from "../stream-state.js";
import type { Block, SimMessage, StreamChunk } from "../types.js";
import { validateMessage } from "../validate.js";
import { applyStreamSessionStatus } from "./agent-sessions.js";
import { type ApiResult, type Args, blocksArg, fail, isResult, missing, str } from "./args.js";
import { memberChannel, messageJson, metadataArg } from "./chat.js";

// Slack's text streaming: chat.startStream (https://docs.slack.dev/reference/methods/chat.startStream, Tier 2),
// chat.appendStream (https://docs.slack.dev/reference/methods/chat.appendStream, Tier 4) and chat.stopStream
// (https://docs.slack.dev/reference/methods/chat.stopStream, Tier 2). The error codes are those of the methods'
// error tables. A streamed message is a reply in a thread (`SimMessage.stream` holds what was streamed); while it
// streams chat.update refuses it (`streaming_state_conflict`, chat.update's page), after it is a message like any.

/** `task_display_mode`: "timeline" (Slack's default) or "plan"; a copy of the reference also names "dense". */
const DISPLAY_MODES = ["timeline", "plan", "dense"];
/** chat.stopStream's `session_status`: "Acceptable values: active processing suspended closed". */
const SESSION_STATUSES = ["active", "processing", "suspended", "closed"];

const invalid = (message: string): ApiResult =>
  fail("invalid_arguments", { response_metadata: { messages: [`[ERROR] ${message}`] } });

/** A call's content: the `markdown_text` argument as a chunk, or its `chunks`, and which of the two it used. */
interface Content {
  chunks: StreamChunk[];
  mode?: "markdown_text" | "chunks";
}

/**
 * Reads `markdown_text` / `chunks`: `invalid_chunks` for a malformed chunk, `cannot_provide_both_markdown_text_and_chunks`
 * (appendStream's and stopStream's pages), `msg_too_long` past 12,000 characters (the argument's documented limit;
 * the code is [reported]). An empty `chunks` array counts as none: @slack/web-api's `chatStream().stop()` sends one.
 */
function readContent(args: Args): Content | ApiResult {
  const read = readChunks(args.chunks);
  if (read && !read.ok) return fail(read.error, { response_metadata: { messages: read.problems } });
  const chunks = read?.chunks ?? [];
  const markdown = typeof args.markdown_text === "string" && args.markdown_text !== "" ? args.markdown_text : undefined;
  if (markdown !== undefined && chunks.length > 0) return fail("cannot_provide_both_markdown_text_and_chunks");
  if (markdown !== undefined) {
    if (markdown.length > STREAM_LIMITS.markdownText) {
      return fail("msg_too_long", {
        response_metadata: {
          messages: [
            `[ERROR] markdown_text must be at most ${STREAM_LIMITS.markdownText} characters (got ${markdown.length})`,
          ],
        },
      });
    }
    return { chunks: [{ type: "markdown_text", text: markdown }], mode: "markdown_text" };
  }
  return chunks.length > 0 ? { chunks, mode: "chunks" } : { chunks };
}

/**
 * Checks the blocks `chunks` add against what the stream already carries: at most 50 over the whole stream
 * (`msg_blocks_too_many`), then the sim's Block Kit checks on them all (`invalid_blocks`, `msg_blocks_too_long`).
 */
function checkChunkBlocks(
  state: SimState,
  before: readonly StreamChunk[],
  added: readonly StreamChunk[],
): ApiResult | undefined {
  const fresh = chunkBlocks(added);
  if (fresh.length === 0) return undefined;
  return checkBlockList(state, [...chunkBlocks(before), ...fresh], "blocks sent through chunks");
}

function checkBlockList(state: SimState, blocks: readonly Block[], what: string): ApiResult | undefined {
  if (blocks.length > STREAM_LIMITS.blocks) {
    return fail("msg_blocks_too_many", {
      response_metadata: { messages: [`${what} must be at most ${STREAM_LIMITS.blocks} (got ${blocks.length})`] },
    });
  }
  const valid = validateMessage([...blocks], undefined, filesOf(state));
  return valid.ok ? undefined : fail(valid.error, { response_metadata: { messages: valid.problems } });
}

/** A stream's later calls must send content the way its first content came (`streaming_mode_mismatch`). */
function mismatch(message: SimMessage, content: Content): ApiResult | undefined {
  const mode = message.stream?.mode;
  return mode && content.mode && mode !== content.mode ? fail("streaming_mode_mismatch") : undefined;
}

/**
 * The streaming message a call names (`channel` + `ts`): `message_not_found`, `message_not_owned_by_app` (someone
 * else's), `message_not_in_streaming_state` (not a stream, stopped, or past its lifetime).
 */
function openStreamAt(state: SimState, args: Args): { channel: string; message: SimMessage } | ApiResult {
  const channel = memberChannel(state, args);
  if (isResult(channel)) return channel;
  const ts = str(args.ts);
  if (!ts) return missing("ts");
  const message = findMessage(state, channel.id, ts);
  if (!message || message.ephemeral) return fail("message_not_found");
  if (!message.fromBot) return fail("message_not_owned_by_app");
  if (!settleStream(message, state.now())) return fail("message_not_in_streaming_state");
  return { channel: channel.id, message };
}

/**
 * chat.startStream: a new message in the thread at `thread_ts`, streaming. Outside a DM it needs `recipient_user_id`
 * and `recipient_team_id` ("Required when streaming to channels": `missing_recipient_user_id`,
 * `missing_recipient_team_id`). Content is optional here (Slack's own SDK starts streams without any).
 */
export function startStream(state: SimState, args: Args): ApiResult {
  const channel = memberChannel(state, args);
  if (isResult(channel)) return channel;
  // The page says "Streamed messages should always be replies to a user request"; @slack/web-api 8.2 types
  // `thread_ts` as required. The sim requires it, and a message at it (as chat.postMessage's thread_not_found).
  const threadTs = str(args.thread_ts);
  if (!threadTs) return missing("thread_ts");
  const parent = findMessage(state, channel.id, threadTs);
  if (!parent || parent.ephemeral) return fail("thread_not_found");
  const recipientUserId = str(args.recipient_user_id);
  const recipientTeamId = str(args.recipient_team_id);
  if (!channel.id.startsWith("D")) {
    if (!recipientUserId) return fail("missing_recipient_user_id");
    if (!recipientTeamId) return fail("missing_recipient_team_id");
  }
  const taskDisplayMode = str(args.task_display_mode) ?? "timeline";
  if (!DISPLAY_MODES.includes(taskDisplayMode)) {
    return invalid(`task_display_mode must be one of ${DISPLAY_MODES.join(", ")}`);
  }
  const content = readContent(args);
  if (isResult(content)) return content;
  const blocksProblem = checkChunkBlocks(state, [], content.chunks);
  if (blocksProblem) return blocksProblem;

  const message: SimMessage = {
    channel: channel.id,
    ts: state.nextTs(),
    user: SIM_WORKSPACE.botUserId,
    fromBot: true,
    text: "",
    ephemeral: false,
    files: [],
    threadTs,
    stream: {
      ...openStream(state.now(), {
        taskDisplayMode,
        ...(recipientUserId ? { recipientUserId } : {}),
        ...(recipientTeamId ? { recipientTeamId } : {}),
      }),
      ...(content.mode ? { mode: content.mode } : {}),
    },
  };
  applyChunks(message, content.chunks);
  state.messages.push(message);
  // A reply in the thread clears the status the app set there, as chat.postMessage's does.
  appRepliedInThread(state, channel.id, threadTs);
  return { ok: true, channel: channel.id, ts: message.ts };
}

/** chat.appendStream: more content on an open stream; `markdown_text_or_chunks_required` without any. */
export function appendStream(state: SimState, args: Args): ApiResult {
  const found = openStreamAt(state, args);
  if (isResult(found)) return found;
  const { message } = found;
  const content = readContent(args);
  if (isResult(content)) return content;
  if (!content.mode) return fail("markdown_text_or_chunks_required");
  const problem = mismatch(message, content) ?? checkChunkBlocks(state, message.stream?.chunks ?? [], content.chunks);
  if (problem) return problem;
  if (message.stream) message.stream.mode ??= content.mode;
  applyChunks(message, content.chunks);
  return { ok: true, channel: found.channel, ts: message.ts };
}

/**
 * chat.stopStream: the last content, then `blocks` (at most 50, apart from the 50 sent through chunks; the sim's
 * Block Kit checks) "rendered at the bottom of the finalized message", and `metadata` (checked as chat.postMessage's).
 */
export function stopStream(state: SimState, args: Args): ApiResult {
  const found = openStreamAt(state, args);
  if (isResult(found)) return found;
  const { message } = found;
  const stream = message.stream;
  if (!stream) return fail("message_not_in_streaming_state");
  const content = readContent(args);
  if (isResult(content)) return content;
  const problem = mismatch(message, content) ?? checkChunkBlocks(state, stream.chunks, content.chunks);
  if (problem) return problem;
  const blocks = blocksArg(args);
  if (blocks !== undefined) {
    if (!Array.isArray(blocks))
      return fail("invalid_blocks", { response_metadata: { messages: ["blocks must be an array"] } });
    const blocksProblem = checkBlockList(state, blocks, "blocks");
    if (blocksProblem) return blocksProblem;
  }
  const metadata = metadataArg(args);
  if (metadata && isResult(metadata)) return metadata;
  const sessionStatus = str(args.session_status);
  if (sessionStatus && !SESSION_STATUSES.includes(sessionStatus)) {
    return invalid(`session_status must be one of ${SESSION_STATUSES.join(", ")}`);
  }

  if (content.mode) stream.mode ??= content.mode;
  applyChunks(message, content.chunks);
  if (blocks && blocks.length > 0) message.blocks = [...(message.blocks ?? []), ...blocks];
  if (metadata) message.metadata = metadata;
  stream.state = "stopped";
  stream.stoppedBy = "app";
  stream.stoppedAt = state.now();
  if (sessionStatus) {
    stream.sessionStatus = sessionStatus;
    // The thread's agent session moves too (api/agent-sessions.ts).
    if (message.threadTs) applyStreamSessionStatus(state, found.channel, message.threadTs, sessionStatus);
  }
  return { ok: true, channel: found.channel, ts: message.ts, message: messageJson(message) };
}
