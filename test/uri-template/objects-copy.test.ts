// The engine keeps its own copies of objects.ts's isPlainObject and MAX_LIST_LENGTH (importing objects.ts would bring
// its module-level code into a bundle of parseTemplate alone): they must give the same answers.
import { describe, expect, it } from "vitest";
import * as objects from "../../src/objects.js";
import * as engine from "../../src/uri-template/expand.js";

describe("the engine's copies of objects.ts helpers", () => {
  it("has the same list bound", () => {
    expect(engine.MAX_LIST_LENGTH).toBe(objects.MAX_LIST_LENGTH);
  });

  it("tells plain objects the same way", () => {
    const nullPrototypeArray = Object.setPrototypeOf([], null) as unknown;
    const values: unknown[] = [
      {},
      JSON.parse('{"a":1}'),
      Object.create(null),
      { __proto__: null, a: 1 },
      [],
      nullPrototypeArray,
      new Map(),
      new Date(0),
      Object.create({}),
      new (class Plain {})(),
      null,
      undefined,
      "text",
      1,
      1n,
      true,
      Symbol("s"),
      () => 1,
      new Proxy({}, {}),
    ];
    for (const value of values) expect(engine.isPlainObject(value)).toBe(objects.isPlainObject(value));
  });
});
