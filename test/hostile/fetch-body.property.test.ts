// Issue 24, classes 7-9: toFetchArgs and the JSON body. A toJSON only a polluted Object.prototype holds is never
// called (not even through a bigint); every property is read once and the body sent is the one checked; a Map or a
// Set is refused at any depth instead of arriving as {}.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { EndpointError, toFetchArgs, type RequestOptions } from "../../src/index.js";
import { expectEndpointError } from "../helpers.js";

const post = (body: unknown, headers: Record<string, unknown> = {}): RequestOptions =>
  ({ method: "post", url: "https://api.example/x", headers, body }) as RequestOptions;

const polluted: [object, PropertyKey][] = [];
function pollute(prototype: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(prototype, key, { value, configurable: true, writable: true, enumerable: false });
  polluted.push([prototype, key]);
}
afterEach(() => {
  for (const [prototype, key] of polluted.splice(0)) delete (prototype as Record<PropertyKey, unknown>)[key];
});

describe("class 7: a toJSON added to Object.prototype is never called, not even through a bigint", () => {
  it("a bigint in the body is refused as JSON.stringify refuses it, and the polluted toJSON does not run", () => {
    let calls = 0;
    pollute(Object.prototype, "toJSON", () => {
      calls++;
      return "evil";
    });
    for (const body of [{ id: 1n }, [1n], { nested: { list: [Object(2n)] } }]) {
      const error = expectEndpointError(() => toFetchArgs(post(body)), "ERR_INVALID_PARAMETER");
      expect(error.message).toMatch(/BigInt/);
    }
    expect(calls).toBe(0);
  });

  it("a toJSON of BigInt's own class is used, as JSON.stringify uses it", () => {
    pollute(Object.prototype, "toJSON", () => "evil");
    pollute(BigInt.prototype, "toJSON", function (this: bigint) {
      return this.toString();
    });
    expect(toFetchArgs(post({ id: 12345678901234567890n }))[1].body).toBe('{"id":"12345678901234567890"}');
  });
});

describe("class 8: each property is read once, and the answer read is the one sent", () => {
  it("a toJSON getter that answers a function to the check and nothing to JSON.stringify cannot send a Map as {}", () => {
    let reads = 0;
    const body = new Map([["a", 1]]);
    Object.defineProperty(body, "toJSON", { get: () => (reads++ === 0 ? () => ({ a: 1 }) : undefined) });
    expect(toFetchArgs(post(body))[1].body).toBe('{"a":1}');
    expect(reads).toBe(1);
  });

  it("a Symbol.asyncIterator getter cannot keep content-length for a stream and then have the body sent as JSON", () => {
    let reads = 0;
    class Upload {
      toJSON(): unknown {
        return { a: 1 };
      }
    }
    const body = new Upload();
    Object.defineProperty(body, Symbol.asyncIterator, { get: () => (reads++ === 0 ? async function* () {} : undefined) });
    const [, init] = toFetchArgs(post(body, { "content-length": 999 }));
    expect(reads).toBe(1);
    // Whatever the first answer decided holds throughout: a stream with its length, sent as the stream.
    expect(init.duplex).toBe("half");
    expect(init.body).toBe(body);
    expect(init.headers["content-length"]).toBe("999");
  });

  it("an own toJSON key that is not a function is written with the answer read once", () => {
    let reads = 0;
    const body = Object.defineProperty({ a: 1 }, "toJSON", { enumerable: true, get: () => (reads++ === 0 ? "first" : "second") });
    expect(toFetchArgs(post(body))[1].body).toBe('{"a":1,"toJSON":"first"}');
    expect(reads).toBe(1);
  });
});

describe("a body that only claims to be URLSearchParams", () => {
  it("is refused by the built-in toString's brand check, and none of its code runs", () => {
    let calls = 0;
    const fake = { [Symbol.toStringTag]: "URLSearchParams", toString: () => (calls++, "a=1") };
    expectEndpointError(() => toFetchArgs(post(Object.setPrototypeOf(fake, class Fake {}.prototype))), "ERR_INVALID_PARAMETER");
    expect(calls).toBe(0);
  });
});

describe("class 9: a Map or Set is refused at any depth, not sent as {}", () => {
  it("refuses a nested Map, Set, WeakMap, RegExp, Blob or typed array with a message naming it and where it is", () => {
    const inner: unknown[] = [new Map([["a", 1]]), new Set([1]), new WeakMap(), /x/, new Blob(["x"]), new Uint8Array([1])];
    for (const value of inner) {
      for (const body of [{ data: value }, [value], { deep: [{ at: value }] }]) {
        const error = expectEndpointError(() => toFetchArgs(post(body)), "ERR_INVALID_PARAMETER");
        expect(error.message).toMatch(/inside a JSON body/);
      }
    }
    expect(expectEndpointError(() => toFetchArgs(post({ tags: new Set(["a"]) })), "ERR_INVALID_PARAMETER").message).toMatch(/a Set.*"tags"/);
  });

  it("still writes nested class instances by their own keys, boxed primitives as primitives, and a toJSON's answer", () => {
    class Point {
      x = 1;
    }
    const body = { point: new Point(), boxed: [new String("s"), new Number(2), new Boolean(false)], map: { toJSON: () => ({ k: "v" }) } };
    expect(toFetchArgs(post(body))[1].body).toBe('{"point":{"x":1},"boxed":["s",2,false],"map":{"k":"v"}}');
  });

  it("refuses a Map or Set at any depth of a generated body, and sends every body without them as JSON.stringify would", () => {
    const leaf = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom("map", "set"));
    const body = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("node"), { maxLength: 4 }), fc.dictionary(fc.string(), tie("node"), { maxKeys: 4 })),
    })).node;
    const build = (shape: unknown): unknown =>
      shape === "map" ? new Map([["k", 1]]) : shape === "set" ? new Set([1]) : Array.isArray(shape) ? shape.map(build) : typeof shape === "object" && shape !== null ? Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, build(v)])) : shape;
    const holds = (value: unknown): boolean =>
      value instanceof Map || value instanceof Set || (typeof value === "object" && value !== null && Object.values(value).some(holds));
    fc.assert(
      fc.property(fc.dictionary(fc.string(), body, { maxKeys: 4 }), (shape) => {
        const value = build(shape);
        if (holds(value)) {
          expectEndpointError(() => toFetchArgs(post(value)), "ERR_INVALID_PARAMETER");
        } else {
          expect(toFetchArgs(post(value))[1].body).toBe(JSON.stringify(value));
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** What a property answers on each read, in turn (the last answer repeats). */
type Answers = readonly unknown[];

/** A generated object: for each property, its answers; `classInstance` gives it a class's prototype. */
interface Shape {
  classInstance: boolean;
  properties: [key: string | symbol, answers: Answers][];
}

const KEYS = ["a", "b", "toJSON", "__proto__", Symbol.asyncIterator, Symbol.toStringTag] as const;

/**
 * Two objects from one shape: one whose every property is a getter giving the next answer on each read (and counting
 * reads), and one holding each property's first answer as plain data. Read once each, they must send the same request.
 */
function realise(shape: Shape, reads: Map<string, number>, path = "body"): { shifty: object; first: object } {
  const prototype = shape.classInstance ? Upload.prototype : Object.prototype;
  const shifty = Object.create(prototype) as Record<PropertyKey, unknown>;
  const first = Object.create(prototype) as Record<PropertyKey, unknown>;
  for (const [key, answers] of shape.properties) {
    const name = `${path}.${String(key)}`;
    const values = answers.map((answer, i) => (isShape(answer) ? realise(answer, reads, `${name}#${i}`) : { shifty: answer, first: answer }));
    Object.defineProperty(shifty, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        const count = reads.get(name) ?? 0;
        reads.set(name, count + 1);
        return values[Math.min(count, values.length - 1)]!.shifty;
      },
    });
    Object.defineProperty(first, key, { enumerable: true, configurable: true, writable: true, value: values[0]!.first });
  }
  return { shifty, first };
}

class Upload {}

const isShape = (value: unknown): value is Shape => typeof value === "object" && value !== null && "properties" in value && "classInstance" in value;

const answer: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom<unknown>(
    undefined,
    1n,
    () => ({ from: "toJSON" }),
    async function* () {},
    "Map",
    "FormData",
    "URLSearchParams",
    "ReadableStream",
    new Map([["k", 1]]),
    new Set([1]),
    new Uint8Array([1, 2]),
    new URLSearchParams("a=1"),
  ),
);

const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.record({
    classInstance: fc.boolean(),
    properties: fc.uniqueArray(
      fc.tuple(fc.constantFrom<string | symbol>(...KEYS), fc.array(fc.oneof({ depthSize: "small", maxDepth: 2 }, answer, tie("shape")), { minLength: 1, maxLength: 3 })),
      { selector: ([key]) => key, maxLength: 5 },
    ),
  }),
})).shape;

/** What a call gave, comparable between the two objects: the request (a body by its text, or its type when passed as it is) or the error code. */
function result(run: () => [string, { method: string; headers: Record<string, string>; body?: unknown; duplex?: string; signal?: unknown }]): unknown {
  try {
    const [url, init] = run();
    const body = typeof init.body === "string" ? init.body : init.body === undefined ? undefined : typeof init.body;
    return { url, method: init.method, headers: init.headers, body, duplex: init.duplex, signal: init.signal !== undefined };
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return (error as EndpointError).code;
  }
}

describe("classes 7-9 as a property: getters on every property toFetchArgs reads", () => {
  it("reads each property of the options, headers, request and body once, and sends what those first answers say", () => {
    const signal = new AbortController().signal;
    const options = fc.record({
      method: fc.array(fc.constantFrom<unknown>("post", "put", "get", "PATCH", "bad method", 1), { minLength: 1, maxLength: 2 }),
      url: fc.array(fc.constantFrom<unknown>("https://api.example/x", "", undefined), { minLength: 1, maxLength: 2 }),
      headers: fc.array(
        fc.record({
          classInstance: fc.constant(false),
          properties: fc.uniqueArray(
            fc.tuple(fc.constantFrom("content-type", "content-length", "x-a"), fc.array(fc.constantFrom<unknown>("text/plain", 5, "a\r\nb", undefined), { minLength: 1, maxLength: 2 })),
            { selector: ([key]) => key, maxLength: 3 },
          ),
        }),
        { minLength: 1, maxLength: 2 },
      ),
      body: fc.array(fc.oneof(answer, shape), { minLength: 1, maxLength: 3 }),
      request: fc.array(fc.constantFrom<unknown>(undefined, { signal }, { signal: undefined }), { minLength: 1, maxLength: 2 }),
    });
    fc.assert(
      fc.property(options, (given) => {
        const reads = new Map<string, number>();
        const top: Shape = { classInstance: false, properties: Object.entries(given) };
        const { shifty, first } = realise(top, reads, "options");
        const expected = result(() => toFetchArgs(first as RequestOptions));
        const actual = result(() => toFetchArgs(shifty as RequestOptions));
        for (const [name, count] of reads) expect(count, name).toBeLessThanOrEqual(1);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
