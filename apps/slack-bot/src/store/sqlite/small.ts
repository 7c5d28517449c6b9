import type Database from "better-sqlite3";
import type { DefaultBoard } from "../channel-defaults.js";
import { freeBefore } from "../retention.js";
import type { ChannelDefaultsStore, Claims, EventLog, RateWindows, WindowUse } from "../types.js";

/** Handled Slack event ids: `INSERT OR IGNORE` tells the first sight from a redelivery in one statement. */
export function sqliteEvents(db: Database.Database): EventLog {
  const insert = db.prepare("INSERT OR IGNORE INTO events (event_id, seen_at) VALUES (?, ?)");
  return {
    firstSight: async (eventId, now) => insert.run(eventId, now).changes === 1,
  };
}

/**
 * Button claims: an upsert that takes a free key, or one whose last claim is older than the window, in one
 * statement (`changes` is 0 when the row exists and the `WHERE` keeps it).
 */
export function sqliteClaims(db: Database.Database): Claims {
  const take = db.prepare(
    `INSERT INTO claims (key, claimed_at) VALUES (@key, @now)
    ON CONFLICT (key) DO UPDATE SET claimed_at = excluded.claimed_at WHERE claims.claimed_at <= @freeBefore`,
  );
  const remove = db.prepare("DELETE FROM claims WHERE key = ? AND claimed_at = ?");
  return {
    claim: async (key, now, windowMs) => take.run({ key, now, freeBefore: freeBefore(now, windowMs) }).changes === 1,
    release: async (key, claimedAt) => {
      remove.run(key, claimedAt);
    },
  };
}

/** Each channel's default board, as JSON. */
export function sqliteChannelDefaults(db: Database.Database): ChannelDefaultsStore {
  const select = db.prepare<[string], { board: string }>("SELECT board FROM channel_defaults WHERE channel = ?");
  const upsert = db.prepare(
    "INSERT INTO channel_defaults (channel, board) VALUES (?, ?) ON CONFLICT (channel) DO UPDATE SET board = excluded.board",
  );
  const all = db.prepare<[], { channel: string; board: string }>(
    "SELECT channel, board FROM channel_defaults ORDER BY channel",
  );
  return {
    async get(channel) {
      const row = select.get(channel);
      return row ? (JSON.parse(row.board) as DefaultBoard) : undefined;
    },
    async set(channel, board) {
      upsert.run(channel, JSON.stringify({ id: board.id, conversationId: board.conversationId, title: board.title }));
    },
    async list() {
      return all.all().map((row) => ({ channel: row.channel, board: JSON.parse(row.board) as DefaultBoard }));
    },
  };
}

/** Rolling windows of uses (the chat.update budget): each take drops its key's expired uses, counts, then adds. */
export function sqliteWindows(db: Database.Database): RateWindows {
  const expire = db.prepare("DELETE FROM rate_uses WHERE key = ? AND at <= ?");
  const count = db.prepare<[string, number], { used: number; oldest: number | null }>(
    "SELECT COUNT(*) AS used, MIN(at) AS oldest FROM rate_uses WHERE key = ? AND at > ?",
  );
  const insert = db.prepare("INSERT INTO rate_uses (key, at) VALUES (?, ?)");
  const read = (key: string, since: number): WindowUse => {
    const row = count.get(key, since);
    return { used: row?.used ?? 0, oldest: row?.oldest ?? null };
  };
  const take = db.transaction((key: string, now: number, windowMs: number, max: number) => {
    expire.run(key, now - windowMs);
    const before = read(key, now - windowMs);
    if (before.used >= max) return { taken: false, ...before };
    insert.run(key, now);
    return { taken: true, ...read(key, now - windowMs) };
  });
  return {
    take: async (key, now, windowMs, max) => take.immediate(key, now, windowMs, max),
    count: async (key, now, windowMs) => read(key, now - windowMs),
  };
}
