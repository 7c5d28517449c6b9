// Which jobs this replica works on. Several replicas share one store: a job is worked on only by the replica whose
// lease it holds (store/types.ts, JobStore). This replica renews the leases of the jobs it works on every third of
// the lease, so a live replica keeps them and a dead one (SIGKILL, a lost machine) loses them within one lease;
// `watch` claims, every third of the lease, the jobs whose leases ran out, and hands them to `carryOn`.

import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { BotLogger } from "../logger.js";
import type { JobRecord, JobStore, Lease } from "../store/types.js";

/** Options of {@link createJobLeases}. */
export interface JobLeasesOptions {
  jobs: JobStore;
  logger: BotLogger;
  /** How long a lease lasts unless renewed (ms). Default 15 s: a dead replica's jobs move on within 20 s. */
  leaseMs?: number;
  /** Jobs claimed per sweep, so one replica does not take every orphan at once. Default 10. */
  claimMax?: number;
  /** This replica's id. Default the host name, the process id and a random part (unique per process). */
  owner?: string;
  now?: () => number;
}

/** This replica's leases. */
export interface JobLeases {
  /** This replica's id, the owner written on every lease it holds. */
  readonly owner: string;
  /** A fresh lease for this replica (now + the lease time). */
  lease(): Lease;
  /** Marks a job as worked on here: its lease is renewed until {@link drop}. */
  hold(id: string): void;
  /** The job's worker here ended (done, failed, or another replica took the job over): stop renewing it. */
  drop(id: string): void;
  /** How many jobs this replica works on now (each may need one final message soon). */
  count(): number;
  /**
   * Whether this replica may still act on the job (send, post): its lease is ours, renewed recently enough, and the
   * replica is not stopping. A worker checks it before each Slack call and before sending.
   */
  holds(id: string): boolean;
  /**
   * Claims the jobs free now (lease ran out, released, or never leased) that this replica does not work on already,
   * and holds them. Resolves with them; the caller carries each on and drops it when finished.
   */
  claim(): Promise<JobRecord[]>;
  /** Claims now and every third of the lease until {@link stop}, handing each claimed job to `carryOn`. */
  watch(carryOn: (job: JobRecord) => Promise<void>): void;
  /**
   * Marks work that must finish before this replica lets its jobs go (a generation mutation and the record of its
   * ids): {@link stop} waits for it, so a clean stop never leaves a job `sending`.
   */
  track<T>(work: Promise<T>): Promise<T>;
  /**
   * Stops renewing and claiming, waits (up to `drainMs`, default 10 s) for tracked work, then releases every lease
   * this replica holds so the other replicas claim its jobs at once.
   */
  stop(drainMs?: number): Promise<void>;
}

/** The default lease: long enough to ride out a slow database round trip, short enough to move on in 20 s. */
export const DEFAULT_LEASE_MS = 15_000;

/** A replica id that is unique per process and says where it runs (it appears in logs and in the store). */
export function replicaId(): string {
  return `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
}

/**
 * The lease keeper of one replica. Its timers are unref'd: they never keep a process alive on their own.
 *
 * @example const leases = createJobLeases({ jobs: store.jobs, logger }); leases.watch((job) => resume(job));
 */
export function createJobLeases(options: JobLeasesOptions): JobLeases {
  const { jobs, logger } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const claimMax = options.claimMax ?? 10;
  const owner = options.owner ?? replicaId();
  const now = options.now ?? Date.now;
  /** Jobs with a worker in this process, and until when their lease is known to be ours. */
  const working = new Map<string, number>();
  /** The subset whose leases are renewed: a job whose lease was lost stays `working` until its worker ends. */
  const held = new Set<string>();
  const tracked = new Set<Promise<unknown>>();
  let renewer: NodeJS.Timeout | undefined;
  let watcher: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  let renewing: Promise<void> | undefined;
  let stopped = false;

  const lease = (): Lease => ({ owner, until: now() + leaseMs });

  const renew = async () => {
    if (!held.size) return;
    const ids = [...held];
    const next = lease();
    try {
      const kept = new Set(await jobs.renew(next, ids));
      for (const id of ids) {
        if (kept.has(id)) {
          if (working.has(id)) working.set(id, next.until);
        } else if (held.delete(id)) {
          // Its worker sees it (`holds`) before its next Slack call or send, and its next write fails.
          logger.warn({ job: id, replica: owner }, "lost a job's lease to another replica");
        }
      }
    } catch (error) {
      // A database blip: the leases last three renewals, so the next one may still keep them.
      logger.warn({ err: error, replica: owner }, "could not renew job leases");
    }
  };
  const startRenewing = () => {
    if (renewer || stopped) return;
    renewer = setInterval(
      () => {
        renewing ??= renew().finally(() => {
          renewing = undefined;
        });
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    renewer.unref();
  };
  const take = (id: string, until: number) => {
    working.set(id, until);
    held.add(id);
    startRenewing();
  };

  const claim = async (): Promise<JobRecord[]> => {
    if (stopped) return [];
    const next = lease();
    const claimed = await jobs.claim(next, now(), claimMax);
    // Stopped while claiming: `stop` releases them with the rest (it waits for the sweep).
    if (stopped) return [];
    // A job this process still works on (its lease ran out while the database was away, or was lost and came back)
    // is not started a second time: its worker goes on, holding the lease again.
    const fresh = claimed.filter((job) => !working.has(job.id));
    for (const job of claimed) take(job.id, next.until);
    return fresh;
  };

  return {
    owner,
    lease,
    hold: (id) => take(id, now() + leaseMs),
    drop(id) {
      working.delete(id);
      held.delete(id);
    },
    count: () => held.size,
    holds(id) {
      // Ours, and not so close to running out that renewals must have stalled (an event loop blocked, the database
      // away): a third of the lease is the margin a send or a post needs.
      const until = working.get(id);
      return held.has(id) && until !== undefined && until - now() > leaseMs / 3 && !stopped;
    },
    claim,
    watch(carryOn) {
      if (watcher || stopped) return;
      const sweep = async () => {
        try {
          // Batch after batch while they come full: a dead replica's jobs are all taken in one sweep.
          for (;;) {
            const claimed = await claim();
            if (claimed.length) logger.info({ jobs: claimed.length, replica: owner }, "claimed unfinished jobs");
            for (const job of claimed) void carryOn(job);
            if (claimed.length < claimMax || stopped) return;
          }
        } catch (error) {
          logger.warn({ err: error, replica: owner }, "could not claim unfinished jobs");
        }
      };
      const tick = () => {
        sweeping ??= sweep().finally(() => {
          sweeping = undefined;
        });
      };
      tick();
      watcher = setInterval(tick, Math.max(1, Math.floor(leaseMs / 3)));
      watcher.unref();
    },
    track(work) {
      const settled = work.then(
        () => {},
        () => {},
      );
      tracked.add(settled);
      void settled.then(() => tracked.delete(settled));
      return work;
    },
    async stop(drainMs = 10_000) {
      if (stopped) return;
      stopped = true;
      clearInterval(watcher);
      await sweeping;
      // Renewals go on while tracked work drains: a mutation in flight keeps its job until its ids are recorded.
      if (tracked.size) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, drainMs);
        });
        await Promise.race([Promise.all(tracked), timeout]);
        clearTimeout(timer);
      }
      clearInterval(renewer);
      await renewing;
      held.clear();
      working.clear();
      await jobs.release(owner);
    },
  };
}
