// The status line of an assistant thread ("Studio is generating an image… 40%") carries the progress of the jobs
// running there (decision 0012): a progress MESSAGE would clear it at once, since Slack clears the status whenever
// the app posts in the thread. One line per thread, shared by everything running in it:
// - a job's new phase shows at once, a moving percentage at most every 10 s;
// - while a job runs, a timer on the bot's clock (`deps.now`, `deps.sleep`) sends the line again once a minute has
//   passed since it last landed: Slack removes a status "if no message has been sent" for two minutes
//   (https://docs.slack.dev/reference/methods/assistant.threads.setStatus/), and a video waits for minutes. The timer
//   does not depend on the polls (a studio that stops answering leaves the job waiting without a poll reaching
//   it); a refresh that found no room at the pacer, or was refused, is tried again 5 s later; the timer stops once
//   no job runs in the thread;
// - every call is paced (assistant.threads.setStatus: 50 a minute per workspace, services/slack-pacer.ts) and
//   queued per thread, so they land in order and a post waits for those queued before it; a line finds room now or
//   is skipped (a result never waits behind a status), only a clear waits for room;
// - when the bot posts in the thread, Slack clears the line: a job still running shows its own again;
// - when work ends without posting, the line is cleared explicitly (an empty status).
// Status calls never throw: a status that cannot be shown is logged, and the job goes on.

import type { BotDeps } from "../deps.js";
import { PROGRESS_UPDATE_INTERVAL_MS } from "../services/throttle.js";
import { pacerOf } from "./engine.js";

/** The Web API method the line is set with (Bolt's `client.assistant.threads.setStatus`). */
export interface StatusApi {
  assistant: {
    threads: {
      setStatus(args: { channel_id: string; thread_ts: string; status: string }): Promise<unknown>;
    };
  };
}

/** How often an unchanged line is sent again while a job runs: within Slack's two-minute timeout, with margin. */
export const STATUS_KEEPALIVE_MS = 60_000;

/** How soon a refresh that did not land (no room at the pacer, or Slack refused it) is tried again. */
export const STATUS_RETRY_MS = 5_000;

/** The keep-alive's wait when the bot has no `sleep` of its own: a timer that never holds the process open. */
const timerSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** The status line of one assistant thread. */
export interface ThreadStatus {
  /**
   * A line not tied to a job ("is reading your request…"), shown now if the pacer has room and no job's line is
   * showing; resolves once it was sent.
   */
  note(text: string): Promise<void>;
  /** A running job's line: `urgent` (a new phase) shows at once, a change otherwise after 10 s (see above). */
  job(jobId: string, text: string, urgent: boolean): void;
  /** The job ended: its line is forgotten (nothing is sent: its final message follows). */
  drop(jobId: string): void;
  /** Resolves once every status call queued so far has landed (before a post, so none lands after it). */
  flushed(): Promise<void>;
  /** The bot posted in the thread, so Slack cleared the line: a job still running shows its own again. */
  posted(): void;
  /** Work in the thread ended: the line shows the jobs still running, or is cleared if it shows anything. */
  settle(): Promise<void>;
}

interface State {
  /** Each running job's latest line, the most recent last. */
  jobs: Map<string, string>;
  /** What Slack shows now, as far as this process knows ("" for nothing). */
  shown: string;
  /** What it will show once the queued calls land: what a new line is compared with. */
  queued: string;
  /** When a line was last sent or claimed for sending (a claim that did not land goes back to `landedAt`). */
  sentAt: number;
  /** When a line last landed at Slack (Slack's two-minute timeout counts from there). */
  landedAt: number;
  /** Whether the keep-alive timer runs for this thread (one at most). */
  keeping: boolean;
  /** The tail of the thread's queue of status calls. */
  queue: Promise<void>;
}

// One state per thread and app, kept while something shows or runs there.
const threads = new WeakMap<BotDeps, Map<string, State>>();

/**
 * The status line of the assistant thread `threadTs` in `channel`, shared by every surface of this app in it.
 *
 * @example const status = threadStatus(deps, client, "D1", "1700000000.000100"); await status.note(READING_STATUS);
 */
export function threadStatus(deps: BotDeps, client: StatusApi, channel: string, threadTs: string): ThreadStatus {
  let states = threads.get(deps);
  if (!states) {
    states = new Map();
    threads.set(deps, states);
  }
  const key = `${channel}:${threadTs}`;
  const stateOf = (): State => {
    let state = states.get(key);
    if (!state) {
      state = {
        jobs: new Map(),
        shown: "",
        queued: "",
        sentAt: Number.NEGATIVE_INFINITY,
        landedAt: Number.NEGATIVE_INFINITY,
        keeping: false,
        queue: Promise.resolve(),
      };
      states.set(key, state);
    }
    return state;
  };
  // Nothing running and nothing shown: the thread needs no memory.
  const tidy = (state: State) => {
    if (state.jobs.size === 0 && state.shown === "" && state.queued === "" && states.get(key) === state) {
      states.delete(key);
    }
  };
  const latest = (state: State) => [...state.jobs.values()].at(-1);

  /** Sets the line now, in the thread's queue of calls. */
  const call = async (state: State, text: string) => {
    // Slack's two minutes run from when it took the status: counted from when the call went out (a little early),
    // never from when its answer came back.
    const at = deps.now();
    await client.assistant.threads.setStatus({ channel_id: channel, thread_ts: threadTs, status: text });
    state.shown = text;
    if (text) {
      state.sentAt = Math.max(state.sentAt, at);
      state.landedAt = Math.max(state.landedAt, at);
    }
  };
  const failed = (error: unknown) =>
    deps.logger.warn({ err: error, channel }, "could not set the assistant thread's status");

  /**
   * Queues a line when the pacer has room now (nothing waits in the queue: a post waits for it, and a result must
   * not wait for a status); without room it is skipped, and the next poll tries again.
   */
  const send = (state: State, text: string): Promise<void> => {
    state.queued = text;
    // Not shown after all: a later line is compared with what Slack really shows, and the keep-alive counts from
    // the last line that landed.
    const missed = () => {
      if (state.queued === text) state.queued = state.shown;
      state.sentAt = state.landedAt;
    };
    state.queue = state.queue.then(async () => {
      try {
        if (await pacerOf(deps).tryTake("assistant.threads.setStatus")) await call(state, text);
        else missed();
      } catch (error) {
        missed();
        failed(error);
      } finally {
        tidy(state);
      }
    });
    return state.queue;
  };

  /**
   * Clears the line, waiting for the pacer if it must (outside the queue), unless by then a job shows its line or
   * a post cleared it.
   */
  const clear = async (state: State): Promise<void> => {
    try {
      await pacerOf(deps).acquire("assistant.threads.setStatus");
    } catch (error) {
      failed(error);
    }
    state.queue = state.queue.then(async () => {
      try {
        if (state.jobs.size === 0 && state.shown !== "") await call(state, "");
      } catch (error) {
        failed(error);
      } finally {
        tidy(state);
      }
    });
    return state.queue;
  };

  /**
   * While a job runs in the thread: once STATUS_KEEPALIVE_MS passed since a line was last sent, sends the newest
   * job's line again; a refresh that did not land is tried again after STATUS_RETRY_MS. Ends at the first wake
   * with no job running (nothing is sent then). One per thread.
   */
  const keepAlive = async (state: State): Promise<void> => {
    if (state.keeping) return;
    state.keeping = true;
    const sleep = deps.sleep ?? timerSleep;
    try {
      for (;;) {
        const since = deps.now() - state.sentAt;
        await sleep(since >= STATUS_KEEPALIVE_MS ? STATUS_RETRY_MS : STATUS_KEEPALIVE_MS - since);
        const next = latest(state);
        if (next === undefined) return;
        if (deps.now() - state.sentAt < STATUS_KEEPALIVE_MS) continue;
        state.sentAt = deps.now();
        await send(state, next);
      }
    } catch (error) {
      failed(error);
    } finally {
      state.keeping = false;
      tidy(state);
    }
  };

  return {
    async note(text) {
      const state = stateOf();
      if (state.jobs.size === 0) await send(state, text);
    },
    job(jobId, text, urgent) {
      const state = stateOf();
      state.jobs.delete(jobId);
      state.jobs.set(jobId, text);
      const since = deps.now() - state.sentAt;
      const changed = text !== state.queued;
      if (changed && (urgent || since >= PROGRESS_UPDATE_INTERVAL_MS)) {
        // Claimed now, so that the polls that follow before the call lands do not send it again.
        state.sentAt = deps.now();
        void send(state, text);
      }
      // An unchanged line is the keep-alive's to send again, whether polls come or not.
      void keepAlive(state);
    },
    drop(jobId) {
      stateOf().jobs.delete(jobId);
    },
    flushed: () => stateOf().queue,
    posted() {
      const state = stateOf();
      state.shown = "";
      state.queued = "";
      const next = latest(state);
      if (next !== undefined) void send(state, next);
      else tidy(state);
    },
    async settle() {
      const state = stateOf();
      // What Slack shows is known once the calls queued so far have landed.
      await state.queue;
      const next = latest(state);
      if (next !== undefined && next !== state.shown) await send(state, next);
      else if (next === undefined && state.shown !== "") await clear(state);
      else tidy(state);
    },
  };
}
