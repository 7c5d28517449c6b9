// How a job's messages reach Slack: progress when there is room, results as soon as Slack's limits allow.
//
// Finals first (issue 17). A result never waits behind a progress update: progress leaves a slot of the chat.update
// limit for every job in flight (RESULTS_RESERVE at least) and takes none while a result of this process waits; a
// progress update that had not started when its job finished is dropped. A result takes whichever method has room first: chat.update of
// its progress message (Tier 3, per workspace), or, when that minute is spent, chat.postMessage in its conversation
// (about one a second per channel) with the progress message deleted afterwards (chat.delete, its own Tier 3
// budget, never in the result's way). Either way the conversation ends with one message per job. Results of one
// conversation go out in the order their jobs finished (a queue per conversation); conversations do not wait for
// each other. Video and audio results carry their files with chat.update's `file_ids`, which chat.postMessage does
// not take, so they always replace their progress message.

import { defaultSleep } from "@studio-kit/core";
import type { BotDeps } from "../deps.js";
import type { SlackMessage } from "../messages/blocks.js";
import type { FinalMessage } from "../messages/result-parts.js";
import { createSlackPacer, type SlackPacer } from "../services/slack-pacer.js";
import { REFUSED_FILES, replaceWithFilesLater } from "./files-later.js";
import { type Posted, type Surface, slackErrorCode } from "./surface.js";
import { markUndelivered } from "./undelivered.js";

export type { FinalMessage } from "../messages/result-parts.js";

/**
 * chat.update slots (of Slack's 50 a minute) progress always leaves to results, and more when more jobs are in
 * flight: one for every job this replica works on, since each may need its final message at any moment. So progress
 * gets at most 10 updates a minute, none with 50 jobs in flight. Measured (bench, 100 results over ten channels):
 * each slot kept from progress is one result that need not wait for its channel's one-a-second chat.postMessage.
 */
export const RESULTS_RESERVE = 40;

// One pacer per app when the deps carry none (tests that build deps by hand).
const pacers = new WeakMap<BotDeps, SlackPacer>();

/** The app's pacer of Slack Web API calls. */
export function pacerOf(deps: BotDeps): SlackPacer {
  if (deps.pacer) return deps.pacer;
  let pacer = pacers.get(deps);
  if (!pacer) {
    pacer = createSlackPacer({ now: deps.now });
    pacers.set(deps, pacer);
  }
  return pacer;
}

// Progress updates in flight, and messages whose final began: the final never lands under a late progress update.
const inFlight = new WeakMap<Posted, Promise<void>>();
const finals = new WeakSet<Posted>();

/**
 * Updates a progress message when there is room, one update at a time; a failed update only logs. `urgent` (a new
 * status the message does not show yet) skips the per-message throttle, not the workspace's limit.
 */
export function showProgress(
  deps: BotDeps,
  progress: Posted,
  message: () => SlackMessage,
  options: { urgent?: boolean } = {},
): void {
  if (!progress.live || finals.has(progress) || inFlight.has(progress)) return;
  const update = async () => {
    // The throttle first (local, free), then the pacer (a store round trip, paid only when the message is due).
    if (!options.urgent && !deps.throttle.ready(progress.key)) return;
    const reserve = deps.delivery === "update-only" ? BASELINE_RESERVE : Math.max(RESULTS_RESERVE, deps.leases.count());
    if (!(await pacerOf(deps).tryTake("chat.update", undefined, { reserve }))) return;
    // The job may have finished during the round trip: its result must not be covered by older progress.
    if (finals.has(progress)) return;
    deps.throttle.take(progress.key);
    await progress.update(message());
  };
  const running = update()
    .catch((error: unknown) => deps.logger.warn({ err: error }, "progress update failed"))
    .finally(() => inFlight.delete(progress));
  inFlight.set(progress, running);
}

/** The reserve of the baseline (the design before issue 17: progress took 30 of 40 updates a minute). */
const BASELINE_RESERVE = 10;

/**
 * Delivers a final message (results, FAILED, a problem) in place of the progress, as soon as a method has room;
 * resolves with where it is (the progress message, or the message posted anew). Never skipped, never thrown: if
 * Slack refuses the update, the result is posted anew; a failure of both is logged.
 */
export async function deliverFinal(
  deps: BotDeps,
  surface: Surface,
  progress: Posted,
  final: SlackMessage | FinalMessage | Promise<FinalMessage>,
): Promise<Posted> {
  deps.throttle.forget(progress.key);
  finals.add(progress);
  // The result takes its place in its conversation's queue now, when its job finished, even if it is still being
  // prepared (its files uploading): a result prepared sooner does not overtake one that finished earlier.
  const ready = Promise.resolve(final).then((value): FinalMessage => ("message" in value ? value : { message: value }));
  if (!progress.live) return deliverThrough(deps, surface, progress, await ready);
  const { status, stream } = progress;
  // In an assistant thread the job's progress was the status line: its line goes, and the result is posted.
  status?.end();
  return inConversationOrder(deps, surface, async () => {
    const result = await ready;
    // A streamed progress ends as the result; a stream Slack no longer takes is replaced like any progress message.
    if (stream && (await pacerOf(deps).finalWaiting(() => stream.finish(result)))) return progress;
    if (!status) return pacerOf(deps).finalWaiting(() => deliverLive(deps, surface, progress, result));
    try {
      return await postFinal(deps, surface, progress, result);
    } finally {
      await status.settle();
    }
  });
}

/**
 * Posts a final message as a new message (an assistant thread's job, whose progress was the status line: decision
 * 0012), tagged with its job. Video and audio files join it by chat.update (chat.postMessage takes no file_ids):
 * it is posted with the links first, so that it says where the file is even if that update fails.
 */
async function postFinal(deps: BotDeps, surface: Surface, progress: Posted, result: FinalMessage): Promise<Posted> {
  const fileIds = result.fileIds ?? [];
  const { tag } = result;
  const mark = (posted: Posted): Posted => ({ ...posted, where: { ...posted.where, ...progress.where } });
  const post = async (message: SlackMessage) => {
    await pacerOf(deps).acquire("chat.postMessage", surface.channel);
    return mark(await surface.post(message, tag));
  };
  let posted: Posted;
  try {
    posted = await post(fileIds.length ? (result.fallback ?? result.message) : result.message);
  } catch (error) {
    if (!fileIds.length && result.fallback && REFUSED_FILES.has(slackErrorCode(error) ?? "")) {
      deps.logger.warn({ err: error, user: surface.user }, "Slack refused the result's files; sending it without");
      const sent = await postFinal(deps, surface, progress, { message: result.fallback, ...withJob(result) });
      if (sent !== progress) filesLater(deps, sent, result);
      return sent;
    }
    deps.logger.error({ err: error, user: surface.user }, "could not deliver the result");
    markUndelivered(progress);
    return progress;
  }
  if (fileIds.length) {
    try {
      await pacerOf(deps).acquire("chat.update");
      await posted.update(result.message, fileIds, result.tag);
    } catch (error) {
      deps.logger.warn({ err: error, user: surface.user }, "could not attach the result's files; trying again later");
      filesLater(deps, posted, result);
    }
  }
  return posted;
}

/** Puts a result's files into its message once Slack takes them (files-later.ts), paced like any chat.update. */
function filesLater(deps: BotDeps, where: Posted, result: FinalMessage): void {
  replaceWithFilesLater(deps, result, async (message, fileIds) => {
    await pacerOf(deps).acquire("chat.update", undefined, deps.stopped);
    await where.update(message, fileIds, result.tag);
  });
}

// The tail of each conversation's queue of results (per app), so results go out in the order their jobs finished.
const queues = new WeakMap<BotDeps, Map<string, Promise<unknown>>>();

function inConversationOrder<T>(deps: BotDeps, surface: Surface, work: () => Promise<T>): Promise<T> {
  let tails = queues.get(deps);
  if (!tails) {
    tails = new Map();
    queues.set(deps, tails);
  }
  const key = surface.channel;
  const before = tails.get(key) ?? Promise.resolve();
  const turn = before.then(work, work);
  const tail = turn.catch(() => {});
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return turn;
}

/** Pauses between two looks for a free slot: short, so a freed slot is not left idle, and capped. */
const MIN_WAIT_MS = 20;
const MAX_WAIT_MS = 2_000;

async function deliverLive(deps: BotDeps, surface: Surface, progress: Posted, result: FinalMessage): Promise<Posted> {
  const pacer = pacerOf(deps);
  const fileIds = result.fileIds ?? [];
  // chat.postMessage takes no file_ids, and the baseline of the benchmark (today's design) only updates.
  const mayPost = fileIds.length === 0 && deps.delivery !== "update-only";
  for (;;) {
    // When chat.update's minute is filling up, a conversation first spends its own chat.postMessage burst, so that
    // the updates left go to the conversations with the longest queues rather than to whichever asked first.
    if (
      mayPost &&
      (await crowded(deps)) &&
      (await taken(deps, () => pacer.tryTake("chat.postMessage", surface.channel)))
    ) {
      return postAnew(deps, surface, progress, result, { paced: true });
    }
    // A progress update of this message still in flight must land first, or it would cover the result; meanwhile
    // the result may go as a new message.
    const pending = inFlight.get(progress);
    if (!pending && (await taken(deps, () => pacer.tryTake("chat.update")))) {
      try {
        await progress.update(result.message, fileIds, result.tag);
        return progress;
      } catch (error) {
        if (result.fallback && REFUSED_FILES.has(slackErrorCode(error) ?? "")) {
          deps.logger.warn({ err: error, user: surface.user }, "Slack refused the result's files; sending it without");
          const sent = await deliverLive(deps, surface, progress, { message: result.fallback, ...withJob(result) });
          filesLater(deps, sent, result);
          return sent;
        }
        deps.logger.warn({ err: error, user: surface.user }, "could not replace the progress; posting the result anew");
        return postAnew(deps, surface, progress, result, { paced: false });
      }
    }
    if (mayPost && (await taken(deps, () => pacer.tryTake("chat.postMessage", surface.channel)))) {
      return postAnew(deps, surface, progress, result, { paced: true });
    }
    const waits = [pending ? 0 : await pacer.nextFree("chat.update")];
    if (mayPost) waits.push(await pacer.nextFree("chat.postMessage", surface.channel));
    await Promise.race([pending ?? new Promise(() => {}), wait(deps, Math.min(...waits))]);
  }
}

const withJob = (result: FinalMessage) => (result.tag ? { tag: result.tag } : {});

/** chat.update uses from which results spend chat.postMessage's burst first: half of Slack's minute. */
const CROWDED_UPDATES = 25;

/** Whether chat.update's minute is filling up (a store error reads as not: the result updates in place). */
async function crowded(deps: BotDeps): Promise<boolean> {
  try {
    return (await pacerOf(deps).used("chat.update")) >= CROWDED_UPDATES;
  } catch {
    return false;
  }
}

/** Asks the pacer; a store error lets the call go out over the limit rather than hold (or double) a result. */
async function taken(deps: BotDeps, take: () => Promise<boolean>): Promise<boolean> {
  try {
    return await take();
  } catch (error) {
    deps.logger.warn({ err: error }, "could not count a Slack call; sending it anyway");
    return true;
  }
}

const wait = (deps: BotDeps, ms: number) =>
  (deps.sleep ?? defaultSleep)(Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, ms)));

/** Posts the result as a new message in the conversation, then deletes the progress message when there is room. */
async function postAnew(
  deps: BotDeps,
  surface: Surface,
  progress: Posted,
  result: FinalMessage,
  { paced }: { paced: boolean },
): Promise<Posted> {
  try {
    if (!paced) await pacerOf(deps).acquire("chat.postMessage", surface.channel);
    const posted = await surface.post(result.message, result.tag);
    void removeProgress(deps, progress);
    return posted;
  } catch (error) {
    deps.logger.error({ err: error, user: surface.user }, "could not deliver the result");
    markUndelivered(progress);
    return progress;
  }
}

/** Deletes a progress message whose result went out as a new message; a failure leaves it and logs. */
async function removeProgress(deps: BotDeps, progress: Posted): Promise<void> {
  if (!progress.remove) return;
  try {
    await pacerOf(deps).acquire("chat.delete");
    await progress.remove();
  } catch (error) {
    deps.logger.warn({ err: error }, "could not delete a progress message after posting its result");
  }
}

/** A `response_url` answer (the bot is not in the channel): Slack's limits there are its own, nothing is paced. */
async function deliverThrough(
  deps: BotDeps,
  surface: Surface,
  progress: Posted,
  result: FinalMessage,
): Promise<Posted> {
  await inFlight.get(progress);
  try {
    await progress.update(result.message);
  } catch (error) {
    deps.logger.warn({ err: error, user: surface.user }, "could not replace the progress; posting the result anew");
    try {
      return await surface.post(result.message);
    } catch (reason) {
      deps.logger.error({ err: reason, user: surface.user }, "could not deliver the result");
      markUndelivered(progress);
    }
  }
  return progress;
}
