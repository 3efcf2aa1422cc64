/** A memo function that also tells how many entries it holds (the memory benchmark reads `size`). */
export type BoundedMemo<V> = ((key: string) => V) & { readonly size: number };

/**
 * Longest key a memo keeps. A compiled template costs up to ~90 bytes per character of its text
 * (bench/cache-worst.mjs), so caching long keys would let hostile routes pin memory; real routes are far shorter, and a
 * longer key is simply computed again, in linear time.
 */
export const MAX_CACHED_KEY_LENGTH = 1024;

/**
 * Most characters all memos together hold (keys, weighted by what their values keep: see boundedMemo's `cost`): the
 * one budget that bounds the caches' memory, whatever the keys and however they are spread over the caches. Every
 * GitHub route fits with room to spare; 1 kB hostile templates do not, and the oldest entries are dropped instead
 * (measured in SECURITY.md).
 */
export const MAX_CACHED_CHARACTERS = 256 * 1024;

/** One cached entry: the memo that holds it, its key and value, and what it costs. */
type Entry<V = unknown> = [memo: Map<string, Entry<V>>, key: string, value: V, cost: number];

/** Every entry of every memo, oldest first: when the budget is spent, the oldest entry of any memo goes. */
const ledger = /* @__PURE__ */ new Set<Entry>();
let spent = 0;

function forget(entry: Entry): void {
  const [memo, key, , cost] = entry;
  ledger.delete(entry);
  memo.delete(key);
  spent -= cost;
}

/**
 * A bounded memo: at most `limit` entries of its own, and its share of the MAX_CACHED_CHARACTERS all memos hold
 * together, the oldest dropped first, so memory stays flat however many keys pass. `cost` is what an entry counts
 * against that budget: its key's length unless its value keeps more (a route entry keeps its compiled URL too).
 */
export function boundedMemo<V>(limit: number, compute: (key: string) => V, cost = (key: string, _value: V): number => key.length): BoundedMemo<V> {
  const entries = new Map<string, Entry<V>>();
  const memo = (key: string): V => {
    let entry = entries.get(key);
    if (entry === undefined) {
      const value = compute(key);
      if (key.length > MAX_CACHED_KEY_LENGTH) return value;
      if (entries.size >= limit) forget(entries.values().next().value as Entry);
      entries.set(key, (entry = [entries, key, value, cost(key, value)]));
      ledger.add(entry as Entry);
      for (spent += entry[3]; spent > MAX_CACHED_CHARACTERS; ) forget(ledger.values().next().value!);
    }
    return entry[2];
  };
  return Object.defineProperty(memo, "size", { get: () => entries.size }) as BoundedMemo<V>;
}
