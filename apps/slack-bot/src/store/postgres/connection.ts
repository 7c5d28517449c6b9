import { inspect } from "node:util";
import pg from "pg";
import { PostgresStoreError } from "./errors.js";

/** Where a connection string points, for messages: `host:port/database`, never the user's password. */
export interface Target {
  /** Such as `db.internal:5432/studio`. */
  label: string;
  /** The password as written in the connection string and decoded, to scrub from any reason a driver gives. */
  secrets: string[];
}

/**
 * Reads the parts of a connection string that messages may show. Only URLs are taken
 * (`postgres://user:password@host:port/database?sslmode=require`), so that a mistyped one fails here, clearly,
 * rather than as a lookup of some host node-postgres guessed from it.
 */
export function describeTarget(connectionString: string): Target {
  let url: URL | undefined;
  try {
    url = new URL(connectionString);
  } catch {
    // Node's error carries the input (`input`), password and all: never let it out.
  }
  if (!url || !["postgres:", "postgresql:"].includes(url.protocol)) {
    throw new PostgresStoreError(
      "INVALID_OPTIONS",
      "the connection string is not a postgres:// URL (such as postgres://user:password@host:5432/database). Check DATABASE_URL.",
    );
  }
  const database = safeDecode(url.pathname.slice(1)) || "(the user's database)";
  const secrets = [url.password, safeDecode(url.password), connectionString].filter((secret) => secret.length > 0);
  const host = url.searchParams.get("host") || url.hostname || "localhost";
  return { label: `${host}:${url.port || "5432"}/${database}`, secrets };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `text` with every secret replaced by `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join("***"), text);
}

function shows(error: unknown, secrets: readonly string[]): boolean {
  const text = inspect(error, { depth: 6, showHidden: true });
  return secrets.some((secret) => text.includes(secret));
}

/** Why a connection failed, in words: Node's AggregateError (every address refused) has an empty message. */
function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(reason).join("; ");
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

/**
 * A client from `pool`, or a {@link PostgresStoreError} (`CONNECT_FAILED`) that names the server and the reason
 * (refused, unknown host, wrong password, no such database) but not the password. The original error is its cause
 * unless it shows a secret anywhere (node-postgres keeps the password out of its errors; this checks rather than
 * trusts).
 */
export async function connect(pool: pg.Pool, target: Target): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    throw new PostgresStoreError(
      "CONNECT_FAILED",
      `could not connect to PostgreSQL at ${target.label}: ${redact(reason(error), target.secrets)}. Check DATABASE_URL.`,
      shows(error, target.secrets) ? {} : { cause: error },
    );
  }
}

/**
 * Whole numbers come back as numbers. node-postgres returns int8 (bigint, COUNT(*)) as strings, since not every one
 * fits a double; here every bigint is a time in milliseconds or a count, far below 2^53.
 */
export function numberTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, Number);
  return types;
}
