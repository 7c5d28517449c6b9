import type { webApi } from "@slack/bolt";
import type { SlackMessage } from "../messages/blocks.js";
import type { FinalMessage } from "../messages/result-parts.js";
import type { JobTag } from "../services/job-metadata.js";
import type { PermalinkApi } from "../services/permalinks.js";
import type { SlackFilesApi } from "../services/slack-files.js";
import type { JobRecord, ProgressLocation } from "../store/types.js";

/** A message the bot posted to the conversation, which it can replace later. */
export interface Posted {
  /**
   * Replaces the message (progress, then results). `fileIds` are Slack files uploaded by the bot and not shared yet
   * (chat.update's `file_ids`): they join the message, so a video or audio result and its buttons are one message.
   */
  update(message: SlackMessage, fileIds?: readonly string[], tag?: PostTag): Promise<void>;
  /** Deletes the message (a progress message whose result was posted anew); absent for `response_url` ones. */
  remove?(): Promise<void>;
  /** False when replacing goes through `response_url`, whose 5 uses are kept for the result: skip progress. */
  live: boolean;
  /** Identifies the message for the update throttle. */
  key: string;
  /** Where the message is, stored with a job so that a restarted bot replaces the same message. */
  where: ProgressLocation;
  /**
   * Set when the job's progress is its assistant thread's status line instead of a message (decision 0012): there
   * is nothing to update, progress goes to the status and the result is posted as the job's one message.
   */
  status?: JobStatusLine;
  /**
   * Set when the job's progress is a streamed message (chat.startStream: decision 0019): its phases are tasks
   * appended to the stream, and the stream ends as the job's result (chat.stopStream).
   */
  stream?: ProgressStream;
}

/** Where a job's reply may be streamed: a thread, and (outside a DM) the person it is for and their team. */
export interface StreamPlace {
  client: webApi.WebClient;
  channel: string;
  threadTs: string;
  user: string;
  /** The asker's team (`recipient_team_id`): required with the user outside a DM. */
  team?: string;
}

/** A job's phases as the tasks of its streamed message. */
export type StreamPhase = "sending" | "queued" | "running" | "uploading";

/** A job's progress streamed into its message (delivery/stream.ts). */
export interface ProgressStream {
  /** Shows the job's phase (a new phase at once; a moving percentage at most every throttle interval); never throws. */
  show(phase: StreamPhase, percent?: number): void;
  /**
   * Ends the stream as the job's final message (its blocks and metadata, its tasks complete, or the one that failed
   * marked so). False when Slack would not (the stream had ended, or was refused): the caller replaces the message.
   */
  finish(final: FinalMessage): Promise<boolean>;
}

/** A job's progress shown in its assistant thread's status line ("Studio is generating an image… 40%"). */
export interface JobStatusLine {
  /** Shows the job's phase (a new phase at once; a moving percentage at most every 10 s); never throws. */
  show(phase: "sending" | "queued" | "running", percent?: number): void;
  /** The job ended: its status leaves the line (nothing sent; its final message is posted next). */
  end(): void;
  /** After its final message: the line shows the thread's other running jobs, or is cleared. Never throws. */
  settle(): Promise<void>;
}

/** What a surface in an assistant thread adds: the job's progress goes to the thread's status line. */
export interface AssistantThreadSurface {
  /**
   * Starts showing a job in the thread: the thread's title (from its first job) and the job's status line. Returns
   * the job's handle, which posts nothing until the result.
   */
  startJob(job: JobRecord, phase: "sending" | "queued"): Posted;
}

/**
 * Where a request came from and how to answer it: a slash command answers through `response_url` and the
 * channel, a mention in its thread. The flows only talk to this, so they read the same for both.
 */
export interface Surface {
  /** Who asked. */
  user: string;
  /** The conversation the request came from: keys the channel's default board and receives uploaded files. */
  channel: string;
  /** The thread answers go to (mentions, clicks in a thread); undefined for a slash command in a channel. */
  threadTs?: string;
  /**
   * The Web API client to upload result files with (Bolt's `client`). Only used when the progress message is
   * `live`: a `response_url` fallback means the bot is not in the channel, where files cannot go either.
   */
  files?: SlackFilesApi;
  /** The Web API client to link messages with (Bolt's `client`: chat.getPermalink), where there is one. */
  links?: PermalinkApi;
  /** An answer to the asker (lists, credits, help). */
  reply(message: SlackMessage): Promise<void>;
  /** A note only the asker sees (errors, checks). */
  ephemeral(message: SlackMessage): Promise<void>;
  /**
   * A message the whole conversation sees, replaced later by the results. A job's progress is tagged with its id
   * (Slack message metadata where the Web API posts it), so a replica taking the job over can find it.
   */
  post(message: SlackMessage, tag?: PostTag): Promise<Posted>;
  /** Set in an assistant thread (Slack's AI split view): jobs show their progress in its status line. */
  assistant?: AssistantThreadSurface;
  /**
   * Set where Slack lets the bot stream a reply (a thread, with the asker's team outside a DM): a job asked here may
   * show its phases in a streamed message (delivery/stream.ts).
   */
  streamPlace?: StreamPlace;
  /**
   * Set in the agent view where the answer goes to a thread: the thread's Slack agent session, `processing` while a
   * job or a confirmation is under way there, with its stop button (delivery/agent-sessions.ts, decision 0028).
   */
  session?: SessionPlace;
}

/** The Web API the sessions use (Bolt's `client.agents.sessions`, @slack/web-api 8.2). */
export type AgentSessionsApi = Pick<webApi.WebClient, "agents">;

/** A thread the bot works in as an agent: where its session is. */
export interface SessionPlace {
  client: AgentSessionsApi;
  channel: string;
  threadTs: string;
}

/** What a job's message is tagged with (Slack message metadata): its job, and for a result what it made and how. */
export type PostTag = JobTag;

/** The Slack error code of a failed Web API call (`not_in_channel`, ...), if it is one. */
export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | null)?.data;
  return typeof data?.error === "string" ? data.error : undefined;
}
