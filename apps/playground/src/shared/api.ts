// The page <-> server contract (CONTRACT.md): the JSON the playground's API answers, imported by both sides.

import type { AgentSessionView, AgentViewState } from "./agent-view.js";

export type { AgentSessionStatus, AgentSessionView, AgentStopAnswer, AgentViewState } from "./agent-view.js";

export interface Person {
  id: string;
  name: string;
  realName: string;
}
export interface Channel {
  id: string;
  name: string;
  kind: "channel" | "dm";
  member: boolean;
}
export interface Workspace {
  team: string; // "Studio Playground"
  bot: { id: string; name: string }; // { id: "U0SIMBOT1", name: "Studio" }
  people: Person[]; // the user switcher's choices (at least 3: an admin-like one and two others)
  channels: Channel[]; // "#general" (bot in it), "#design" (bot in it), "#random" (bot NOT in it), DM with the bot per person
  slack: "stand-in" | "real"; // always "stand-in" when the page is served
  studio: "sandbox" | "real";
  access: { restricted: boolean; summary: string }; // e.g. "Only Alice may generate (STUDIO_ALLOWED_USERS)"
  // Slack's AI surface the bot is installed with (STUDIO_SLACK_SURFACE): "agent" (the manifest's features.agent_view,
  // the default: the DM is the conversation, drawn with its sessions) or "assistant" (the assistant split view).
  surface: "agent" | "assistant";
}
export interface FileView {
  id: string;
  name: string;
  title: string;
  mimetype: string;
  size: number;
  url: string;
} // url: /api/files/<id>
export interface MessageView {
  ts: string;
  channel: string;
  user: string; // author id
  authorName: string; // "Studio" for the bot, the person's name otherwise
  fromBot: boolean;
  text: string; // fallback text (mrkdwn)
  blocks?: Record<string, unknown>[]; // Block Kit, as the bot sent it
  files: FileView[];
  ephemeral: boolean; // shown "Only visible to you"
  threadTs?: string; // set on replies
  replyCount: number; // replies under a top-level message
  edited: boolean;
  stream?: StreamView; // a message the bot streamed (chat.startStream): drawn above its blocks
  unfurls?: UnfurlView[]; // the links a person shared in it, with what the app unfurled them into (chat.unfurl)
  feedbackChosen?: Record<string, "positive" | "negative">; // the viewer's clicked feedback button, by action_id
  session?: AgentSessionView; // agent view: the agent session of the thread this message roots (shared/agent-view.ts)
}
/**
 * One shared link of a message (slack-sim's `shareLink`) and the Work Object the app unfurled it into (chat.unfurl
 * `metadata.entities`), as the app sent it: `entity_type`, `url`, `external_ref`, `entity_payload` (@slack/types
 * `EntityMetadata`). No entity: the app has not unfurled it (yet), and the page shows the plain link.
 */
export interface UnfurlView {
  url: string;
  entity?: EntityView;
}
/** A Work Object entity as the app sent it (chat.unfurl or entity.presentDetails). */
export type EntityView = {
  entity_type: string;
  url: string;
  external_ref: { id: string; type?: string };
  entity_payload: Record<string, unknown>;
};
/**
 * The answer of POST /api/entity/open: the flexpane of the Work Object the person clicked, as the app answered
 * (entity.presentDetails): its entity, or an error status (`restricted`, `not_found`, ...). `pending`: the app had
 * not answered within the wait (the pane says so).
 */
export interface EntityDetailsView {
  triggerId: string;
  metadata?: EntityView;
  error?: { status: string; custom_title?: string; custom_message?: string };
  pending?: boolean;
}
/** One task of a streamed message, as its latest task_update says. */
export interface StreamTaskView {
  id: string;
  title: string;
  status: "pending" | "in_progress" | "complete" | "error";
  details?: string;
  output?: string;
}
/** What the page draws of a streamed message: the plan and its tasks, the streamed text, "streaming" while open. */
export interface StreamView {
  state: "streaming" | "stopped";
  stoppedBy?: "app" | "expired" | "user"; // chat.stopStream, Slack's lifetime for a stream, or the person's Stop
  displayMode: string; // task_display_mode: "timeline" (Slack's default) or "plan"
  planTitle?: string; // the latest plan_update
  tasks: StreamTaskView[]; // in the order they first appeared
  text: string; // the streamed markdown
}
export interface ModalView {
  id: string;
  view: Record<string, unknown>;
} // an open modal (Block Kit view JSON), top-most last
export interface ConversationState {
  version: number; // changes whenever anything in the sim changed; the page polls cheaply
  messages: MessageView[]; // top-level messages of the channel as `user` sees them (others' ephemerals hidden)
  thread?: MessageView[]; // when ?thread=<ts> was asked: the parent then the replies
  modals: ModalView[]; // the open modals of `user`
  agent?: AgentViewState; // agent view, in the person's DM with the app: its pinned prompts (shared/agent-view.ts)
}
export interface CardView {
  id: string;
  kind: string;
  /** The kind in words ("Note", "Shape"): core's `cardKindLabel`, the same words `studio board show` prints. */
  kindLabel: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  text?: string | null;
  previewUrl?: string | null;
  mediaUrl?: string | null;
  title?: string | null;
}
export interface BoardView {
  id: string;
  conversationId: string;
  title: string;
  assetCount?: number | null;
  /** The board's web address (decision 0021: `<API base>/boards/<id>`), which the bot unfurls when it is shared. */
  webUrl: string;
}
/** One suggested prompt of an assistant thread: the chip's `title`, and the `message` a click sends. */
export interface AssistantPromptView {
  title: string;
  message: string;
}
/** The answer of POST /api/assistant/open: the new thread, in the person's DM with the bot. */
export interface AssistantOpened {
  channel: string;
  threadTs: string;
}
/** What the assistant pane shows of one thread (GET /api/assistant/state). */
export interface AssistantThreadState {
  version: number; // the sim's version, as in ConversationState (long poll with `since`)
  channel: string; // the person's DM with the bot
  threadTs: string;
  title?: string; // assistant.threads.setTitle; the pane says "New chat" until the bot sets one
  status: string; // the status line without the app's name ("is generating an image…"); "" when none
  loadingMessages?: string[]; // what Slack rotates through while the status shows
  // The prompts the bot set, while they are on offer: until the person sends a message after they were set.
  suggestedPrompts?: { title?: string; prompts: AssistantPromptView[] };
  messages: MessageView[]; // the thread's messages, without Slack's "New chat" root
}
/**
 * One parameter of a Workflow Builder step, as the bot's manifest.json declares it (`functions.<id>.input_parameters`
 * or `output_parameters`, https://docs.slack.dev/reference/app-manifest): `type` is `string`, `integer`, `number`,
 * `boolean`, `array` (with `items`), `object`, or a Slack type such as `slack#/types/channel_id`.
 */
export interface WorkflowParameterView {
  name: string;
  type: string;
  title: string; // the manifest's title, or the name when it has none
  description?: string;
  hint?: string;
  isRequired: boolean;
  items?: { type: string };
}
/** A custom step the bot offers (GET /api/workflow/steps), in the manifest's order. */
export interface WorkflowStepView {
  callbackId: string; // "generate_image"
  title: string; // "Generate an image"
  description?: string;
  inputs: WorkflowParameterView[];
  outputs: WorkflowParameterView[];
}
/** How a run stands: `running` until the bot completes it (functions.completeSuccess → completed, completeError → failed). */
export type WorkflowRunState = "running" | "completed" | "failed";
/** One execution of a step (slack-sim's `function_execution_id`), as GET /api/workflow/runs lists it. */
export interface WorkflowRunView {
  executionId: string; // "Fx…"
  callbackId: string;
  title: string; // the step's title ("Generate an image"); the callback id for a step the manifest no longer has
  state: WorkflowRunState;
  inputs: Record<string, unknown>; // as the step received them (coerced to the declared types)
  outputs?: Record<string, unknown>; // when completed
  error?: string; // when failed: the bot's words for the person running the workflow ("Studio: …")
  startedAt: number; // ms since the epoch, on slack-sim's clock
  endedAt?: number; // when the bot's completion was accepted
}
/** The answer of POST /api/workflow/run: the run, waited for until it ended or the wait ran out (then `running`). */
export interface WorkflowRunAnswer {
  executionId: string;
  state: WorkflowRunState;
  outputs?: Record<string, unknown>;
  error?: string;
}
/** GET /api/workflow/runs: every run, newest first; `version` as in ConversationState (long poll with `since`). */
export interface WorkflowRuns {
  version: number;
  runs: WorkflowRunView[];
}

/** One of the bot's shortcuts (GET /api/shortcuts): the manifest's `features.shortcuts` entry. */
export interface ShortcutView {
  name: string;
  /** `global`: the composer's shortcut menu; `message`: a message's "More actions". */
  type: "global" | "message";
  callback_id: string;
  description: string;
}
