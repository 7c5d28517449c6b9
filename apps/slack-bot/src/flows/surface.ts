import type { SlackMessage } from "../messages/blocks.js";
import type { SlackFilesApi } from "../services/slack-files.js";
import type { ProgressLocation } from "../store/types.js";

/** A message the bot posted to the conversation, which it can replace later. */
export interface Posted {
  /**
   * Replaces the message (progress, then results). `fileIds` are Slack files uploaded by the bot and not shared yet
   * (chat.update's `file_ids`): they join the message, so a video or audio result and its buttons are one message.
   */
  update(message: SlackMessage, fileIds?: readonly string[]): Promise<void>;
  /** Deletes the message (a progress message whose result was posted anew); absent for `response_url` ones. */
  remove?(): Promise<void>;
  /** False when replacing goes through `response_url`, whose 5 uses are kept for the result: skip progress. */
  live: boolean;
  /** Identifies the message for the update throttle. */
  key: string;
  /** Where the message is, stored with a job so that a restarted bot replaces the same message. */
  where: ProgressLocation;
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
  /** An answer to the asker (lists, credits, help). */
  reply(message: SlackMessage): Promise<void>;
  /** A note only the asker sees (errors, checks). */
  ephemeral(message: SlackMessage): Promise<void>;
  /**
   * A message the whole conversation sees, replaced later by the results. A job's progress is tagged with its id
   * (Slack message metadata where the Web API posts it), so a replica taking the job over can find it.
   */
  post(message: SlackMessage, tag?: PostTag): Promise<Posted>;
}

/** What a job's progress message is tagged with. */
export interface PostTag {
  jobId: string;
}

/** The Slack error code of a failed Web API call (`not_in_channel`, ...), if it is one. */
export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | null)?.data;
  return typeof data?.error === "string" ? data.error : undefined;
}
