import { createHash } from "node:crypto";
import pg from "pg";
import { PostgresStoreError } from "./errors.js";

/** What a schema may be called: lower-case, unquoted identifiers only, so the name reads the same everywhere. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** The store's tables, schema-qualified and quoted, for the SQL the store builds. */
export interface Tables {
  /** The schema, quoted. */
  schema: string;
  jobs: string;
  events: string;
  claims: string;
  channelDefaults: string;
  pendingRequests: string;
  rateUses: string;
  feedback: string;
  unfurls: string;
  schemaMigrations: string;
}

/**
 * The tables of `schema`, named in full. Every query names its schema instead of relying on `search_path`: a
 * connection pooler (PgBouncer) may refuse the `options` startup parameter, and a DATABASE_URL may carry its own.
 */
export function tables(schema: string): Tables {
  if (!SCHEMA_NAME.test(schema)) {
    throw new PostgresStoreError(
      "INVALID_OPTIONS",
      `the PostgreSQL schema name ${JSON.stringify(schema)} is not allowed: use lower-case letters, digits and _, not starting with a digit (such as studio_bot).`,
    );
  }
  const quoted = pg.escapeIdentifier(schema);
  const table = (name: string) => `${quoted}.${pg.escapeIdentifier(name)}`;
  return {
    schema: quoted,
    jobs: table("jobs"),
    events: table("events"),
    claims: table("claims"),
    channelDefaults: table("channel_defaults"),
    pendingRequests: table("pending_requests"),
    rateUses: table("rate_uses"),
    feedback: table("feedback"),
    unfurls: table("unfurls"),
    schemaMigrations: table("schema_migrations"),
  };
}

/**
 * A 64-bit advisory lock key for `name` (a SQL bigint, as a decimal string): the first 8 bytes of its SHA-256.
 * Computed here rather than with the server's internal `hashtext`, so every replica derives the same key from the
 * same name whatever the server version. Two names sharing a key only wait for each other; they never break.
 */
export function advisoryKey(name: string): string {
  return createHash("sha256").update(`@studio-kit/slack-bot:${name}`).digest().readBigInt64BE(0).toString();
}
