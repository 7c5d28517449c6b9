import { type AssistantThreadRecord, findMessage, isTopLevel, type SimState } from "./state.js";
import type { SimAssistantThread } from "./types.js";

// What a person sees of an AI assistant thread besides its messages: the status line under it ("<App> is
// thinking..."), the suggested prompts and the thread's title in the DM's history. Slack documents that the status
// is cleared when the app replies in the thread, by an empty `status`, and after two minutes without a message
// (https://docs.slack.dev/reference/methods/assistant.threads.setStatus). The sim applies the timeout lazily, on
// its own clock, whenever the thread is read or changed, so the clear lands in `statusHistory` in its place.
// The record itself (`AssistantThreadRecord`) is part of `SimState` and lives in state.ts: this file only reads and
// changes it, so the import goes one way.

/** Slack removes a thread's status two minutes after it was set when the app has not replied since. */
export const STATUS_TIMEOUT_MS = 120_000;

const keyOf = (channel: string, threadTs: string): string => `${channel}\u0000${threadTs}`;

function clearStatus(record: AssistantThreadRecord): void {
  record.status = "";
  delete record.statusSetAt;
  delete record.loadingMessages;
  record.statusHistory.push("");
}

function expire(record: AssistantThreadRecord, now: number): void {
  if (record.status && record.statusSetAt !== undefined && now - record.statusSetAt >= STATUS_TIMEOUT_MS) {
    clearStatus(record);
  }
}

/** The thread's record with the status timeout applied; undefined when nothing was ever recorded for it. */
export function threadRecord(state: SimState, channel: string, threadTs: string): AssistantThreadRecord | undefined {
  const record = state.assistantThreads.get(keyOf(channel, threadTs));
  if (record) expire(record, state.now());
  return record;
}

/** Records a thread: a new assistant thread, or a plain thread that gets its first status. */
export function addThreadRecord(
  state: SimState,
  record: Omit<AssistantThreadRecord, "status" | "statusHistory">,
): AssistantThreadRecord {
  const added: AssistantThreadRecord = { ...record, status: "", statusHistory: [] };
  state.assistantThreads.set(keyOf(record.channel, record.threadTs), added);
  return added;
}

/** `assistant.threads.setStatus`: an empty status clears it (and its loading messages). */
export function setThreadStatus(
  record: AssistantThreadRecord,
  status: string,
  loadingMessages: string[] | undefined,
  now: number,
): void {
  if (!status) {
    clearStatus(record);
    return;
  }
  record.status = status;
  record.statusSetAt = now;
  if (loadingMessages) record.loadingMessages = loadingMessages;
  else delete record.loadingMessages;
  record.statusHistory.push(status);
}

/** The app posted a message in a thread: Slack clears that thread's status, if it had one. */
export function appRepliedInThread(state: SimState, channel: string, threadTs: string): void {
  const record = threadRecord(state, channel, threadTs);
  if (record?.status) clearStatus(record);
}

/**
 * Agent view: a thread in a person's DM with the app, rooted on a top-level message there (theirs or the app's), is
 * one of the app's threads, as an assistant thread is in the assistant view: it gets a status and a title. Its
 * record is made on first use, as the DM person's. Undefined in the assistant view, outside a DM, or when no
 * top-level message is at `threadTs`.
 */
export function agentThreadRecord(
  state: SimState,
  channel: string,
  threadTs: string,
): AssistantThreadRecord | undefined {
  if (state.appView !== "agent" || !channel.startsWith("D")) return undefined;
  const known = threadRecord(state, channel, threadTs);
  const root = known ? undefined : findMessage(state, channel, threadTs);
  if (!known && (!root || root.ephemeral || !isTopLevel(root))) return undefined;
  // The DM with a person is `D` + their user id (state.ts, dmIdOf).
  const record = known ?? addThreadRecord(state, { channel, threadTs, assistant: true });
  record.assistant = true;
  record.user ??= channel.slice(1);
  return record;
}

/** The newest assistant thread in a channel (what setSuggestedPrompts acts on without `thread_ts`). */
export function latestAssistantThread(state: SimState, channel: string): AssistantThreadRecord | undefined {
  const threads = [...state.assistantThreads.values()].filter((r) => r.assistant && r.channel === channel);
  const latest = threads.at(-1);
  return latest ? threadRecord(state, latest.channel, latest.threadTs) : undefined;
}

/** What the person sees of the thread, as a copy the caller may keep. */
export function threadSnapshot(record: AssistantThreadRecord): SimAssistantThread {
  return structuredClone({
    status: record.status,
    statusHistory: record.statusHistory,
    ...(record.loadingMessages ? { loadingMessages: record.loadingMessages } : {}),
    ...(record.title !== undefined ? { title: record.title } : {}),
    ...(record.suggestedPrompts ? { suggestedPrompts: record.suggestedPrompts } : {}),
    ...(record.user ? { user: record.user } : {}),
    ...(record.context ? { context: record.context } : {}),
  });
}
