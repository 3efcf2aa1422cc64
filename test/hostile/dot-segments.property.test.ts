// No path-only URL endpoint() answers with holds a "." or ".." segment, whatever the template and values: build()
// searches for one only when the engine says a value could have written one (expandedPlainValues), and this holds that
// shortcut to the rule it stands for, over templates of every operator, prefixes, explodes and literal dots.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { outcome } from "./checks.js";

const BASE = "https://ghe.example/api/v3/";
const ghe = endpoint.defaults({ baseUrl: BASE }) as unknown as (route: string, options: unknown) => RequestOptions;

const names = ["a", "b", "c"];
const varspec = fc.tuple(fc.constantFrom(...names), fc.constantFrom("", "", "*", ":1", ":2")).map(([name, modifier]) => name + modifier);
const expression = fc
  .tuple(fc.constantFrom("", "", "", "+", "#", ".", "/", ";", "?", "&"), fc.array(varspec, { minLength: 1, maxLength: 2 }))
  .map(([operator, specs]) => `{${operator}${specs.join(",")}}`);
// Literals that could form a dot segment are rarer: with one in the template the URL is always searched, and the
// property is about the calls where it is not.
const literal = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("", "/", "/a/", "x", "-", "/b") },
  { weight: 1, arbitrary: fc.constantFrom(".", "..", "/./", "%2e", "/%2E%2e/") },
);
const template = fc
  .tuple(fc.constantFrom("/", "/r/", "", "/x"), fc.array(fc.tuple(literal, expression), { minLength: 1, maxLength: 5 }), literal)
  .map(([start, pieces, end]) => start + pieces.map(([text, expr]) => text + expr).join("") + end);
const scalar = fc.constantFrom<unknown>("", ".", "..", "...", "%2e", "%2E%2e", "a", "ab", "abc", "a/..", "../x", "x/./y", "./", "/", 0, 7, 1.5, true);
const value = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("a", "..", "."), scalar, { maxKeys: 2 }) },
);
const values = fc.record({ a: value, b: value, c: value }, { requiredKeys: [] });

const DOT_SEGMENTS = new Set([".", "..", "%2e", "%2e%2e", ".%2e", "%2e."]);

/** The segments of a URL's path after BASE, up to its query or fragment. */
function segmentsAfterBase(url: string): string[] {
  return url.slice(BASE.length).split(/[?#]/)[0]!.split("/");
}

describe("dot segments", () => {
  it("no answer to a path-only route holds a '.' or '..' segment after baseUrl, plain or %2e", () => {
    let answered = 0;
    fc.assert(
      fc.property(template, values, (route, given) => {
        const result = outcome(() => ghe(`GET ${route}`, given));
        if (result === undefined || !result.url.startsWith(BASE)) return;
        answered++;
        for (const segment of segmentsAfterBase(result.url)) expect(DOT_SEGMENTS.has(segment.toLowerCase())).toBe(false);
      }),
      { numRuns: 3000 },
    );
    // The generators must reach answers, not only errors, for the property to say anything.
    expect(answered).toBeGreaterThan(300);
  });
});
