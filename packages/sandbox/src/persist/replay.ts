import { LATEST_CLOCK_TIME } from "../clock.js";
import type { SandboxCore } from "../core.js";
import { RANDOM_PERIOD } from "../random.js";
import { SandboxStateError } from "./errors.js";
import { COLLECTIONS } from "./format.js";
import type { CountingRandom } from "./random.js";
import type { Collection } from "./track.js";
import type { WalEntry } from "./wal.js";

/** Refuses the state as corrupt because of its write-ahead log, naming the state file. */
export function walCorrupt(file: string) {
  return (problem: string): never => {
    throw new SandboxStateError(
      file,
      `is corrupt (${problem}); it was left as it is: fix it, remove the state file and its .wal files to start ` +
        "afresh, or pass another state file",
    );
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Applies the write-ahead log's entries, in order, over the state restored from the snapshot (or the seeded one when
 * there is none yet): each change sets a record as it was when logged, or deletes it. The clock and the random
 * sequence resume at the last entry's, never going back. Entries are checked as the snapshot is: anything else is
 * refused as corrupt.
 */
export function replayWal(core: SandboxCore, random: CountingRandom, entries: WalEntry[], file: string): void {
  const corrupt = walCorrupt(file);
  for (const entry of entries) {
    const where = `write-ahead log entry ${entry.seq}`;
    for (const change of entry.changes) {
      const [collection, id, record] = Array.isArray(change) ? change : [];
      if (!COLLECTIONS.includes(collection as Collection) || typeof id !== "string") {
        corrupt(`${where} changes something that is not a record of the state`);
      }
      const map = core.state[collection as Collection] as Map<string, unknown>;
      if (record === null) map.delete(id as string);
      else if (isObject(record)) map.set(id as string, record);
      else corrupt(`${where} holds a record that is not an object`);
    }
  }
  const last = entries.at(-1);
  if (!last) return;
  const clock = typeof last.clock === "string" ? Date.parse(last.clock) : Number.NaN;
  if (Number.isNaN(clock) || clock > LATEST_CLOCK_TIME) corrupt(`write-ahead log entry ${last.seq} has no valid clock`);
  const draws = last.random?.draws;
  if (!Number.isSafeInteger(draws) || draws < 0 || draws > RANDOM_PERIOD) {
    corrupt(`write-ahead log entry ${last.seq} has no valid "random.draws"`);
  }
  const now = core.clock.now();
  if (clock > now) core.clock.advance(clock - now);
  if (draws > random.draws()) random.skip(draws - random.draws());
}
