// slack-sim's records as the page's contract types (src/shared/api.ts): what a person sees of a channel.
import type { SimFile, SimMessage, SlackSim } from "@studio-kit/slack-sim";
import type { ConversationState, EntityView, FileView, MessageView, ModalView, UnfurlView } from "../shared/api.js";
import { streamView } from "./stream-view.js";
import { authorName } from "./workspace.js";

/** A shared file as the page links it: its bytes come from GET /api/files/<id>. */
export function fileView(file: SimFile): FileView {
  return {
    id: file.id,
    name: file.name,
    title: file.title,
    mimetype: file.mimetype,
    size: file.size,
    url: `/api/files/${encodeURIComponent(file.id)}`,
  };
}

/**
 * One message as `viewer` sees it; `replyCount` is counted by the caller (replies the viewer can see). The feedback
 * buttons the viewer clicked show chosen, as Slack's client shows each person their own (slack-sim's `chosenFeedback`).
 */
export function messageView(sim: SlackSim, message: SimMessage, replyCount: number, viewer?: string): MessageView {
  const chosen = viewer ? message.chosenFeedback?.[viewer] : undefined;
  return {
    ts: message.ts,
    channel: message.channel,
    user: message.user,
    authorName: authorName(sim, message.user, message.fromBot),
    fromBot: message.fromBot,
    text: message.text,
    ...(message.blocks ? { blocks: message.blocks } : {}),
    files: message.files.map(fileView),
    ephemeral: message.ephemeral,
    // A thread's parent carries no threadTs for the page: only replies do.
    ...(message.threadTs && message.threadTs !== message.ts ? { threadTs: message.threadTs } : {}),
    replyCount,
    edited: message.editedAt !== undefined,
    ...(message.stream ? { stream: streamView(message.stream) } : {}),
    ...(message.unfurls ? { unfurls: unfurlViews(message.unfurls) } : {}),
    ...(chosen ? { feedbackChosen: { ...chosen } } : {}),
  };
}

/** A message's shared links, in the order shared, each with its Work Object once the app unfurled it. */
function unfurlViews(unfurls: NonNullable<SimMessage["unfurls"]>): UnfurlView[] {
  return Object.values(unfurls).map((unfurl) => ({
    url: unfurl.url,
    ...(unfurl.entity ? { entity: structuredClone(unfurl.entity) as EntityView } : {}),
  }));
}

/** The conversation as `user` sees it (other people's ephemerals hidden), the thread if asked, and their modals. */
export function conversationState(
  sim: SlackSim,
  query: { user: string; channel: string; thread?: string },
  version: number,
): ConversationState {
  const as = { as: query.user };
  const replies = (ts: string) => Math.max(0, sim.thread(query.channel, ts, as).length - 1);
  const messages = sim
    .conversation(query.channel, as)
    .map((message) => messageView(sim, message, replies(message.ts), query.user));
  const state: ConversationState = {
    version,
    messages,
    modals: sim.views(query.user).map((view): ModalView => ({ id: view.id, view: view.view })),
  };
  if (query.thread) {
    const thread = sim.thread(query.channel, query.thread, as);
    state.thread = thread.map((message, index) =>
      messageView(sim, message, index === 0 ? thread.length - 1 : 0, query.user),
    );
  }
  return state;
}
