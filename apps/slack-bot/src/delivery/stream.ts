// Streamed progress (issue 29, decision 0019). In a thread, a job's phases show as the tasks of one streamed message
// (chat.startStream, then chat.appendStream with `task_update` chunks), and the stream ends as the job's result:
// chat.stopStream takes the result's blocks and its metadata (https://docs.slack.dev/reference/methods/chat.stopStream).
// Slack's rules that shape it:
// - a stream is a reply in a thread ("Streamed messages should always be replies to a user request"), and outside a
//   DM it needs the recipient's user and team (https://docs.slack.dev/reference/methods/chat.startStream): a slash
//   command in a channel has no thread to reply in, and keeps its chat.update progress message;
// - chat.startStream and chat.stopStream are Tier 2 (about 20 a minute per workspace), chat.appendStream Tier 4
//   (100+): a stream is started only when the pacer has room for it, else the job posts a progress message as
//   before; an append that finds no room is dropped (the next carries newer progress);
// - stopStream takes no `file_ids`: a result with files (video, audio) is attached by chat.update once stopped.
// A stream that Slack no longer takes (it ended on its own, or the bot restarted after too long) is not an error:
// `finish` answers false and the engine replaces the message with chat.update as it does any progress message.
// No text a person typed goes into a chunk: the tasks' titles are the bot's own words (the result's blocks, escaped
// as every result is, carry the prompt).

import type { types, webApi } from "@slack/bolt";
import type { BotDeps } from "../deps.js";
import type { FinalMessage } from "../messages/result-parts.js";
import { jobMetadata } from "../services/job-metadata.js";
import { livePosted, streamable, toSlack } from "./conversation.js";
import { pacerOf } from "./engine.js";
import { REFUSED_FILES, replaceWithFilesLater } from "./files-later.js";
import { studioSilent } from "./still-trying.js";
import { type Posted, type ProgressStream, type StreamPhase, type StreamPlace, slackErrorCode } from "./surface.js";

type TaskStatus = "pending" | "in_progress" | "complete" | "error";

/** The job's tasks, in the order its phases go through them. */
const TASKS: readonly { id: string; title: string; phase: StreamPhase }[] = [
  { id: "send", title: "Sending the request to the studio", phase: "sending" },
  { id: "queue", title: "Queued at the studio", phase: "queued" },
  { id: "generate", title: "Generating", phase: "running" },
  { id: "deliver", title: "Bringing the result into Slack", phase: "uploading" },
];

/**
 * Streams open at once in this process, at most: a burst of results that finish together needs a chat.stopStream each,
 * and Slack allows 20 a minute, so ten leave room for the ends of streams started by another replica as well.
 */
export const MAX_OPEN_STREAMS = 10;

/** How long a result waits for a chat.stopStream slot before it replaces the message by chat.update instead. */
const STOP_WAIT_MS = 2_000;

// The streams each app has open (their keys).
const open = new WeakMap<BotDeps, Set<string>>();
const openOf = (deps: BotDeps) => {
  let keys = open.get(deps);
  if (!keys) {
    keys = new Set();
    open.set(deps, keys);
  }
  return keys;
};

/** The plan's title: the bot's words only (a chunk carries no text a person typed). */
const PLAN_TITLE = "Studio is on it";

type TaskChunk = types.TaskUpdateChunk;

/**
 * Each task as `phase` shows it: those before done, the phase's own running, those after waiting. The running task's
 * `note` (its percentage, or that the studio is silent) goes into its title, not `details`: Slack is reported to
 * append a task's details to those shown before rather than replace them.
 */
function tasksAt(phase: StreamPhase, note?: string): TaskChunk[] {
  const at = TASKS.findIndex((task) => task.phase === phase);
  return TASKS.map((task, index): TaskChunk => {
    const status: TaskStatus = index < at ? "complete" : index === at ? "in_progress" : "pending";
    const title = index === at && note ? `${task.title} · ${note}` : task.title;
    return { type: "task_update", id: task.id, title, status };
  });
}

/** The tasks of a job that ended: all done, or the one it stopped at marked as failed. */
function tasksAtEnd(phase: StreamPhase, completed: boolean): TaskChunk[] {
  if (completed)
    return TASKS.map((task) => ({ type: "task_update", id: task.id, title: task.title, status: "complete" }));
  return tasksAt(phase).map((task) => (task.status === "in_progress" ? { ...task, status: "error" } : task));
}

/** The running task's note: the percentage while generating, or that the studio is not answering. */
function noteOf(deps: BotDeps, phase: StreamPhase, percent?: number): string | undefined {
  if (studioSilent(deps)) return "the studio is not answering; still trying";
  if (phase !== "running" || percent === undefined || !Number.isFinite(percent)) return undefined;
  return `${Math.round(Math.min(100, Math.max(0, percent)))}%`;
}

/** The chunks that differ from what the stream shows already (a task is sent again only when it changed). */
function changed(next: readonly TaskChunk[], shown: Map<string, string>): TaskChunk[] {
  return next.filter((task) => shown.get(task.id) !== JSON.stringify(task));
}

/**
 * Starts a job's streamed progress message in `place`, or answers undefined (nothing posted) when
 * STUDIO_SLACK_PROGRESS is `update`, when chat.startStream's minute is spent, or when Slack refuses the stream: the
 * caller posts a progress message then.
 */
export async function startStreamedProgress(
  deps: BotDeps,
  place: StreamPlace,
  phase: "sending" | "queued",
): Promise<Posted | undefined> {
  if (deps.config.slackProgress !== "stream" || !streamable(place)) return undefined;
  // The slot is held from now on (jobs start side by side: a check before the awaits alone would let them all in).
  const open = openOf(deps);
  if (open.size >= MAX_OPEN_STREAMS) return undefined;
  const slot = `starting:${place.channel}:${place.threadTs}:${++starts}`;
  open.add(slot);
  try {
    const ts = await startStream(deps, place, phase);
    if (!ts) return undefined;
    const stream = progressStream(deps, place.client, place.channel, ts, tasksAt(phase, noteOf(deps, phase)), phase);
    return { ...livePosted(place.client, place.channel, ts), where: { ts, streamed: true }, stream };
  } finally {
    open.delete(slot);
  }
}

let starts = 0;

/** chat.startStream with the plan and its tasks as `phase` shows them; undefined when there is no room or Slack refused. */
async function startStream(
  deps: BotDeps,
  place: StreamPlace,
  phase: "sending" | "queued",
): Promise<string | undefined> {
  try {
    if (!(await pacerOf(deps).tryTake("chat.startStream"))) return undefined;
  } catch {
    return undefined; // a store error: the progress message is the safe way
  }
  const recipient =
    place.channel.startsWith("D") || !place.team
      ? {}
      : { recipient_user_id: place.user, recipient_team_id: place.team };
  try {
    const started = await place.client.chat.startStream({
      channel: place.channel,
      thread_ts: place.threadTs,
      ...recipient,
      task_display_mode: "plan",
      chunks: [{ type: "plan_update", title: PLAN_TITLE }, ...tasksAt(phase, noteOf(deps, phase))],
    });
    return started.ts;
  } catch (error) {
    deps.logger.warn({ err: error, user: place.user }, "Slack did not start a stream; posting a progress message");
    return undefined;
  }
}

/**
 * The handle of a job's streamed message after a restart: its appends and its end go to the same stream, if Slack
 * still takes it (else the result replaces the message, as any progress message's does).
 */
export function resumedStream(deps: BotDeps, client: webApi.WebClient, channel: string, ts: string): Posted {
  const stream = progressStream(deps, client, channel, ts, [], "queued");
  return { ...livePosted(client, channel, ts), where: { ts, streamed: true }, stream };
}

function progressStream(
  deps: BotDeps,
  client: webApi.WebClient,
  channel: string,
  ts: string,
  started: readonly TaskChunk[],
  startPhase: StreamPhase,
): ProgressStream {
  const key = `${channel}:${ts}`;
  openOf(deps).add(key);
  const shown = new Map(started.map((task) => [task.id, JSON.stringify(task)]));
  let phase = startPhase;
  let ended = false;
  let inFlight: Promise<void> | undefined;
  // Sends the tasks that changed; one append at a time, and none after the end began.
  const append = async (tasks: TaskChunk[]) => {
    if (!(await pacerOf(deps).tryTake("chat.appendStream"))) return;
    if (ended) return;
    deps.throttle.take(key);
    await client.chat.appendStream({ channel, ts, chunks: tasks });
    for (const task of tasks) shown.set(task.id, JSON.stringify(task));
  };
  return {
    show(next, percent) {
      if (ended || inFlight) return;
      const newPhase = next !== phase;
      phase = next;
      const tasks = changed(tasksAt(next, noteOf(deps, next, percent)), shown);
      if (!tasks.length) return;
      // A new phase shows at once; a moving percentage waits for the message's throttle interval.
      if (!newPhase && !deps.throttle.ready(key)) return;
      inFlight = append(tasks)
        .catch((error: unknown) => deps.logger.warn({ err: error }, "could not append to a job's stream"))
        .finally(() => {
          inFlight = undefined;
        });
    },
    async finish(final) {
      ended = true;
      deps.throttle.forget(key);
      openOf(deps).delete(key);
      await inFlight;
      // When chat.stopStream's minute is spent, the result does not wait for it: chat.update replaces the message.
      try {
        if ((await pacerOf(deps).nextFree("chat.stopStream")) > STOP_WAIT_MS) return false;
      } catch {
        return false;
      }
      const completed = final.tag?.finished !== undefined;
      const stop = async (message: FinalMessage["message"]) => {
        await pacerOf(deps).acquire("chat.stopStream");
        await client.chat.stopStream({
          channel,
          ts,
          chunks: changed(tasksAtEnd(phase, completed), shown),
          blocks: toSlack(message).blocks,
          ...(final.tag ? { metadata: jobMetadata(final.tag.jobId, final.tag.finished) } : {}),
        });
      };
      // The finished message with its files, over the stream's end (stopStream takes no file_ids).
      const replace = async (message: FinalMessage["message"], fileIds: readonly string[]) => {
        await pacerOf(deps).acquire("chat.update", undefined, deps.stopped);
        await client.chat.update({
          channel,
          ts,
          ...toSlack(message),
          ...(fileIds.length ? { file_ids: [...fileIds] } : {}),
        });
      };
      try {
        await stop(final.fileIds?.length ? (final.fallback ?? final.message) : final.message);
      } catch (error) {
        // Slack refused the result's files (not ready to show yet): the same end saying they are coming, and the
        // message with them once Slack takes them.
        const refused = REFUSED_FILES.has(slackErrorCode(error) ?? "") && final.fallback && !final.fileIds?.length;
        deps.logger.warn({ err: error }, "could not end a job's stream with its result");
        if (!refused || !final.fallback) return false;
        try {
          await stop(final.fallback);
        } catch (reason) {
          deps.logger.warn({ err: reason }, "could not end a job's stream without its files; replacing the message");
          return false;
        }
        replaceWithFilesLater(deps, final, replace);
        return true;
      }
      // A video's or an audio's files join the finished message by chat.update.
      if (final.fileIds?.length) {
        try {
          await replace(final.message, final.fileIds);
        } catch (error) {
          deps.logger.warn({ err: error }, "could not attach the result's files; trying again later");
          replaceWithFilesLater(deps, final, replace);
        }
      }
      return true;
    },
  };
}
