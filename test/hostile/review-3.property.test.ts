// A third adversarial review of the built package (issue 13's hidden suite): breaks found after the second round's
// fixes, one test per mechanism in src/.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { outcome } from "./checks.js";

type Call = (route: unknown, options?: unknown) => RequestOptions;
const call = endpoint as unknown as Call;

/** Every place endpoint() walks a caller's list item by item. */
const LIST_SLOTS: [string, (list: unknown[]) => () => unknown][] = [
  ["a path placeholder", (list) => () => call("GET /x/{a}", { a: list }).url],
  ["an exploded query expression", (list) => () => call("GET /x{?a*}", { a: list }).url],
  ["a query parameter", (list) => () => call("GET /x", { a: list }).url],
  ["mediaType.previews", (list) => () => call("GET /x", { mediaType: { previews: list } }).headers.accept],
  ["defaults()", (list) => () => endpoint.defaults({ a: list })("GET /x/{a}").url],
  ["a cascade of defaults()", (list) => () => endpoint.defaults({ b: 1 }).defaults({ a: list }).defaults({ c: 2 })("GET /x/{a}").url],
];

afterEach(() => {
  delete (Array.prototype as unknown as Record<number, unknown>)[0];
  delete (Array.prototype as unknown as Record<number, unknown>)[1];
});

describe("lists are walked by own index up to a length read once", () => {
  it.each(LIST_SLOTS)("a hole in %s never reads a polluted Array.prototype, even after warm-up", (_, use) => {
    const sparse = (): unknown[] => {
      const list: unknown[] = [];
      list[2] = "c";
      return list;
    };
    const clean = outcome(use(sparse()));
    (Array.prototype as unknown as Record<number, unknown>)[0] = "evil";
    (Array.prototype as unknown as Record<number, unknown>)[1] = "evil";
    const after = outcome(use(sparse()));
    expect(after).toEqual(clean);
    expect(String(after)).not.toContain("evil");
  });

  it.each(LIST_SLOTS)("in %s, a proxy list that grows after its length was checked is walked to the checked length only", (_, use) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 4, max: 9 }), (first, later) => {
        let lengthReads = 0;
        const items = Array.from({ length: later }, (__, i) => `i${i}`);
        const liar = new Proxy(items, {
          get(target, key, receiver) {
            if (key === "length") return lengthReads++ === 0 ? first : later;
            return Reflect.get(target, key, receiver) as unknown;
          },
        });
        const result = outcome(use(liar));
        expect(lengthReads).toBe(1);
        for (let i = first; i < later; i++) expect(String(result)).not.toContain(`i${i}`);
      }),
      { numRuns: 30 },
    );
  });
});
