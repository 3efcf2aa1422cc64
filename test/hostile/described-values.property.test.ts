// Described values under hostile size and sharing (issue 30, classes 4 and 5; SECURITY.md "Described routes: issue
// 30"). A list inside the 2^20-item limit is measured as its text grows, in every described style, and ends in
// ERR_TOO_LARGE as fast as on a plain route; an object reached along many paths is read and written once, in every
// described value that is walked (deepObject, form body, JSON content, multipart), so sharing changes only the work.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectBounded, fastest } from "../growth.js";
import { EndpointError, endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { outcome } from "./checks.js";

const RUNS = Number(process.env.RUNS ?? 100);
type Call = (route: string, options?: unknown) => RequestOptions;

const JSON_CONTENT = { content: { "application/json": {} } };
const api = endpoint.defaults(
  fromOpenApi({
    openapi: "3.1.0",
    servers: [{ url: "https://api.example" }],
    paths: {
      "/q": {
        get: {
          parameters: [
            { name: "f", in: "query" },
            { name: "fn", in: "query", explode: false },
            { name: "sd", in: "query", style: "spaceDelimited", explode: false },
            { name: "pd", in: "query", style: "pipeDelimited", explode: false },
            { name: "d", in: "query", style: "deepObject", explode: true },
            { name: "dr", in: "query", style: "deepObject", explode: true, allowReserved: true },
            { name: "j", in: "query", ...JSON_CONTENT },
            { name: "c", in: "cookie" },
            { name: "cn", in: "cookie", explode: false },
            { name: "cj", in: "cookie", ...JSON_CONTENT },
            { name: "X-H", in: "header" },
            { name: "X-E", in: "header", explode: true },
            { name: "X-J", in: "header", ...JSON_CONTENT },
          ],
        },
      },
      "/form": {
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: { type: "object", properties: { m: {}, e: {}, g: {} } },
                encoding: { e: { style: "deepObject", explode: true }, g: { contentType: "application/json" } },
              },
            },
          },
        },
      },
      "/multipart": { post: { requestBody: { content: { "multipart/form-data": { schema: { type: "object", properties: { m: {} } } } } } } },
      // Bodies given whole as data: any key is a property.
      "/form-data": { post: { requestBody: { content: { "application/x-www-form-urlencoded": {} } } } },
      "/multipart-data": { post: { requestBody: { content: { "multipart/form-data": {} } } } },
    },
  }),
) as unknown as Call;

/** Every place a described route writes a list as text, with how a call gives it a value. */
const LIST_PLACES: [place: string, call: (value: unknown) => RequestOptions][] = [
  ["query, form, exploded", (l) => api("GET /q", { f: l })],
  ["query, form, not exploded", (l) => api("GET /q", { fn: l })],
  ["query, spaceDelimited", (l) => api("GET /q", { sd: l })],
  ["query, pipeDelimited", (l) => api("GET /q", { pd: l })],
  ["query, deepObject", (l) => api("GET /q", { d: l })],
  ["query, deepObject, allowReserved", (l) => api("GET /q", { dr: l })],
  ["cookie, form, exploded", (l) => api("GET /q", { c: l })],
  ["cookie, form, not exploded", (l) => api("GET /q", { cn: l })],
  ["header, simple", (l) => api("GET /q", { headers: { "x-h": l } })],
  ["header, simple, exploded", (l) => api("GET /q", { headers: { "x-e": l } })],
  ["form body property", (l) => api("POST /form", { m: l })],
  ["form body property, deepObject", (l) => api("POST /form", { e: l })],
];
/** The places a value is written as JSON text, which holds no bigint: lists of one long string there. */
const JSON_PLACES: [place: string, call: (value: unknown) => RequestOptions][] = [
  ["query, JSON content", (l) => api("GET /q", { j: l })],
  ["cookie, JSON content", (l) => api("GET /q", { cj: l })],
  ["header, JSON content", (l) => api("GET /q", { headers: { "x-j": l } })],
  ["form body property, JSON encoding", (l) => api("POST /form", { g: l })],
];

// A plain route answers these in about 0.2 s (bench/list-limits.mjs); before issue 30 a described one took 9 to 17 s
// with a 1.5 GB heap, or ran out of memory: 45 to 85 times. A described place may take 10 times a plain route's
// refusal, measured in the same run.
const LIST_TIMES = 10;

/**
 * The time a plain route takes to refuse 2^20 items of one 1,000-digit bigint in its query, measured in this run (the
 * fastest of two): what a described place is compared with, so that a slow or busy machine slows both alike.
 */
let plainRefusal: number | undefined;
function plainRouteRefusal(): number {
  if (plainRefusal === undefined) {
    const list = new Array<bigint>(2 ** 20).fill(10n ** 999n);
    plainRefusal = fastest(() => endpoint("GET /x", { l: list } as never), 2);
  }
  return plainRefusal;
}

/**
 * Runs `call`, which must throw ERR_TOO_LARGE in at most `times` times what a plain route takes to refuse a list of
 * the same order (plainRouteRefusal; at least 20 ms, the timer's and the collector's noise).
 */
function tooLargeQuickly(call: () => unknown, times: number): number {
  const start = performance.now();
  let error: unknown;
  try {
    call();
  } catch (caught) {
    error = caught;
  }
  const elapsed = performance.now() - start;
  expect(error).toBeInstanceOf(EndpointError);
  expect((error as EndpointError).code).toBe("ERR_TOO_LARGE");
  const reference = Math.max(plainRouteRefusal(), 20);
  expect(elapsed, `took ${elapsed.toFixed(0)} ms, a plain route ${reference.toFixed(0)} ms`).toBeLessThan(times * reference);
  return elapsed;
}

describe("class 4: described list text is bounded as it grows", () => {
  const bigints = new Array<bigint>(2 ** 20).fill(10n ** 999n);
  const strings = new Array<string>(2 ** 20).fill("7".repeat(1000));

  for (const [place, call] of LIST_PLACES) {
    it(`${place}: 2^20 items of one 1,000-digit bigint are ERR_TOO_LARGE in about the time of a plain route`, () => {
      tooLargeQuickly(() => call(bigints), LIST_TIMES);
    });
  }
  for (const [place, call] of JSON_PLACES) {
    it(`${place}: 2^20 items of one 1,000-character string are ERR_TOO_LARGE in about the time of a plain route`, () => {
      tooLargeQuickly(() => call(strings), LIST_TIMES);
    });
  }

  it("bounds the whole text, not each value: two lists that fit alone are ERR_TOO_LARGE together", () => {
    // 2^18 items of 1,500 characters: about 394 M characters each, under the longest string (2^29 - 24) alone.
    const half = new Array<string>(2 ** 18).fill("7".repeat(1500));
    tooLargeQuickly(() => api("GET /q", { f: half, fn: half }), LIST_TIMES);
    tooLargeQuickly(() => api("GET /q", { c: half, cn: half }), LIST_TIMES);
  });

  it("bounds the pairs of a text too: many keys of a body holding one list each write at most 2^20 pairs or parts", () => {
    const list = new Array<string>(2 ** 20).fill("");
    const data = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, list]));
    // 100 * 2^20 pairs of 3 characters: under the longest string, but gigabytes of pieces.
    tooLargeQuickly(() => api("POST /form-data", { data }), LIST_TIMES);
    tooLargeQuickly(() => api("POST /multipart-data", { data }), LIST_TIMES);
  });

  it("any list of one repeated long item, in any described place, past the longest string is ERR_TOO_LARGE", () => {
    const places = [...LIST_PLACES, ...JSON_PLACES];
    const longItem = fc.oneof(
      fc.integer({ min: 600, max: 9_999 }).map((digits) => 10n ** BigInt(digits) - 1n),
      fc.integer({ min: 600, max: 4_000 }).chain((length) => fc.constantFrom("a", "é", "~", "/", "😀").map((c) => c.repeat(length))),
      fc.integer({ min: 2 ** 20, max: 2 ** 21 }).map((length) => "x".repeat(length)),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: places.length - 1 }), longItem, (index, item) => {
        const [, call] = places[index]!;
        // Bigints cannot be JSON: those places take the item's digits as a string.
        const written = index >= LIST_PLACES.length && typeof item === "bigint" ? String(item) : item;
        // Enough items that the text, counted without any escape, passes 2^29 characters; at most 2^20.
        const length = Math.min(2 ** 20, Math.ceil(2 ** 29 / String(written).length) + 1);
        tooLargeQuickly(() => call(new Array(length).fill(written)), LIST_TIMES);
      }),
      { numRuns: 12 },
    );
  });
});

/** A chain of `depth` maps (or lists) whose every level points `fanout` times at the next: fanout^depth paths. */
function sharedChain(depth: number, fanout: number, list: boolean, leaf: unknown): unknown {
  let node: unknown = list ? [leaf] : { leaf };
  for (let i = 0; i < depth; i++) {
    const next = node;
    node = list ? Array.from({ length: fanout }, () => next) : Object.fromEntries(Array.from({ length: fanout }, (_, k) => [`k${k}`, next]));
  }
  return node;
}

/** The same value with every shared object copied, so each is reached along one path: a tree. */
function asTree(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asTree);
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asTree(item)]));
  }
  return value;
}

/** Every described value that is walked, with how a call gives it. */
const WALKED: [place: string, call: (value: unknown) => RequestOptions][] = [
  ["query, deepObject", (v) => api("GET /q", { d: v })],
  ["query, deepObject, allowReserved", (v) => api("GET /q", { dr: v })],
  ["query, JSON content", (v) => api("GET /q", { j: v })],
  ["cookie, JSON content", (v) => api("GET /q", { cj: v })],
  ["header, JSON content", (v) => api("GET /q", { headers: { "x-j": v } })],
  ["form body property", (v) => api("POST /form", { m: v })],
  ["form body property, deepObject", (v) => api("POST /form", { e: v })],
  ["form body property, JSON encoding", (v) => api("POST /form", { g: v })],
  ["multipart part", (v) => api("POST /multipart", { m: v })],
];

/** What a request sends, comparable: a FormData as its entries. */
function sent(result: RequestOptions | undefined): unknown {
  if (result === undefined) return undefined;
  const { body } = result as { body?: unknown };
  return { ...result, body: body instanceof FormData ? [...body.entries()] : body };
}

// Before issue 30 a chain of 40 levels ran out of memory (JSON content: ERR_TOO_LARGE after 28 s and 1.1 GB); each
// object is now walked once, and the 2^40 pairs or characters are counted before any is written: about 1 ms.
// Times a plain route's refusal of a list, as above (about 1 ms; the reference is at least 20 ms): the test of growth
// beside it is what judges the work.
const SHARED_TIMES = 20;

describe("class 5: an object reached along many paths is read and written once", () => {
  for (const [place, call] of WALKED) {
    it(`${place}: 40 objects each pointing twice at the next are ERR_TOO_LARGE at once`, () => {
      for (const list of [false, true]) {
        tooLargeQuickly(() => call({ top: sharedChain(40, 2, list, list ? "x" : 1) }), SHARED_TIMES);
        // Judged by growth in one run (test/growth.ts): 320 levels are refused as fast as 40, each object walked once
        // and the paths counted, never walked (a walk of every path: 2^280 times more).
        expectBounded(`${place}: a shared chain`, (depth) => {
          const value = { top: sharedChain(depth, 2, list, list ? "x" : 1) };
          return () => call(value);
        }, 40);
      }
    });
  }

  it("counts the pairs of one text across its values: many keys holding one shared object stop at 2^20 pairs", () => {
    // 2^18 pairs each, well under the bounds of one value; 100 keys would make 26 million pairs (out of memory before
    // issue 30). Four keys' pairs are written, as they may be; the fifth is refused before any of its own.
    const shared = sharedChain(18, 2, false, 1);
    const dataOf = (keys: number) => Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, shared]));
    const data = dataOf(100);
    expect(() => api("POST /form-data", { data })).toThrow(expect.objectContaining({ code: "ERR_TOO_LARGE" }));
    // Judged by growth in one run (test/growth.ts): 800 keys are refused as fast as 100, at the fifth key's pairs.
    expectBounded("keys holding one shared object", (keys) => {
      const many = dataOf(keys);
      return () => api("POST /form-data", { data: many });
    }, 100);
  });

  it("reads each property of a shared object once, however many paths reach it", () => {
    for (const [place, call] of WALKED) {
      let reads = 0;
      const shared = {};
      Object.defineProperty(shared, "v", { enumerable: true, get: () => ++reads && "x" });
      const result = outcome(() => call({ a: shared, b: shared, c: [shared, shared] }));
      expect(result, place).toBeDefined();
      expect(reads, place).toBe(1);
    }
  });

  it("keeps the 64-level bound on every path: a shared object reached shallow first, then too deep, is ERR_TOO_LARGE", () => {
    const shared = sharedChain(10, 1, false, "x");
    let deep: unknown = shared;
    for (let i = 0; i < 60; i++) deep = { n: deep };
    for (const [place, call] of WALKED) {
      for (const value of [{ a: shared, b: deep }, { b: deep, a: shared }]) {
        let error: unknown;
        try {
          call(value);
        } catch (caught) {
          error = caught;
        }
        expect((error as EndpointError).code, place).toBe("ERR_TOO_LARGE");
      }
    }
  });

  it("still reports a cycle, shared or not, as ERR_TOO_LARGE", () => {
    const cycle: Record<string, unknown> = { x: 1 };
    cycle.self = { back: cycle };
    for (const [place, call] of WALKED) expect(() => call({ a: cycle, b: cycle }), place).toThrow(expect.objectContaining({ code: "ERR_TOO_LARGE" }));
  });

  it("writes a shared value exactly as the same value with nothing shared (any shape, any walked place)", () => {
    const leaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    // A small directed acyclic graph: each object holds leaves and objects made before it, some of them twice.
    const dag = fc
      .array(fc.record({ list: fc.boolean(), leaves: fc.array(leaf, { maxLength: 3 }), children: fc.array(fc.nat(), { maxLength: 4 }), keys: fc.array(fc.constantFrom("a", "b", "__proto__", "constructor", "k 1", "é"), { maxLength: 7 }) }), { minLength: 1, maxLength: 8 })
      .map((specs) => {
        const made: unknown[] = [];
        for (const spec of specs) {
          const values = [...spec.leaves, ...spec.children.map((i) => made[i % Math.max(made.length, 1)]).filter((item) => item !== undefined)];
          if (spec.list) {
            made.push(values);
          } else {
            const object: Record<string, unknown> = {};
            values.forEach((item, i) => {
              const key = spec.keys[i % Math.max(spec.keys.length, 1)] ?? "k";
              Object.defineProperty(object, i === 0 ? key : `${key}${i}`, { value: item, enumerable: true, writable: true, configurable: true });
            });
            made.push(object);
          }
        }
        return made.at(-1);
      });
    fc.assert(
      fc.property(dag, fc.integer({ min: 0, max: WALKED.length - 1 }), (value, index) => {
        const [place, call] = WALKED[index]!;
        const shared = outcome(() => call({ top: value }));
        const tree = outcome(() => call({ top: asTree(value) }));
        expect(sent(shared), place).toStrictEqual(sent(tree));
      }),
      { numRuns: RUNS },
    );
  });

  it("answers any chain of shared objects, up to 64 levels and 4 paths a level, at once or as a small request", () => {
    // Chains of at most 2^16 paths are written in full, in milliseconds; chains of 2^32 paths or more are refused at
    // once. (Between them a request can be hundreds of megabytes long, as a plain route's can: a slow test, no finding.)
    const shape = fc.tuple(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 2, max: 4 })).filter(([depth, fanout]) => fanout ** depth <= 2 ** 16 || fanout ** depth >= 2 ** 32);
    fc.assert(
      fc.property(
        shape,
        fc.boolean(),
        fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null)),
        fc.integer({ min: 0, max: WALKED.length - 1 }),
        ([depth, fanout], list, leaf, index) => {
          const [, call] = WALKED[index]!;
          const value = { top: sharedChain(depth, fanout, list, leaf) };
          const start = performance.now();
          outcome(() => call(value));
          const elapsed = performance.now() - start;
          expect(elapsed, `${depth} levels of ${fanout} paths took ${elapsed.toFixed(0)} ms`).toBeLessThan(SHARED_TIMES * Math.max(plainRouteRefusal(), 20));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
