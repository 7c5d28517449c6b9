// Slack's agent sessions (https://docs.slack.dev/ai/agent-sessions/, decision 0028): in the agent view every thread
// the bot works in gets a session. It is `processing` (titled after the request) from the moment a job or a
// confirmation is under way there, and `active` once the last of them ended: two agents.sessions.setStatus calls per
// piece of work at most, none while another one already keeps the thread processing. While `processing` Slack shows a
// stop button; its click arrives as agent_session_stopped (listeners/events/agent-session-stopped.ts), which marks
// every piece of the clicker's work in the thread stopped: a job checks `stopped` before it sends, shows progress or
// delivers.
//
// Several replicas: the work lives in the process that started it, but the stop is recorded in the store (the truth,
// store/types.ts SessionStops) by whichever replica got the event, on the jobs and confirmations it took. The replica
// doing the work meets it when it moves the job to `sending` (refused after a stop: never sent), reads the job before
// posting its result (never posted), at a Confirm (the store answers `stopped`) and, every few seconds, while it
// follows a job (its progress stops). The in-process registry below is only the fast path of the replica that has it.

import type { webApi } from "@slack/bolt";
import type { BotDeps } from "../deps.js";
import { readsAsClose } from "../intent/close-session.js";
import { stripMention } from "../intent/slack-grammar.js";
import { sessionBusyMessage, sessionClosedMessage, stoppedConfirmationMessage } from "../messages/agent-sessions.js";
import type { SlackMessage } from "../messages/blocks.js";
import { whatIsAsked } from "../messages/describe.js";
import { ACTIONS } from "../messages/ids.js";
import { whatTheJobAsked } from "../messages/jobs.js";
import { toSlack } from "./conversation.js";
import { pacerOf } from "./engine.js";
import type { AgentSessionsApi, SessionPlace } from "./surface.js";

export type { AgentSessionsApi, SessionPlace } from "./surface.js";

import type { StoppedWork } from "../messages/agent-sessions.js";

export type { StoppedWork } from "../messages/agent-sessions.js";

/** The setStatus warning while the app does not subscribe to agent_session_stopped (the event's page). */
export const MISSING_STOPPED_SUBSCRIPTION = "missing_agent_session_stopped_event_subscription";

/** The statuses the bot sets (setStatus's page: "active processing suspended closed"). */
export type SessionStatus = "processing" | "active" | "closed";

/** Something under way in a session's thread: a job, or a costly request waiting for its Confirm. */
export interface SessionWork {
  /** Set once the person clicked Stop on the thread's session. */
  readonly stopped: boolean;
  /** The job's mutation may reach the studio API from now on: a stop then costs its credits. */
  sending(): void;
  /** Called once, at the stop (e.g. to take the job's line off the thread's status); never throws. */
  onStop(stop: () => void): void;
  /**
   * A stop recorded in the store (by any replica) reached this work: it is stopped here too, its `onStop` callbacks
   * run, and its end leaves the session alone (the replica that got the event moved it on).
   */
  markStopped(): void;
  /**
   * Whether a stop was recorded for this work, read from the store at most every {@link STOP_CHECK_MS} (a job being
   * followed asks on each poll; the answer in between is the last one). Marks it stopped when so. Never throws.
   */
  checkStopped(): Promise<boolean>;
  /** The work ended: when it was the thread's last and not stopped, the session becomes `active`. Never throws. */
  end(): Promise<void>;
}

interface Entry {
  work: StoppedWork;
  /** Who asked for it: only they stop it. */
  user: string;
  stopped: boolean;
  onStop: (() => void)[];
  ended: boolean;
}

/** How often a job being followed reads the store for a stop recorded by another replica. */
export const STOP_CHECK_MS = 5_000;

interface Registry {
  threads: Map<string, Set<Entry>>;
  /** The confirmations under way, by request id, with their thread. */
  confirmations: Map<string, { work: SessionWork; place: SessionPlace }>;
  /** Threads a Confirm handed to the job it starts: still `processing`, so that job's start sends nothing. */
  handedOver: Set<string>;
  /** Whether the missing-subscription warning was logged (once per process). */
  warned: boolean;
  /** Each thread's queue of setStatus calls: they land in the order they were asked for. */
  calls: Map<string, Promise<void>>;
}

const registries = new WeakMap<BotDeps, Registry>();

function registryOf(deps: BotDeps): Registry {
  let registry = registries.get(deps);
  if (!registry) {
    registry = {
      threads: new Map(),
      confirmations: new Map(),
      handedOver: new Set(),
      warned: false,
      calls: new Map(),
    };
    registries.set(deps, registry);
  }
  return registry;
}

const keyOf = (channel: string, threadTs: string) => `${channel}:${threadTs}`;

/** Where the session of a surface's thread is: in the agent view, any thread; undefined otherwise. */
export function sessionPlaceOf(
  deps: Pick<BotDeps, "config">,
  client: AgentSessionsApi,
  place: { channel: string; threadTs?: string | undefined },
): SessionPlace | undefined {
  if (deps.config.slackSurface !== "agent" || !place.threadTs) return undefined;
  return { client, channel: place.channel, threadTs: place.threadTs };
}

/** Slack's title limit: "max 200 characters". */
const TITLE_MAX = 200;

/**
 * Sets the session's status (creating it, with `title`, on first use: setStatus ignores the title afterwards), in the
 * thread's queue of calls and within Slack's limit for the method (the pacer waits for room: a status is never
 * skipped, or a session could stay `processing`). The missing-subscription warning is logged once per process with
 * what to do. Never throws: a session that cannot be set is logged and the work goes on.
 */
export function setSessionStatus(
  deps: BotDeps,
  place: SessionPlace,
  status: SessionStatus,
  title?: string,
): Promise<void> {
  const { calls } = registryOf(deps);
  const key = keyOf(place.channel, place.threadTs);
  const queued = (calls.get(key) ?? Promise.resolve()).then(() => sendStatus(deps, place, status, title));
  calls.set(key, queued);
  // The queue forgets a thread once its last call landed.
  void queued.then(() => {
    if (calls.get(key) === queued) calls.delete(key);
  });
  return queued;
}

async function sendStatus(deps: BotDeps, place: SessionPlace, status: SessionStatus, title?: string): Promise<void> {
  try {
    await pacerOf(deps).acquire("agents.sessions.setStatus", undefined, deps.stopped);
    const answer = await place.client.agents.sessions.setStatus({
      channel_id: place.channel,
      thread_ts: place.threadTs,
      status,
      // Cut at Slack's limit without leaving half an entity of the escaped title ("&am").
      ...(title ? { title: title.slice(0, TITLE_MAX).replace(/&[a-z]*$/, "") } : {}),
    });
    const warnings = [answer.warning, ...(answer.response_metadata?.warnings ?? [])];
    const registry = registryOf(deps);
    if (warnings.includes(MISSING_STOPPED_SUBSCRIPTION) && !registry.warned) {
      registry.warned = true;
      deps.logger.warn(
        { warning: MISSING_STOPPED_SUBSCRIPTION },
        "Slack shows no stop button on the bot's agent sessions: add agent_session_stopped to the app manifest's bot events",
      );
    }
  } catch (error) {
    deps.logger.warn({ err: error, channel: place.channel, status }, "could not set the thread's agent session");
  }
}

/** A handle for work outside any session (not the agent view, or no thread): never stopped, ends silently. */
export const NO_SESSION_WORK: SessionWork = {
  stopped: false,
  sending() {},
  onStop() {},
  markStopped() {},
  checkStopped: async () => false,
  end: async () => {},
};

/** Marks an entry stopped and runs its stop callbacks (each once); never throws. */
function stopEntry(deps: BotDeps, entry: Entry, channel: string): void {
  entry.stopped = true;
  for (const stop of entry.onStop.splice(0)) {
    try {
      stop();
    } catch (error) {
      deps.logger.warn({ err: error, channel }, "could not end a stopped job's progress");
    }
  }
}

/**
 * Drops the thread's entries a stop recorded by another replica has reached: without this, work stopped elsewhere
 * would keep the thread looking busy here, and the next request's session would never be set `processing` (so no
 * stop button). Read only when the thread has work here already. Never throws.
 */
async function dropStoppedElsewhere(deps: BotDeps, entries: Set<Entry>, channel: string): Promise<void> {
  const live = [...entries].filter((entry) => !entry.stopped);
  if (live.length === 0) return;
  try {
    const stopped = new Set(await deps.store.sessionStops.stoppedOf(live.map((entry) => entry.work.id)));
    for (const entry of live) {
      if (!stopped.has(entry.work.id)) continue;
      entries.delete(entry);
      stopEntry(deps, entry, channel);
    }
  } catch (error) {
    deps.logger.warn({ err: error, channel }, "could not read the thread's stops; its session is left as it is");
  }
}

/**
 * Registers work in the session's thread; the first piece of work under way there sets the session `processing`,
 * titled `title` when this creates the session.
 */
export async function beginSessionWork(
  deps: BotDeps,
  place: SessionPlace | undefined,
  work: { kind: StoppedWork["kind"]; id: string; user: string; what: string; title: string },
): Promise<SessionWork> {
  if (!place) return NO_SESSION_WORK;
  const { threads } = registryOf(deps);
  const key = keyOf(place.channel, place.threadTs);
  const before = threads.get(key);
  if (before?.size) await dropStoppedElsewhere(deps, before, place.channel);
  let entries = threads.get(key);
  if (!entries) {
    entries = new Set();
    threads.set(key, entries);
  }
  const entry: Entry = {
    work: { kind: work.kind, id: work.id, sent: false, what: work.what },
    user: work.user,
    stopped: false,
    onStop: [],
    ended: false,
  };
  // A job a Confirm handed the thread to finds it `processing` already.
  const first = entries.size === 0 && !registryOf(deps).handedOver.delete(key);
  entries.add(entry);
  // Added before the call: a second job starting meanwhile sees the thread busy and sends nothing. Not waited for:
  // the job goes on while the call waits for room under Slack's limit (the thread's queue keeps the order).
  if (first) void setSessionStatus(deps, place, "processing", work.title);
  const mine = entries;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<boolean> | undefined;
  const markStopped = () => {
    if (entry.stopped) return;
    mine.delete(entry);
    if (mine.size === 0 && threads.get(key) === mine) threads.delete(key);
    stopEntry(deps, entry, place.channel);
  };
  return {
    get stopped() {
      return entry.stopped;
    },
    sending() {
      entry.work.sent = true;
    },
    onStop(stop) {
      if (entry.stopped) stop();
      else entry.onStop.push(stop);
    },
    markStopped,
    checkStopped() {
      if (entry.stopped) return Promise.resolve(true);
      if (checking) return checking;
      if (deps.now() - checkedAt < STOP_CHECK_MS) return Promise.resolve(false);
      checkedAt = deps.now();
      checking = deps.store.sessionStops
        .stoppedOf([entry.work.id])
        .then((ids) => {
          if (ids.length > 0) markStopped();
          return entry.stopped;
        })
        .catch((error: unknown) => {
          deps.logger.warn({ err: error, job: entry.work.id }, "could not read whether a job was stopped");
          return entry.stopped;
        })
        .finally(() => {
          checking = undefined;
        });
      return checking;
    },
    async end() {
      if (entry.ended) return;
      entry.ended = true;
      mine.delete(entry);
      if (mine.size === 0 && threads.get(key) === mine) threads.delete(key);
      // After a stop the listener moved the session on; a result finishing later changes nothing.
      if (!entry.stopped && mine.size === 0) await setSessionStatus(deps, place, "active");
    },
  };
}

/** What a click on Stop did in the thread. */
export interface SessionStop {
  /** The clicker's work, stopped. */
  stopped: StoppedWork[];
  /** Work of other people still under way in the thread (only its asker stops it). */
  others: number;
  /**
   * Nothing new stopped, but the clicker's work there was stopped by a click just before (a double click, a second
   * client): that click's note said it all, and the session was moved on then.
   */
  repeated?: boolean;
}

/**
 * `user` clicked Stop on the thread's session: every piece of their work under way there (in this process) is
 * marked stopped and leaves the thread's registry, its `onStop` callbacks run; what it was is returned, for the note
 * that says what the stop cost. Someone else's work in a channel's thread goes on: it is not theirs to stop (nor
 * to pay for). The session itself is the caller's to move on.
 */
export function stopSessionWork(deps: BotDeps, channel: string, threadTs: string, user: string): SessionStop {
  const registry = registryOf(deps);
  const key = keyOf(channel, threadTs);
  const entries = registry.threads.get(key) ?? new Set<Entry>();
  const stopped: StoppedWork[] = [];
  for (const entry of entries) {
    if (entry.user !== user) continue;
    entries.delete(entry);
    stopped.push({ ...entry.work });
    if (entry.work.kind === "confirm") registry.confirmations.delete(entry.work.id);
    stopEntry(deps, entry, channel);
  }
  if (entries.size === 0) registry.threads.delete(key);
  return { stopped, others: entries.size };
}

/**
 * `user` clicked Stop on the session of the thread `threadTs` in `channel`, and this replica got the event: the work
 * it runs there stops at once ({@link stopSessionWork}, the fast path), and the stop is recorded in the store on
 * every job and confirmation of theirs under way in the thread, whichever replica runs it (the truth: that replica
 * honours it before it sends, before it posts, and at a Confirm). What stopped is the store's account (a job still
 * `new` when the stop was recorded is never sent), with what only this process knew added; `others` counts the
 * other people's work under way in the thread on every replica. When the store cannot be reached, this process's
 * share is all there is (logged).
 */
export async function stopThread(deps: BotDeps, channel: string, threadTs: string, user: string): Promise<SessionStop> {
  const local = stopSessionWork(deps, channel, threadTs, user);
  let recorded: Awaited<ReturnType<BotDeps["store"]["sessionStops"]["stop"]>>;
  try {
    recorded = await deps.store.sessionStops.stop({ channel, threadTs, user }, deps.now());
  } catch (error) {
    deps.logger.error(
      { err: error, user, channel },
      "could not record a stop in the store: only this replica's work in the thread stopped",
    );
    return local;
  }
  const stopped: StoppedWork[] = [
    ...recorded.jobs.map(
      (job): StoppedWork => ({
        kind: "job",
        id: job.id,
        // Still `new` at its first step when the stop was recorded: its move to `sending` is refused from now on.
        sent: job.state !== "new" || (job.step ?? 0) > 0,
        what: whatTheJobAsked(job),
      }),
    ),
    ...recorded.confirmations.map(
      ({ id, request }): StoppedWork => ({ kind: "confirm", id, sent: false, what: whatIsAsked(request.command) }),
    ),
  ];
  const known = new Set(stopped.map((work) => work.id));
  // Stopped here a moment before the store's record (a job that ended `stopped-not-sent` meanwhile).
  for (const work of local.stopped) if (!known.has(work.id)) stopped.push(work);
  const others = Math.max(recorded.others, local.others);
  return { stopped, others, ...(stopped.length === 0 && recorded.stoppedJustBefore > 0 ? { repeated: true } : {}) };
}

/**
 * A costly request waits for its asker's Confirm in a session's thread: the session is `processing` (Stop shows)
 * until Confirm, Cancel or the confirmation's expiry (`ttlMs`) ends it. A stop takes the request: it is never sent.
 */
export async function beginConfirmation(
  deps: BotDeps,
  place: SessionPlace | undefined,
  request: { id: string; user: string; what: string; title: string },
  ttlMs: number,
): Promise<void> {
  if (!place) return;
  const work = await beginSessionWork(deps, place, { kind: "confirm", ...request });
  const { confirmations } = registryOf(deps);
  confirmations.set(request.id, { work, place });
  // A confirmation nobody answers expires: the session must not stay `processing` for it.
  setTimeout(() => void endConfirmation(deps, request.id), ttlMs).unref();
}

/** Ends the confirmation `requestId` (Cancelled or expired), when it is under way in this process. */
export async function endConfirmation(deps: BotDeps, requestId: string): Promise<void> {
  const { confirmations } = registryOf(deps);
  const found = confirmations.get(requestId);
  confirmations.delete(requestId);
  await found?.work.end();
}

/**
 * Confirm was clicked: the confirmation's thread stays `processing` for the job it starts, which then begins without
 * a call. Run the job inside `run`; if none started (a check refused it), the session becomes `active` after.
 */
export async function handOverConfirmation<T>(deps: BotDeps, requestId: string, run: () => Promise<T>): Promise<T> {
  const registry = registryOf(deps);
  const found = registry.confirmations.get(requestId);
  registry.confirmations.delete(requestId);
  if (!found) return run();
  const key = keyOf(found.place.channel, found.place.threadTs);
  const busy = (registry.threads.get(key)?.size ?? 0) > 1;
  // The thread stays processing: for this job, or for the other work still under way there.
  if (!busy) registry.handedOver.add(key);
  silentEnd(registry, key, requestId);
  try {
    return await run();
  } finally {
    // No job took the thread over (refused before it started): the session is idle again.
    if (registry.handedOver.delete(key) && !registry.threads.get(key)?.size) {
      await setSessionStatus(deps, found.place, "active");
    }
  }
}

/** Takes a confirmation's entry out of its thread without moving the session. */
function silentEnd(registry: Registry, key: string, requestId: string): void {
  const entries = registry.threads.get(key);
  for (const entry of entries ?? []) {
    if (entry.work.kind === "confirm" && entry.work.id === requestId) {
      entry.ended = true;
      entries?.delete(entry);
    }
  }
  if (entries && entries.size === 0) registry.threads.delete(key);
}

/** The surface with its thread's agent session, in the agent view (a confirmed request's, a button's). */
export function withSession<T extends { channel: string; threadTs?: string | undefined }>(
  deps: Pick<BotDeps, "config">,
  client: AgentSessionsApi,
  surface: T,
): T & { session?: SessionPlace } {
  const session = sessionPlaceOf(deps, client, surface);
  return session ? { ...surface, session } : surface;
}

/**
 * The confirmation `requestId` was found stopped in the store at its Confirm or Cancel (a Stop another replica got):
 * its entry here, if any, stops without a call (the session was moved on by that replica).
 */
export function confirmationStopped(deps: BotDeps, requestId: string): void {
  const { confirmations } = registryOf(deps);
  const found = confirmations.get(requestId);
  confirmations.delete(requestId);
  found?.work.markStopped();
}

/** A person's message in a thread, as a listener got it: `ts` is the message's own, `threadTs` its thread's root. */
export interface ThreadReply {
  user: string;
  channel: string;
  ts: string;
  threadTs?: string | undefined;
  text: string;
}

/**
 * Closes the thread's agent session when the person asks in words (decision 0028; intent/close-session.ts reads
 * "done", "close this", "that's all", alone): Slack has no event for a person closing one, so this is how. Only a
 * reply in a thread of the agent view (a top-level message is a thread of its own, with no session to close). The
 * session is set `closed` (one setStatus call) and `reply` answers one line; a later request in the thread opens it
 * again (`processing`, then `active`, as any work does). While work is under way in the thread here (a job, a
 * confirmation), nothing is closed and the answer names Stop. True when the message was a close (answered); false
 * when it is to be read as usual. Never throws.
 */
export async function closeSessionIfAsked(
  deps: BotDeps,
  client: AgentSessionsApi,
  message: ThreadReply,
  surface: { reply(message: SlackMessage): Promise<unknown> },
): Promise<boolean> {
  if (!message.threadTs || message.threadTs === message.ts) return false;
  const place = sessionPlaceOf(deps, client, { channel: message.channel, threadTs: message.threadTs });
  if (!place || !readsAsClose(stripMention(message.text))) return false;
  const { threads } = registryOf(deps);
  const key = keyOf(place.channel, place.threadTs);
  const under = threads.get(key);
  // Work a Stop on another replica ended does not keep the thread open.
  if (under?.size) await dropStoppedElsewhere(deps, under, place.channel);
  const busy = (threads.get(key)?.size ?? 0) > 0;
  deps.logger.info({ user: message.user, channel: message.channel, busy }, "asked to close the thread's session");
  if (!busy) await setSessionStatus(deps, place, "closed");
  await surface
    .reply(busy ? sessionBusyMessage() : sessionClosedMessage())
    .catch((error: unknown) => deps.logger.warn({ err: error, channel: message.channel }, "could not answer a close"));
  return true;
}

/** The Confirm buttons' action id (messages/ids.ts ACTIONS.confirmSpend): its value is the request's id. */
const CONFIRM_ACTION = ACTIONS.confirmSpend;

/** A message as conversations.replies gives it, as far as its buttons go. */
interface RepliedMessage {
  ts?: string;
  blocks?: { type?: string; elements?: { action_id?: string; value?: string }[] }[];
}

/**
 * After a Stop, each confirmation it took loses its buttons where it is a message of the thread (a DM's thread, where
 * the bot's notes are replies): found by its Confirm button's value (the request's id) in the thread's replies, it is
 * replaced by a line saying it was stopped, so no button invites a click that does nothing. A confirmation shown as
 * an ephemeral (a channel's thread) cannot be changed without a click of its own; its Confirm still says it was
 * stopped. Needs the `*:history` scopes; failures are logged. Never throws.
 */
export async function retireStoppedConfirmations(
  deps: BotDeps,
  client: Pick<webApi.WebClient, "conversations" | "chat">,
  place: { channel: string; threadTs: string },
  stopped: readonly StoppedWork[],
): Promise<void> {
  const confirmations = new Map(stopped.filter((work) => work.kind === "confirm").map((work) => [work.id, work]));
  if (confirmations.size === 0) return;
  try {
    const answer = await client.conversations.replies({ channel: place.channel, ts: place.threadTs, limit: 200 });
    for (const found of (answer.messages ?? []) as RepliedMessage[]) {
      const id = (found.blocks ?? [])
        .flatMap((block) => (block.type === "actions" ? (block.elements ?? []) : []))
        .find(
          (element) => element.action_id === CONFIRM_ACTION && element.value && confirmations.has(element.value),
        )?.value;
      const work = id ? confirmations.get(id) : undefined;
      if (!work || !found.ts) continue;
      await pacerOf(deps).acquire("chat.update");
      await client.chat.update({
        channel: place.channel,
        ts: found.ts,
        ...toSlack(stoppedConfirmationMessage(work.what)),
      });
    }
  } catch (error) {
    deps.logger.warn({ err: error, channel: place.channel }, "could not take the buttons off a stopped confirmation");
  }
}
