import pg from "pg";
import { EVENT_RETENTION_MS, RECORD_RETENTION_MS } from "../retention.js";
import type { BotStore } from "../types.js";
import { connect, describeTarget, numberTypes } from "./connection.js";
import { PostgresStoreError } from "./errors.js";
import { postgresFeedback } from "./feedback.js";
import { postgresJobs } from "./jobs.js";
import { migrate } from "./migrate.js";
import { tables } from "./names.js";
import { postgresPendingRequests } from "./pending.js";
import { postgresSessionStops } from "./session-stops.js";
import { postgresChannelDefaults, postgresClaims, postgresEvents } from "./small.js";
import { usingClient, withTransaction } from "./transaction.js";
import { postgresUnfurls } from "./unfurls.js";
import { postgresWindows } from "./windows.js";

/** Options of {@link openPostgresStore}. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:5432/database` (DATABASE_URL). Never shown in an error: it holds the password. */
  connectionString: string;
  /**
   * The schema the store's tables live in, created when missing: lower-case letters, digits and `_` (several bots,
   * or tests, may share one database in different schemas). Default `public`.
   */
  schema?: string;
  /** Milliseconds since the epoch, for what the store stamps itself (pending requests, updates). Default `Date.now`. */
  now?: () => number;
  /** How long a generation waits for its Confirm. Default 10 minutes. */
  pendingTtlMs?: number;
  /** Connections the store may open at once. Default 10. */
  poolSize?: number;
  /**
   * Told about errors of idle connections (the server restarted, the network dropped one): the pool discards the
   * connection and opens another when needed, so they are only worth logging. Default: ignored.
   */
  onIdleError?: (error: Error) => void;
}

/** How long opening a connection (or waiting for a free one) may take before the call fails. */
const CONNECT_TIMEOUT_MS = 10_000;

function check(options: PostgresStoreOptions): void {
  const problems: string[] = [];
  if (typeof options.connectionString !== "string" || options.connectionString.trim() === "") {
    problems.push("connectionString must be a postgres:// URL (DATABASE_URL)");
  }
  const { poolSize, pendingTtlMs } = options;
  if (poolSize !== undefined && !(Number.isInteger(poolSize) && poolSize > 0)) {
    problems.push(`poolSize must be a whole number above 0 (got ${poolSize})`);
  }
  if (pendingTtlMs !== undefined && !(Number.isFinite(pendingTtlMs) && pendingTtlMs > 0)) {
    problems.push(`pendingTtlMs must be a number of milliseconds above 0 (got ${pendingTtlMs})`);
  }
  if (problems.length > 0) {
    throw new PostgresStoreError("INVALID_OPTIONS", `openPostgresStore: ${problems.join("; ")}.`);
  }
}

/**
 * The shared store: PostgreSQL through a node-postgres pool, for several replicas on one database. Every
 * check-and-change is one statement or one short transaction (see each part), so it holds across replicas; no
 * transaction waits on anything but SQL.
 *
 * Opening connects once (failing with {@link PostgresStoreError} `CONNECT_FAILED`, which names the server but not
 * the password), creates the schema when missing and applies the migrations it lacks (see migrate.ts).
 *
 * @example
 * const store = await openPostgresStore({ connectionString: process.env.DATABASE_URL, schema: "studio_bot" });
 * await store.jobs.unfinished();
 * await store.close();
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<BotStore> {
  check(options);
  const schema = options.schema ?? "public";
  const names = tables(schema);
  const target = describeTarget(options.connectionString);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    types: numberTypes(),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: "studio-slack-bot",
  });
  // An idle connection's error is emitted on the pool; with no listener, Node would end the process for it.
  const onIdleError = options.onIdleError;
  pool.on("error", (error) => onIdleError?.(error));

  try {
    await usingClient(await connect(pool, target), (client) => migrate(client, schema, names));
  } catch (error) {
    await pool.end();
    throw error;
  }

  const now = options.now ?? Date.now;
  let ended: Promise<void> | undefined;
  return {
    jobs: postgresJobs(pool, names, { schema, now }),
    events: postgresEvents(pool, names),
    claims: postgresClaims(pool, names),
    channelDefaults: postgresChannelDefaults(pool, names),
    pendingRequests: postgresPendingRequests(pool, names, { now, ttlMs: options.pendingTtlMs }),
    sessionStops: postgresSessionStops(pool, names),
    windows: postgresWindows(pool, names, { schema }),
    feedback: postgresFeedback(pool, names),
    unfurls: postgresUnfurls(pool, names),
    async prune(at) {
      await withTransaction(pool, async (tx) => {
        await tx.query(`DELETE FROM ${names.events} WHERE seen_at < $1`, [at - EVENT_RETENTION_MS]);
        await tx.query(`DELETE FROM ${names.claims} WHERE claimed_at < $1`, [at - RECORD_RETENTION_MS]);
        await tx.query(`DELETE FROM ${names.jobs} WHERE state = 'done' AND updated_at < $1`, [
          at - RECORD_RETENTION_MS,
        ]);
        await tx.query(`DELETE FROM ${names.pendingRequests} WHERE expires_at < $1`, [at - EVENT_RETENTION_MS]);
        // Keys no longer taken (a workspace gone) keep their last uses until here; windows are far shorter than a day.
        await tx.query(`DELETE FROM ${names.rateUses} WHERE at < $1`, [at - EVENT_RETENTION_MS]);
        // A rating is kept as long as the job it rates.
        await tx.query(`DELETE FROM ${names.feedback} WHERE rated_at < $1`, [at - RECORD_RETENTION_MS]);
        // An unfurl older than that is not unfurled again when its board changes.
        await tx.query(`DELETE FROM ${names.unfurls} WHERE unfurled_at < $1`, [at - RECORD_RETENTION_MS]);
      });
    },
    close() {
      ended ??= pool.end();
      return ended;
    },
  };
}
