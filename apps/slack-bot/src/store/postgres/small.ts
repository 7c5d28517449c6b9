import type pg from "pg";
import type { DefaultBoard } from "../channel-defaults.js";
import { freeBefore } from "../retention.js";
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

/**
 * Button claims: an upsert that takes a free key, or one whose last claim is older than the window, in one
 * statement. Racing claims of one key queue on its row, and each sees the claim before it (`rowCount` 0).
 */
export function postgresClaims(pool: pg.Pool, names: Tables): Claims {
  return {
    async claim(key, now, windowMs) {
      const result = await pool.query(
        `INSERT INTO ${names.claims} AS c (key, claimed_at) VALUES ($1, $2)
        ON CONFLICT (key) DO UPDATE SET claimed_at = excluded.claimed_at WHERE c.claimed_at <= $3`,
        [key, now, freeBefore(now, windowMs)],
      );
      return result.rowCount === 1;
    },
    async release(key, claimedAt) {
      await pool.query(`DELETE FROM ${names.claims} WHERE key = $1 AND claimed_at = $2`, [key, claimedAt]);
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
