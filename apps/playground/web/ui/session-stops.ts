// One Stop per working session, as Slack's own button behaves: a click stops the session's work, and a second click
// (a double click, or Stop on the thread pane's copy of the same root) before the bot moved the session out of
// `processing` sends nothing more. Without this each click was an `agent_session_stopped` of its own, and the bot
// answered the second with "nothing of yours was running in this thread" right under "Stopped by you".
// The session is known by its thread (channel + root ts); once a redraw shows it out of `processing`, its Stop is
// offered again (a later request in the same thread makes it `processing` again, with a Stop that must work).

import type { MessageView } from "../../src/shared/api.js";

export interface SessionStops {
  /** A click on the Stop of the session `message` roots: sent once, until the session leaves `processing`. */
  stop(message: MessageView): void;
  /** Whether that session's Stop was clicked and the bot has not moved the session on yet (Stop shows "Stopping…"). */
  stopping(message: MessageView): boolean;
}

/**
 * @param send sends the click (POST /api/agent/stop); a refusal lets the person click again, after `failed`.
 * @example
 * const stops = createSessionStops({ send: (m) => api.stop({ user, threadTs: m.ts }), failed: (e) => toast(e) });
 */
export function createSessionStops(options: {
  send(message: MessageView): Promise<unknown>;
  failed(error: unknown): void;
}): SessionStops {
  const clicked = new Set<string>();
  const keyOf = (message: MessageView) => `${message.channel}:${message.ts}`;
  return {
    stop(message) {
      const key = keyOf(message);
      if (clicked.has(key)) return;
      clicked.add(key);
      options.send(message).catch((error: unknown) => {
        clicked.delete(key);
        options.failed(error);
      });
    },
    stopping(message) {
      const key = keyOf(message);
      if (message.session?.status !== "processing") clicked.delete(key);
      return clicked.has(key);
    },
  };
}
