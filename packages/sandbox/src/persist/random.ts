import type { Random } from "../random.js";

/** A Random that counts its draws, so a restarted sandbox can carry on its sequence where the saved one stopped. */
export interface CountingRandom extends Random {
  /** Draws made so far (each `next`, each `int`, and one per character of `token`). */
  draws(): number;
  /** Makes `count` draws and discards them. */
  skip(count: number): void;
}

/**
 * Wraps a seeded Random. Ids are drawn from it (`img_k3j9...`): a sandbox
 * restarted from a saved state with the seed's sequence from the start would
 * issue the saved records' ids again, so the state file keeps the number of
 * draws and the restart skips that many. The counts follow random.ts: `int`
 * is one `next`, `token(n)` is n.
 */
export function countDraws(random: Random): CountingRandom {
  let draws = 0;
  return {
    next: () => {
      draws += 1;
      return random.next();
    },
    int: (min, max) => {
      draws += 1;
      return random.int(min, max);
    },
    token: (length) => {
      draws += length;
      return random.token(length);
    },
    draws: () => draws,
    skip(count) {
      random.skip(count);
      draws += count;
    },
  };
}
