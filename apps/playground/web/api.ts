// The page's client for the playground API (apps/playground/CONTRACT.md). `fetch` is passed in; errors are thrown
// as ApiError with the server's code and its "what to do" message, which the page shows as is.

import type {
  AssistantOpened,
  AssistantThreadState,
  BoardView,
  CardView,
  ConversationState,
  EntityDetailsView,
  ShortcutView,
  Workspace,
} from "../src/shared/api.js";
import type { BlockOption } from "./render/context.js";
import type { StateValues } from "./render/inputs.js";

/** A refused or failed API call. `detail` is the server's message, meant for people. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`@studio-kit/playground: ${code} (${status}): ${detail}`, options);
    this.name = "ApiError";
  }
}

/** Whether an error is the abort of a request the page cancelled itself (switching channel or user). */
export const isAbort = (error: unknown): boolean =>
  (error instanceof DOMException || error instanceof Error) && error.name === "AbortError";

/** Which conversation to read. */
export interface StateQuery {
  user: string;
  channel: string;
  thread?: string;
  since?: number;
}

/** A click on a button or a select's choice. */
export interface ClickBody {
  user: string;
  actionId: string;
  value?: string;
  channel?: string;
  messageTs?: string;
  viewId?: string;
  selectedOption?: { text: string; value: string };
}

/** The submission's answer: what Slack did, and errors by block id. */
export interface SubmitAnswer {
  responseAction?: string;
  errors?: Record<string, string>;
}

/** The calls the page makes. */
export interface Api {
  workspace(): Promise<Workspace>;
  state(query: StateQuery, signal?: AbortSignal): Promise<ConversationState>;
  send(body: { user: string; channel: string; text: string; threadTs?: string }): Promise<void>;
  upload(body: {
    user: string;
    channel: string;
    text?: string;
    threadTs?: string;
    files: readonly File[];
  }): Promise<void>;
  click(body: ClickBody): Promise<void>;
  submit(body: { user: string; viewId: string; values: StateValues }): Promise<SubmitAnswer>;
  close(body: { user: string; viewId: string }): Promise<void>;
  suggest(body: { user: string; viewId: string; actionId: string; value: string }): Promise<BlockOption[]>;
  home(user: string): Promise<Record<string, unknown> | null>;
  boards(signal?: AbortSignal): Promise<BoardView[]>;
  cards(conversationId: string, signal?: AbortSignal): Promise<CardView[]>;
  /** Opens a new assistant thread for `user`; `channel` is where they are (the thread's context). */
  assistantOpen(body: { user: string; channel?: string }): Promise<AssistantOpened>;
  assistantSend(body: { user: string; threadTs: string; text: string }): Promise<void>;
  /** The person moved to `channel` with the assistant open. */
  assistantContext(body: { user: string; threadTs: string; channel?: string }): Promise<void>;
  assistantState(
    query: { user: string; threadTs: string; since?: number },
    signal?: AbortSignal,
  ): Promise<AssistantThreadState>;
  /** The person clicks a Work Object a link was unfurled into: its flexpane, as the bot answered. */
  entityOpen(body: { user: string; channel: string; messageTs: string; url: string }): Promise<EntityDetailsView>;
  /** The person clicks an action of the flexpane opened with `triggerId`. */
  entityAction(body: { user: string; triggerId: string; actionId: string }): Promise<void>;
  /** The bot's declared shortcuts (its manifest's), global and message ones. */
  shortcuts(): Promise<ShortcutView[]>;
  /** The person runs one: global, or on the message `channel` + `messageTs`. */
  shortcut(body: { user: string; callbackId: string; channel?: string; messageTs?: string }): Promise<void>;
}

async function failure(response: Response): Promise<ApiError> {
  let code = `http_${response.status}`;
  let detail = response.statusText || "The playground server refused the request.";
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === "string") code = body.error;
    if (typeof body.message === "string") detail = body.message;
  } catch {
    // Not JSON (a proxy's page, a crash): the status says enough.
  }
  return new ApiError(code, response.status, detail);
}

/** The JSON calls every client of the playground's API makes: errors as {@link ApiError}, an abort as itself. */
export interface Caller {
  call<T>(path: string, init?: RequestInit): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

/** GET and POST against the playground's API with the page's `fetch` (shared by the page's clients). */
export function createCaller(options: { fetch: typeof fetch; baseUrl?: string }): Caller {
  const base = options.baseUrl ?? "";
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    let response: Response;
    try {
      response = await options.fetch(`${base}${path}`, init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError("network", 0, "The playground server cannot be reached: is it still running?", {
        cause: error,
      });
    }
    if (!response.ok) throw await failure(response);
    return (await response.json()) as T;
  };
  const post = <T>(path: string, body: unknown) =>
    call<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { call, post };
}

/**
 * Creates the client.
 *
 * @example
 * const api = createApi({ fetch: (input, init) => fetch(input, init) });
 * const workspace = await api.workspace();
 */
export function createApi(options: { fetch: typeof fetch; baseUrl?: string }): Api {
  const { call, post } = createCaller(options);
  return {
    workspace: () => call<Workspace>("/api/workspace"),
    state(query, signal) {
      const params = new URLSearchParams({ user: query.user, channel: query.channel });
      if (query.thread) params.set("thread", query.thread);
      if (query.since !== undefined) params.set("since", String(query.since));
      return call<ConversationState>(`/api/state?${params}`, signal ? { signal } : {});
    },
    send: async (body) => {
      await post("/api/send", body);
    },
    upload: async (body) => {
      const form = new FormData();
      form.set("user", body.user);
      form.set("channel", body.channel);
      if (body.text) form.set("text", body.text);
      if (body.threadTs) form.set("threadTs", body.threadTs);
      for (const file of body.files) form.append("file", file, file.name);
      // No content-type header: the browser sets multipart/form-data with its boundary.
      await call("/api/upload", { method: "POST", body: form });
    },
    click: async (body) => {
      await post("/api/click", body);
    },
    submit: (body) => post<SubmitAnswer>("/api/submit", body),
    close: async (body) => {
      await post("/api/close", body);
    },
    suggest: async (body) => (await post<{ options?: BlockOption[] }>("/api/suggest", body)).options ?? [],
    home: async (user) => (await post<{ view?: Record<string, unknown> | null }>("/api/home", { user })).view ?? null,
    boards: (signal) => call<BoardView[]>("/api/boards", signal ? { signal } : {}),
    cards: (conversationId, signal) =>
      call<CardView[]>(`/api/boards/${encodeURIComponent(conversationId)}/cards`, signal ? { signal } : {}),
    assistantOpen: (body) => post<AssistantOpened>("/api/assistant/open", body),
    assistantSend: async (body) => {
      await post("/api/assistant/send", body);
    },
    assistantContext: async (body) => {
      await post("/api/assistant/context", body);
    },
    assistantState(query, signal) {
      const params = new URLSearchParams({ user: query.user, threadTs: query.threadTs });
      if (query.since !== undefined) params.set("since", String(query.since));
      return call<AssistantThreadState>(`/api/assistant/state?${params}`, signal ? { signal } : {});
    },
    entityOpen: (body) => post<EntityDetailsView>("/api/entity/open", body),
    entityAction: async (body) => {
      await post("/api/entity/action", body);
    },
    shortcuts: () => call<ShortcutView[]>("/api/shortcuts"),
    shortcut: async (body) => {
      await post("/api/shortcut", body);
    },
  };
}
