import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { addWorkspaceFrom } from "../config/workspace-records.js";
import type { SandboxCore } from "../core.js";
import type { FetchHandler } from "../http/router.js";
import type { WriteHook } from "./file.js";
import { type SavedState, serializeState } from "./format.js";
import type { CountingRandom } from "./random.js";
import { createStateSaver, type StateSaver } from "./saver.js";
import { trackState } from "./track.js";
import { openWal, type WalRead } from "./wal.js";

/** The `state` option: where the sandbox keeps its state across restarts. */
export interface SandboxStateOptions {
  /** The state file: loaded at start if it exists, written on change and by `close()`. */
  file: string;
  /** Longest a change waits before it is written, in ms. Default 250. */
  debounceMs?: number;
  /** Where a failed background save is reported. Default: a process warning (stderr). */
  onError?: (error: unknown) => void;
  /** For tests: called after each 64 KiB of a write reaches the temporary file, before the rename. */
  onChunkWritten?: WriteHook;
}

/** The option in its long form, the file made absolute (the process may change directory later). */
export function stateOptionsOf(option: string | SandboxStateOptions | undefined): SandboxStateOptions | null {
  if (option === undefined) return null;
  const options = typeof option === "string" ? { file: option } : option;
  if (typeof options.file !== "string" || options.file === "") {
    throw new TypeError("@studio-kit/sandbox: state.file must be the path of the state file");
  }
  return { ...options, file: resolve(options.file) };
}

/** Uploaded bytes are kept beside the state file (`state.json.uploads/`), so registered uploads survive a restart. */
export const uploadsDirFor = (file: string) => `${file}.uploads`;

/**
 * Replaces the freshly seeded state with the saved one. A configured workspace
 * the saved state does not have yet (added to the config since) is taken from
 * the fresh state. The clock never goes back: it resumes at the later of the
 * saved time and its own (a test clock resumes where it was saved; a clock
 * that follows real time resumes at the real time, so jobs that were running
 * have finished meanwhile). The random sequence carries on after the saved
 * draws, so new ids never repeat saved ones.
 */
export function restoreState(
  core: SandboxCore,
  saved: SavedState,
  random: CountingRandom,
  configured: readonly string[],
): void {
  const restored = saved.state;
  for (const id of configured) {
    if (!restored.workspaces.has(id)) addWorkspaceFrom(core.state, restored, id);
  }
  Object.assign(core.state, restored);
  relocateUploads(core);
  const now = core.clock.now();
  if (saved.clock > now) core.clock.advance(saved.clock - now);
  if (saved.random.draws > random.draws()) random.skip(saved.random.draws - random.draws());
}

/** Uploads live in the directory beside the state file, wherever it was moved to; bytes that are gone are gone. */
export function relocateUploads(core: SandboxCore): void {
  for (const file of core.state.files.values()) {
    if (file.path === null) continue;
    const path = core.storage.pathFor(file.id);
    file.path = existsSync(path) ? path : null;
  }
}

export interface Persistence {
  saver: StateSaver;
  /** Appends what changed to the write-ahead log now (`clockMoved`: even if only the clock did). */
  log(clockMoved: boolean): void;
  /** The sandbox's handler, marking the state changed after every request (the saver skips writes that change nothing). */
  watch(handle: FetchHandler): FetchHandler;
}

/** Saves `core`'s state to `options.file` as it changes. */
export function persist(
  core: SandboxCore,
  random: CountingRandom,
  seed: number,
  options: SandboxStateOptions,
  loaded: { snapshot: boolean; wal: WalRead },
): Persistence {
  const debounceMs = options.debounceMs ?? 250;
  const onError =
    options.onError ??
    ((error: unknown) =>
      process.emitWarning(
        `@studio-kit/sandbox: could not save the state to ${options.file}: ${(error as Error).message}`,
      ));
  const tracker = trackState(core.state);
  const wal = openWal({ file: options.file, lastSeq: loaded.wal.lastSeq, syncMs: debounceMs, onError });
  const snapshot = () => serializeState(core.state, core.clock.iso(), { seed, draws: random.draws() }, wal.lastSeq());
  const saver = createStateSaver({
    file: options.file,
    snapshot,
    debounceMs,
    // What was just loaded needs no write; a new file, or a log replayed over the file, is written on the first save.
    savedBody: loaded.snapshot && loaded.wal.entries.length === 0 ? snapshot().body : null,
    hook: options.onChunkWritten,
    onError,
    // The snapshot covers the log up to here: later entries go to a new segment, and the older ones are removed
    // once the snapshot is on disk.
    onWriteStart: () => wal.rotate(),
    onWritten: (covered) => wal.prune(covered),
  });
  const log = (clockMoved: boolean) => {
    if (!tracker.pending && !clockMoved) return;
    try {
      wal.append({ clock: core.clock.iso(), random: { seed, draws: random.draws() }, changes: tracker.take() });
    } catch (error) {
      // The change is made and the next snapshot has it; only its protection against a kill until then is lost.
      onError(error);
    }
  };
  return {
    saver: {
      ...saver,
      async close() {
        log(false);
        await saver.close();
        wal.close();
      },
    },
    log,
    watch: (handle) => async (request) => {
      try {
        return await handle(request);
      } finally {
        // Any request may change records (the sweep and settling run before each); advancing moves the clock. What
        // changed is in the log before the answer leaves: an acknowledged change survives a kill -9.
        const advanced = new URL(request.url).pathname === "/__sandbox/advance";
        log(advanced);
        if (advanced) saver.clockMoved();
        else saver.changed();
      }
    },
  };
}
