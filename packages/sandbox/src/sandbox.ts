import { createVirtualClock, type VirtualClock } from "./clock.js";
import type { SandboxCore } from "./core.js";
import { createRouter, type FetchHandler } from "./http/router.js";
import { SANDBOX_KEYS, SANDBOX_OTHER_WORKSPACE_ID, SANDBOX_WORKSPACE_ID } from "./keys.js";
import { createRandom } from "./random.js";
import { seed } from "./seed/index.js";
import { createState, type SandboxState } from "./state/store.js";
import { createStats, type SandboxStats } from "./stats.js";
import { createFileStorage } from "./storage/disk.js";

export interface SandboxOptions {
  /** Mean generation time on the virtual clock, in ms (jittered ±25% per job). Default 3000. */
  jobMs?: number;
  /** Seed of the pseudo-random source: same seed, same ids and jitter. Default 1. */
  seed?: number;
  /** The virtual clock. Default: a clock that moves only when advanced. */
  clock?: VirtualClock;
  /** Where uploaded bytes are written. Default: a temporary directory made on the first upload and removed by `close()`; a directory given here is kept. */
  storageDir?: string;
}

export interface Sandbox {
  /** Answers one request to any sandbox URL: /graphql, storage, downloads and the admin endpoints. */
  handle: FetchHandler;
  clock: VirtualClock;
  /** Moves the virtual clock forward, as `POST /__sandbox/advance` does. */
  advance(ms: number): void;
  stats(): SandboxStats;
  /** The keys it accepts and the workspaces they reach (none reaches `otherWorkspaceId`). */
  keys: typeof SANDBOX_KEYS;
  workspaceId: string;
  otherWorkspaceId: string;
  /** The live state, for tests that need to look behind the API. */
  state: SandboxState;
  /** Removes stored uploads. */
  close(): Promise<void>;
}

/**
 * Creates a sandbox: in-memory state seeded with realistic data behind the
 * project's SDL, served by graphql-yoga, with timed behaviour on a virtual clock.
 *
 * @example
 * ```ts
 * const sandbox = createSandbox({ jobMs: 1000 });
 * const response = await sandbox.handle(new Request("http://sandbox.test/graphql", {
 *   method: "POST",
 *   headers: { authorization: `Bearer ${sandbox.keys.readWrite}`, "content-type": "application/json" },
 *   body: JSON.stringify({ query: "{ apiCredentialWorkspace { id } }" }),
 * }));
 * ```
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const jobMs = options.jobMs ?? 3000;
  if (!Number.isFinite(jobMs) || jobMs < 1) {
    throw new RangeError(`@studio-kit/sandbox: jobMs must be a positive number of milliseconds, got ${jobMs}`);
  }
  const random = createRandom(options.seed ?? 1);
  const storage = createFileStorage(options.storageDir);
  const core: SandboxCore = {
    state: createState(),
    clock: options.clock ?? createVirtualClock(),
    random,
    stats: createStats(),
    storage,
    jobMs,
    signingSecret: `sandbox-signing-${random.token(16)}`,
    newId: (prefix) => `${prefix}_${random.token(12)}`,
  };
  seed(core);
  const handle = createRouter(core);

  return {
    handle,
    clock: core.clock,
    advance: (ms) => {
      core.clock.advance(ms);
    },
    stats: () => core.stats.snapshot(),
    keys: SANDBOX_KEYS,
    workspaceId: SANDBOX_WORKSPACE_ID,
    otherWorkspaceId: SANDBOX_OTHER_WORKSPACE_ID,
    state: core.state,
    close: async () => storage.dispose(),
  };
}
