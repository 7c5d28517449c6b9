import type pg from "pg";
import { PostgresStoreError } from "./errors.js";
import { MIGRATIONS } from "./migrations.js";
import { advisoryKey, type Tables } from "./names.js";
import { transaction } from "./transaction.js";

/**
 * Creates the schema when missing and applies the migrations it has not seen, each in one transaction with its row
 * in `schema_migrations`. Safe when several replicas start at once: they take turns on a session advisory lock
 * derived from the schema name, so the first applies them and the others find nothing left to do.
 *
 * `client` is a dedicated connection (the lock belongs to its session; the migrations run on it too, so a pool of
 * one connection is enough). When this throws, the caller discards the client: its session, and the lock if it is
 * still held, end with it.
 */
export async function migrate(
  client: pg.ClientBase,
  schema: string,
  names: Tables,
  migrations: readonly string[] = MIGRATIONS,
): Promise<void> {
  const key = advisoryKey(`migrate:${schema}`);
  await client.query("SELECT pg_advisory_lock($1::bigint)", [key]);
  try {
    await applyMissing(client, schema, names, migrations);
  } catch (error) {
    // Best effort: the caller discards the client anyway, which ends the session and the lock with it.
    await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch(() => undefined);
    throw error;
  }
  await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]);
}

/** The work done under the lock: the schema, the bookkeeping table, then each migration not applied yet. */
async function applyMissing(
  client: pg.ClientBase,
  schema: string,
  names: Tables,
  migrations: readonly string[],
): Promise<void> {
  await ensureSchema(client, schema, names);
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${names.schemaMigrations} (
      version integer PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`,
  );
  const applied = await client.query<{ version: number }>(`SELECT version FROM ${names.schemaMigrations}`);
  const versions = new Set(applied.rows.map((row) => row.version));
  const newest = Math.max(0, ...versions);
  if (newest > migrations.length) {
    throw new PostgresStoreError(
      "SCHEMA_TOO_NEW",
      `the PostgreSQL schema ${schema} is at version ${newest}, newer than this bot knows (${migrations.length}). Run the newer bot, or point DATABASE_URL at another database (or use another schema).`,
    );
  }
  for (const [index, sql] of migrations.entries()) {
    const version = index + 1;
    if (versions.has(version)) continue;
    await transaction(client, async (tx) => {
      // SET LOCAL ends with the transaction: the session keeps its own search_path.
      await tx.query(`SET LOCAL search_path TO ${names.schema}`);
      await tx.query(sql);
      await tx.query(`INSERT INTO ${names.schemaMigrations} (version) VALUES ($1)`, [version]);
    });
  }
}

/**
 * Creates the schema unless it exists. Looked up first: `CREATE SCHEMA IF NOT EXISTS` needs the CREATE privilege on
 * the database even when the schema is there, which a least-privilege role given an existing schema lacks.
 */
async function ensureSchema(client: pg.ClientBase, schema: string, names: Tables): Promise<void> {
  const found = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema]);
  if (found.rowCount === 0) await client.query(`CREATE SCHEMA ${names.schema}`);
}
