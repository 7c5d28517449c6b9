import { closeSync, fdatasync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Change } from "./track.js";

// The write-ahead log between snapshots (issue 27: with a 16 MB state and 8 writers, kill -9 lost acknowledged
// boards written up to 1.85 s earlier, because a snapshot of that size takes longer than `debounceMs` to write and
// the changes made meanwhile waited for the next one). Before a request is answered, the records it changed are
// appended to the log, one JSON line per entry, with a single write: once the process has answered, a kill -9
// cannot take the change back (the bytes are in the operating system's hands). The log is flushed to the disk
// within `debounceMs`, so a power cut loses at most about that much. A snapshot starts a new segment and, once it
// is safely on disk, removes the segments it covers; the next start replays what no snapshot covers.
//
// Segments are `.<state file>.wal.<first seq>` beside the state file; each line is
// `{"seq", "clock", "random": {"seed", "draws"}, "changes": [[collection, id, record or null], ...]}`.

/** One entry of the log: the records changed since the previous one, with the clock and random position then. */
export interface WalEntry {
  seq: number;
  clock: string;
  random: { seed: number; draws: number };
  changes: Change[];
}

const prefixOf = (file: string) => `.${basename(file)}.wal.`;

interface Segment {
  start: number;
  path: string;
}

/** The log's segments beside `file`, oldest first. */
export function listSegments(file: string): Segment[] {
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [];
  }
  const prefix = prefixOf(file);
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({ start: Number(name.slice(prefix.length)), path: join(dirname(file), name) }))
    .sort((a, b) => a.start - b.start);
}

/** What reading the log found: the entries after `afterSeq`, in order, and the last seq it holds. */
export interface WalRead {
  entries: WalEntry[];
  lastSeq: number;
}

/**
 * Reads the entries after `afterSeq` (what the snapshot does not cover). A last line cut short (a power cut in the
 * middle of an append: never acknowledged) is ignored; any other line that does not parse is reported by `corrupt`.
 */
export function readWal(file: string, afterSeq: number, corrupt: (problem: string) => never): WalRead {
  const entries: WalEntry[] = [];
  let lastSeq = afterSeq;
  const segments = listSegments(file);
  for (const [index, segment] of segments.entries()) {
    const lines = readFileSync(segment.path, "utf8").split("\n");
    const last = lines.length - 1;
    for (const [number, line] of lines.entries()) {
      if (line === "") continue;
      let entry: WalEntry;
      try {
        entry = JSON.parse(line) as WalEntry;
      } catch {
        if (number === last && index === segments.length - 1) break;
        return corrupt(`its write-ahead log ${basename(segment.path)} has a line ${number + 1} that is not JSON`);
      }
      if (!Number.isSafeInteger(entry?.seq) || !Array.isArray(entry.changes)) {
        return corrupt(`its write-ahead log ${basename(segment.path)} has a line ${number + 1} that is not an entry`);
      }
      lastSeq = Math.max(lastSeq, entry.seq);
      if (entry.seq > afterSeq) entries.push(entry);
    }
  }
  entries.sort((a, b) => a.seq - b.seq);
  return { entries, lastSeq };
}

export interface WriteAheadLog {
  /** The seq of the last entry appended (or read at start). */
  lastSeq(): number;
  /** Appends one entry at once (synchronously: it is in the file before the caller answers anyone). */
  append(entry: Omit<WalEntry, "seq">): void;
  /** Starts a new segment for what follows; returns the last seq of the segments before it. */
  rotate(): number;
  /** Removes the segments a snapshot covering up to `seq` made unnecessary. */
  prune(seq: number): void;
  /** Flushes and closes the current segment. */
  close(): void;
}

export interface WalOptions {
  file: string;
  lastSeq: number;
  /** How soon after an append the segment is flushed to the disk. */
  syncMs: number;
  onError: (error: unknown) => void;
}

/** Opens the log for appending after `lastSeq`; a segment's file is made on its first append. */
export function openWal(options: WalOptions): WriteAheadLog {
  let seq = options.lastSeq;
  let segment: { start: number; fd: number } | null = null;
  let segmentStart = seq + 1;
  let syncTimer: NodeJS.Timeout | null = null;
  let syncing = 0;
  const toClose: number[] = [];

  const closeWhenIdle = () => {
    if (syncing > 0) return;
    for (const fd of toClose.splice(0)) closeSync(fd);
  };
  const sync = () => {
    syncTimer = null;
    if (!segment) return;
    syncing += 1;
    fdatasync(segment.fd, (error) => {
      syncing -= 1;
      if (error) options.onError(error);
      closeWhenIdle();
    });
  };
  const retire = () => {
    if (!segment) return;
    toClose.push(segment.fd);
    segment = null;
    closeWhenIdle();
  };

  return {
    lastSeq: () => seq,
    append(entry) {
      if (!segment) {
        const path = join(dirname(options.file), `${prefixOf(options.file)}${segmentStart}`);
        segment = { start: segmentStart, fd: openSync(path, "a", 0o600) };
      }
      seq += 1;
      const line = Buffer.from(`${JSON.stringify({ seq, ...entry })}\n`, "utf8");
      for (let written = 0; written < line.length; ) {
        written += writeSync(segment.fd, line, written, line.length - written);
      }
      if (!syncTimer) {
        syncTimer = setTimeout(sync, options.syncMs);
        syncTimer.unref();
      }
    },
    rotate() {
      if (segment) {
        // What the old segment holds reaches the disk before it is retired.
        if (syncTimer) clearTimeout(syncTimer);
        sync();
        retire();
      }
      segmentStart = seq + 1;
      return seq;
    },
    prune(covered) {
      for (const old of listSegments(options.file)) {
        if (old.start <= covered && old.start !== segment?.start) rmSync(old.path, { force: true });
      }
    },
    close() {
      if (syncTimer) clearTimeout(syncTimer);
      syncTimer = null;
      if (segment) {
        sync();
        retire();
      }
    },
  };
}
