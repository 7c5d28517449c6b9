import Database from "better-sqlite3";
import { EVENT_RETENTION_MS, RECORD_RETENTION_MS } from "../retention.js";
import type { BotStore } from "../types.js";
import { sqliteFeedback } from "./feedback.js";
import { sqliteJobs } from "./jobs.js";
import { MIGRATIONS } from "./migrations.js";
import { sqlitePendingRequests } from "./pending.js";
import { sqliteSessionStops } from "./session-stops.js";
import { sqliteChannelDefaults, sqliteClaims, sqliteEvents, sqliteWindows } from "./small.js";
import { sqliteUnfurls } from "./unfurls.js";

/** Options of {@link openSqliteStore}. */
export interface SqliteStoreOptions {
  /** The database file (created when missing), or `:memory:` for a store that ends with the process. */
  path: string;
  /** Milliseconds since the epoch, for what the store stamps itself (pending requests). Default `Date.now`. */
  now?: () => number;
  /** How long a generation waits for its Confirm. Default 10 minutes. */
  pendingTtlMs?: number;
}

/** Applies the migrations the file has not seen yet, each with its version bump in one transaction. */
function migrate(db: Database.Database): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `@studio-kit/slack-bot: the database is at schema version ${current}, newer than this bot knows (${MIGRATIONS.length}). Run the newer bot, or point STUDIO_BOT_DB at another file.`,
    );
  }
  for (let version = current + 1; version <= MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1] ?? "");
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}

/**
 * The embedded store: one SQLite file (better-sqlite3, synchronous, so each method's check-and-change is atomic
 * within the process and, through SQLite's file lock, across processes sharing the file).
 *
 * WAL mode with `synchronous = NORMAL` keeps every committed write across a killed process (SIGKILL); only a power
 * loss may lose the last transactions, which a bot's restart then treats like a crash just before them.
 *
 * @example const store = openSqliteStore({ path: "./studio-bot.db" }); await store.jobs.unfinished();
 */
export function openSqliteStore(options: SqliteStoreOptions): BotStore {
  const db = new Database(options.path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // Another process holding the write lock (a second bot on the same file) is waited for, not an error.
  db.pragma("busy_timeout = 5000");
  migrate(db);
  const now = options.now ?? Date.now;
  return {
    jobs: sqliteJobs(db, now),
    events: sqliteEvents(db),
    claims: sqliteClaims(db),
    channelDefaults: sqliteChannelDefaults(db),
    pendingRequests: sqlitePendingRequests(db, { now, ttlMs: options.pendingTtlMs }),
    sessionStops: sqliteSessionStops(db),
    windows: sqliteWindows(db),
    feedback: sqliteFeedback(db),
    unfurls: sqliteUnfurls(db),
    async prune(at) {
      db.transaction(() => {
        db.prepare("DELETE FROM events WHERE seen_at < ?").run(at - EVENT_RETENTION_MS);
        db.prepare("DELETE FROM claims WHERE claimed_at < ?").run(at - RECORD_RETENTION_MS);
        db.prepare("DELETE FROM jobs WHERE state = 'done' AND updated_at < ?").run(at - RECORD_RETENTION_MS);
        db.prepare("DELETE FROM pending_requests WHERE expires_at < ?").run(at - EVENT_RETENTION_MS);
        // Keys no one updates any more (each take already drops its own key's old uses).
        db.prepare("DELETE FROM rate_uses WHERE at < ?").run(at - EVENT_RETENTION_MS);
        // A rating is kept as long as the job it rates.
        db.prepare("DELETE FROM feedback WHERE rated_at < ?").run(at - RECORD_RETENTION_MS);
        // An unfurl older than that is not unfurled again when its board changes.
        db.prepare("DELETE FROM unfurls WHERE unfurled_at < ?").run(at - RECORD_RETENTION_MS);
      })();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
