// Where the bot keeps its state, and how long a replica holds a job. The database URL holds a password: no message
// and no log line repeats it.

import { isAbsolute, resolve } from "node:path";
import { type Env, read } from "./read.js";

/** The bot's state: embedded SQLite (one process), or a PostgreSQL database shared by replicas. */
export type StoreConfig = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

/** SQLite's name for a database that lives in memory only (https://www.sqlite.org/inmemorydb.html). */
export const IN_MEMORY_STORE = ":memory:";

/** Defaults for the optional state settings. */
export const STORE_DEFAULTS = {
  /** Relative to the working directory, like any relative STUDIO_BOT_DB. */
  storePath: "studio-bot.db",
  /** STUDIO_JOB_LEASE_SECONDS: renewed every 5 s, so a dead replica's jobs move on within 20 s. */
  jobLeaseSeconds: 15,
} as const;

/** The state part of the configuration. */
export interface StoreSettings {
  store: StoreConfig;
  /** STUDIO_JOB_LEASE_SECONDS, in ms. */
  jobLeaseMs: number;
}

/**
 * DATABASE_URL or STUDIO_BOT_DB (a relative path resolved against `cwd`), and STUDIO_JOB_LEASE_SECONDS.
 */
export function readStore(env: Env, problems: string[], cwd: string): StoreSettings {
  return { store: readLocation(env, cwd, problems), jobLeaseMs: readLease(env, problems) };
}

/** Where the state lives, for a start-up line: never the database URL (it holds a password), only its host. */
export function describeStore(store: StoreConfig): string {
  if (store.kind === "postgres") {
    const url = new URL(store.url);
    return `state in PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname} (DATABASE_URL)`;
  }
  return store.path === IN_MEMORY_STORE ? "state in memory only" : `state in ${store.path}`;
}

/** PostgreSQL when DATABASE_URL is set, the SQLite file otherwise. */
function readLocation(env: Env, cwd: string, problems: string[]): StoreConfig {
  const url = read(env, "DATABASE_URL");
  if (url === undefined) return { kind: "sqlite", path: readStorePath(env, cwd, problems) };
  if (read(env, "STUDIO_BOT_DB") !== undefined) {
    problems.push(
      "DATABASE_URL and STUDIO_BOT_DB are both set: unset STUDIO_BOT_DB to keep the state in PostgreSQL (several replicas), or DATABASE_URL to keep it in the SQLite file (one process).",
    );
  }
  if (!postgresUrl(url)) {
    problems.push(
      "DATABASE_URL must be a PostgreSQL connection URL: postgres://user:password@host:5432/database (postgresql:// works too).",
    );
  }
  return { kind: "postgres", url };
}

function postgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.pathname.length > 1;
  } catch {
    return false;
  }
}

/** The SQLite file: `:memory:` as is, anything else made absolute against `cwd`. */
function readStorePath(env: Env, cwd: string, problems: string[]): string {
  const path = read(env, "STUDIO_BOT_DB") ?? STORE_DEFAULTS.storePath;
  if (path === IN_MEMORY_STORE) return path;
  if (/[\\/]$/.test(path)) {
    problems.push("STUDIO_BOT_DB must be the path of a file (such as ./studio-bot.db), not a directory, or :memory:.");
  }
  // No shell reads this value, so a leading ~ would name a directory called "~" in the working directory.
  if (path.startsWith("~"))
    problems.push("STUDIO_BOT_DB cannot start with ~ (it is not expanded): give an absolute path.");
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** STUDIO_JOB_LEASE_SECONDS, in ms. */
function readLease(env: Env, problems: string[]): number {
  const value = read(env, "STUDIO_JOB_LEASE_SECONDS");
  if (value === undefined) return STORE_DEFAULTS.jobLeaseSeconds * 1000;
  const seconds = Number(value);
  // Below 3 s a slow database round trip could cost a live replica its jobs; above 5 minutes a dead replica's
  // jobs would wait longer than anyone waits for a picture.
  if (!/^\d+$/.test(value) || seconds < 3 || seconds > 300) {
    problems.push(
      "STUDIO_JOB_LEASE_SECONDS must be a whole number of seconds from 3 to 300 (default 15): how long a replica's hold on a job lasts; a dead replica's jobs move on after it.",
    );
    return STORE_DEFAULTS.jobLeaseSeconds * 1000;
  }
  return seconds * 1000;
}
