/**
 * A seeded pseudo-random source (mulberry32), so that jitter, generated ids and
 * media are the same on every run with the same seed. Not for secrets.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** `length` characters of [0-9a-z]. */
  token(length: number): string;
  /** Moves on `count` draws at once, as `count` calls of `next` would (in constant time). */
  skip(count: number): void;
}

/** mulberry32's state moves by this on every draw. */
const STEP = 0x6d2b79f5;

/** Draws before mulberry32's sequence repeats: its state is a 32-bit counter. */
export const RANDOM_PERIOD = 2 ** 32;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + STEP) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    token: (length) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
    skip(count) {
      // The state is a counter stepped by STEP modulo 2^32, so n draws add n × STEP: Math.imul gives the product's
      // low 32 bits exactly (a saved state's billions of draws are skipped at once, not one by one).
      state = (state + Math.imul((count % RANDOM_PERIOD) >>> 0, STEP)) >>> 0;
    },
  };
}
