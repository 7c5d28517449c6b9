import type { StreamChunk, StreamTaskStatus } from "./types.js";

// The `chunks` of chat.startStream / appendStream / stopStream and their limits. Chunk objects:
// https://docs.slack.dev/messaging/sending-and-scheduling-messages#text-streaming and the methods' pages
// (https://docs.slack.dev/reference/methods/chat.appendStream): `markdown_text` { text }, `task_update` { id, title,
// status: pending | in_progress | complete | error, details?, output?, sources? }, `plan_update` { title } and
// `blocks` { blocks } (@slack/types 3.2 `AnyChunk`, https://docs.slack.dev/changelog/2026/04/16/block-kit-new-blocks).

/** Limits on streamed content. */
export const STREAM_LIMITS = {
  /** "Limit this field to 12,000 characters" (`markdown_text`, on each of the three methods' pages). */
  markdownText: 12_000,
  /**
   * Blocks through `chunks` over the whole stream, and separately through chat.stopStream's `blocks`: "you can have
   * 50 blocks sent via the chunks parameter and 50 blocks sent via the chat.stopStream API method's blocks array"
   * (https://docs.slack.dev/reference/methods/chat.stopStream).
   */
  blocks: 50,
  /** [reported] task titles, details and outputs and plan titles cap at about 256 characters (not on Slack's pages). */
  taskField: 256,
} as const;

export const TASK_STATUSES: readonly StreamTaskStatus[] = ["pending", "in_progress", "complete", "error"];
const CHUNK_TYPES = ["markdown_text", "task_update", "plan_update", "blocks"];

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** What reading `chunks` found: the chunks, or Slack's error code and one line per problem. */
export type ChunksRead = { ok: true; chunks: StreamChunk[] } | { ok: false; error: string; problems: string[] };

function checkTaskField(problems: string[], where: string, value: unknown, required: boolean): void {
  if (value === undefined && !required) return;
  if (!isText(value)) problems.push(`${where} must be a non-empty string`);
  else if (value.length > STREAM_LIMITS.taskField) {
    problems.push(`${where} must be at most ${STREAM_LIMITS.taskField} characters (got ${value.length})`);
  }
}

function checkTaskUpdate(problems: string[], where: string, chunk: Obj): void {
  checkTaskField(problems, `${where}.id`, chunk.id, true);
  checkTaskField(problems, `${where}.title`, chunk.title, true);
  if (!TASK_STATUSES.includes(chunk.status as StreamTaskStatus)) {
    problems.push(`${where}.status must be one of ${TASK_STATUSES.join(", ")}`);
  }
  checkTaskField(problems, `${where}.details`, chunk.details, false);
  checkTaskField(problems, `${where}.output`, chunk.output, false);
  // A URL source element: { type: "url", url, text } (@slack/types URLSourceElement).
  if (chunk.sources !== undefined) {
    const sources = Array.isArray(chunk.sources) ? chunk.sources : undefined;
    if (!sources) problems.push(`${where}.sources must be an array`);
    sources?.forEach((source, i) => {
      if (!isObj(source) || source.type !== "url" || !isText(source.url) || !isText(source.text)) {
        problems.push(`${where}.sources[${i}] must be { type: "url", url, text }`);
      }
    });
  }
}

function checkChunk(problems: string[], index: number, chunk: unknown): void {
  const where = `chunks[${index}]`;
  if (!isObj(chunk) || typeof chunk.type !== "string") {
    problems.push(`${where} must be an object with a type`);
    return;
  }
  if (!CHUNK_TYPES.includes(chunk.type)) {
    problems.push(`${where}.type must be one of ${CHUNK_TYPES.join(", ")} (got ${chunk.type})`);
    return;
  }
  if (chunk.type === "markdown_text" && typeof chunk.text !== "string") problems.push(`${where}.text is required`);
  if (chunk.type === "task_update") checkTaskUpdate(problems, where, chunk);
  if (chunk.type === "plan_update") checkTaskField(problems, `${where}.title`, chunk.title, true);
  if (chunk.type === "blocks" && !Array.isArray(chunk.blocks)) problems.push(`${where}.blocks must be an array`);
}

/**
 * Reads the `chunks` argument (a JSON array, or its JSON string from form-encoded callers such as @slack/web-api).
 * Undefined when absent; `invalid_chunks` for anything malformed; `msg_too_long` for a `markdown_text` chunk over
 * 12,000 characters ([reported]: the limit counts per chunk, not over the stream).
 */
export function readChunks(value: unknown): ChunksRead | undefined {
  if (value === undefined || value === "") return undefined;
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { ok: false, error: "invalid_chunks", problems: ["chunks must be a JSON array"] };
    }
  }
  if (!Array.isArray(parsed)) return { ok: false, error: "invalid_chunks", problems: ["chunks must be an array"] };
  const problems: string[] = [];
  parsed.forEach((chunk, i) => {
    checkChunk(problems, i, chunk);
  });
  if (problems.length > 0) return { ok: false, error: "invalid_chunks", problems };
  const chunks = parsed as StreamChunk[];
  for (const [i, chunk] of chunks.entries()) {
    const length = chunk.type === "markdown_text" ? (chunk.text as string).length : 0;
    if (length > STREAM_LIMITS.markdownText) {
      const problem = `chunks[${i}].text must be at most ${STREAM_LIMITS.markdownText} characters (got ${length})`;
      return { ok: false, error: "msg_too_long", problems: [problem] };
    }
  }
  return { ok: true, chunks };
}

/** The blocks the chunks carry (`blocks` chunks), in order. */
export const chunkBlocks = (chunks: readonly StreamChunk[]): Obj[] =>
  chunks.flatMap((chunk) => (chunk.type === "blocks" ? (chunk.blocks as Obj[]) : []));
