// slack-sim's caller errors and the bot's acks, as the API's refusals. Messages are written here from codes: the
// sim's own messages may name the bot's loopback URL, which the page has no use for.
import { type Delivery, type MessageResult, SlackSimError } from "@studio-kit/slack-sim";
import { HttpError } from "./http/errors.js";

const BY_CODE: Record<string, [number, string]> = {
  invalid_options: [400, "The request is not something Slack would send: check its fields."],
  message_not_found: [404, "That message is gone: refresh the conversation."],
  view_not_found: [404, "That modal is closed: refresh the conversation."],
  action_not_found: [404, "That element is no longer in the message or modal: refresh the conversation."],
  event_not_found: [404, "That event was never sent."],
  shortcut_not_found: [404, "The bot declares no such shortcut in its manifest (GET /api/shortcuts)."],
  thread_not_found: [404, "No such assistant chat of yours: start a new chat."],
  app_unreachable: [502, "The bot did not answer: it may have stopped; see the playground's log."],
  not_started: [503, "The stand-in Slack is not running: restart the playground."],
};

/** Runs a sim action, turning its SlackSimError into an HttpError for the page. */
export async function simAction<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof SlackSimError) {
      const [status, message] = BY_CODE[error.code] ?? [500, "The stand-in Slack failed; see the playground's log."];
      throw new HttpError(status, error.code, message, { cause: error });
    }
    throw error;
  }
}

/**
 * A person's message: refuses the bot's ack as {@link requireAck} does when it sent the bot an event, and accepts
 * one that sent nothing because the bot is not in the channel (Slack sends it nothing there; a mention shows the
 * person Slackbot's invite prompt instead, which the page draws).
 */
export function requireMessageAck(result: MessageResult): void {
  if (result.delivered) requireAck(result);
}

/**
 * Refuses an ack that is not a 200, as Slack shows it ("didn't respond"): Bolt answers 404 when no listener acked
 * within 3 s, 401 for a bad signature, 500 when a listener threw before acking.
 */
export function requireAck(delivery: Delivery | undefined): void {
  if (!delivery || delivery.status === 200) return;
  const why =
    delivery.status === 404
      ? "it did not acknowledge within 3 seconds (no listener, or a slow one)"
      : `it answered HTTP ${delivery.status}`;
  throw new HttpError(502, "app_did_not_ack", `The bot did not take this: ${why}. See the playground's log.`);
}
