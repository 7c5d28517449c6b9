import type Database from "better-sqlite3";
import type { DefaultBoard } from "../../services/channel-defaults.js";
import type { ChannelDefaultsStore, Claims, EventLog } from "../types.js";

/** Handled Slack event ids: `INSERT OR IGNORE` tells the first sight from a redelivery in one statement. */
export function sqliteEvents(db: Database.Database): EventLog {
  const insert = db.prepare("INSERT OR IGNORE INTO events (event_id, seen_at) VALUES (?, ?)");
  return {
    firstSight: async (eventId, now) => insert.run(eventId, now).changes === 1,
  };
}

/** Button claims: the first claim of a key wins until it is released. */
export function sqliteClaims(db: Database.Database): Claims {
  const insert = db.prepare("INSERT OR IGNORE INTO claims (key, claimed_at) VALUES (?, ?)");
  const remove = db.prepare("DELETE FROM claims WHERE key = ?");
  return {
    claim: async (key, now) => insert.run(key, now).changes === 1,
    release: async (key) => {
      remove.run(key);
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
