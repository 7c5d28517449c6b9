import { createVirtualClock, type VirtualClock } from "./clock.js";
import { applyConfig, listWorkspaces } from "./config/apply.js";
import type { SandboxConfig, SandboxWorkspace } from "./config/types.js";
import { resolveConfig } from "./config/validate.js";
import type { SandboxCore } from "./core.js";
import { createHolds } from "./faults/hold.js";
import { createFaultRegistry, type SandboxFaults } from "./faults/registry.js";
import type { Fault } from "./faults/types.js";
import { type ErrorReporter, guard, reportToStderr } from "./http/guard.js";
import { createRouter, type FetchHandler } from "./http/router.js";
import { createJournal, type JournalEntry } from "./journal/journal.js";
import { createRedactor } from "./journal/redact.js";
import { createKeyGrants, SANDBOX_KEYS, SANDBOX_OTHER_WORKSPACE_ID, SANDBOX_WORKSPACE_ID } from "./keys.js";
import { readStateFile } from "./persist/file.js";
import {
  persist,
  relocateUploads,
  restoreState,
  type SandboxStateOptions,
  stateOptionsOf,
  uploadsDirFor,
} from "./persist/persistence.js";
import { countDraws } from "./persist/random.js";
import { replayWal, walCorrupt } from "./persist/replay.js";
import { readWal } from "./persist/wal.js";
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
  /**
   * Workspaces, their keys (read-only, expired) and starting credits, and drift of the served schema: what
   * `--config FILE` reads (see the README's "Saved state, configured workspaces and drift"). A mistake throws
   * SandboxConfigError naming the field.
   */
  config?: SandboxConfig;
  /**
   * Keeps the state across restarts: a file path, or `{ file, debounceMs }`. Loaded at start when the file
   * exists (a corrupt or newer-format file throws SandboxStateError and is left as it is), saved on change and by
   * `close()`. Uploaded bytes are kept in `<file>.uploads/` unless `storageDir` is given. The random seed of the
   * saved state wins over `seed`.
   */
  state?: string | SandboxStateOptions;
  /** Faults in place from the start (as `sandbox.faults.add` each). Default none. */
  faults?: readonly Fault[];
  /** Most requests the journal keeps (the oldest go first); 0 keeps none. Default 1000. */
  journalLimit?: number;
  /**
   * Called when the sandbox itself fails on a request, with the error (stack included) and the request's method and
   * path. The request is answered with a JSON 500 that carries no stack. Default: written to standard error.
   */
  onError?: ErrorReporter;
}

export interface Sandbox {
  /** Answers one request to any sandbox URL: /graphql, storage, downloads and the admin endpoints. */
  handle: FetchHandler;
  clock: VirtualClock;
  /** Moves the virtual clock forward, as `POST /__sandbox/advance` does. */
  advance(ms: number): void;
  stats(): SandboxStats;
  /** Faults on demand: `add`, `list` (with how many times each fired), `clear`. Also at `/__sandbox/faults`. */
  faults: SandboxFaults;
  /** The request journal: recent requests, oldest first, secrets redacted. Also `GET /__sandbox/requests`. */
  requests(): JournalEntry[];
  /** Empties the journal; returns how many entries it held. Also `DELETE /__sandbox/requests`. */
  clearRequests(): number;
  /** The keys it accepts and the workspaces they reach (none reaches `otherWorkspaceId`). */
  keys: typeof SANDBOX_KEYS;
  workspaceId: string;
  otherWorkspaceId: string;
  /** The live state, for tests that need to look behind the API. */
  state: SandboxState;
  /** Every workspace with the keys that reach it: the built-in ones and the configuration's. */
  workspaces: SandboxWorkspace[];
  /** Writes the state file now if anything changed (with the `state` option; resolves at once without). */
  saveState(): Promise<void>;
  /** Removes stored uploads, and lets requests held by latency faults go on. */
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
  const config = resolveConfig(options.config);
  const stateOptions = stateOptionsOf(options.state);
  const saved = stateOptions ? readStateFile(stateOptions.file) : null;
  // What the write-ahead log holds beyond the snapshot: acknowledged changes a kill left unsaved (persist/wal.ts).
  const logged = stateOptions ? readWal(stateOptions.file, saved?.wal ?? 0, walCorrupt(stateOptions.file)) : null;
  const seedValue = saved?.random.seed ?? logged?.entries[0]?.random?.seed ?? options.seed ?? 1;
  const random = countDraws(createRandom(seedValue));
  const storage = createFileStorage(
    options.storageDir ?? (stateOptions ? uploadsDirFor(stateOptions.file) : undefined),
  );
  const keys = createKeyGrants(
    config.builtin,
    config.workspaces.flatMap((workspace) => workspace.keys),
  );
  const clock = options.clock ?? createVirtualClock();
  const signingSecret = `sandbox-signing-${random.token(16)}`;
  const core: SandboxCore = {
    state: createState(),
    clock,
    random,
    stats: createStats(),
    storage,
    jobMs,
    signingSecret,
    newId: (prefix) => `${prefix}_${random.token(12)}`,
    keys,
    drift: config.drift,
    faults: createFaultRegistry(),
    holds: createHolds(clock),
    journal: createJournal({
      limit: options.journalLimit ?? 1000,
      redact: createRedactor([signingSecret, ...keys.keys()]),
      at: () => clock.iso(),
    }),
    report: options.onError ?? reportToStderr,
  };
  for (const fault of options.faults ?? []) core.faults.add(fault);
  seed(core);
  applyConfig(core, config);
  const configured = config.workspaces.map((workspace) => workspace.id);
  if (saved) restoreState(core, saved, random, configured);
  if (stateOptions && logged && logged.entries.length > 0) {
    replayWal(core, random, logged.entries, stateOptions.file);
    relocateUploads(core);
  }
  const persistence =
    stateOptions && logged
      ? persist(core, random, seedValue, stateOptions, { snapshot: saved !== null, wal: logged })
      : null;
  const router = createRouter(core);
  // The outermost catch: whatever escapes (the journal, the saver) is answered as a JSON 500 without a stack.
  const handle = guard(persistence ? persistence.watch(router) : router, core.report);

  return {
    handle,
    clock: core.clock,
    advance: (ms) => {
      core.clock.advance(ms);
      persistence?.log(true);
      persistence?.saver.clockMoved();
    },
    stats: () => core.stats.snapshot(),
    faults: { add: core.faults.add, list: core.faults.list, clear: core.faults.clear },
    requests: () => core.journal.list(),
    clearRequests: () => core.journal.clear(),
    keys: SANDBOX_KEYS,
    workspaceId: SANDBOX_WORKSPACE_ID,
    otherWorkspaceId: SANDBOX_OTHER_WORKSPACE_ID,
    state: core.state,
    workspaces: listWorkspaces(core.state, keys),
    saveState: async () => persistence?.saver.flush(),
    close: async () => {
      await persistence?.saver.close();
      core.holds.releaseAll();
      await storage.dispose();
    },
  };
}
