// A message to the bot in the thread of one of its results is about that result (issue 39, decision 0025): the
// thread's newest finished result is found in the store, the text is read against it (intent/follow-up.ts), and the
// reading is answered with the flows a button of the result would run, so that every check (access, options,
// credits with Confirm above the threshold, quotas, a durable job) applies as it does to a click. A question is
// answered from the job's record and spends nothing; a text that could be a change or a new picture is asked back
// with buttons; a new request (a description, a command) is left to the usual reading.

import type { ImageCommand } from "@studio-kit/commands";
import { listBoards } from "@studio-kit/core";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { changedPrompt, type FollowUp, type ResultQuestion, readFollowUp } from "../intent/follow-up.js";
import { stripMention } from "../intent/slack-grammar.js";
import { addLatestMessage } from "../messages/board-latest.js";
import { boardNotFoundMessage } from "../messages/boards.js";
import {
  askFollowUpMessage,
  changeLabel,
  encodeFollowUp,
  notAnImageMessage,
  resultAnswerMessage,
  startOverMessage,
} from "../messages/follow-up.js";
import type { JobRecord } from "../store/types.js";
import { findBoardByTitle } from "./add-to-board.js";
import { runAnimateClick } from "./animate.js";
import { addJobResult } from "./board-latest.js";
import { runImage } from "./image.js";
import { imageSettings } from "./job-settings.js";
import { runRegenerate } from "./regenerate.js";
import { resultFacts, resultKindOf, resultPrompt } from "./result-facts.js";
import { tellProblem } from "./tell-problem.js";

/**
 * Answers `text`, written in the thread `surface.threadTs`, when the thread holds a finished result and the text is
 * about it; resolves false (nothing done) when there is no such result or the text is a new request. Throws only
 * when Slack refuses the answer (the caller tells the asker).
 */
export async function answerInThread(deps: BotDeps, surface: Surface, text: string): Promise<boolean> {
  const { threadTs } = surface;
  if (!threadTs) return false;
  let job: JobRecord | undefined;
  try {
    job = await deps.store.jobs.resultInThread(surface.channel, threadTs);
  } catch (error) {
    // The store away: the text is read as anywhere else, which never spends without the usual checks.
    deps.logger.warn({ err: error, channel: surface.channel }, "could not read the thread's result");
    return false;
  }
  if (!job) return false;
  const reading = readFollowUp(stripMention(text), resultKindOf(job));
  if (reading.kind === "new") return false;
  deps.logger.info(
    { user: surface.user, job: job.id, reading: reading.kind },
    "a message read against its thread's result",
  );
  try {
    await answer(deps, surface, job, reading);
  } catch (error) {
    await tellProblem(deps, surface, error, "could not answer in the result's thread");
  }
  return true;
}

async function answer(deps: BotDeps, surface: Surface, job: JobRecord, reading: FollowUp): Promise<unknown> {
  switch (reading.kind) {
    case "new":
      return undefined;
    case "question":
      return surface.reply(await resultAnswer(deps, job, reading.about));
    case "again":
      return again(deps, surface, job, reading.count);
    case "change":
      return changeOrAsk(deps, surface, job, reading.change);
    case "animate": {
      const [imageId] = job.resultIds;
      if (!imageId) return surface.reply(notAnImageMessage("result without an image"));
      return runAnimateClick(deps, surface, { imageId, jobId: job.id });
    }
    case "board":
      return putOnBoard(deps, surface, job, reading.title);
    case "start-over":
      if (!reading.prompt) return surface.reply(startOverMessage());
      return runImage(deps, surface, { kind: "image", prompt: reading.prompt, presets: [] });
    case "unclear":
      return askBack(deps, surface, job, reading.text);
  }
}

async function resultAnswer(deps: BotDeps, job: JobRecord, about: ResultQuestion) {
  return resultAnswerMessage(about, await resultFacts(deps, job));
}

/** "again", "4 more": the job behind the result runs again with its settings (an image's count as said). */
function again(deps: BotDeps, surface: Surface, job: JobRecord, count: number | undefined): Promise<boolean> {
  const settings = imageSettings(job);
  if (count !== undefined && job.request.kind === "image" && settings) {
    return runImage(deps, surface, { ...settings, count: Math.min(count, 4) });
  }
  return runRegenerate(deps, surface, { jobId: job.id, imageId: job.resultIds[0] });
}

/**
 * A change of the thread's image: with one image, at once (the usual checks apply); with several, asked which one,
 * one button each, since "make it more blue" does not say which.
 */
async function changeOrAsk(deps: BotDeps, surface: Surface, job: JobRecord, change: string): Promise<unknown> {
  if (resultKindOf(job) !== "image") return surface.reply(notAnImageMessage(resultKindOf(job)));
  if (job.resultIds.length > 1) {
    const buttons = job.resultIds.slice(0, 4).flatMap((imageId, index) => {
      const value = encodeFollowUp({ user: surface.user, jobId: job.id, text: change, imageId });
      return value ? [{ label: changeLabel(change, index), value }] : [];
    });
    return surface.reply(
      askFollowUpMessage({ user: surface.user, text: change, prompt: resultPrompt(job), change: buttons }),
    );
  }
  return runChange(deps, surface, job, change, job.resultIds[0]);
}

/**
 * A new image from `imageId` (the API's `parentImageId`, `--from`), with the result's settings, its prompt changed
 * by what was asked. Resolves true when a generation was sent.
 */
export async function runChange(
  deps: BotDeps,
  surface: Surface,
  job: JobRecord,
  change: string,
  imageId: string | undefined,
): Promise<boolean> {
  if (!imageId) {
    await surface.reply(notAnImageMessage("result without an image"));
    return false;
  }
  const settings = imageSettings(job);
  const of = resultPrompt(job);
  const source = job.request.kind === "image-edit" ? job.request.source : undefined;
  const command: ImageCommand = {
    ...settings,
    kind: "image",
    prompt: changedPrompt(of, change),
    // The changed image keeps the result's shape (an edit's settings may predate its source's ratio being kept).
    ...(settings?.ratio || source?.ratio ? { ratio: settings?.ratio ?? source?.ratio } : {}),
    // One new image from the one it changes: a count of four would be four changes nobody compared.
    count: 1,
    presets: settings?.presets ?? [],
    parent: imageId,
  };
  return runImage(deps, surface, command, {}, { of, said: change });
}

/** "put it on <board>": the result's images and videos onto the board of that title, once. */
async function putOnBoard(deps: BotDeps, surface: Surface, job: JobRecord, title: string): Promise<void> {
  const boards = await listBoards(deps.studio);
  const board = findBoardByTitle(boards, title);
  if (!board) {
    await surface.reply(boardNotFoundMessage(title, boards));
    return;
  }
  const outcome = await addJobResult(deps, { user: surface.user, boardId: board.id, channel: surface.channel }, job);
  if (outcome.kind === "no-result") {
    await surface.reply(notAnImageMessage(resultKindOf(job)));
    return;
  }
  await surface.reply(addLatestMessage(outcome));
}

/** A text that could be a change of the image or a new image: both offered, nothing spent until a click. */
async function askBack(deps: BotDeps, surface: Surface, job: JobRecord, text: string): Promise<void> {
  const value = encodeFollowUp({ user: surface.user, jobId: job.id, text });
  const isImage = resultKindOf(job) === "image" && job.resultIds.length > 0;
  deps.logger.info({ user: surface.user, job: job.id }, "a text in a result's thread could be a change or new: asking");
  await surface.reply(
    askFollowUpMessage({
      user: surface.user,
      text,
      prompt: resultPrompt(job),
      ...(value && isImage ? { change: [{ label: changeLabel(text), value }] } : {}),
      ...(value ? { fresh: { value } } : {}),
    }),
  );
}
