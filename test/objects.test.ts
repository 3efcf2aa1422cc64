// Plain-object helpers: what counts as a plain object, and reading and writing keys without touching a prototype.
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, deepCopy, getOwn, isPlainObject, setOwn } from "../src/objects.js";
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

  it("keeps everything else by reference: Dates, bytes, class instances", () => {
    const date = new Date(0);
    const bytes = new Uint8Array(1);
    const copy = deepCopy({ date, bytes });
    expect(copy.date).toBe(date);
    expect(copy.bytes).toBe(bytes);
  });

  it("copies a __proto__ key as a plain key", () => {
    const copy = deepCopy(JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toEqual({ polluted: true });
  });

  it(`stops at ${MAX_DEPTH} levels (or a cycle) with ERR_INVALID_PARAMETER instead of overflowing the stack`, () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expectEndpointError(() => deepCopy(cyclic), "ERR_INVALID_PARAMETER");
    let deep: unknown[] = [];
    for (let i = 0; i < MAX_DEPTH + 5; i++) deep = [deep];
    expectEndpointError(() => deepCopy(deep), "ERR_INVALID_PARAMETER");
  });

  it(`copies nesting up to ${MAX_DEPTH} levels`, () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < MAX_DEPTH; i++) deep = { inner: deep };
    expect(deepCopy(deep)).toEqual(deep);
  });
});
