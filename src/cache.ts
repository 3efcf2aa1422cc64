/** A bounded memo: at most `limit` entries, the oldest dropped first, so memory stays flat however many keys pass. */
export function boundedMemo<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const entries = new Map<string, V>();
  return (key) => {
    let value = entries.get(key);
    if (value === undefined) {
      value = compute(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    }
    return value;
  };
}
