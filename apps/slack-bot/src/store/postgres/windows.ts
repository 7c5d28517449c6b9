import type pg from "pg";
import type { RateWindows, WindowUse } from "../types.js";
import { advisoryKey, type Tables } from "./names.js";
import { type Queryable, withTransaction } from "./transaction.js";

/**
 * Rolling windows counted in `rate_uses`, one row per use. `take` runs under a transaction-scoped advisory lock on
 * the key, so takes of one key from every replica take turns (count, then insert) while other keys go on.
 */
export function postgresWindows(pool: pg.Pool, names: Tables, options: { schema: string }): RateWindows {
  const table = names.rateUses;

  const count = async (db: Queryable, key: string, now: number, windowMs: number): Promise<WindowUse> => {
    const { rows } = await db.query<WindowUse>(
      `SELECT count(*)::integer AS used, MIN(at) AS oldest FROM ${table} WHERE key = $1 AND at > $2`,
      [key, now - windowMs],
    );
    return { used: rows[0]?.used ?? 0, oldest: rows[0]?.oldest ?? null };
  };

  return {
    take: (key, now, windowMs, max) =>
      withTransaction(pool, async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock($1::bigint)", [advisoryKey(`rate:${options.schema}:${key}`)]);
        // The uses that left the window are not needed again: the table stays the size of the windows.
        await tx.query(`DELETE FROM ${table} WHERE key = $1 AND at <= $2`, [key, now - windowMs]);
        const before = await count(tx, key, now, windowMs);
        if (before.used >= max) return { taken: false, ...before };
        await tx.query(`INSERT INTO ${table} (key, at) VALUES ($1, $2)`, [key, now]);
        // Another replica's clock may run ahead of this one's: the oldest use is not always an earlier one.
        return { taken: true, used: before.used + 1, oldest: Math.min(before.oldest ?? now, now) };
      }),
    count: (key, now, windowMs) => count(pool, key, now, windowMs),
  };
}
