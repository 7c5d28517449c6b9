// What the bot says in a result's thread when a message there is read against the result (flows/follow-up.ts):
// answers to questions about it (from its record: nothing is spent), the question it asks back when a text could
// be a change or a new picture alike, and what "start over" alone gets. Every text a person typed is escaped.

import type { ResultQuestion } from "../intent/follow-up.js";
import {
  actions,
  button,
  context,
  escapeText,
  message,
  quote,
  type SlackMessage,
  section,
  truncate,
} from "./blocks.js";
import { ACTIONS } from "./ids.js";
import { slackDate } from "./slack-date.js";

/** What a finished job's record says of its result, for the answers. */
export interface ResultFacts {
  jobId: string;
  user: string;
  /** The prompt (or script) it was asked with; empty when it had none. */
  prompt: string;
  /** "image", "video", "music", "voiceover", … as a person says it. */
  what: string;
  /** The model's name as the catalog gives it, and its id; undefined when not known. */
  model?: { id: string; label: string } | undefined;
  /** The estimated credits the job counted when it was asked (what the daily budget counts). */
  credits: number;
  /** The settings that were asked for, in words ("16:9", "2 images", "quality high"). */
  settings: string[];
  createdAt: number;
  /** The assets it made. */
  ids: string[];
}

const code = (text: string) => `\`${quote(text.replace(/`/g, ""), 120)}\``;

/** One line per question: what was asked, answered from the record. */
function answerLine(about: Exclude<ResultQuestion, "any">, facts: ResultFacts): string {
  switch (about) {
    case "model":
      return facts.model
        ? `*Model:* ${escapeText(facts.model.label)} (${code(facts.model.id)})`
        : "*Model:* the studio's default for this kind (the request named none, and the catalog did not say which).";
    case "cost":
      return `*Cost:* about ${facts.credits} credits, as estimated when it was asked (the studio charges what the model costs).`;
    case "prompt":
      return facts.prompt ? `*Prompt:* “${quote(facts.prompt, 1500)}”` : "*Prompt:* it was made without one.";
    case "settings":
      return `*Settings:* ${facts.settings.length ? escapeText(facts.settings.join(" · ")) : "the defaults"}`;
    case "when":
      return `*Made:* ${slackDate(facts.createdAt) ?? "at a time its record does not keep"}`;
    case "who":
      return `*Asked for by:* <@${escapeText(facts.user)}>`;
    case "id":
      return `*Ids:* job ${code(facts.jobId)}${facts.ids.length ? `, ${facts.ids.map(code).join(", ")}` : ""}`;
  }
}

const EVERYTHING: Exclude<ResultQuestion, "any">[] = ["prompt", "model", "settings", "cost", "who", "when", "id"];

/**
 * The answer to a question about a result, from its record: the line asked for, or (for "what is this?") all of them.
 * Ends with how to bring the result again, and says that nothing was spent.
 */
export function resultAnswerMessage(about: ResultQuestion, facts: ResultFacts): SlackMessage {
  const lines = (about === "any" ? EVERYTHING : [about]).map((each) => answerLine(each, facts));
  const head = `About this ${escapeText(facts.what)}:`;
  return message(`${head} ${lines[0]?.replace(/\*/g, "") ?? ""}`.slice(0, 300), [
    section(`${head}\n${lines.join("\n")}`),
    context(
      `Read from the job's record: answering costs no credits. \`/studio show ${quote(facts.jobId, 100)}\` brings it back anywhere.`,
    ),
  ]);
}

/** What a Change / New image button of the question asked back carries. */
export interface FollowUpChoice {
  /** Who wrote the text: only they may answer. */
  user: string;
  /** The job whose result the thread is about. */
  jobId: string;
  /** The text as written (Slack-escaped). */
  text: string;
  /** For a change of a result of several images: which one. */
  imageId?: string;
}

/** The button value of a choice (short keys); undefined when it would be over Slack's 2,000 characters. */
export function encodeFollowUp(choice: FollowUpChoice): string | undefined {
  const value = JSON.stringify({
    u: choice.user,
    j: choice.jobId,
    t: choice.text,
    ...(choice.imageId ? { i: choice.imageId } : {}),
  });
  return value.length <= 2000 ? value : undefined;
}

/** Reads a value written by {@link encodeFollowUp}; undefined for anything else. */
export function decodeFollowUp(value: string | undefined): FollowUpChoice | undefined {
  try {
    const { u, j, t, i } = JSON.parse(value ?? "") as Record<string, unknown>;
    if (typeof u !== "string" || typeof j !== "string" || typeof t !== "string" || !u || !j) return undefined;
    return { user: u, jobId: j, text: t, ...(typeof i === "string" && i ? { imageId: i } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * The question asked back when a text in a result's thread could be a change of it or a new picture ("blue", "a
 * cat"), or a change of a result of several images does not say which: one button per reading. Nothing is spent
 * until one is clicked; the click replaces this message with what it did.
 */
export function askFollowUpMessage(input: {
  user: string;
  text: string;
  prompt: string;
  change?: { label: string; value: string }[];
  fresh?: { value: string };
}): SlackMessage {
  const said = quote(input.text, 200);
  const line = `<@${escapeText(input.user)}>, do you mean a change of this image (“${quote(input.prompt, 200)}”), or a new image of “${said}”?`;
  const buttons = [
    ...(input.change ?? []).map((choice) => button(choice.label, ACTIONS.followUpChange, choice.value)),
    ...(input.fresh
      ? [button(`New image of “${truncateLabel(input.text, 50)}”`, ACTIONS.followUpNew, input.fresh.value)]
      : []),
  ];
  return message(line, [
    section(line),
    ...(buttons.length ? [actions(buttons)] : []),
    context("Nothing is spent until you pick one."),
  ]);
}

/** A label part of plain text (buttons take no markup): one line, cut with an ellipsis (surrogate pairs kept whole). */
const truncateLabel = (text: string, max: number) => truncate(text.replace(/\s+/g, " ").trim(), max);

/** A Change button's label: "Change it: more blue", or "Change image 2: more blue" for one of several. */
export function changeLabel(change: string, index?: number): string {
  const head = index === undefined ? "Change it: " : `Change image ${index + 1}: `;
  return `${head}${truncateLabel(change, 75 - head.length)}`;
}

/** What a question asked back became once answered (the click replaces it): what was picked, nothing more to click. */
export function followUpTakenMessage(line: string): SlackMessage {
  return message(line, [context(escapeText(line))]);
}

/** "start over" with nothing after it: what to say to start a new image here. Nothing is spent. */
export function startOverMessage(): SlackMessage {
  const line =
    "Sure: say what the new image should show, for example `@Studio start over with a kite over the sea`, or use `/studio image <prompt>`.";
  return message(line, [section(line)]);
}

/** A change or animation asked of a result that is not an image (a video, a track). */
export function notAnImageMessage(what: string): SlackMessage {
  const line = `That works on images: this result is a ${escapeText(what)}. Say \`again\` for another with the same settings, or describe a new one.`;
  return message(line, [section(line)]);
}
