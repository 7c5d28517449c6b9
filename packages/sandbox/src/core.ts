import type { VirtualClock } from "./clock.js";
import type { SandboxDriftEntry } from "./config/types.js";
import type { Holds } from "./faults/hold.js";
import type { FaultRegistry } from "./faults/registry.js";
import type { Call, Journal } from "./journal/journal.js";
import type { KeyGrant } from "./keys.js";
import type { Random } from "./random.js";
import type { SandboxState } from "./state/store.js";
import type { Stats } from "./stats.js";
import type { FileStorage } from "./storage/disk.js";

/** Where the sandbox reports a failure of its own: the error in full (stack included) and the request it failed on. */
export type ErrorReporter = (error: unknown, request: { method: string; path: string }) => void;

/** What every part of the sandbox shares: state, time, randomness and settings. */
export interface SandboxCore {
  state: SandboxState;
  clock: VirtualClock;
  random: Random;
  stats: Stats;
  storage: FileStorage;
  /** Mean generation time on the virtual clock, jittered by ±25% per job. */
  jobMs: number;
  /** Signs upload forms, signed URLs and download URLs (sandbox-only). */
  signingSecret: string;
  /** A new id with a readable prefix: `img_k3j9...`. */
  newId(prefix: string): string;
  /** The keys this sandbox accepts: the built-in ones and the configuration's. */
  keys: ReadonlyMap<string, KeyGrant>;
  /** How the served schema differs from ours (the configuration's `drift`); empty for most sandboxes. */
  drift: readonly SandboxDriftEntry[];
  /** Faults on demand (`sandbox.faults`, `/__sandbox/faults`). */
  faults: FaultRegistry;
  /** Requests held by latency faults. */
  holds: Holds;
  /** Recent requests (`sandbox.requests()`, `/__sandbox/requests`). */
  journal: Journal;
  /** Where failures of the sandbox itself are reported (never into a response). */
  report: ErrorReporter;
}

/** The per-request GraphQL context: who is asking, and where the sandbox is reachable. */
export interface RequestContext {
  core: SandboxCore;
  /** The workspace the request's key is pinned to. */
  workspaceId: string;
  readOnly: boolean;
  /** Origin the request came to (http://localhost:4010), for the URLs the sandbox hands out. */
  origin: string;
  /** The journal's hold on this request (from the server context): generation faults match and record through it. */
  call?: Call;
}
