// The bounded memo that caches routes, templates and header names: memory stays flat however many keys pass.
import { describe, expect, it } from "vitest";
import { boundedMemo } from "../src/cache.js";

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
});
