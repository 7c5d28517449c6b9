import { LATEST_CLOCK_TIME } from "../clock.js";
import { RANDOM_PERIOD } from "../random.js";
import { createState, type SandboxState } from "../state/store.js";
import { SandboxStateError } from "./errors.js";
import { rawEntries } from "./track.js";

// The state file: one JSON document, versioned so that a sandbox never reads a
// file it does not understand. It holds the records (every collection of the
// state, as [key, record] pairs in insertion order, which the API's lists
// follow), the virtual clock's time and the random sequence's position. It
// holds no keys, faults, journal or counts: those come from the configuration
// and the run.

/** Marks a sandbox state file, so that another JSON file given by mistake is refused, not overwritten. */
export const STATE_FORMAT = "studio-sandbox-state";
/** The format this sandbox writes and the newest it reads. */
export const STATE_VERSION = 1;

export interface SavedState {
  version: number;
  /** The virtual clock's time when saved, in ms. */
  clock: number;
  random: { seed: number; draws: number };
  state: SandboxState;
  /** The last write-ahead log entry the snapshot covers (0: none); later entries are replayed over it. */
  wal: number;
}

type Collection = keyof SandboxState;
/** The collections of the state, by name. */
export const COLLECTIONS = Object.keys(createState()) as Collection[];

/**
 * The file's text, and the part of it that changes only when records or ids do
 * (the saver compares it to skip writes that would change nothing but the time).
 */
export function serializeState(state: SandboxState, clock: string, random: SavedState["random"], wal = 0) {
  // The stored records, not the tracked views (persist/track.ts): the same JSON, without a trap per field.
  const collections = Object.fromEntries(
    COLLECTIONS.map((name) => [name, [...rawEntries(state[name] as Map<string, unknown>)]]),
  );
  const body = JSON.stringify({ random, state: collections });
  const head = JSON.stringify({ format: STATE_FORMAT, version: STATE_VERSION, clock, wal });
  return { body, text: `${head.slice(0, -1)},${body.slice(1)}\n` };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Parses and checks a state file's text; anything it cannot trust is refused with SandboxStateError naming `file`. */
export function parseState(text: string, file: string): SavedState {
  const corrupt = (problem: string, cause?: unknown): never => {
    throw new SandboxStateError(
      file,
      `is corrupt (${problem}); it was left as it is: fix it, remove it to start afresh, or pass another state file`,
      cause === undefined ? undefined : { cause },
    );
  };
  if (text.trim() === "") corrupt("it is empty");
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    corrupt(`not JSON: ${error instanceof Error ? error.message : String(error)}`, error);
  }
  if (!isObject(document) || document.format !== STATE_FORMAT) {
    throw new SandboxStateError(
      file,
      `is not a sandbox state file (it has no "format": "${STATE_FORMAT}"); it was left as it is: pass another state file`,
    );
  }
  const { version } = document;
  if (!Number.isSafeInteger(version) || (version as number) < 1) corrupt(`"version" is ${JSON.stringify(version)}`);
  if ((version as number) > STATE_VERSION) {
    throw new SandboxStateError(
      file,
      `was written by a newer @studio-kit/sandbox (state format ${version}; this one reads format ${STATE_VERSION} and older); ` +
        "it was left as it is: upgrade @studio-kit/sandbox, or pass another state file",
    );
  }
  const clock = typeof document.clock === "string" ? Date.parse(document.clock) : Number.NaN;
  if (Number.isNaN(clock)) corrupt(`"clock" is not an ISO time`);
  if (clock > LATEST_CLOCK_TIME) corrupt(`"clock" is later than ${new Date(LATEST_CLOCK_TIME).toISOString()}`);
  const { random } = document;
  if (!isObject(random) || !Number.isFinite(random.seed) || !isCount(random.draws)) {
    corrupt(`"random" needs a numeric "seed" and a whole "draws"`);
  }
  // More draws than the generator's period cannot come from a sandbox: its ids would have started repeating
  // (issue 27: "draws": 1e12 made start-up hang while it skipped them one by one).
  if ((random as { draws: number }).draws > RANDOM_PERIOD) {
    corrupt(
      `"random.draws" is ${(random as { draws: number }).draws}, more than the ${RANDOM_PERIOD} a sandbox can make`,
    );
  }
  const wal = document.wal ?? 0;
  if (!isCount(wal)) corrupt(`"wal" is ${JSON.stringify(wal)}, not a whole number`);
  if (!isObject(document.state)) corrupt(`"state" is not an object`);
  const saved = document.state as Record<string, unknown>;
  const state = createState();
  for (const name of Object.keys(saved)) {
    if (!COLLECTIONS.includes(name as Collection))
      corrupt(`"state" has a collection "${name}" this sandbox does not know`);
    const entries = saved[name];
    const valid =
      Array.isArray(entries) &&
      entries.every((entry) => Array.isArray(entry) && typeof entry[0] === "string" && isObject(entry[1]));
    if (!valid) corrupt(`"state.${name}" is not a list of [id, record] pairs`);
    // Records are the sandbox's own, written by serializeState: their fields are trusted as they are.
    state[name as Collection] = new Map(entries as [string, never][]);
  }
  const { seed, draws } = random as { seed: number; draws: number };
  return { version: version as number, clock, random: { seed, draws }, state, wal: wal as number };
}
