// A board's Work Objects after the bot changed the board (issue 41, decision 0027). Slack keeps an unfurl as the app
// last gave it; the app changes it by calling chat.unfurl again for the same message: "Subsequent attempts with the
// same ts and channel values will modify the same attachments, rather than adding more"
// (https://docs.slack.dev/reference/methods/chat.unfurl/). So the bot remembers the messages whose links it unfurled
// (store.unfurls, written by listeners/events/link-shared.ts) and, when it puts a card on a board, unfurls every
// link of each such message again, the board read afresh. Flexpanes are per person and asked for by Slack
// (`entity_details_requested` on a click or a refresh: https://docs.slack.dev/reference/events/entity_details_requested),
// and are always read afresh; the one whose Add my latest result made the change is answered again by its click
// (listeners/actions/work-objects.ts).
import type { BotDeps } from "../deps.js";
import type { UnfurledMessage } from "../store/types.js";
import { unfurlEntities } from "./work-objects.js";

/** The most recent messages of one board that are unfurled again (chat.unfurl is Tier 3: 50+ a minute). */
export const REFRESHED_MESSAGES = 20;

/** Slack's answers that mean the message or its channel is gone for good: the bot forgets that message. */
const GONE = new Set(["cannot_find_message", "message_not_found", "cannot_find_channel", "channel_not_found"]);

/** The one Web API method a refresh calls (Bolt's `client` fits). */
export interface UnfurlApi {
  chat: {
    unfurl(args: {
      channel: string;
      ts: string;
      metadata: { entities: Awaited<ReturnType<typeof unfurlEntities>> };
    }): Promise<{ ok?: boolean; error?: string; warning?: string }>;
  };
}

/** Refreshes boards' unfurls; `idle` resolves once no refresh is running (for tests and shutdown). */
export interface BoardRefresher {
  /** The board changed: its unfurls are unfurled again soon. Returns at once. */
  changed(boardId: string): void;
  idle(): Promise<void>;
}

/** The Slack error code of a refused Web API call, if it is one. */
function slackError(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } }).data;
  return typeof data?.error === "string" ? data.error : undefined;
}

/** Unfurls one message's links again, as the person who shared them would see them now. */
async function unfurlAgain(deps: BotDeps, client: UnfurlApi, message: UnfurledMessage): Promise<void> {
  const entities = await unfurlEntities(deps, message);
  // Nothing to show (the board is gone, or the sharer no longer passes the access rules): the unfurl is left as
  // it is; Slack has no call that takes an app's unfurl away.
  if (entities.length === 0) return;
  try {
    await client.chat.unfurl({ channel: message.channel, ts: message.ts, metadata: { entities } });
  } catch (error) {
    const code = slackError(error);
    if (code && GONE.has(code)) {
      await deps.store.unfurls.forget(message.channel, message.ts);
      deps.logger.info({ channel: message.channel, ts: message.ts, code }, "work objects: unfurl gone, forgotten");
      return;
    }
    deps.logger.warn({ err: error, channel: message.channel }, "work objects: chat.unfurl again failed");
  }
}

/**
 * The refresher the app wires to `deps.boardChanged`. Changes to one board while its refresh runs (several cards
 * added one after another) make one more refresh after it, not one each: the last one reads the board as it ended.
 *
 * @example
 * const refresher = createBoardRefresher(deps, app.client);
 * deps.boardChanged = refresher.changed;
 */
export function createBoardRefresher(deps: BotDeps, client: UnfurlApi): BoardRefresher {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();

  const refresh = async (boardId: string) => {
    const messages = await deps.store.unfurls.ofBoard(boardId, REFRESHED_MESSAGES);
    for (const message of messages) await unfurlAgain(deps, client, message);
    if (messages.length > 0) deps.logger.info({ board: boardId, messages: messages.length }, "work objects: refreshed");
  };

  return {
    changed(boardId) {
      if (running.has(boardId)) {
        again.add(boardId);
        return;
      }
      const run = (async () => {
        do {
          again.delete(boardId);
          try {
            await refresh(boardId);
          } catch (error) {
            deps.logger.warn({ err: error, board: boardId }, "work objects: could not refresh a board's unfurls");
          }
        } while (again.has(boardId));
      })().finally(() => running.delete(boardId));
      running.set(boardId, run);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
