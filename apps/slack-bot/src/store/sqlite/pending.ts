import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { PENDING_TTL_MS, type PendingRequest, type PendingRequests } from "../pending-requests.js";

interface Row {
  request: string;
  user_id: string;
  expires_at: number;
  taken_at: number | null;
  stopped_at: number | null;
}

/**
 * Generations waiting for Confirm. `take` reads and marks in one transaction, so two clicks (or two processes)
 * cannot both take the same request; a taken row stays until it would have expired, so a late second Confirm
 * reads as `used`, not `missing`.
 */
export function sqlitePendingRequests(
  db: Database.Database,
  options: { now: () => number; ttlMs?: number | undefined },
): PendingRequests {
  const ttlMs = options.ttlMs ?? PENDING_TTL_MS;
  const insert = db.prepare(
    "INSERT INTO pending_requests (id, request, user_id, expires_at, channel, thread_ts) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const select = db.prepare<[string], Row>(
    "SELECT request, user_id, expires_at, taken_at, stopped_at FROM pending_requests WHERE id = ?",
  );
  const markTaken = db.prepare("UPDATE pending_requests SET taken_at = ? WHERE id = ?");
  const sweep = db.prepare("DELETE FROM pending_requests WHERE expires_at <= ?");
  const take = db.transaction((id: string, user: string, now: number) => {
    const row = select.get(id);
    if (!row) return { status: "missing" } as const;
    if (row.taken_at !== null) {
      if (row.expires_at <= now) return { status: "missing" } as const;
      // Taken by a Stop on its thread's agent session (decision 0028): its Confirm says so and sends nothing.
      return row.stopped_at !== null ? ({ status: "stopped" } as const) : ({ status: "used" } as const);
    }
    if (row.expires_at <= now) return { status: "missing" } as const;
    if (row.user_id !== user) return { status: "not-yours", user: row.user_id } as const;
    markTaken.run(now, id);
    return { status: "taken", request: JSON.parse(row.request) as PendingRequest } as const;
  });
  return {
    async add(request, addOptions = {}) {
      const now = options.now();
      sweep.run(now - ttlMs);
      const id = `pr_${randomUUID()}`;
      // Only a confirmation waiting in an agent session's thread is found there by a Stop.
      const session = addOptions.inSession && request.threadTs ? [request.channel, request.threadTs] : [null, null];
      insert.run(id, JSON.stringify(request), request.user, now + ttlMs, ...session);
      return id;
    },
    async take(id, user) {
      return take.immediate(id, user, options.now());
    },
  };
}
