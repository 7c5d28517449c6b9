// The sim's record of the workspace: what the readers return and what the Web API methods change.

/** Any Block Kit block; the sim checks the limits it knows (see validate.ts) and keeps the rest as given. */
export type Block = Record<string, unknown>;

/** A Block Kit view (modal or home tab). */
export interface View {
  type: string;
  blocks?: Block[];
  [key: string]: unknown;
}

/** A file in the workspace: shared by a person (`message`/`mention` with `files`) or by the bot (`files.completeUploadExternal`). */
export interface SimFile {
  id: string;
  name: string;
  title: string;
  mimetype: string;
  size: number;
  bytes: Uint8Array;
  /** Who shared it; absent for the bot's uploads. */
  user?: string;
  /** Seconds since the epoch, on the sim's clock (Slack's `created`). */
  created?: number;
}

/** A file a person shares with a message: the sim stores it and the event carries Slack's file object. */
export interface SharedFileInput {
  name: string;
  /** Default: from the name's extension (`application/octet-stream` when unknown), as Slack shows it. */
  mimetype?: string;
  bytes: Uint8Array;
  /** Default: the name. */
  title?: string;
}

/** Slack message metadata (https://api.slack.com/metadata): an event type and a JSON payload. */
export interface MessageMetadata {
  event_type: string;
  event_payload: Record<string, unknown>;
}

/** One request for a file's bytes (`url_private` / `url_private_download`), as the sim answered it. */
export interface SimDownload {
  fileId: string;
  /** On the sim's clock, ms since the epoch. */
  at: number;
  /** 200 with the bytes, 302 to the sign-in page without the bot token, 404 for an unknown file. */
  status: number;
  /** Whether the request carried the bot token. The token itself is never kept. */
  authorized: boolean;
}

/** One message as people in the channel would see it. */
export interface SimMessage {
  channel: string;
  ts: string;
  /** The author: a user id, or the bot's user id. */
  user: string;
  /** True when the bot (Web API, `response_url`, ack body) wrote it. */
  fromBot: boolean;
  text: string;
  blocks?: Block[];
  threadTs?: string;
  /** Ephemeral messages are visible to one user only, and never to the Web API. */
  ephemeral: boolean;
  visibleTo?: string;
  /** The ts of the last `chat.update` or `replace_original`. */
  editedAt?: string;
  files: SimFile[];
  /** The `metadata` the bot posted with the message (`chat.postMessage` / `chat.update`). */
  metadata?: MessageMetadata;
  /** Slack's message subtype, when it has one: `assistant_app_thread` for the root of an assistant thread. */
  subtype?: string;
  /** For a message the bot streamed (`chat.startStream`): the stream, open or stopped (see stream-state.ts). */
  stream?: SimStream;
  /** The links a person shared in it (`shareLink`), and what the app unfurled them with (`chat.unfurl`), by URL. */
  unfurls?: Record<string, SimUnfurl>;
  /**
   * The feedback button each person's Slack shows as chosen, by person, then by the `feedback_buttons` element's
   * `action_id`: the side they clicked last. Slack's client keeps this itself; the app is sent the click only
   * (see actions/interactions.ts).
   */
  chosenFeedback?: Record<string, Record<string, FeedbackSide>>;
}

/** One of a `feedback_buttons` element's two buttons. */
export type FeedbackSide = "positive" | "negative";

/**
 * One shared link of a message and its unfurl: the classic `unfurl` (an attachment, or `blocks`) and/or the Work
 * Object `entity` from `metadata.entities` (https://docs.slack.dev/messaging/work-objects-implementation). Both
 * are absent until the app unfurls the link.
 */
export interface SimUnfurl {
  url: string;
  unfurl?: Record<string, unknown>;
  entity?: SimEntity;
}

/** A Work Object entity as the app sent it (@slack/types' `EntityMetadata`, kept as given). */
export type SimEntity = {
  entity_type: string;
  url: string;
  external_ref: { id: string; type?: string };
  entity_payload: Record<string, unknown> & { attributes: { title: { text: string } } & Record<string, unknown> };
  app_unfurl_url?: string;
};

/** What the app answered one `entity_details_requested` with, through `entity.presentDetails`. */
export interface SimEntityDetails {
  triggerId: string;
  user: string;
  /** The flexpane's entity, when the app sent one. */
  metadata?: SimEntity;
  /** The error the app answered instead (`restricted`, `not_found`, ...). */
  error?: { status: string; custom_title?: string; custom_message?: string } & Record<string, unknown>;
  userAuthRequired: boolean;
  userAuthUrl?: string;
}

/** A task's status in a `task_update` chunk (https://docs.slack.dev/messaging/sending-and-scheduling-messages#text-streaming). */
export type StreamTaskStatus = "pending" | "in_progress" | "complete" | "error";

/**
 * One chunk of a streamed message as the app sent it (`markdown_text`, `task_update`, `plan_update` or `blocks`,
 * @slack/types' `AnyChunk`); a `markdown_text` argument is kept as a `markdown_text` chunk.
 */
export type StreamChunk = { type: string } & Record<string, unknown>;

/** A task of a stream as it reads now: its latest `task_update` (title, status, details... replace earlier ones). */
export interface SimStreamTask {
  id: string;
  title: string;
  status: StreamTaskStatus;
  details?: string;
  output?: string;
  sources?: unknown[];
}

/** What the sim keeps of a streamed message (`chat.startStream` / `appendStream` / `stopStream`). */
export interface SimStream {
  /** `streaming` until the app stops it or Slack's lifetime ends it, then `stopped` (it never reopens). */
  state: "streaming" | "stopped";
  /**
   * Why it stopped: the app's `chat.stopStream`, the lifetime Slack gives a stream (`STREAM_LIFETIME_MS`), or a
   * person's click on the agent session's stop button (`stopAgentSession`).
   */
  stoppedBy?: "app" | "expired" | "user";
  /** On the sim's clock, ms since the epoch. */
  startedAt: number;
  stoppedAt?: number;
  recipientUserId?: string;
  recipientTeamId?: string;
  /** `chat.startStream`'s `task_display_mode` (Slack's default `timeline`). */
  taskDisplayMode: string;
  /** How content came first (`markdown_text` argument or `chunks`): later calls must use the same. */
  mode?: "markdown_text" | "chunks";
  /** Every chunk, in the order Slack received them. */
  chunks: StreamChunk[];
  /** The tasks in the order they first appeared, each as its latest `task_update` says. */
  tasks: SimStreamTask[];
  /** The latest `plan_update` title. */
  planTitle?: string;
  /** The streamed markdown so far (every `markdown_text`, joined); `chat.update` may later change the message's text. */
  text: string;
  /** `chat.stopStream`'s `session_status` (Slack's default `active`). */
  sessionStatus?: string;
}

/** A modal on someone's screen, or one that was closed. */
export interface SimView {
  id: string;
  user: string;
  view: View;
  hash: string;
  /** The view this one was pushed on top of. */
  previousViewId?: string;
  open: boolean;
  externalId?: string;
  /**
   * What the person typed into the view's inputs so far (`click`/`submitView` `values`), by block_id then action_id:
   * Slack's client keeps it and sends the whole state with every action and the submission (actions/view-state.ts).
   */
  typed?: Record<string, Record<string, Record<string, unknown>>>;
  /** The errors the view shows under its inputs: the app's `response_action: "errors"`, or a required input left empty. */
  errors?: Record<string, string>;
}

/** One Web API call as the bot made it, tokens redacted. */
export interface SimCall {
  method: string;
  args: Record<string, unknown>;
  /** On the sim's clock, ms since the epoch. */
  at: number;
  status: number;
  ok: boolean;
  error?: string;
}

/**
 * A failure to answer to the next call of one method (with `when`, the next call whose arguments it accepts: a test
 * can fail the call that carries a result, not whichever progress update comes first).
 */
export type Fault = ({ error: string } | { status: 429; retryAfter: number }) & {
  when?: (args: Readonly<Record<string, unknown>>) => boolean;
};

/** A channel in the sim's workspace. `member`: whether the bot is in it. */
export interface SimChannel {
  id: string;
  name: string;
  member: boolean;
  /**
   * A private channel (default false: public). Its id starts with C like a public one's, as Slack's have since 2021:
   * only `conversations.info`'s `is_private` tells them apart, and it answers `channel_not_found` to a bot not in it.
   */
  private?: boolean;
}

/** A person in the sim's workspace. */
export interface SimUser {
  id: string;
  name: string;
  realName: string;
}

/** Where the person was in Slack when they used the assistant: Slack's `assistant_thread.context`. */
export interface AssistantContext {
  channel_id?: string;
  team_id?: string;
  enterprise_id?: string | null;
}

/** One suggested prompt: the button's `title`, and the `message` sent when the person picks it. */
export interface AssistantPrompt {
  title: string;
  message: string;
}

/** What `assistant.threads.setSuggestedPrompts` set: up to 4 prompts, and the list's optional title. */
export interface SuggestedPrompts {
  title?: string;
  prompts: AssistantPrompt[];
}

/** What the person sees of a thread's assistant state (`sim.assistantThread`). */
export interface SimAssistantThread {
  /** The status line now ("" when none). */
  status: string;
  /** The loading messages Slack rotates through while the status shows. */
  loadingMessages?: string[];
  /** The thread's title in the DM's history (`assistant.threads.setTitle`). */
  title?: string;
  suggestedPrompts?: SuggestedPrompts;
  /** Every status set, in order; "" for each clear (an empty status, an app reply, Slack's 2-minute timeout). */
  statusHistory: string[];
  /** The person whose assistant thread it is; absent for a channel thread that only had a status set. */
  user?: string;
  /** Where the person was, as last sent to the app. */
  context?: AssistantContext;
  /** The thread's agent session, when the app set one (`SlackSim.agentSession`). */
  agentSession?: SimAgentSession;
}

/** An agent session's lifecycle status (agents.sessions.setStatus: "active processing suspended closed"). */
export type AgentSessionStatus = "processing" | "active" | "suspended" | "closed";

/** What a person sees of a session, as a copy the caller may keep. */
export interface SimAgentSession {
  channel: string;
  threadTs: string;
  status: AgentSessionStatus;
  title?: string;
  user?: string;
  /**
   * Slack's stop button shows: the session is `processing` and the app subscribes to `agent_session_stopped`.
   * Click it with `stopAgentSession`.
   */
  stopButton: boolean;
  /**
   * The session is `processing` but the app does not subscribe to `agent_session_stopped`: people see "a
   * non-interactive loading indicator instead" of the stop button.
   */
  loadingIndicator: boolean;
  statusHistory: AgentSessionStatus[];
}

/** One click of Slack's stop button, as the sim delivered it. */
export interface SimAgentSessionStop {
  channel: string;
  threadTs: string;
  user: string;
  /** The app's streams in the thread that Slack stopped on the click (the event's `streaming_message_ts`). */
  streamingMessageTs: string[];
  /** On the sim's clock. */
  at: number;
}
