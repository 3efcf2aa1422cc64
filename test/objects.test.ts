// Plain-object helpers: what counts as a plain object, and reading and writing keys without touching a prototype.
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, deepCopy, getOwn, isPlainObject, mergeValue, ownItems, setOwn } from "../src/objects.js";
import { MAX_LIST_LENGTH } from "../src/values.js";
import { expectEndpointError } from "./helpers.js";

describe("isPlainObject", () => {
  it("is true for object literals, JSON.parse results and Object.create(null)", () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(JSON.parse('{"a":1}'))).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
  });

  it("is false for arrays, class instances, Dates, Maps, bytes, functions and scalars", () => {
    class Options {}
    for (const value of [[], new Options(), new Date(), new Map(), new Uint8Array(1), () => 1, null, undefined, "a", 1]) {
      expect(isPlainObject(value)).toBe(false);
    }
  });
});

describe("setOwn and getOwn", () => {
  it("setOwn writes __proto__ as an own property instead of changing the prototype", () => {
    const target: Record<string, unknown> = {};
    setOwn(target, "__proto__", { polluted: true });
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(["__proto__"]);
    expect((target as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("getOwn reads own properties only, never Object.prototype", () => {
    expect(getOwn({}, "constructor")).toBeUndefined();
    expect(getOwn({}, "toString")).toBeUndefined();
    expect(getOwn({ constructor: 1 }, "constructor")).toBe(1);
  });
});

describe("deepCopy", () => {
  it("copies plain objects and arrays at every depth", () => {
    const original = { a: { b: [1, { c: 2 }] } };
    const copy = deepCopy(original);
    expect(copy).toEqual(original);
    expect(copy.a).not.toBe(original.a);
    expect(copy.a.b).not.toBe(original.a.b);
    expect(copy.a.b[1]).not.toBe(original.a.b[1]);
  });

  it("copies Dates, and refuses other objects (bytes, Maps, class instances) that a later change would reach through", () => {
    const date = new Date(0);
    const copy = deepCopy({ date, list: [date] });
    expect(copy.date).not.toBe(date);
    expect(copy.date.getTime()).toBe(0);
    date.setTime(5);
    expect(copy.list[0]!.getTime()).toBe(0);
    class Thing {}
    for (const [value, kind] of [[new Uint8Array(1), "Uint8Array"], [new ArrayBuffer(1), "ArrayBuffer"], [new Map(), "Map"], [new Set(), "Set"], [new Thing(), "Thing"], [Object.create(Date.prototype), "Date"]] as const) {
      const error = expectEndpointError(() => deepCopy({ nested: [value] }), "ERR_INVALID_PARAMETER");
      expect(error.message).toContain(kind);
    }
  });

  it("keeps other objects and functions by reference when asked to (the contents of request)", () => {
    const signal = new (class Signal {})();
    const fetch = () => undefined;
    const bytes = new Uint8Array(1);
    const copy = deepCopy({ signal, fetch, nested: { bytes } }, true);
    expect(copy.signal).toBe(signal);
    expect(copy.fetch).toBe(fetch);
    expect(copy.nested.bytes).toBe(bytes);
  });

  it("walks arrays by index: an own map, a null prototype or a species constructor decides nothing", () => {
    const withOwnMap = Object.assign(["a", "b"], { map: () => ["evil"] });
    const nullPrototype = Object.setPrototypeOf(["a", "b"], null) as string[];
    const species = Object.defineProperty(["a", "b"], "constructor", {
      value: Object.defineProperty({}, Symbol.species, { get: () => { throw new Error("species read"); } }),
    });
    for (const list of [withOwnMap, nullPrototype, species]) {
      const copy = deepCopy({ list }).list;
      expect(Object.getPrototypeOf(copy)).toBe(Array.prototype);
      expect([copy[0], copy[1], copy.length]).toEqual(["a", "b", 2]);
    }
  });

  it("copies a __proto__ key as a plain key", () => {
    const copy = deepCopy(JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toEqual({ polluted: true });
  });

  it(`stops at ${MAX_DEPTH} levels (ERR_TOO_LARGE) or a cycle (ERR_INVALID_PARAMETER) instead of overflowing the stack`, () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expectEndpointError(() => deepCopy(cyclic), "ERR_INVALID_PARAMETER");
    let deep: unknown[] = [];
    for (let i = 0; i < MAX_DEPTH + 5; i++) deep = [deep];
    expectEndpointError(() => deepCopy(deep), "ERR_TOO_LARGE");
  });

  it(`copies nesting up to ${MAX_DEPTH} levels`, () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < MAX_DEPTH; i++) deep = { inner: deep };
    expect(deepCopy(deep)).toEqual(deep);
  });
});

describe("mergeValue", () => {
  it("merges plain objects key by key into a new object, skips undefined, and takes anything else as it is", () => {
    const list = [1];
    const earlier = { a: { b: 1, c: 2 }, d: list, e: 1 };
    const later = { a: { c: 3, x: undefined }, d: [2], e: undefined, f: list };
    const merged = mergeValue(earlier, later) as Record<string, unknown>;
    expect(merged).toEqual({ a: { b: 1, c: 3 }, d: [2], e: 1, f: list });
    expect(merged.d).toBe(later.d);
    expect(merged.f).toBe(list);
    expect(earlier).toEqual({ a: { b: 1, c: 2 }, d: [1], e: 1 });
    expect(mergeValue(earlier, list)).toBe(list);
    expect(mergeValue(undefined, later)).toBe(later);
  });

  it("keeps a __proto__ key an own property on both sides", () => {
    const earlier = JSON.parse('{"__proto__": {"a": 1}}') as Record<string, unknown>;
    const later = JSON.parse('{"__proto__": {"b": 2}}') as Record<string, unknown>;
    const merged = mergeValue(earlier, later) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(merged, "__proto__")?.value).toEqual({ a: 1, b: 2 });
  });

  it("merges each pair of shared objects once: a chain of 64 levels pointing twice at the next (2^64 paths) on both sides", () => {
    const chain = () => {
      let level: Record<string, unknown> = { end: true };
      for (let i = 0; i < MAX_DEPTH - 1; i++) level = { left: level, right: level };
      return level;
    };
    const merged = mergeValue(chain(), chain()) as Record<string, Record<string, unknown>>;
    expect(merged.left).toBe(merged.right);
  });

  it("refuses a cycle in what it merges (ERR_INVALID_PARAMETER) and more than MAX_DEPTH levels (ERR_TOO_LARGE)", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expectEndpointError(() => mergeValue({ self: { self: {} } }, cyclic), "ERR_INVALID_PARAMETER");
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < MAX_DEPTH + 5; i++) deep = { inner: deep };
    expectEndpointError(() => mergeValue(deep, deep), "ERR_TOO_LARGE");
  });
});

describe("ownItems", () => {
  it("copies a list by index, holes as undefined, and refuses a length that is not a number up to MAX_LIST_LENGTH", () => {
    expect(ownItems(["a", , "c"], "a list")).toEqual(["a", undefined, "c"]); // eslint-disable-line no-sparse-arrays
    const tooLong = expectEndpointError(() => ownItems(new Array(MAX_LIST_LENGTH + 1), "the query parameter", "q"), "ERR_TOO_LARGE");
    expect(tooLong.message).toContain(`the query parameter "q" has a length of ${MAX_LIST_LENGTH + 1}`);
    for (const length of [NaN, "3", { valueOf: () => 1 }]) {
      const error = expectEndpointError(() => ownItems({ length } as unknown as unknown[], "a list"), "ERR_INVALID_PARAMETER");
      expect(error.message).toContain("a list has a length of");
    }
  });
});
