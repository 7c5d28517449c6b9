import { createLogger } from "@studio-kit/slack-bot";
import { expect } from "vitest";
import { type Playground, type PlaygroundOptions, startPlayground } from "../../src/server/index.js";
import type { ConversationState, MessageView } from "../../src/shared/api.js";

/** A started playground with a few helpers around its HTTP API, and every log line it wrote. */
export interface Driver {
  playground: Playground;
  logs: string[];
  /** GET (no body) or POST (JSON body) to an API path; answers the status and the parsed JSON. */
  api<T = Record<string, unknown>>(path: string, body?: unknown): Promise<{ status: number; body: T }>;
  state(user: string, channel: string, extra?: Record<string, string>): Promise<ConversationState>;
  close(): Promise<void>;
}

/**
 * Starts the playground on a free port with quick generations (400 ms, polled every 50 ms) and no spending
 * confirmation, logging at trace level into `logs` (so a test can look for a leaked secret there).
 */
export async function startDriver(options: PlaygroundOptions = {}): Promise<Driver> {
  const logs: string[] = [];
  const playground = await startPlayground({
    port: 0,
    jobMs: 400,
    pollMs: 50,
    logger: createLogger("trace", { write: (line: string) => void logs.push(line) }),
    ...options,
    env: { CREDITS_CONFIRM_THRESHOLD: "1000", ...options.env },
  });
  const api: Driver["api"] = async (path, body) => {
    const response = await fetch(`${playground.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as never };
  };
  return {
    playground,
    logs,
    api,
    async state(user, channel, extra = {}) {
      const query = new URLSearchParams({ user, channel, ...extra });
      const { status, body } = await api<ConversationState>(`/api/state?${query}`);
      expect(status).toBe(200);
      return body;
    },
    close: () => playground.close(),
  };
}

export { eventually } from "../../../../scripts/vitest/eventually.js";

/** Every block of a type in a message. */
export const blocksOf = (message: MessageView | undefined, type: string): Record<string, unknown>[] =>
  (message?.blocks ?? []).filter((block) => block.type === type);

/** Every button (action_id and value) in a message's actions blocks, in order. */
export function buttonsOf(message: MessageView | undefined): Array<{ actionId: string; value: string }> {
  return blocksOf(message, "actions").flatMap((block) =>
    ((block.elements as Array<{ action_id?: string; value?: string }> | undefined) ?? []).map((element) => ({
      actionId: element.action_id ?? "",
      value: element.value ?? "",
    })),
  );
}

/** A 1x1 PNG. */
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
