import type pg from "pg";
import type { DefaultBoard } from "../../services/channel-defaults.js";
import type { ChannelDefaultsStore, Claims, EventLog } from "../types.js";
import { toJsonb } from "./json.js";
import type { Tables } from "./names.js";

/** Handled Slack event ids: `ON CONFLICT DO NOTHING` tells the first sight from a redelivery in one statement. */
export function postgresEvents(pool: pg.Pool, names: Tables): EventLog {
  return {
    async firstSight(eventId, now) {
      const result = await pool.query(
        `INSERT INTO ${names.events} (event_id, seen_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [eventId, now],
      );
      return result.rowCount === 1;
    },
  };
}

/** Button claims: the first claim of a key wins until it is released. */
export function postgresClaims(pool: pg.Pool, names: Tables): Claims {
  return {
    async claim(key, now) {
      const result = await pool.query(
        `INSERT INTO ${names.claims} (key, claimed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [key, now],
      );
      return result.rowCount === 1;
    },
    async release(key) {
      await pool.query(`DELETE FROM ${names.claims} WHERE key = $1`, [key]);
    },
  };
}

/** Each channel's default board, as jsonb (node-postgres parses it back). */
export function postgresChannelDefaults(pool: pg.Pool, names: Tables): ChannelDefaultsStore {
  const table = names.channelDefaults;
  return {
    async get(channel) {
      const { rows } = await pool.query<{ board: DefaultBoard }>(`SELECT board FROM ${table} WHERE channel = $1`, [
        channel,
      ]);
      return rows[0]?.board;
    },
    async set(channel, board) {
      await pool.query(
        `INSERT INTO ${table} (channel, board) VALUES ($1, $2::jsonb)
        ON CONFLICT (channel) DO UPDATE SET board = excluded.board`,
        [channel, toJsonb({ id: board.id, conversationId: board.conversationId, title: board.title })],
      );
    },
    async list() {
      // COLLATE "C": byte order, as SQLite sorts, whatever the database's collation.
      const { rows } = await pool.query<{ channel: string; board: DefaultBoard }>(
        `SELECT channel, board FROM ${table} ORDER BY channel COLLATE "C"`,
      );
      return rows;
    },
  };
}
