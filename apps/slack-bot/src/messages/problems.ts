import {
  StudioAuthenticationError,
  StudioBadInputError,
  StudioError,
  StudioNetworkError,
  StudioPermissionError,
  StudioRateLimitError,
  StudioServerError,
  StudioTimeoutError,
} from "@studio-kit/core";
import { PollerTimeoutError } from "@studio-kit/poller";
import { context, escapeText, message, quote, type SlackMessage, section } from "./blocks.js";
import { explainRecordRefusal } from "./record-problems.js";

/**
 * What went wrong, in words for the person who asked, and what to do. Never the error's details beyond what the
 * API said about the request itself: a URL, a key or a token must not reach a message.
 */
export function explainProblem(error: unknown): string {
  if (error instanceof PollerTimeoutError) {
    return "The generation is taking much longer than usual, so I stopped watching it. It may still appear on the platform.";
  }
  if (error instanceof StudioRateLimitError) return "The studio API is busy right now. Try again in a minute.";
  // One record refused (not found, or another workspace's), before the key is blamed or a retry suggested.
  const aboutRecord = explainRecordRefusal(error);
  if (aboutRecord) return aboutRecord;
  if (error instanceof StudioAuthenticationError || error instanceof StudioPermissionError) {
    return "The studio API refused the bot's key. Ask whoever installed the bot to check its API key.";
  }
  if (error instanceof StudioBadInputError) {
    // The sentence's own full stop follows the quote; the API's words lose theirs, or it reads `settings.”.`
    const words = error.message.replace(/^@studio-kit\/core:\s*/, "").replace(/\.\s*$/, "");
    return `The studio API refused the request: “${quote(words, 300)}”.`;
  }
  if (
    error instanceof StudioTimeoutError ||
    error instanceof StudioNetworkError ||
    error instanceof StudioServerError
  ) {
    return "The studio API did not answer properly. Try again in a moment.";
  }
  if (error instanceof StudioError) return "The studio API could not do that. Try again in a moment.";
  // Slack refused a post because the bot is not a member (or cannot see a private channel): chat.postMessage's
  // not_in_channel and channel_not_found (https://docs.slack.dev/reference/methods/chat.postMessage).
  const slackError = (error as { data?: { error?: unknown } } | null)?.data?.error;
  if (slackError === "not_in_channel" || slackError === "channel_not_found") {
    return "I'm not a member of that channel, so I can't post there. Add me with `/invite @Studio`, then try again.";
  }
  return "Something went wrong on my side. Try again in a moment.";
}

/**
 * The reply when a request failed on the way (API refused, timed out, Slack error): never a stack, never a secret.
 * `nothingSpent`: a generation that failed before it was sent says so, or the asker is left to fear a charge.
 */
export function problemMessage(error: unknown, options: { nothingSpent?: boolean } = {}): SlackMessage {
  const text = explainProblem(error);
  const after = "If it keeps happening, tell whoever runs the bot; the details are in its logs.";
  return message(text, [
    section(`:warning: ${escapeText(text)}`),
    context(options.nothingSpent ? `Nothing was generated and no credits were spent. ${after}` : after),
  ]);
}
