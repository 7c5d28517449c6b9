import type pg from "pg";
import type { UnfurledMessage, UnfurlStore } from "../types.js";
import type { Tables } from "./names.js";
import { withTransaction } from "./transaction.js";

/**
 * The Work Object unfurls the bot made (decision 0027), as SQLite keeps them: one row per link of a message, with its
 * board (null for an asset) and its place among the message's links. Remembering a message replaces its rows in one
 * transaction.
 */
export function postgresUnfurls(pool: pg.Pool, names: Tables): UnfurlStore {
  return {
    async remember(message, now) {
      await withTransaction(pool, async (tx) => {
        await tx.query(`DELETE FROM ${names.unfurls} WHERE channel = $1 AND ts = $2`, [message.channel, message.ts]);
        for (const [position, link] of message.links.entries()) {
          await tx.query(
            `INSERT INTO ${names.unfurls} (channel, ts, position, url, board_id, user_id, unfurled_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [message.channel, message.ts, position, link.url, link.boardId, message.user, now],
          );
        }
      });
    },
    async ofBoard(boardId, limit) {
      const { rows } = await pool.query<{ channel: string; ts: string; urls: string[]; users: string[] }>(
        `SELECT m.channel, m.ts,
          array_agg(u.url ORDER BY u.position) AS urls, array_agg(u.user_id ORDER BY u.position) AS users
        FROM (
          SELECT channel, ts, max(unfurled_at) AS latest FROM ${names.unfurls} WHERE board_id = $1
          GROUP BY channel, ts ORDER BY latest DESC, channel, ts LIMIT $2
        ) m JOIN ${names.unfurls} u ON u.channel = m.channel AND u.ts = m.ts
        GROUP BY m.channel, m.ts, m.latest
        ORDER BY m.latest DESC, m.channel, m.ts`,
        [boardId, limit],
      );
      return rows.flatMap((row): UnfurledMessage[] => {
        const [user] = row.users;
        return user ? [{ channel: row.channel, ts: row.ts, user, urls: row.urls }] : [];
      });
    },
    async forget(channel, ts) {
      await pool.query(`DELETE FROM ${names.unfurls} WHERE channel = $1 AND ts = $2`, [channel, ts]);
    },
  };
}
