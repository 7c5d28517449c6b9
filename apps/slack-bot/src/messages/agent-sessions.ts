// What the bot says about Slack's agent sessions (decision 0028): a session's title for a request still waiting for
// its Confirm, the note that answers a click on Stop (what stopped and, honestly, what it cost: the studio API has no
// cancel, so a generation already sent is paid and its result is kept in the person's history, never posted), and
// the line a stopped job's progress message ends with.

import type { GenerationCommand } from "@studio-kit/commands";
import { TITLE_MAX } from "./assistant.js";
import { context, escapeText, message, type SlackMessage, section, truncate } from "./blocks.js";

/** The session title of a request waiting for its Confirm, worded as its job's will be (messages/assistant.ts). */
export function commandTitle(command: GenerationCommand): string {
  let title: string;
  switch (command.kind) {
    case "image":
      title = `${(command.count ?? 1) > 1 ? "Images" : "Image"}: ${command.prompt}`;
      break;
    case "video":
      title = `Video: ${command.prompt}`;
      break;
    case "music":
      title = `Music: ${command.prompt}`;
      break;
    case "voice":
      title = `Voiceover: ${command.script}`;
      break;
    case "avatar":
      title = `Speaking avatar: ${command.script}`;
      break;
    case "lipsync":
      title = `Lip sync: ${command.script ?? "a video"}`;
      break;
  }
  // A person's prompt: escaped like every other field it reaches, once it is cut (as assistantTitle does): cut after
  // escaping, "&lt;" could lose its end ("… &…"), and Slack would show the broken entity as typed.
  return escapeText(truncate(title.replace(/\s+/g, " ").trim(), TITLE_MAX));
}

/** What a stop found under way in the thread. */
export interface StoppedWork {
  kind: "job" | "confirm";
  /** The job's id or the confirmation's request id. */
  id: string;
  /** Whether the job's generation may have reached the studio API (then it is paid: the API has no cancel). */
  sent: boolean;
  /** What was asked, in words ("2 images of …"), for the note that says what the stop cost. */
  what: string;
}

/** Where a stopped result waits: the person's history, from the App Home or `/studio history`. */
const KEPT = "when it finishes it is kept in your history (Open it from the App Home, or `/studio history`)";

function line(work: StoppedWork): string {
  const what = escapeText(work.what);
  if (work.kind === "confirm") return `• ${what}: it was waiting for your Confirm and was not sent. Nothing was spent.`;
  if (!work.sent) return `• ${what}: stopped before it was sent. Nothing was spent.`;
  return (
    `• ${what}: it had already been sent to the studio, which cannot cancel a generation, so its credits are spent; ` +
    `${KEPT}. Nothing more is posted here.`
  );
}

/**
 * The bot's answer to `user`'s click on Stop: each thing of theirs that stopped, and what it cost; other people's
 * requests in the thread (`others`) go on, since only their asker stops them.
 */
export function sessionStoppedMessage(user: string, stopped: readonly StoppedWork[], others = 0): SlackMessage {
  const rest =
    others > 0 ? `\nOther people's requests in this thread go on: only the person who asked can stop one.` : "";
  const who = `<@${escapeText(user)}>`;
  if (stopped.length === 0) {
    const text = `:black_square_for_stop: ${who}, nothing of yours was running in this thread.${rest}`;
    return message(text.replace("\n", " "), [section(text)]);
  }
  const head = `:black_square_for_stop: *Stopped by you*, ${who}:`;
  const body = stopped.map(line).join("\n");
  return message(`Stopped by you. ${stopped.map(line).join(" ")}${rest.replace("\n", " ")}`, [
    section(`${head}\n${body}${rest}`),
  ]);
}

/** What a stopped job's progress message says from then on (the note in the thread says what it cost). */
export function stoppedProgressMessage(what: string): SlackMessage {
  const text = `:black_square_for_stop: Stopped by you: ${escapeText(what)}.`;
  return message(text, [section(text), context("Nothing more is posted here.")]);
}

/** The one line that answers "done" in a thread: its session is closed, and how to pick it up again. */
export function sessionClosedMessage(): SlackMessage {
  const text = ":white_check_mark: Closed this thread. Write here again any time to pick it up.";
  return message(text, [section(text)]);
}

/** The answer to "done" while work is still under way in the thread: nothing is closed, and Stop is named. */
export function sessionBusyMessage(): SlackMessage {
  const text =
    ":hourglass_flowing_sand: Something is still running in this thread, so it stays open until it is done. To end it now, use Stop.";
  return message(text, [section(text)]);
}

/** What a confirmation a Stop took says in place of its buttons: it was not sent, and nothing was spent. */
export function stoppedConfirmationMessage(what: string): SlackMessage {
  const text = `:black_square_for_stop: Stopped by you: ${escapeText(what)} was not sent. Nothing was spent.`;
  return message(text, [section(text)]);
}
