import { randomUUID } from "node:crypto";
import type { GenerationCommand } from "../commands/types.js";
import type { BotDeps } from "../deps.js";

/** A generation waiting for its asker's Confirm: the command and where its answers go. */
export interface PendingRequest {
  user: string;
  channel: string;
  /** The thread the original request was answered in (mentions); undefined for a slash command. */
  threadTs?: string;
  command: GenerationCommand;
  /** Set for a Variations click: Confirm runs a variation of this image (`parentImageId`), not `command`. */
  variationOf?: string;
}

/** What taking a pending request found. */
export type TakeResult =
  | { status: "taken"; request: PendingRequest }
  /** Already confirmed or cancelled (a double click, a second Confirm). */
  | { status: "used" }
  /** Someone other than the asker clicked: the request stays pending. */
  | { status: "not-yours"; user: string }
  /** Never existed, or expired. */
  | { status: "missing" };

/**
 * Generations above the confirmation threshold, waiting for Confirm or Cancel. In memory for now: issue 8 makes it
 * durable behind the same methods, which is why callers await them. `take` hands a request out at most once.
 */
export interface PendingRequests {
  /** Stores a request and returns its id (what the buttons' value carries). */
  add(request: PendingRequest): Promise<string>;
  /** Removes and returns the request when `user` asked for it; every later take of the same id is `used`. */
  take(id: string, user: string): Promise<TakeResult>;
}

/** Options of {@link createMemoryPendingRequests}. */
export interface MemoryPendingRequestsOptions {
  /** How long a request waits for its Confirm. Default 10 minutes. */
  ttlMs?: number;
  /** Milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** How long a confirmation waits by default. */
export const PENDING_TTL_MS = 10 * 60 * 1000;

/**
 * A process-local {@link PendingRequests}: lost on restart (the asker sees "expired" and runs the command again).
 * Expired entries are swept on every `add`; taken ids are remembered until they would have expired, so a late
 * second Confirm reads as `used`, not `missing`.
 *
 * @example const pending = createMemoryPendingRequests(); const id = await pending.add({ user, channel, command });
 */
export function createMemoryPendingRequests(options: MemoryPendingRequestsOptions = {}): PendingRequests {
  const ttlMs = options.ttlMs ?? PENDING_TTL_MS;
  const now = options.now ?? (() => Date.now());
  const waiting = new Map<string, { request: PendingRequest; expiresAt: number }>();
  const used = new Map<string, number>();
  const sweep = () => {
    const at = now();
    for (const [id, entry] of waiting) if (entry.expiresAt <= at) waiting.delete(id);
    for (const [id, expiresAt] of used) if (expiresAt <= at) used.delete(id);
  };
  return {
    async add(request) {
      sweep();
      const id = `pr_${randomUUID()}`;
      waiting.set(id, { request: structuredClone(request), expiresAt: now() + ttlMs });
      return id;
    },
    async take(id, user) {
      // No await before the delete: two clicks arriving together cannot both take the same request.
      const entry = waiting.get(id);
      if (!entry) return used.has(id) && (used.get(id) ?? 0) > now() ? { status: "used" } : { status: "missing" };
      if (entry.expiresAt <= now()) {
        waiting.delete(id);
        return { status: "missing" };
      }
      if (entry.request.user !== user) return { status: "not-yours", user: entry.request.user };
      waiting.delete(id);
      used.set(id, entry.expiresAt);
      return { status: "taken", request: entry.request };
    },
  };
}

// createBotApp hands the same deps object to every listener, so the default store is one per app.
const stores = new WeakMap<BotDeps, PendingRequests>();

/** The app's pending requests: `deps.pendingRequests`, or one in-memory store per deps. */
export function pendingRequestsOf(deps: BotDeps): PendingRequests {
  if (deps.pendingRequests) return deps.pendingRequests;
  let store = stores.get(deps);
  if (!store) {
    store = createMemoryPendingRequests();
    stores.set(deps, store);
  }
  return store;
}
