// The assistant pane: Slack's AI split view for the bot. Opening it starts a thread in the person's DM with the
// bot (`assistant_thread_started`); the pane shows the thread's title, the suggested prompts as chips, the
// messages (with the page's message renderer, so results keep their blocks and buttons), the status line while
// the bot works, and a composer. "New chat" starts another thread. Its state comes from its own long poll.

import type { AssistantPromptView, AssistantThreadState, MessageView } from "../../src/shared/api.js";
import { type Api, ApiError } from "../api.js";
import { type Child, h, mount } from "../dom/vnode.js";
import { type Watch, watchVersions } from "../poll.js";
import { loadingMessageAt, renderPrompts, renderStatus, threadTitle } from "../render/assistant.js";
import { createComposer } from "./composer.js";
import { createMessageList } from "./message-list.js";
import { errorText } from "./toast.js";

/** The pane's elements (static markup in index.html). */
export interface AssistantElements {
  root: HTMLElement;
  toggle: HTMLButtonElement;
  title: HTMLElement;
  newChat: HTMLButtonElement;
  close: HTMLButtonElement;
  messages: HTMLElement;
  prompts: HTMLElement;
  status: HTMLElement;
  form: HTMLFormElement;
  textarea: HTMLTextAreaElement;
  error: HTMLElement;
}

export interface AssistantPane {
  isOpen(): boolean;
  /** Shows the pane; the first time (or after a user switch) it starts a new chat. */
  open(): Promise<void>;
  close(): void;
  /** Starts another thread and shows it. */
  newChat(): Promise<void>;
  /** Another person signed in: their chats are not this one's, so the pane closes and forgets its thread. */
  userChanged(): void;
  /** The person opened another conversation while the pane is open: Slack tells the app (context changed). */
  channelChanged(): void;
}

/** How often the status line moves to the next loading message, ms (Slack rotates them every few seconds). */
export const LOADING_ROTATE_MS = 2_500;

export function createAssistantPane(options: {
  doc: Document;
  api: Pick<Api, "assistantOpen" | "assistantSend" | "assistantContext" | "assistantState">;
  elements: AssistantElements;
  botName: string;
  user(): string;
  /** The conversation the person is looking at (the thread's context). */
  channel(): string;
  render(message: MessageView): Child;
  /** The pane opened or closed: the page lays itself out again (the thread pane gives way). */
  onToggle(open: boolean): void;
}): AssistantPane {
  const { doc, api, elements, botName } = options;
  let open = false;
  let threadTs: string | undefined;
  let state: AssistantThreadState | undefined;
  let watch: Watch | undefined;
  let sending = false;
  let tick = 0;
  let rotation: ReturnType<typeof setInterval> | undefined;
  // Counts chats asked for: an answer to an earlier request (New chat clicked twice, or another person signed in
  // meanwhile) must not replace the newest.
  let opening = 0;

  const list = createMessageList({
    element: elements.messages,
    doc,
    render: options.render,
    empty: () =>
      h("div", { class: "intro assistant-intro" }, [
        h("p", { class: "intro-title" }, `${botName} assistant`),
        h("p", {}, threadTs ? "Ask for an image, a video, music or a voiceover." : "Starting a new chat…"),
      ]),
  });

  const drawStatus = () => {
    const loading = loadingMessageAt(state?.loadingMessages, tick);
    const nodes = renderStatus(botName, state?.status ?? "", loading);
    elements.status.replaceChildren(...nodes.map((node) => mount(node, doc)));
    elements.status.hidden = nodes.length === 0;
  };
  // Rotates the loading messages while there are several (and the pane shows); stops when they go.
  const rotate = () => {
    const several = open && (state?.loadingMessages?.length ?? 0) > 1;
    if (several && !rotation) {
      rotation = setInterval(() => {
        tick += 1;
        drawStatus();
      }, LOADING_ROTATE_MS);
    } else if (!several && rotation) {
      clearInterval(rotation);
      rotation = undefined;
    }
  };

  const pick = (prompt: AssistantPromptView) => void send(prompt.message).catch(() => undefined);
  const drawPrompts = () => {
    const nodes = renderPrompts(state?.suggestedPrompts, { disabled: sending, onPick: pick });
    elements.prompts.replaceChildren(...nodes.map((node) => mount(node, doc)));
    elements.prompts.hidden = nodes.length === 0;
  };

  const show = (next: AssistantThreadState) => {
    if (next.threadTs !== threadTs) return;
    if (JSON.stringify(next.loadingMessages) !== JSON.stringify(state?.loadingMessages)) tick = 0;
    state = next;
    elements.title.textContent = threadTitle(next);
    // The header cuts a long title short: the whole of it on hover.
    elements.title.title = threadTitle(next);
    list.update(next.messages);
    drawPrompts();
    drawStatus();
    rotate();
  };

  const stopWatch = () => {
    watch?.stop();
    watch = undefined;
  };
  const follow = (ts: string) => {
    stopWatch();
    watch = watchVersions({
      read: (since, signal) =>
        api.assistantState({ user: options.user(), threadTs: ts, ...(since === undefined ? {} : { since }) }, signal),
      onState: show,
      onError: (error) => {
        // The server restarted (its threads are gone): say so instead of retrying for ever.
        if (error instanceof ApiError && error.code === "thread_not_found") {
          stopWatch();
          showError("This chat is gone (the playground restarted): start a new chat.");
        }
      },
    });
  };

  const showError = (message: string | null) => {
    elements.error.textContent = message ?? "";
    elements.error.hidden = !message;
  };
  const reset = () => {
    stopWatch();
    threadTs = undefined;
    state = undefined;
    tick = 0;
    list.reset();
    list.update([]);
    drawPrompts();
    drawStatus();
    rotate();
    elements.title.textContent = threadTitle(undefined);
    elements.title.title = "";
  };

  async function send(text: string) {
    // Thrown, not ignored: the composer keeps the text and shows why.
    if (!threadTs) throw new Error("The chat is still starting: send it again in a moment.");
    if (sending) throw new Error("The last message is still on its way: send this one after it.");
    sending = true;
    drawPrompts();
    try {
      await api.assistantSend({ user: options.user(), threadTs, text });
      // The chips are used up once the person writes (the server agrees on its next answer).
      if (state) {
        const { suggestedPrompts: _usedUp, ...rest } = state;
        state = rest;
      }
    } catch (error) {
      showError(errorText(error));
      throw error;
    } finally {
      sending = false;
      drawPrompts();
    }
  }

  async function newChat() {
    reset();
    showError(null);
    const attempt = ++opening;
    try {
      const opened = await api.assistantOpen({ user: options.user(), channel: options.channel() });
      if (attempt !== opening) return;
      threadTs = opened.threadTs;
      list.update([]);
      follow(opened.threadTs);
    } catch (error) {
      if (attempt === opening) showError(`Could not start a chat: ${errorText(error)}`);
    }
  }

  const setOpen = (value: boolean) => {
    open = value;
    elements.root.hidden = !value;
    elements.toggle.setAttribute("aria-expanded", String(value));
    elements.toggle.classList.toggle("is-active", value);
    options.onToggle(value);
  };

  const composer = createComposer(
    { form: elements.form, textarea: elements.textarea, error: elements.error },
    { send: (text) => send(text) },
  );
  composer.setLabel(`Message ${botName}`);

  const pane: AssistantPane = {
    isOpen: () => open,
    async open() {
      setOpen(true);
      composer.focus();
      if (!threadTs) await newChat();
      else if (!watch) follow(threadTs);
    },
    close() {
      setOpen(false);
      // A closed pane needs no updates; reopening picks the same thread up again.
      stopWatch();
      rotate();
    },
    newChat: async () => {
      await newChat();
      composer.focus();
    },
    userChanged() {
      if (open) setOpen(false);
      opening += 1;
      reset();
      showError(null);
    },
    channelChanged() {
      if (!open || !threadTs) return;
      const moved = { user: options.user(), threadTs, channel: options.channel() };
      // Telling the app is best effort: the chat goes on without it.
      void api.assistantContext(moved).catch(() => undefined);
    },
  };

  elements.toggle.addEventListener("click", () => (open ? pane.close() : void pane.open()));
  elements.close.addEventListener("click", () => pane.close());
  elements.newChat.addEventListener("click", () => void pane.newChat());
  return pane;
}
