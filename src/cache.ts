/** A memo function that also tells how many entries it holds (the memory benchmark reads `size`). */
export type BoundedMemo<V> = ((key: string) => V) & { readonly size: number };

/**
 * Longest key a memo keeps. A compiled template costs up to ~80 bytes per character of its text
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

/** One cached entry in the shared ledger: whose it is, its key and what it costs. */
interface Entry {
  readonly values: Map<string, unknown>;
  readonly entries: Map<string, Entry>;
  readonly key: string;
  readonly cost: number;
}

/** Every entry of every memo, oldest first: when the budget is spent, the oldest entry of any memo goes. */
const ledger = new Map<Entry, true>();
let spent = 0;

function forget(entry: Entry): void {
  ledger.delete(entry);
  entry.values.delete(entry.key);
  entry.entries.delete(entry.key);
  spent -= entry.cost;
}

/**
 * A bounded memo: at most `limit` entries of its own, and its share of the MAX_CACHED_CHARACTERS all memos hold
 * together, the oldest dropped first, so memory stays flat however many keys pass. `cost` is what an entry counts
 * against that budget: its key's length unless its value keeps more (a route entry keeps its compiled URL too).
 */
export function boundedMemo<V>(limit: number, compute: (key: string) => V, cost = (key: string, _value: V): number => key.length): BoundedMemo<V> {
  const values = new Map<string, V>();
  // The same keys as `values`, in the same order, with their ledger entries: read only when an entry goes.
  const entries = new Map<string, Entry>();
  const memo = (key: string): V => {
    if (key.length > MAX_CACHED_KEY_LENGTH) return compute(key);
    let value = values.get(key);
    if (value === undefined) {
      value = compute(key);
      if (entries.size >= limit) forget(entries.values().next().value!);
      const entry: Entry = { values, entries, key, cost: cost(key, value) };
      spent += entry.cost;
      while (spent > MAX_CACHED_CHARACTERS) forget(ledger.keys().next().value!);
      values.set(key, value);
      entries.set(key, entry);
      ledger.set(entry, true);
    }
    return value;
  };
  return Object.defineProperty(memo, "size", { get: () => entries.size }) as BoundedMemo<V>;
}
