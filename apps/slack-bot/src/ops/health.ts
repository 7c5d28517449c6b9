// Liveness and readiness, for a load balancer or an orchestrator (GET /healthz, GET /readyz: ops/routes.ts).
//
// Live: the process answers HTTP. Ready: it can do its work, which takes three things, each a named check in the
// answer so that whoever is paged sees which one failed:
// - `store`: the database answers a read (PostgreSQL shared by the replicas, or the SQLite file) within 2 s;
// - `slack_auth`: Slack accepted the bot token (auth.test at start, `app.init()`);
// - `studio_api`: the studio API answered an HTTP request (any status below 500) in the last 60 s. The bot's own
//   requests count; when it sent none for that long (nobody asked for anything), readiness asks the API itself,
//   unauthenticated (a 401 is an answer: the API is up; the key is not sent), with a 2 s limit.
// Plus `stopping`: a replica that got SIGTERM answers not ready at once, before it releases its jobs' leases, so a
// load balancer stops sending it requests while it finishes.
//
// A check's `reason` is a fixed sentence, never an error's text: a driver's message may name a host or more.

import type { BotStore } from "../store/types.js";
import type { StudioReach } from "./studio-fetch.js";

/** How recently the studio API must have answered for the replica to be ready. */
export const STUDIO_ANSWERED_WITHIN_MS = 60_000;
/** How long the store's read and the studio probe may take before they count as failed. */
export const CHECK_TIMEOUT_MS = 2_000;

/** The names of the readiness checks, as `/readyz` reports them. */
export type ReadinessCheck = "store" | "slack_auth" | "studio_api" | "stopping";

/** One check's result. */
export interface CheckResult {
  ok: boolean;
  /** Why it failed, in words (fixed text: never a secret, a host or an error message). */
  reason?: string;
  /** How long the check took (the store's read, the studio probe), ms. */
  ms?: number;
}

/** The `/readyz` answer. */
export interface Readiness {
  ready: boolean;
  /** The failing checks' names, in the order of {@link checks}. */
  failing: ReadinessCheck[];
  checks: Record<ReadinessCheck, CheckResult>;
}

/** The replica's health. */
export interface Health {
  /** Slack accepted the token (after `app.init()`). */
  slackReady(): void;
  /** The replica is stopping: not ready from now on. */
  stopping(): void;
  /** Whether it is stopping. */
  isStopping(): boolean;
  /** Runs the readiness checks. Never throws. */
  readiness(): Promise<Readiness>;
}

/** Options of {@link createHealth}. */
export interface HealthOptions {
  /** Read by the `store` check (one small read by id). Bound later with {@link HealthBinding}. */
  store?: BotStore;
  reach: StudioReach;
  /** Asks the studio API once; resolves true when it answered (status below 500). */
  probeStudio?: () => Promise<boolean>;
  now?: () => number;
}

/** A job id no job has: the store check reads it, and finds nothing, quickly. */
const PROBE_ID = "readiness-probe";

/** Resolves with `work`'s value, or with `fallback` after `ms`. */
async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The part of a health that is known only once the app is built. */
export interface HealthBinding {
  bind(parts: { store: BotStore; probeStudio?: () => Promise<boolean> }): void;
}

/**
 * The replica's health checks.
 *
 * @example const health = createHealth({ store, reach }); health.slackReady(); (await health.readiness()).ready
 */
export function createHealth(options: HealthOptions): Health & HealthBinding {
  const now = options.now ?? Date.now;
  const { reach } = options;
  let store = options.store;
  let probeStudio = options.probeStudio;
  let slack = false;
  let stopping = false;
  let probing: Promise<boolean> | undefined;

  const checkStore = async (): Promise<CheckResult> => {
    if (!store) return { ok: false, reason: "the store is not open yet" };
    const started = now();
    const read = store.jobs.get(PROBE_ID).then(
      () => "ok" as const,
      () => "failed" as const,
    );
    const result = await within(read, CHECK_TIMEOUT_MS, "late" as const);
    const ms = now() - started;
    if (result === "ok") return { ok: true, ms };
    return {
      ok: false,
      ms,
      reason: result === "late" ? "the store did not answer a read within 2 s" : "the store refused a read",
    };
  };

  const checkStudio = async (): Promise<CheckResult> => {
    const answered = reach.lastAnswerAt();
    if (answered !== undefined && now() - answered <= STUDIO_ANSWERED_WITHIN_MS) return { ok: true };
    if (!probeStudio) return { ok: false, reason: "the studio API has not answered in the last 60 s" };
    const started = now();
    // One probe at a time, however many scrapes ask.
    const probe = probeStudio;
    probing ??= within(
      probe().catch(() => false),
      CHECK_TIMEOUT_MS,
      false,
    ).finally(() => {
      probing = undefined;
    });
    const ok = await probing;
    return ok
      ? { ok: true, ms: now() - started }
      : { ok: false, ms: now() - started, reason: "the studio API has not answered in the last 60 s, nor now" };
  };

  return {
    slackReady() {
      slack = true;
    },
    stopping() {
      stopping = true;
    },
    isStopping: () => stopping,
    bind(parts) {
      store = parts.store;
      if (parts.probeStudio) probeStudio = parts.probeStudio;
    },
    async readiness() {
      const [storeResult, studio] = await Promise.all([checkStore(), checkStudio()]);
      const checks: Record<ReadinessCheck, CheckResult> = {
        store: storeResult,
        slack_auth: slack
          ? { ok: true }
          : { ok: false, reason: "Slack has not accepted the bot token yet (auth.test)" },
        studio_api: studio,
        stopping: stopping ? { ok: false, reason: "the replica is stopping (SIGTERM)" } : { ok: true },
      };
      const failing = (Object.keys(checks) as ReadinessCheck[]).filter((name) => !checks[name].ok);
      return { ready: failing.length === 0, failing, checks };
    },
  };
}
