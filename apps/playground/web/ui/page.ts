// The page's session: who you are, which conversation is open (and which tab and thread), and the long poll that
// keeps it current. Each part (sidebar, lists, composers, modal, board, Home) is its own module; this file only
// connects them.

import type { MessageView, Workspace } from "../../src/shared/api.js";
import { createAgentApi } from "../agent-api.js";
import type { Api, ClickBody } from "../api.js";
import { h } from "../dom/vnode.js";
import { type Watch, watchConversation } from "../poll.js";
import type { BlockAction, BlockContext } from "../render/context.js";
import { renderMessage } from "../render/message.js";
import { rawText } from "../render/mrkdwn.js";
import { createSlackbotApi } from "../slackbot-api.js";
import { createWorkflowApi } from "../workflow-api.js";
import { createAgentView } from "./agent-view.js";
import { type AssistantPane, createAssistantPane } from "./assistant-pane.js";
import { createBoardPane } from "./board-pane.js";
import { acceptDrops, createComposer } from "./composer.js";
import { createConversationHeader, type Tab } from "./conversation-header.js";
import { createEntityPane } from "./entity-pane.js";
import { createHomeView } from "./home.js";
import { createMessageList } from "./message-list.js";
import { createModalHost } from "./modal-host.js";
import { createJumps } from "./permalinks.js";
import { openShareDialog } from "./share-dialog.js";
import { createShortcutMenus } from "./shortcut-menu.js";
import { channelFor, conversationName, createSidebar, dmsFor } from "./sidebar.js";
import { createSlackbotPane } from "./slackbot-pane.js";
import { createTextContext } from "./text-context.js";
import { createToasts, errorText } from "./toast.js";
import { createWorkflowPane } from "./workflow-pane.js";

interface Session {
  user: string;
  channel: string;
  tab: Tab;
  thread?: string;
}

const STORAGE_KEY = "studio-playground.session";

function restore(storage: Storage | undefined, workspace: Workspace): Session {
  let saved: Partial<Session> = {};
  try {
    saved = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "{}") as Partial<Session>;
  } catch {
    // A damaged entry: start fresh.
  }
  const user = workspace.people.find((p) => p.id === saved.user)?.id ?? workspace.people[0]?.id ?? "";
  const channel = channelFor(workspace, user, saved.channel) ?? "";
  return { user, channel, tab: "messages" };
}

/** Builds the page in `doc` from the workspace the server describes, and starts polling. */
export async function startPage(options: { doc: Document; api: Api; storage?: Storage }): Promise<void> {
  const { doc, api } = options;
  const byId = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;
  const workspace = await api.workspace();
  const text = createTextContext(workspace);
  const toasts = createToasts(byId("toasts"));
  const session = restore(options.storage, workspace);
  const channelOf = (id: string) => workspace.channels.find((channel) => channel.id === id);
  let watch: Watch | undefined;

  const board = createBoardPane({
    doc,
    api,
    elements: {
      root: byId("board-view"),
      select: byId("board-select"),
      canvas: byId("board-canvas"),
      status: byId("board-status"),
      toggle: byId("board-toggle"),
      zoom: byId<HTMLButtonElement>("board-zoom"),
    },
  });

  const click = async (body: Omit<ClickBody, "user">) => {
    try {
      await api.click({ user: session.user, ...body });
    } catch (error) {
      toasts.show(`That did not work: ${errorText(error)}`);
    }
    void board.refresh();
  };
  const actionBody = (action: BlockAction) => ({
    actionId: action.actionId,
    ...(action.value !== undefined ? { value: action.value } : {}),
    // The server takes the option's text as a string (routes/interactions.ts), not Slack's text object.
    ...(action.selectedOption
      ? { selectedOption: { text: rawText(action.selectedOption.text), value: action.selectedOption.value } }
      : {}),
  });
  const onViewAction = (viewId: string, action: BlockAction) => click({ ...actionBody(action), viewId });
  // A button on a message the bot did not write is Slack's own: Slackbot's invite prompt, whose Invite Them adds the
  // bot to the channel. The header and the sidebar then read the channel's membership again.
  const refreshMembership = async () => {
    const fresh = await api.workspace().catch(() => undefined);
    for (const channel of workspace.channels) {
      channel.member = fresh?.channels.find((each) => each.id === channel.id)?.member ?? channel.member;
    }
    layout();
  };
  const messageContext = (message: MessageView): BlockContext => ({
    ...text,
    feedbackChosen: (actionId) => message.feedbackChosen?.[actionId],
    onAction: (action) =>
      void click({ ...actionBody(action), channel: message.channel, messageTs: message.ts }).then(() => {
        if (!message.fromBot) return refreshMembership();
      }),
  });

  const intro = () => {
    const channel = channelOf(session.channel);
    const name = channel ? conversationName(workspace, channel) : "";
    const line =
      channel?.kind === "dm"
        ? `This is the very beginning of your direct messages with ${name}.`
        : `This is the very beginning of #${name}.`;
    return h("div", { class: "intro" }, [
      h("p", { class: "intro-title" }, channel?.kind === "dm" ? name : `#${name}`),
      h("p", {}, line),
    ]);
  };
  const openEntity = (message: MessageView, url: string) => {
    if (session.thread) closeThread();
    if (assistant.isOpen()) assistant.close();
    workflow.close();
    slackbot.close();
    void entity.open(message, url);
  };
  // The bot's shortcuts: the composer's shortcut menu and each message's "More actions" (shortcut-menu.ts).
  const shortcuts = createShortcutMenus({
    doc,
    root: byId("shortcut-root"),
    api,
    botName: workspace.bot.name,
    user: () => session.user,
    toast: (message) => toasts.show(message),
  });
  byId("composer-shortcuts").addEventListener("click", (event) =>
    shortcuts.openGlobal(event.currentTarget as HTMLElement),
  );
  const moreActions = (message: MessageView, anchor: HTMLElement) => shortcuts.openMessage(anchor, message);
  // The agent view (the bot's default surface): the DM's pinned prompts, and each thread's session with its Stop.
  const agentView = createAgentView({
    doc,
    api: createAgentApi({ fetch: (input, init) => fetch(input, init) }),
    workspace,
    pinned: byId("agent-pinned"),
    user: () => session.user,
    send: (text) => {
      mainList.follow();
      return api.send({ user: session.user, channel: session.channel, text });
    },
    toast: (message) => toasts.show(message),
  });
  const sessions = {
    botName: workspace.bot.name,
    onStop: (message: MessageView) => agentView.stop(message),
    stopping: (message: MessageView) => agentView.stopping(message),
  };
  const mainList = createMessageList({
    element: byId("message-list"),
    doc,
    render: (message) =>
      renderMessage(message, {
        blocks: messageContext(message),
        onOpenThread: (ts) => openThread(ts),
        onOpenEntity: openEntity,
        onMoreActions: moreActions,
        session: sessions,
      }),
    empty: intro,
  });
  const threadList = createMessageList({
    element: byId("thread-messages"),
    doc,
    render: (message) =>
      renderMessage(message, {
        blocks: messageContext(message),
        onOpenEntity: openEntity,
        onMoreActions: moreActions,
        session: sessions,
      }),
    empty: () => h("p", { class: "intro" }, "Loading the thread…"),
  });
  const assistant: AssistantPane = createAssistantPane({
    doc,
    api,
    botName: workspace.bot.name,
    user: () => session.user,
    channel: () => session.channel,
    render: (message) => renderMessage(message, { blocks: messageContext(message) }),
    // Slack's split view shows one side pane: the assistant takes the thread's (or the details') place.
    onToggle: (open) => {
      if (open) entity.close();
      if (open) workflow.close();
      if (open) slackbot.close();
      if (open && session.thread) closeThread();
      else layout();
    },
    elements: {
      root: byId("assistant-pane"),
      toggle: byId("assistant-toggle"),
      title: byId("assistant-title"),
      newChat: byId("assistant-new-chat"),
      close: byId("assistant-close"),
      messages: byId("assistant-messages"),
      prompts: byId("assistant-prompts"),
      status: byId("assistant-status"),
      form: byId("assistant-form"),
      textarea: byId("assistant-composer"),
      error: byId("assistant-error"),
    },
  });
  // A Work Object's flexpane, in the same place as the thread and the assistant (one side pane at a time).
  const entity = createEntityPane({
    doc,
    api,
    user: () => session.user,
    elements: { root: byId("entity-pane"), body: byId("entity-body"), close: byId("entity-close") },
    onToggle: () => layout(),
    toast: (message, kind) => toasts.show(message, kind),
  });
  // The side panes opened from the sidebar: their entries go under the channels, the panes beside the conversation,
  // one at a time, in the thread's, the assistant's or the details' place.
  const sidePaneHosts = {
    sidebar: byId("channel-list").parentElement ?? doc.body,
    panes: byId("assistant-pane").parentElement ?? doc.body,
  };
  const makeRoomFor = (opened: { close(): void }) => {
    if (assistant.isOpen()) assistant.close();
    entity.close();
    for (const pane of [workflow, slackbot]) if (pane !== opened) pane.close();
    if (session.thread) closeThread();
  };
  // "Workflow steps" in the sidebar.
  const workflow = createWorkflowPane({
    doc,
    api: createWorkflowApi({ fetch: (input, init) => fetch(input, init) }),
    boards: api,
    workspace,
    user: () => session.user,
    channel: () => session.channel,
    hosts: sidePaneHosts,
    onToggle: (open) => {
      if (open) makeRoomFor(workflow);
    },
    afterRun: () => void board.refresh(),
  });
  // "Ask Slackbot" in the sidebar: the bot's MCP tools called as Slackbot's MCP client would (slackbot-pane.ts).
  const slackbot = createSlackbotPane({
    doc,
    api: createSlackbotApi({ fetch: (input, init) => fetch(input, init) }),
    workspace,
    user: () => session.user,
    hosts: sidePaneHosts,
    onToggle: (open) => {
      if (open) makeRoomFor(slackbot);
    },
    afterCall: () => void board.refresh(),
  });
  const modals = createModalHost({
    root: byId("modal-root"),
    doc,
    api,
    user: () => session.user,
    text,
    onAction: (viewId, action) => void onViewAction(viewId, action),
    toast: (message) => toasts.show(message),
    afterSubmit: () => void board.refresh(),
  });
  const home = createHomeView({ element: byId("home-view"), doc, api, text, onAction: onViewAction });

  const composer = createComposer(
    {
      form: byId("composer-form"),
      textarea: byId("composer"),
      fileInput: byId<HTMLInputElement>("composer-file"),
      attach: byId<HTMLButtonElement>("composer-attach"),
      error: byId("composer-error"),
    },
    {
      // What you send shows at the end, as in Slack: the list goes there, even if you had scrolled up.
      send: (message) => {
        mainList.follow();
        return api.send({ user: session.user, channel: session.channel, text: message });
      },
      upload: (files, message) => {
        mainList.follow();
        return api.upload({ user: session.user, channel: session.channel, text: message, files });
      },
    },
  );
  const where = () => ({
    user: session.user,
    channel: session.channel,
    ...(session.thread ? { threadTs: session.thread } : {}),
  });
  const threadComposer = createComposer(
    {
      form: byId("thread-form"),
      textarea: byId("thread-composer"),
      fileInput: byId<HTMLInputElement>("thread-file"),
      attach: byId<HTMLButtonElement>("thread-attach"),
      error: byId("thread-error"),
    },
    {
      // The pane (and so this composer) only shows while a thread is open: `where()` always has its ts then.
      send: (message) => {
        threadList.follow();
        return api.send({ ...where(), text: message });
      },
      upload: (files, message) => {
        threadList.follow();
        return api.upload({ ...where(), text: message, files });
      },
    },
  );
  acceptDrops(byId("message-list"), byId("drop-hint"), (files) => void composer.shareFiles(files));
  acceptDrops(byId("thread-pane"), null, (files) => void threadComposer.shareFiles(files));
  // A file dropped beside the drop zones must not make the browser leave the page to open it.
  for (const type of ["dragover", "drop"]) doc.addEventListener(type, (event) => event.preventDefault());

  const sidebar = createSidebar({
    doc,
    workspace,
    onUser: (id) => selectUser(id),
    onChannel: (id) => selectChannel(id),
  });
  const header = createConversationHeader({ doc, workspace, onTab: (tab) => selectTab(tab) });

  const save = () => {
    try {
      options.storage?.setItem(STORAGE_KEY, JSON.stringify({ user: session.user, channel: session.channel }));
    } catch {
      // Storage full or refused (private mode): the session is just not remembered.
    }
  };

  const layout = () => {
    const channel = channelOf(session.channel);
    const tab: Tab = channel?.kind === "dm" ? session.tab : "messages";
    sidebar.render(session);
    header.render(channel, tab);
    const onHome = tab === "home";
    byId("message-list").hidden = onHome;
    byId("composer-form").hidden = onHome;
    byId("home-view").hidden = !onHome;
    // The pinned prompts are the DM's: gone at once when another conversation (or the Home tab) shows.
    agentView.show(!onHome && agentView.isAgentDm(session.user, session.channel));
    // An agent_view app has no assistant container: the split view is offered only with the assistant view.
    byId("assistant-toggle").hidden = workspace.surface === "agent";
    byId("thread-pane").hidden = !session.thread || onHome || assistant.isOpen() || entity.isOpen();
    const name = channel ? conversationName(workspace, channel) : "";
    composer.setLabel(channel?.kind === "dm" ? `Message ${name}` : `Message #${name}`);
  };

  const connection = byId("connection");
  const restart = () => {
    watch?.stop();
    watch = watchConversation({
      api,
      query: { user: session.user, channel: session.channel, ...(session.thread ? { thread: session.thread } : {}) },
      onState: (state) => {
        connection.textContent = "";
        mainList.update(state.messages);
        agentView.update(state.agent);
        if (session.thread) threadList.update(state.thread ?? []);
        modals.update(state.modals);
        jumps.land();
      },
      // One failure is often a restart of the server: say so only when it lasts.
      onError: (_error, failures) => {
        connection.textContent = failures >= 2 ? "Reconnecting…" : "";
      },
    });
  };

  // Slack tells an agent_view app each time the person opens its DM's Messages tab (app_home_opened, tab messages).
  const messagesShown = () => {
    if (session.tab === "messages" && agentView.isAgentDm(session.user, session.channel)) {
      agentView.opened(session.user);
    }
  };

  function selectUser(id: string) {
    if (id === session.user) return;
    session.user = id;
    session.channel = channelFor(workspace, id, session.channel) ?? session.channel;
    delete session.thread;
    assistant.userChanged();
    workflow.userChanged();
    slackbot.userChanged();
    // A flexpane is one person's: another person must click the card to see theirs.
    entity.close();
    modals.reset();
    mainList.reset();
    threadList.reset();
    save();
    layout();
    restart();
    if (session.tab === "home" && channelOf(session.channel)?.kind === "dm") void home.load(session.user);
    else messagesShown();
  }

  function selectChannel(id: string) {
    if (id === session.channel) return;
    session.channel = id;
    session.tab = "messages";
    delete session.thread;
    mainList.reset();
    threadList.reset();
    save();
    layout();
    restart();
    assistant.channelChanged();
    messagesShown();
    composer.focus();
  }

  function selectTab(tab: Tab) {
    if (tab === session.tab) return;
    session.tab = tab;
    layout();
    if (tab === "home") void home.load(session.user);
    else {
      messagesShown();
      composer.focus();
    }
  }

  function openThread(ts: string) {
    if (assistant.isOpen()) assistant.close();
    entity.close();
    workflow.close();
    slackbot.close();
    session.thread = ts;
    threadList.reset();
    layout();
    restart();
    byId("thread-composer").focus();
  }

  function closeThread() {
    delete session.thread;
    threadList.reset();
    layout();
    restart();
  }
  byId("thread-close").addEventListener("click", closeThread);

  // "Open the result" (history, Home) links to slack-sim's permalink: the page opens that message itself.
  const jumps = createJumps({
    doc,
    hasChannel: (id) => channelOf(id) !== undefined,
    refusal: ({ channel }) =>
      channelOf(channel)?.kind === "dm" && !dmsFor(workspace, session.user).some((dm) => dm.id === channel)
        ? "That message is in another person's direct message with Studio."
        : undefined,
    open: (link) => {
      const before = watch;
      if (link.channel !== session.channel) selectChannel(link.channel);
      else if (session.tab !== "messages") selectTab("messages");
      if (link.threadTs && link.threadTs !== session.thread) openThread(link.threadTs);
      return watch !== before;
    },
    reveal: ({ ts, threadTs }) => {
      if (threadTs) mainList.reveal(threadTs);
      return (threadTs ? threadList : mainList).reveal(ts, { highlight: true });
    },
    note: (text) => toasts.show(text, "info"),
  });

  // "Share link": the person picks where the shown board's web address goes and sees the message before it is posted
  // (share-dialog.ts, issue 42), then it is posted as they would paste it in Slack; the bot unfurls it into the board's
  // Work Object (decision 0021). Channels only: a link in a DM stays a message to the bot.
  byId("board-share").addEventListener("click", () => {
    const shown = board.current();
    if (!shown) return toasts.show("No board to share yet.", "info");
    const targets = workspace.channels
      .filter((channel) => channel.kind === "channel")
      .map((channel) => ({ id: channel.id, label: `#${conversationName(workspace, channel)}` }));
    if (targets.length === 0) return toasts.show("There is no channel to share the board in.", "info");
    openShareDialog({
      doc,
      root: byId("share-root"),
      board: { title: shown.title ?? "", webUrl: shown.webUrl },
      targets,
      initial: session.channel,
      author: workspace.people.find((person) => person.id === session.user)?.name ?? session.user,
      onShare: async (channel) => {
        await api.send({ user: session.user, channel, text: shown.webUrl });
        // Where it went is where the person looks next, as Slack's client opens the conversation shared to.
        if (channel !== session.channel) selectChannel(channel);
        mainList.follow();
      },
    });
  });

  layout();
  restart();
  messagesShown();
  board.start();
}
