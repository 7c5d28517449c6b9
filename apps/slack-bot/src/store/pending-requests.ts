import type { GenerationCommand } from "@studio-kit/commands";

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
  /**
   * Its asker clicked Stop on the agent session of the thread it waited in (decision 0028), on any replica: it was
   * taken then, and is never sent.
   */
  | { status: "stopped" }
  /** Someone other than the asker clicked: the request stays pending. */
  | { status: "not-yours"; user: string }
  /** Never existed, or expired. */
  | { status: "missing" };

/**
 * Generations above the confirmation threshold, waiting for Confirm or Cancel. `take` hands a request out at most once.
 */
export interface PendingRequests {
  /**
   * Stores a request and returns its id (what the buttons' value carries). `inSession`: a confirmation waiting in an
   * agent session's thread (its `channel` and `threadTs`), which a Stop there takes (`SessionStops.stop`).
   */
  add(request: PendingRequest, options?: { inSession?: boolean }): Promise<string>;
  /** Removes and returns the request when `user` asked for it; every later take of the same id is `used`. */
  take(id: string, user: string): Promise<TakeResult>;
}

/** How long a confirmation waits by default. */
export const PENDING_TTL_MS = 10 * 60 * 1000;
