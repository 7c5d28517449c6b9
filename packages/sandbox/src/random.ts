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
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
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
  };
}
