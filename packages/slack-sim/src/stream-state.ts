import type { SimMessage, SimStream, SimStreamTask, StreamChunk, StreamTaskStatus } from "./types.js";

/**
 * How long Slack keeps a stream open after `chat.startStream`: [reported] about 5 minutes (people measure ~306 s),
 * counted from the start and not extended by appends; later appends and stops answer
 * `message_not_in_streaming_state`. Slack's pages give no number. The sim uses 5 minutes on its clock.
 */
export const STREAM_LIFETIME_MS = 5 * 60_000;

/** A new stream's record. */
export function openStream(
  at: number,
  options: { recipientUserId?: string; recipientTeamId?: string; taskDisplayMode: string },
): SimStream {
  return {
    state: "streaming",
    startedAt: at,
    taskDisplayMode: options.taskDisplayMode,
    ...(options.recipientUserId ? { recipientUserId: options.recipientUserId } : {}),
    ...(options.recipientTeamId ? { recipientTeamId: options.recipientTeamId } : {}),
    chunks: [],
    tasks: [],
    text: "",
  };
}

/** Whether the stream has outlived `STREAM_LIFETIME_MS` at `now` while still open. */
const expired = (stream: SimStream, now: number): boolean =>
  stream.state === "streaming" && now - stream.startedAt >= STREAM_LIFETIME_MS;

/**
 * Closes the message's stream if its lifetime ended (Slack closes it on its own): called before any method acts on
 * the message, so that a refused append and the readers agree. True when the stream is still open.
 */
export function settleStream(message: SimMessage, now: number): boolean {
  const stream = message.stream;
  if (!stream) return false;
  if (expired(stream, now)) {
    stream.state = "stopped";
    stream.stoppedBy = "expired";
    stream.stoppedAt = stream.startedAt + STREAM_LIFETIME_MS;
  }
  return stream.state === "streaming";
}

/** A copy of the message as a reader sees it at `now`: an outlived stream reads as stopped, without changing state. */
export function messageAsSeen(message: SimMessage, now: number): SimMessage {
  const copy = structuredClone(message);
  settleStream(copy, now);
  return copy;
}

function applyTask(stream: SimStream, chunk: StreamChunk): void {
  const task: SimStreamTask = {
    id: chunk.id as string,
    title: chunk.title as string,
    status: chunk.status as StreamTaskStatus,
    ...(typeof chunk.details === "string" ? { details: chunk.details } : {}),
    ...(typeof chunk.output === "string" ? { output: chunk.output } : {}),
    ...(Array.isArray(chunk.sources) ? { sources: chunk.sources } : {}),
  };
  // A task keeps its place (where it first appeared); the latest update's fields replace the earlier ones. People
  // report that Slack appends `details` rather than replacing it; the sim keeps the latest (see the README).
  const index = stream.tasks.findIndex((known) => known.id === task.id);
  if (index >= 0) stream.tasks[index] = task;
  else stream.tasks.push(task);
}

/**
 * Applies checked chunks to a streamed message: the markdown joins the text, tasks and the plan title update, and
 * `blocks` chunks' blocks join the message's blocks (stopStream's own `blocks` are added after them, at the bottom).
 */
export function applyChunks(message: SimMessage, chunks: readonly StreamChunk[]): void {
  const stream = message.stream;
  if (!stream) return;
  for (const chunk of chunks) {
    stream.chunks.push(structuredClone(chunk));
    if (chunk.type === "markdown_text") stream.text += chunk.text as string;
    if (chunk.type === "task_update") applyTask(stream, chunk);
    if (chunk.type === "plan_update") stream.planTitle = chunk.title as string;
    if (chunk.type === "blocks") message.blocks = [...(message.blocks ?? []), ...structuredClone(chunk.blocks as [])];
  }
  message.text = stream.text;
}
