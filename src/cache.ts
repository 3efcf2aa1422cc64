/** A memo function that also tells how many entries it holds (the memory benchmark reads `size`). */
export type BoundedMemo<V> = ((key: string) => V) & { readonly size: number };

/**
 * Longest key a memo keeps. A compiled template costs up to ~150 times its text (bench/cache-worst.mjs), so caching
 * long keys would let hostile routes pin memory; real routes are far shorter, and a longer key is simply computed
 * again, in linear time.
 */
export const MAX_CACHED_KEY_LENGTH = 1024;

/**
 * Most key characters one memo holds in total: what bounds its memory, whatever the keys. 1000 routes of 128
 * characters fit; 1000 hostile 1 kB templates do not, and the oldest are dropped instead (measured in SECURITY.md).
 */
export const MAX_CACHED_CHARACTERS = 128 * 1024;

/**
 * A bounded memo: at most `limit` entries and MAX_CACHED_CHARACTERS key characters, the oldest dropped first, so
 * memory stays flat however many keys pass.
 */
export function boundedMemo<V>(limit: number, compute: (key: string) => V): BoundedMemo<V> {
  const entries = new Map<string, V>();
  let characters = 0;
  const memo = (key: string): V => {
    if (key.length > MAX_CACHED_KEY_LENGTH) return compute(key);
    let value = entries.get(key);
    if (value === undefined) {
      value = compute(key);
      while (entries.size >= limit || characters + key.length > MAX_CACHED_CHARACTERS) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
        characters -= oldest.length;
      }
      entries.set(key, value);
      characters += key.length;
    }
    return value;
  };
  return Object.defineProperty(memo, "size", { get: () => entries.size }) as BoundedMemo<V>;
}
