// HTTPie 3's nested keys: how a name becomes a path, and how paths build the parameters.
import { describe, expect, it } from "vitest";
import { MAX_INDEX, NestedBuilder, parsePath } from "../../src/cli/nested.js";

function build(...entries: [name: string, value: unknown][]): { root: unknown; list: unknown } {
  const builder = new NestedBuilder();
  for (const [name, value] of entries) builder.set(parsePath(name, name), value, name);
  return { root: builder.root, list: builder.list };
}

describe("parsePath", () => {
  it("reads keys, appends, indexes and escapes", () => {
    expect(parsePath("a", "")).toEqual([{ key: "a" }]);
    expect(parsePath("a[b][]", "")).toEqual([{ key: "a" }, { key: "b" }, { append: true }]);
    expect(parsePath("a[0][\\1]", "")).toEqual([{ key: "a" }, { index: 0 }, { key: "1" }]);
    expect(parsePath("a\\[b\\]", "")).toEqual([{ key: "a[b]" }]);
    expect(parsePath("[][x]", "")).toEqual([{ append: true }, { key: "x" }]);
    expect(parsePath("a[b\\]c]", "")).toEqual([{ key: "a" }, { key: "b]c" }]);
  });

  it.each([
    ["a[b", /never closed/],
    ["a]b", /a "\]" with no "\[" before it/],
    ["a[b]c", /text after "\]"/],
    ["a[b[c]]", /a "\[" inside brackets/],
    ["[k]", /only a top-level list starts with \[/],
    [`a[${MAX_INDEX + 1}]`, /over 10000/],
  ])("refuses %j", (name, message) => {
    expect(() => parsePath(name, name)).toThrow(message);
  });
});

describe("NestedBuilder", () => {
  it("builds nested objects and lists as HTTPie 3 does", () => {
    expect(build(["a[b][c]", "v"], ["a[b][d]", 1], ["t[]", "x"], ["t[]", "y"], ["g[2]", "z"], ["g[0]", "w"]).root).toEqual({
      a: { b: { c: "v", d: 1 } },
      t: ["x", "y"],
      g: ["w", null, "z"],
    });
    expect(build(["[]", 1], ["[1][k]", "v"]).list).toEqual([1, { k: "v" }]);
  });

  it("keeps __proto__ an own key and touches no prototype", () => {
    const { root } = build(["__proto__[polluted]", true]);
    expect(Object.keys(root as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [[["a", 1], ["a", 2]], /the parameter "a" is given twice/],
    [[["a[b]", 1], ["a[b]", 2]], /that key is given twice/],
    [[["a", "x"], ["a[b]", 1]], /made a plain value/],
    [[["a[]", 1], ["a[b]", 2]], /made a list/],
    [[["a", 1], ["[]", 2]], /cannot go with named parameters/],
    [[["[]", 1], ["a", 2]], /already a top-level list/],
  ] as const)("refuses %j", (entries, message) => {
    expect(() => build(...(entries as unknown as [string, unknown][]))).toThrow(message);
  });

  it("does not extend an object given whole by a JSON item", () => {
    const builder = new NestedBuilder();
    builder.set([{ key: "a" }], { b: 1 }, "a");
    expect(() => builder.set(parsePath("a[c]", "a[c]"), 2, "a[c]")).toThrow(/made an object given whole/);
  });
});
