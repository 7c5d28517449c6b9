import { type WriteHook, writeAtomically } from "./file.js";

/** What the saver writes: the file's text, and the part that changes only when records or ids do. */
export interface StateSnapshot {
  body: string;
  text: string;
}

export interface StateSaverOptions {
  file: string;
  snapshot: () => StateSnapshot;
  /** Longest a change waits before it is written. */
  debounceMs: number;
  /** The body of what is on disk already (a loaded file), so that an unchanged state is not written again. */
  savedBody: string | null;
  onError: (error: unknown) => void;
  hook?: WriteHook | undefined;
  /** Called as a write takes its snapshot, in the same tick; what it returns is handed to `onWritten`. */
  onWriteStart?: () => number;
  /** Called once a write is safely on disk (the write-ahead log prunes what it covers). */
  onWritten?: (started: number) => void;
  setTimer?: (run: () => void, ms: number) => { unref?(): unknown };
  clearTimer?: (timer: { unref?(): unknown }) => void;
}

export interface StateSaver {
  /** Something may have changed: write within `debounceMs` (once, however many changes come meanwhile). */
  changed(): void;
  /** The clock was moved on purpose: the next write happens even if no record changed. */
  clockMoved(): void;
  /** Writes now if anything changed since the last write; rejects with the write's error. */
  flush(): Promise<void>;
  /** Writes what is pending and stops: later changes are not saved. */
  close(): Promise<void>;
}

/**
 * Saves the state when it changes, at most once per `debounceMs`: the first
 * change starts the timer and later ones ride along, so a steady stream of
 * requests still saves regularly (a debounce that restarted on every change
 * would never save while a bot polls). One write at a time; each takes the
 * state as it is when it starts, so the last write has the newest state.
 */
export function createStateSaver(options: StateSaverOptions): StateSaver {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as NodeJS.Timeout));
  let savedBody = options.savedBody;
  let clockMoved = false;
  let timer: { unref?(): unknown } | null = null;
  let closed = false;
  let queue: Promise<void> = Promise.resolve();

  const write = async () => {
    const { body, text } = options.snapshot();
    if (body === savedBody && !clockMoved) return;
    clockMoved = false;
    const started = options.onWriteStart?.();
    await writeAtomically(options.file, text, options.hook);
    savedBody = body;
    if (started !== undefined) options.onWritten?.(started);
  };

  const flush = () => {
    if (timer) clearTimer(timer);
    timer = null;
    const run = queue.then(write);
    // The queue goes on after a failed write; the failure is the caller's to see.
    queue = run.catch(() => {});
    return run;
  };

  const changed = () => {
    if (closed || timer) return;
    timer = setTimer(() => {
      timer = null;
      flush().catch(options.onError);
    }, options.debounceMs);
    // A pending save never keeps a process alive on its own: close() writes it.
    timer.unref?.();
  };

  return {
    changed,
    clockMoved() {
      clockMoved = true;
      changed();
    },
    flush: () => (closed ? queue : flush()),
    async close() {
      if (closed) return queue;
      closed = true;
      return flush();
    },
  };
}
