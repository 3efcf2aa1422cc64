// The expansion contract endpoint() builds on (issue 13): own properties read at read time, each variable read once,
// the expansion report for RFC 6570's undefined, no method of a value called, nothing but EndpointError escapes.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseTemplate } from "../../src/index.js";
import { compileTemplate, expandTemplate, type TemplateValues, type VarSpec } from "../../src/uri-template/index.js";
import { MAX_BIGINT_DIGITS, describeValue } from "../../src/values.js";
import { expectEndpointError } from "../helpers.js";

const OPERATORS = ["", "+", "#", ".", "/", ";", "?", "&"];
const NAMES = ["a", "b", "c", "constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "polluted"];

/** A template of one to six varspecs over a few names (so names repeat), any operators and modifiers. */
const templateArbitrary = fc
  .array(
    fc.record({
      operator: fc.constantFrom(...OPERATORS),
      names: fc.array(fc.record({ name: fc.constantFrom(...NAMES.slice(0, 3), "polluted"), explode: fc.boolean() }), { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((expressions) => expressions.map(({ operator, names }) => `/{${operator}${names.map(({ name, explode }) => name + (explode ? "*" : "")).join(",")}}`).join(""));

const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null), fc.constant(undefined));
const valueArbitrary = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom("k", "map", "some", "constructor"), scalar, { maxKeys: 3 }));

/** Every key added to Object.prototype by a test, removed after it whatever happens. */
const pollutedKeys: string[] = [];
function pollute(key: string, value: unknown): void {
  pollutedKeys.push(key);
  Object.defineProperty(Object.prototype, key, { value, enumerable: true, configurable: true, writable: true });
}
afterEach(() => {
  for (const key of pollutedKeys.splice(0)) delete (Object.prototype as Record<string, unknown>)[key];
  for (const key of Object.keys(Array.prototype)) delete (Array.prototype as unknown as Record<string, unknown>)[key];
});

/** Values whose every read is counted: a getter per own key. */
function counted(values: Record<string, unknown>): { values: TemplateValues; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    Object.defineProperty(result, key, {
      enumerable: true,
      get() {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return value;
      },
    });
  }
  return { values: result, reads };
}

describe("own properties only, decided at read time", () => {
  it("does not read a name polluted onto Object.prototype after the template was compiled and cached", () => {
    const template = parseTemplate("/a/{polluted}{?b}");
    expect(template.expand({ b: 1 })).toBe("/a/?b=1");
    pollute("polluted", "evil");
    pollute("b", "evil");
    expect(template.expand({})).toBe("/a/");
    expect(template.expand({ b: 2 })).toBe("/a/?b=2");
  });

  it("property: pollution applied after warm-up never changes an expansion", () => {
    fc.assert(
      fc.property(templateArbitrary, fc.dictionary(fc.constantFrom("a", "b", "c"), valueArbitrary), valueArbitrary, (source, values, pollution) => {
        const compiled = compileTemplate(source);
        const before = expandTemplate(compiled, values);
        for (const name of ["a", "b", "c", "polluted", "k", "0", "1"]) pollute(name, pollution);
        try {
          expect(expandTemplate(compiled, values)).toBe(before);
        } finally {
          for (const key of pollutedKeys.splice(0)) delete (Object.prototype as Record<string, unknown>)[key];
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads no inherited item of a list with holes, and no inherited value of a map", () => {
    const list = ["x", , "z"]; // eslint-disable-line no-sparse-arrays
    (Array.prototype as unknown as Record<string, unknown>)[1] = "evil";
    expect(parseTemplate("{/list*}").expand({ list })).toBe("/x/z");
  });

  it("reads a Map, or an object whose prototype has a getter, as having no variables", () => {
    class WithGetter {
      get a(): string {
        throw new Error("a prototype getter was called");
      }
    }
    expect(parseTemplate("{a}{?b}").expand(new WithGetter() as never)).toBe("");
    expect(parseTemplate("{a}{?b}").expand(new Map([["a", "x"]]) as never)).toBe("");
  });

  it("expands null-prototype objects and arrays as plain ones", () => {
    const values = Object.assign(Object.create(null) as Record<string, unknown>, {
      list: Object.setPrototypeOf(["a", "b"], null) as unknown,
      keys: Object.assign(Object.create(null) as Record<string, unknown>, { k: "v" }),
    });
    expect(parseTemplate("{/list*}{?keys*}{&list}").expand(values)).toBe("/a/b?k=v&list=a,b");
  });
});

describe("each variable is read once per expansion", () => {
  it("asks a getter once when the template names it twice", () => {
    const { values, reads } = counted({ x: "1", list: ["a", "b"] });
    expect(parseTemplate("{x}/{x}{?x,list}{&list*}").expand(values)).toBe("1/1?x=1&list=a,b&list=a&list=b");
    expect(Object.fromEntries(reads)).toEqual({ x: 1, list: 1 });
  });

  it("asks a proxy once, so it cannot give two answers", () => {
    let answers = 0;
    const values = new Proxy({}, { getOwnPropertyDescriptor: () => ({ value: "", configurable: true, enumerable: true }), get: () => String(++answers) });
    expect(parseTemplate("{x}/{x}/{+x}").expand(values)).toBe("1/1/1");
  });

  it("reads each item of a repeated list once", () => {
    let reads = 0;
    const list = ["a"];
    Object.defineProperty(list, 1, { enumerable: true, get: () => `b${++reads}` });
    expect(parseTemplate("{list}{/list*}").expand({ list })).toBe("a,b1/a/b1");
    expect(reads).toBe(1);
  });

  it("property: every getter is called at most once, and every occurrence of a name expands alike", () => {
    fc.assert(
      fc.property(templateArbitrary, fc.dictionary(fc.constantFrom("a", "b", "c"), valueArbitrary), (source, plain) => {
        const { values, reads } = counted(plain);
        expect(expandTemplate(compileTemplate(source), values)).toBe(expandTemplate(compileTemplate(source), plain));
        for (const count of reads.values()) expect(count).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the expansion report", () => {
  const undefinedValues: unknown[] = [undefined, null, [], [null, undefined], {}, { a: null, b: undefined }];
  const definedValues: unknown[] = ["", 0, false, [""], { a: "" }];

  it("is told of each varspec whose value is undefined in RFC 6570's sense, with its operator, at -1", () => {
    for (const value of undefinedValues) {
      const told: string[] = [];
      const result = expandTemplate(compileTemplate("/{v}{/v*}{?v,w}"), { v: value }, (spec: VarSpec, at) => told.push(`${spec.operator.char}${spec.name}@${at}`));
      expect(result).toBe("/");
      expect(told).toEqual(["v@-1", "/v@-1", "?v@-1", "?w@-1"]);
    }
  });

  it("is never told a defined value is undefined; an empty one is told where it stands, unless its operator names it", () => {
    for (const value of definedValues) {
      const told: [string, number][] = [];
      const result = expandTemplate(compileTemplate("x{v}{/v*}{?v*}"), { v: value }, (spec, at) => told.push([spec.operator.char, at]));
      expect(told.filter(([, at]) => at === -1)).toEqual([]);
      for (const [operator, at] of told) {
        expect(["", "/"]).toContain(operator);
        // An empty value stands where its lead ends: nothing follows it before the next lead.
        expect(result[at - 1]).toBe(operator === "/" ? "/" : "x");
      }
      expect(told.length).toBe(value === "" || (Array.isArray(value) && value[0] === "") ? 2 : 0);
    }
  });
});

describe("no method of a value is called", () => {
  it("treats own map, some, constructor and Symbol.iterator keys as data", () => {
    const trap = (): never => {
      throw new Error("a method of the value was called");
    };
    const list = Object.assign(["a", "b"], { map: trap, some: trap, constructor: trap, [Symbol.iterator]: trap });
    const values = { list, keys: { map: "1", some: "2", constructor: "3" }, constructor: trap };
    expect(parseTemplate("{/list*}{?keys*}").expand(values)).toBe("/a/b?map=1&some=2&constructor=3");
  });

  it("never consults Symbol.species or a constructor getter", () => {
    class Sneaky extends Array<string> {
      static override get [Symbol.species](): never {
        throw new Error("Symbol.species was read");
      }
    }
    const list = Sneaky.from(["a", "b"]);
    expect(parseTemplate("{list}").expand({ list })).toBe("a,b");
  });

  it("takes a Date by its internal value, never by its own toISOString", () => {
    const date = Object.assign(new Date(0), { toISOString: () => "evil" });
    expect(parseTemplate("{d}").expand({ d: date })).toBe("1970-01-01T00%3A00%3A00.000Z");
    expectEndpointError(() => parseTemplate("{d}").expand({ d: Object.create(Date.prototype) as unknown }), "ERR_INVALID_PARAMETER");
  });
});

describe("nothing but EndpointError escapes", () => {
  it("reports revoked proxies, as the values, a value or an item, as ERR_INVALID_PARAMETER naming the variable", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expectEndpointError(() => parseTemplate("{a}").expand(proxy), "ERR_INVALID_PARAMETER");
    expect(expectEndpointError(() => parseTemplate("{/a}").expand({ a: proxy }), "ERR_INVALID_PARAMETER").message).toContain('"a"');
    expectEndpointError(() => parseTemplate("{a}").expand({ a: ["x", proxy] }), "ERR_INVALID_PARAMETER");
  });

  it("reports a getter that throws as ERR_INVALID_PARAMETER naming the variable", () => {
    const values = Object.defineProperty({}, "a", { enumerable: true, get: () => { throw new TypeError("boom"); } });
    expect(expectEndpointError(() => parseTemplate("{a}").expand(values), "ERR_INVALID_PARAMETER").message).toContain('"a"');
  });

  it("property: a list within the 2^20-item limit expands up to the engine's longest string, and past it is ERR_TOO_LARGE", () => {
    // 2^20 empty items of `{?name*}` write "&name=" each: with a name of 500 characters the URL is 2^20 * 502 characters,
    // just under V8's 2^29 - 24; from 511 on it is over. Concatenation builds a rope, so this costs megabytes, not a
    // gigabyte, and no escape scan.
    const list = new Array<string>(2 ** 20).fill("");
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 1200 }), (length) => {
        const name = "n".repeat(length);
        const expand = (): string => parseTemplate(`{?${name}*}`).expand({ [name]: list });
        if (2 ** 20 * (length + 2) < 2 ** 29 - 24) {
          expect(expand()).toHaveLength(2 ** 20 * (length + 2));
        } else {
          const error = expectEndpointError(expand, "ERR_TOO_LARGE");
          expect(error.message).toContain(`"${"n".repeat(80)}…(${length} characters)"`);
          expect(error.message).toContain("longest string");
        }
      }),
      { numRuns: 4, examples: [[500], [511]] },
    );
  }, 60_000);

  it("reports a value whose escaped form would pass the engine's longest string as ERR_TOO_LARGE, not as a lone surrogate", () => {
    // What encodeURIComponent does with 60 M characters of "€" (9 characters each once escaped), without the 1 GB.
    const spy = vi.spyOn(globalThis, "encodeURIComponent").mockImplementation(() => {
      throw new RangeError("Invalid string length");
    });
    try {
      const error = expectEndpointError(() => parseTemplate("/a/{big}").expand({ big: "a €" }), "ERR_TOO_LARGE");
      expect(error.message).toContain('"big"');
    } finally {
      spy.mockRestore();
    }
    expect(expectEndpointError(() => parseTemplate("{v}").expand({ v: "\ud800" }), "ERR_INVALID_PARAMETER").message).toContain("lone surrogate");
  });

  it("bounds a bigint by its digits before writing it", () => {
    const limit = 10n ** BigInt(MAX_BIGINT_DIGITS);
    expect(parseTemplate("{n}").expand({ n: limit - 1n })).toHaveLength(MAX_BIGINT_DIGITS);
    for (const n of [limit, -limit, 1n << 10_000_000n]) {
      const error = expectEndpointError(() => parseTemplate("{?n}").expand({ n }), "ERR_TOO_LARGE");
      expect(error.message).toContain(`${MAX_BIGINT_DIGITS} digits`);
    }
  });
});

describe("describeValue", () => {
  it("reads no getter: neither a prototype's constructor nor a constructor's name", () => {
    const prototype = Object.defineProperty({}, "constructor", { get: () => { throw new Error("constructor getter read"); } });
    expect(describeValue(Object.create(prototype))).toBe("a nested object");
    class Named {}
    Object.defineProperty(Named, "name", { get: () => { throw new Error("name getter read"); } });
    expect(describeValue(new Named())).toBe("a nested object");
    class Plain {}
    expect(describeValue(new Plain())).toBe("a Plain");
  });

  it("cuts a long class name and escapes control characters in it", () => {
    const Huge = class {};
    Object.defineProperty(Huge, "name", { value: `A\r\n\u001b[2J\u0007${"x".repeat(1_000_000)}` });
    const text = describeValue(new Huge());
    expect(text.length).toBeLessThan(200);
    expect(text).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it("describes a revoked proxy without throwing", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeValue(proxy)).toContain("unreadable");
  });
});
