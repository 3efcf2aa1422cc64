/** A memo function that also tells how many entries it holds (the memory benchmark reads `size`). */
export type BoundedMemo<V> = ((key: string) => V) & { readonly size: number };

/** A bounded memo: at most `limit` entries, the oldest dropped first, so memory stays flat however many keys pass. */
export function boundedMemo<V>(limit: number, compute: (key: string) => V): BoundedMemo<V> {
  const entries = new Map<string, V>();
  const memo = (key: string): V => {
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
