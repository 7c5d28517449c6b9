import type Database from "better-sqlite3";
import type { UnfurledMessage, UnfurlStore } from "../types.js";

/**
 * The Work Object unfurls the bot made (decision 0027): one row per link of a message, with its board (null for an
 * asset) and its place among the message's links. Remembering a message replaces its rows in one transaction.
 */
export function sqliteUnfurls(db: Database.Database): UnfurlStore {
  const drop = db.prepare("DELETE FROM unfurls WHERE channel = ? AND ts = ?");
  const insert = db.prepare(
    `INSERT INTO unfurls (channel, ts, position, url, board_id, user_id, unfurled_at)
    VALUES (@channel, @ts, @position, @url, @boardId, @user, @now)`,
  );
  const messages = db.prepare<[string, number], { channel: string; ts: string }>(
    `SELECT channel, ts FROM unfurls WHERE board_id = ?
    GROUP BY channel, ts ORDER BY MAX(unfurled_at) DESC, channel, ts LIMIT ?`,
  );
  const links = db.prepare<[string, string], { url: string; user_id: string }>(
    "SELECT url, user_id FROM unfurls WHERE channel = ? AND ts = ? ORDER BY position",
  );
  const remember = db.transaction((message: Parameters<UnfurlStore["remember"]>[0], now: number) => {
    drop.run(message.channel, message.ts);
    message.links.forEach((link, position) => {
      insert.run({
        channel: message.channel,
        ts: message.ts,
        position,
        url: link.url,
        boardId: link.boardId,
        user: message.user,
        now,
      });
    });
  });
  return {
    remember: async (message, now) => remember.immediate(message, now),
    async ofBoard(boardId, limit) {
      return messages.all(boardId, limit).flatMap((row): UnfurledMessage[] => {
        const found = links.all(row.channel, row.ts);
        const [first] = found;
        return first ? [{ channel: row.channel, ts: row.ts, user: first.user_id, urls: found.map((l) => l.url) }] : [];
      });
    },
    async forget(channel, ts) {
      drop.run(channel, ts);
    },
  };
}
