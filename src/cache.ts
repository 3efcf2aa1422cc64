/** A memo function that also tells how many entries it holds (the memory benchmark reads `size`). */
export type BoundedMemo<V> = ((key: string) => V) & { readonly size: number };

/**
 * Longest key a memo keeps. A compiled template costs ~100 times its text (a 100 kB template of `{x}` compiles to
 * 10 MB), so caching long keys would let 1000 distinct hostile routes pin gigabytes; real routes are far shorter,
 * and a longer key is simply computed again, in linear time.
 */
export const MAX_CACHED_KEY_LENGTH = 1024;

/** A bounded memo: at most `limit` entries, the oldest dropped first, so memory stays flat however many keys pass. */
export function boundedMemo<V>(limit: number, compute: (key: string) => V): BoundedMemo<V> {
  const entries = new Map<string, V>();
  const memo = (key: string): V => {
    if (key.length > MAX_CACHED_KEY_LENGTH) return compute(key);
    let value = entries.get(key);
    if (value === undefined) {
      value = compute(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    }
    return value;
  };
  return Object.defineProperty(memo, "size", { get: () => entries.size }) as BoundedMemo<V>;
}
