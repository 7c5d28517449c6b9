import {
  addThreadRecord,
  agentThreadRecord,
  latestAssistantThread,
  setThreadStatus,
  threadRecord,
} from "../assistant-state.js";
import { type AssistantThreadRecord, channelOf, findMessage, isTopLevel, type SimState } from "../state.js";
import type { AssistantPrompt } from "../types.js";
import { type ApiResult, type Args, fail, isResult, json, missing, str } from "./args.js";

// The assistant.threads.* methods (https://docs.slack.dev/reference/methods/assistant.threads.setStatus,
// .setSuggestedPrompts, .setTitle). Each answers `{ ok: true }`. Slack documents `channel_not_found` (with
// `detail: "Invalid channel_id"` in its example) and `invalid_thread_ts` ("Thread not found"); a missing required
// argument is the sim's usual `invalid_arguments` naming the field, and the documented limits (10 loading
// messages, 4 prompts each with a title and a message) answer `invalid_arguments` saying what is wrong, as Slack
// documents no specific error for them.
// With the app in agent view (`features.agent_view`, https://docs.slack.dev/ai/migrating-to-agent-messaging/) a
// thread in a person's DM with the app is an app thread wherever it is rooted (assistant-state.ts,
// agentThreadRecord), and suggested prompts are set without `thread_ts`: setSuggestedPrompts documents that
// "including it in a call for an agent app will cause the call to silently fail".

/** Slack's documented limits: "Maximum of 10 messages" to rotate through, "up to four suggested prompts". */
export const ASSISTANT_LIMITS = { loadingMessages: 10, prompts: 4 } as const;

const invalid = (message: string): ApiResult =>
  fail("invalid_arguments", { response_metadata: { messages: [`[ERROR] ${message}`] } });

/** The conversation named by `channel_id`: one that exists and the bot is in (a user id is not a conversation). */
function threadChannel(state: SimState, args: Args): { id: string } | ApiResult {
  const id = str(args.channel_id);
  if (!id) return missing("channel_id");
  const channel = id.startsWith("U") || id.startsWith("W") ? undefined : channelOf(state, id);
  if (!channel?.member) return fail("channel_not_found", { detail: "Invalid channel_id" });
  return { id: channel.id };
}

/** An assistant thread (opened in the assistant container) at `thread_ts`, else `invalid_thread_ts`. */
function assistantThreadArg(state: SimState, channel: string, threadTs: string): AssistantThreadRecord | ApiResult {
  const record = threadRecord(state, channel, threadTs);
  return record?.assistant ? record : fail("invalid_thread_ts");
}

/** `loading_messages`: absent, or an array (its JSON string from a form) of at most 10 non-empty strings. */
function loadingMessagesArg(args: Args): string[] | undefined | ApiResult {
  const list = json<unknown>(args.loading_messages);
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.some((item) => typeof item !== "string" || item === "")) {
    return invalid("loading_messages must be an array of non-empty strings");
  }
  if (list.length > ASSISTANT_LIMITS.loadingMessages) {
    return invalid(`loading_messages must have at most ${ASSISTANT_LIMITS.loadingMessages} items (got ${list.length})`);
  }
  return list.length > 0 ? (list as string[]) : undefined;
}

/**
 * Sets (or with an empty `status`, clears) the status under a thread. Assistant threads, and since setStatus took
 * `chat:write` any thread in a conversation the bot is in: `thread_ts` must be a top-level message there.
 */
export function setStatus(state: SimState, args: Args): ApiResult {
  const channel = threadChannel(state, args);
  if (isResult(channel)) return channel;
  const threadTs = str(args.thread_ts);
  if (!threadTs) return missing("thread_ts");
  if (args.status === undefined) return missing("status");
  if (typeof args.status !== "string") return invalid("status must be a string");
  const loadingMessages = loadingMessagesArg(args);
  if (loadingMessages && isResult(loadingMessages)) return loadingMessages;
  let record = agentThreadRecord(state, channel.id, threadTs) ?? threadRecord(state, channel.id, threadTs);
  if (!record) {
    const root = findMessage(state, channel.id, threadTs);
    if (!root || root.ephemeral || !isTopLevel(root)) return fail("invalid_thread_ts");
    record = addThreadRecord(state, { channel: channel.id, threadTs, assistant: false });
  }
  setThreadStatus(record, args.status, loadingMessages, state.now());
  return { ok: true };
}

/** `prompts`: an array (its JSON string from a form) of 1 to 4 `{ title, message }`, both non-empty strings. */
function promptsArg(args: Args): AssistantPrompt[] | ApiResult {
  const list = json<unknown>(args.prompts);
  if (list === undefined) return missing("prompts");
  if (!Array.isArray(list) || list.length === 0) return invalid("prompts must be a non-empty array");
  if (list.length > ASSISTANT_LIMITS.prompts) {
    return invalid(`prompts must have at most ${ASSISTANT_LIMITS.prompts} items (got ${list.length})`);
  }
  const prompts: AssistantPrompt[] = [];
  for (const [index, item] of list.entries()) {
    const { title, message } = (item ?? {}) as Partial<AssistantPrompt>;
    if (typeof title !== "string" || !title || typeof message !== "string" || !message) {
      return invalid(`prompts[${index}] must have a non-empty title and message`);
    }
    prompts.push({ title, message });
  }
  return prompts;
}

/**
 * Replaces the thread's suggested prompts. Without `thread_ts` (Slack: "the prompts will be set for the latest
 * message in the channel") they go to the channel's newest assistant thread.
 *
 * In agent view (https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts/): with `thread_ts`
 * the call "silently fails" (answered `{ ok: true }`, nothing shown); without it, in a DM, the prompts are pinned to
 * the top of the DM's Messages tab (as Slack's agent template sets them on `app_home_opened`,
 * github.com/slack-samples/bolt-js-starter-agent, listeners/events/app-home-opened.js), read with `pinnedPrompts`.
 */
export function setSuggestedPrompts(state: SimState, args: Args): ApiResult {
  const channel = threadChannel(state, args);
  if (isResult(channel)) return channel;
  const prompts = promptsArg(args);
  if (isResult(prompts)) return prompts;
  if (args.title !== undefined && typeof args.title !== "string") return invalid("title must be a string");
  const threadTs = str(args.thread_ts);
  if (state.appView === "agent" && threadTs) return { ok: true };
  if (state.appView === "agent" && channel.id.startsWith("D")) {
    const title = str(args.title);
    state.pinnedPrompts.set(channel.id, { ...(title ? { title } : {}), prompts });
    return { ok: true };
  }
  const record = threadTs
    ? assistantThreadArg(state, channel.id, threadTs)
    : (latestAssistantThread(state, channel.id) ?? fail("invalid_thread_ts"));
  if (isResult(record)) return record;
  const title = str(args.title);
  record.suggestedPrompts = { ...(title ? { title } : {}), prompts };
  return { ok: true };
}

/** Sets the title the thread shows in the DM's history. */
export function setTitle(state: SimState, args: Args): ApiResult {
  const channel = threadChannel(state, args);
  if (isResult(channel)) return channel;
  const threadTs = str(args.thread_ts);
  if (!threadTs) return missing("thread_ts");
  if (args.title !== undefined && typeof args.title !== "string") return invalid("title must be a string");
  const title = str(args.title);
  if (!title) return missing("title");
  const record = agentThreadRecord(state, channel.id, threadTs) ?? assistantThreadArg(state, channel.id, threadTs);
  if (isResult(record)) return record;
  record.title = title;
  return { ok: true };
}
