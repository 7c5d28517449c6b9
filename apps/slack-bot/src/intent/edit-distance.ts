// How far a typed word is from a command word, for the intent rule (intent.ts). People's typos are mostly one
// letter wrong, missing, extra, or two neighbours swapped ("imgae"): Damerau-Levenshtein distance counts each of
// those as one edit. This is its "optimal string alignment" form (no substring is edited twice), which is what a
// typo needs and is simple enough to read in one screen.

/**
 * The optimal-string-alignment Damerau-Levenshtein distance between `a` and `b`: the fewest insertions,
 * deletions, substitutions and swaps of two adjacent characters that turn one into the other. Compares UTF-16
 * code units; the intent rule only calls it on lowercase ASCII words.
 *
 * @example editDistance("imgae", "image") // 1 (a swap)
 * @example editDistance("cred", "credits") // 3
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  // Three rows are enough: the swap looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] ?? 0;
}
