// The bounded memo that caches routes, templates and header names: memory stays flat however many keys pass.
import { describe, expect, it } from "vitest";
import { MAX_CACHED_CHARACTERS, MAX_CACHED_KEY_LENGTH, boundedMemo } from "../src/cache.js";

describe("boundedMemo", () => {
  it("computes each key once while it is cached", () => {
    const calls: string[] = [];
    const memo = boundedMemo(10, (key) => (calls.push(key), key.length));
    expect([memo("ab"), memo("ab"), memo("abc")]).toEqual([2, 2, 3]);
    expect(calls).toEqual(["ab", "abc"]);
  });

  it("keeps at most `limit` entries, dropping the oldest first", () => {
    const calls: string[] = [];
    const memo = boundedMemo(2, (key) => (calls.push(key), key));
    memo("a");
    memo("b");
    memo("c");
    memo("b");
    memo("a");
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });

  it("caches nothing for a key whose computation throws", () => {
    let attempts = 0;
    const memo = boundedMemo(2, () => {
      attempts++;
      throw new Error("bad");
    });
    expect(() => memo("x")).toThrow("bad");
    expect(() => memo("x")).toThrow("bad");
    expect(attempts).toBe(2);
  });

  it(`holds at most ${MAX_CACHED_CHARACTERS} key characters, so long keys cannot fill every entry (memory bound by size)`, () => {
    const memo = boundedMemo(1000, (key) => key.length);
    const long = (n: number) => `${n}`.padEnd(MAX_CACHED_KEY_LENGTH, "x");
    for (let n = 0; n < 1000; n++) memo(long(n));
    expect(memo.size).toBe(Math.floor(MAX_CACHED_CHARACTERS / MAX_CACHED_KEY_LENGTH));
    // Short keys still fill every entry.
    const short = boundedMemo(1000, (key) => key.length);
    for (let n = 0; n < 1000; n++) short(`/repos/{owner}/{repo}/${n}`);
    expect(short.size).toBe(1000);
  });
});
