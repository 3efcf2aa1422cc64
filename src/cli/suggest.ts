// "Did you mean": the closest of a few known words to a mistyped one.

/** Longest word compared: long inputs are not typos of short names. */
const MAX_WORD = 64;

/** Most candidates compared for one word, after the length filter: each comparison costs up to 64 by 85 steps. */
export const MAX_CANDIDATES = 50;

/**
 * The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo. The work is bounded
 * whatever the input: a candidate whose length alone puts it out of reach is skipped before any comparison (the
 * distance is at least the difference of the lengths), and at most MAX_CANDIDATES are compared.
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > MAX_WORD) return undefined;
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  let compared = 0;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - word.length) > reach(candidate)) continue;
    if (compared++ === MAX_CANDIDATES) break;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === undefined) return undefined;
  return bestDistance > 0 && bestDistance <= reach(best) ? best : undefined;
}

/** The largest distance at which `candidate` still counts as a likely typo. */
function reach(candidate: string): number {
  return Math.max(1, Math.floor(candidate.length / 3));
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const previous = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(value);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}
