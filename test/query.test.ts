// The query string: GET, HEAD and every method other than PATCH/POST/PUT/DELETE (SPEC 2.2 rule 2,
// DECISIONS "Query string").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { appendQuery, queryPair } from "../src/query.js";
import { encodeComponent as engineEncode } from "../src/uri-template/encode.js";

/** The query's encoder: the engine's encodeComponent (one encoder for the library), "+" kept only when asked. */
const encodeComponent = (text: string, keepPlus = false): string => engineEncode(text, keepPlus);
import { expectEndpointError } from "./helpers.js";

const api = "https://api.github.com";

describe("which methods send parameters in the query", () => {
  it.each(["GET", "HEAD", "OPTIONS", "TRACE", "PROPFIND", "get", "Head"])("%s sends remaining parameters in the query and has no body", (method) => {
    const result = endpoint(`${method} /x`, { a: "1" });
    expect(result.url).toBe(`${api}/x?a=1`);
    expect(result).not.toHaveProperty("body");
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post", "Delete"])("%s sends remaining parameters in the body, not the query", (method) => {
    const result = endpoint(`${method} /x`, { a: "1" });
    expect(result.url).toBe(`${api}/x`);
    expect(result.body).toEqual({ a: "1" });
  });

  it("puts `data` into the query of a GET like any other parameter: GET has no body", () => {
    const result = endpoint("GET /x", { data: "d" });
    expect(result).not.toHaveProperty("body");
    expect(result.url).toBe(`${api}/x?data=d`);
  });
});

describe("query order and separators", () => {
  it("appends remaining parameters in insertion order after ?", () => {
    expect(endpoint("GET /x", { z: 1, a: 2, m: 3 }).url).toBe(`${api}/x?z=1&a=2&m=3`);
  });

  it("appends after & when the URL already has a query", () => {
    expect(endpoint("GET /x?fixed=1", { a: 2 }).url).toBe(`${api}/x?fixed=1&a=2`);
  });

  it("appends after & when a {?…} expression already wrote a query", () => {
    expect(endpoint("GET /x{?a}", { a: 1, b: 2 }).url).toBe(`${api}/x?a=1&b=2`);
  });

  it("appends after ? when a {?…} expression expanded to nothing", () => {
    expect(endpoint("GET /x{?a}", { b: 2 }).url).toBe(`${api}/x?b=2`);
  });

  it("adds no second separator when the URL already ends with ? or &", () => {
    expect(endpoint("GET /x?", { a: 1 }).url).toBe(`${api}/x?a=1`);
    expect(endpoint("GET /x?b=1&", { a: 1 }).url).toBe(`${api}/x?b=1&a=1`);
  });

  it("adds nothing, not even ?, when no parameter remains", () => {
    expect(endpoint("GET /x", { a: undefined, b: null }).url).toBe(`${api}/x`);
  });

  it("puts the query before a fragment", () => {
    expect(endpoint("GET /x#top", { a: 1 }).url).toBe(`${api}/x?a=1#top`);
    expect(endpoint("GET /x?b=2#top", { a: 1 }).url).toBe(`${api}/x?b=2&a=1#top`);
  });

  it("merges defaults' parameters in first, then the call's", () => {
    expect(endpoint.defaults({ per_page: 100 })("GET /x", { page: 2 }).url).toBe(`${api}/x?per_page=100&page=2`);
  });
});

describe("query encoding", () => {
  it("encodes keys and values with encodeURIComponent", () => {
    expect(endpoint("GET /x", { "a b": "c&d=e/f?g#h", "ü": "😀" }).url).toBe(`${api}/x?a%20b=c%26d%3De%2Ff%3Fg%23h&%C3%BC=%F0%9F%98%80`);
  });

  it("leaves the characters encodeURIComponent leaves (- _ . ! ~ * ' ( )) as they are", () => {
    expect(endpoint("GET /x", { a: "-_.!~*'()" }).url).toBe(`${api}/x?a=-_.!~*'()`);
  });

  it("keeps a + in q literal, encoding each part between + (GitHub search syntax)", () => {
    expect(endpoint("GET /search/issues", { q: "repo:octo/x+is:open+label:\"bug fix\"" }).url).toBe(
      `${api}/search/issues?q=repo%3Aocto%2Fx+is%3Aopen+label%3A%22bug%20fix%22`,
    );
  });

  it("encodes a + in every parameter other than q", () => {
    expect(endpoint("GET /x", { query: "a+b", Q: "a+b" }).url).toBe(`${api}/x?query=a%2Bb&Q=a%2Bb`);
  });

  it("joins arrays with , and then encodes them", () => {
    expect(endpoint("GET /x", { labels: ["bug", "good first issue", "a,b"] }).url).toBe(`${api}/x?labels=bug%2Cgood%20first%20issue%2Ca%2Cb`);
  });

  it("writes an empty array and an empty string as name=", () => {
    expect(endpoint("GET /x", { a: [], b: "" }).url).toBe(`${api}/x?a=&b=`);
  });

  it("leaves out undefined and null values (octokit writes null)", () => {
    expect(endpoint("GET /x", { a: undefined, b: null, c: 1 }).url).toBe(`${api}/x?c=1`);
  });

  it("writes numbers, bigints and booleans via String()", () => {
    expect(endpoint("GET /x", { a: 0, b: -1.5, c: 10n, d: false }).url).toBe(`${api}/x?a=0&b=-1.5&c=10&d=false`);
  });

  it("writes a Date as its ISO 8601 form", () => {
    expect(endpoint("GET /x", { since: new Date(Date.UTC(2020, 11, 31, 23, 59, 59)) }).url).toBe(`${api}/x?since=2020-12-31T23%3A59%3A59.000Z`);
  });

  it("writes a Date inside an array as its ISO 8601 form", () => {
    expect(endpoint("GET /x", { d: [new Date(0), "x"] }).url).toBe(`${api}/x?d=1970-01-01T00%3A00%3A00.000Z%2Cx`);
  });

  it("rejects a plain-object value with an error that points at {?name*}", () => {
    const error = expectEndpointError(() => endpoint("GET /x", { filter: { state: "open" } }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain("{?filter*}");
    expect(error.message).toContain("GET /x");
  });

  it("sends an object's keys as query parameters when the template says {?name*}", () => {
    expect(endpoint("GET /x{?filter*}", { filter: { state: "open", sort: "updated" } }).url).toBe(`${api}/x?state=open&sort=updated`);
  });

  it.each([
    ["a symbol", Symbol("s")],
    ["a function", () => 1],
    ["a Map", new Map()],
    ["a nested array", [["a"]]],
    ["an array holding an object", [{ a: 1 }]],
    ["an invalid Date", new Date(Number.NaN)],
    ["text with a lone surrogate", "\ud800"],
  ])("rejects %s with ERR_INVALID_PARAMETER", (_, value) => {
    expectEndpointError(() => endpoint("GET /x", { value }), "ERR_INVALID_PARAMETER");
  });
});

describe("query helpers", () => {
  it("appendQuery leaves the URL alone for an empty query", () => {
    expect(appendQuery("https://x/a#f", "")).toBe("https://x/a#f");
  });

  it("appendQuery chooses ?, & or nothing as the URL needs, before any fragment", () => {
    expect(appendQuery("https://x/a", "b=1")).toBe("https://x/a?b=1");
    expect(appendQuery("https://x/a?c=2", "b=1")).toBe("https://x/a?c=2&b=1");
    expect(appendQuery("https://x/a?", "b=1")).toBe("https://x/a?b=1");
    expect(appendQuery("https://x/a#f?g", "b=1")).toBe("https://x/a?b=1#f?g");
  });

  it("queryPair encodes the name as well as the value", () => {
    expect(queryPair("a=b", "c")).toBe("a%3Db=c");
  });

  it("queryPair writes every number as encodeURIComponent(String(n)), the exponent's + of the largest included", () => {
    const numbers = [0, -0, 1.5, -2.25, 1e-7, 123456789, 1e20, -1e20, 1e21, -1e21, 1.5e300, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity];
    for (const n of numbers) expect(queryPair("n", n)).toBe(`n=${encodeURIComponent(String(n))}`);
    fc.assert(fc.property(fc.double(), (n) => queryPair("n", n) === `n=${encodeURIComponent(String(n))}`));
  });

  it("encodeComponent agrees with encodeURIComponent on well-formed text", () => {
    for (const text of ["", "abc", "a b", "ü", "😀", "-_.!~*'()", "%41", "\u0000\u007f"]) {
      expect(encodeComponent(text)).toBe(encodeURIComponent(text));
    }
  });
});

describe("encodeComponent, the query encoder", () => {
  it("writes exactly what encodeURIComponent writes, for any well-formed text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite" }), fc.string({ unit: "binary" }), (composite, binary) => {
        for (const text of [composite, binary]) {
          let expected: string;
          try {
            expected = encodeURIComponent(text);
          } catch {
            continue; // a lone surrogate: the test below covers it
          }
          expect(encodeComponent(text)).toBe(expected);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps + as + when asked (for q), and encodes each part between them as encodeURIComponent does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(encodeComponent(text, true)).toBe(text.split("+").map(encodeURIComponent).join("+"));
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses a lone surrogate in a name or a value with ERR_INVALID_PARAMETER, naming the parameter", () => {
    expect(expectEndpointError(() => queryPair("v", "a\ud800b"), "ERR_INVALID_PARAMETER").message).toContain('"v"');
    expectEndpointError(() => queryPair("n\udc00", "x"), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => queryPair("q", ["a", "\ud800"]), "ERR_INVALID_PARAMETER");
  });
});
