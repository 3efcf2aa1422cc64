// Hostile input of 100,000 characters (or objects) is answered in milliseconds: no backtracking, no blow-up.
// performance.now() is only a generous upper bound here: a catastrophic regression takes seconds to minutes, while
// every case below takes a few milliseconds, so LIMIT_MS leaves room for a slow, busy CI machine.
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../src/cli/args.js";
import { toCurl } from "../../src/cli/curl.js";
import { parseItem } from "../../src/cli/items.js";
import { shellQuote } from "../../src/cli/shell-quote.js";
import { endpoint, parseTemplate, type EndpointOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { outcome } from "./checks.js";

const LIMIT_MS = 500;
// Cases that build 100,000 objects, keys or list items take ~200 ms of allocation alone; quadratic work on them would
// take minutes, so this looser bound still tells linear from quadratic.
const LIMIT_MANY_MS = 1500;
const N = 100_000;

type Call = (route: unknown, options?: unknown) => unknown;
const call = endpoint as unknown as Call;
const merge = endpoint.merge as unknown as Call;

/** Every measured time, printed once at the end so the note on the issue can quote them. */
const timings: [string, number][] = [];

/**
 * Builds the input (untimed), then runs the call, which must answer with a result or an EndpointError, and checks it
 * took less than LIMIT_MS.
 */
function answeredQuickly(name: string, prepare: () => () => unknown, limit: number): void {
  const work = prepare();
  const start = performance.now();
  outcome(work);
  const elapsed = performance.now() - start;
  timings.push([name, elapsed]);
  expect(elapsed, `${name} took ${elapsed.toFixed(1)} ms`).toBeLessThan(limit);
}

/** A plain object chain whose every level points twice at the next: 2^depth paths through `depth` objects. */
function sharedChain(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: "x" };
  for (let i = 0; i < depth; i++) node = { a: node, b: node };
  return node;
}

/** An object that is its own child, twice. */
function doubleCycle(): Record<string, unknown> {
  const node: Record<string, unknown> = {};
  node.a = node;
  node.b = node;
  return node;
}

/** Builds the arguments now, untimed, and returns the endpoint() call to time. */
function timed(route: unknown, options?: unknown): () => unknown {
  return options === undefined ? () => call(route) : () => call(route, options);
}

/** Each case builds its input and returns the call to time. */
const cases: [name: string, prepare: () => () => unknown, limit?: number][] = [
  // The published attack strings against @octokit/endpoint.
  ["octokit ReDoS (a): 100,000 A then - in accept, previews set", () =>
    timed("GET /x", { headers: { accept: `${"A".repeat(N)}-` }, mediaType: { previews: ["mercy"] } })],
  ["octokit ReDoS (b): url { x 100,000 then @", () => timed({ method: "GET", url: `${"{".repeat(N)}@` })],
  ["octokit ReDoS (c): url {00 + 100,000 NUL + a!a}", () => timed({ method: "GET", url: `{00${"\0".repeat(N)}a!a}` })],

  // A bad variable name whose message names the whole varspec: 11 s before its modifier was cut by search.
  ["parseTemplate {a- then 100,000 : then U+2028", () => () => parseTemplate(`{a-${":".repeat(N)}\u2028}`)],
  ["url {a then 50,000 *: then a line feed", () => timed({ method: "GET", url: `{a${"*:".repeat(N / 2)}\n}` })],

  // The same attacks through every other door.
  ["accept: 100,000 A then - with a format", () =>
    timed("GET /x", { headers: { accept: `${"A".repeat(N)}-` }, mediaType: { format: "raw", previews: ["mercy"] } })],
  ["accept: application/vnd. + 100,000 a with a format", () =>
    timed("GET /x", { headers: { accept: `application/vnd.${"a".repeat(N)}+json` }, mediaType: { format: "raw" } })],
  // Each part of the vendor type's expression backtracked to its start, with nothing to match after it.
  ["accept: application/vnd.a.v + 100,000 digits then ! with a format", () =>
    timed("GET /x", { headers: { accept: `application/vnd.a.v${"1".repeat(N)}!` }, mediaType: { format: "raw" } })],
  ["accept: application/vnd.a.v1. + 100,000 a then +jso with a format", () =>
    timed("GET /x", { headers: { accept: `application/vnd.a.v1.${"a".repeat(N)}+jso` }, mediaType: { format: "raw" } })],
  ["accept: 100,000 blanks then application/vnd.a! with a format", () =>
    timed("GET /x", { headers: { accept: `${" ".repeat(N)}application/vnd.a!` }, mediaType: { format: "raw" } })],
  ["accept: 100,000 ,-separated vendor types with a format", () =>
    timed("GET /x", { headers: { accept: "application/vnd.github.v3+json,".repeat(N / 10) }, mediaType: { format: "raw" } })],
  ["accept: 100,000 distinct previews, plus one more", () =>
    timed("GET /x", {
      headers: { accept: Array.from({ length: N }, (_, i) => `application/vnd.github.p${i}-preview+json`).join(",") },
      mediaType: { previews: ["mercy"] },
    }), LIMIT_MANY_MS],
  ["accept: -preview x 100,000", () => timed("GET /x", { headers: { accept: "-preview".repeat(N / 8) }, mediaType: { previews: ["a"] } })],
  ["mediaType.previews: 100,000 distinct names", () =>
    timed("GET /x", { mediaType: { previews: Array.from({ length: N }, (_, i) => `p${i}`) } }), LIMIT_MANY_MS],
  ["mediaType.previews: one 100,000-character name", () => timed("GET /x", { mediaType: { previews: ["a".repeat(N)] } })],
  ["mediaType.previews: 100,000 x -preview", () => timed("GET /x", { mediaType: { previews: ["-preview".repeat(N / 8)] } })],
  ["mediaType.format: 100,000 characters", () => timed("GET /x", { mediaType: { format: "a.".repeat(N / 2) } })],
  ["mediaType.format: 100,000 characters, last one bad", () => timed("GET /x", { mediaType: { format: `${"a".repeat(N)}!` } })],

  ["url: { x 100,000", () => timed({ method: "GET", url: "{".repeat(N) })],
  ["url: } x 100,000", () => timed({ method: "GET", url: "}".repeat(N) })],
  ["url: {a} x 25,000", () => timed("GET /x", { url: "/{a}".repeat(N / 4), a: "v" }), LIMIT_MANY_MS],
  ["url: /:a x 33,333", () => timed({ method: "GET", url: "/:a".repeat(N / 3), a: "v" }), LIMIT_MANY_MS],
  ["url: :a.:a x 50,000 (colon placeholders after dots)", () => timed({ method: "GET", url: `/${":a.".repeat(N / 3)}`, a: "v" }), LIMIT_MANY_MS],
  ["url: { never closed, then /:a x 33,333", () => timed({ method: "GET", url: `{${"/:a".repeat(N / 3)}` })],
  ["url: /{ x 50,000 with a colon each", () => timed({ method: "GET", url: "/{:".repeat(N / 3) })],
  ["url: / then 100,000 colons", () => timed({ method: "GET", url: `/${":".repeat(N)}` })],
  ["url: {a, then 100,000 commas}", () => timed({ method: "GET", url: `/{a${",".repeat(N)}}` })],
  ["url: {a,a,...} 50,000 times", () => timed({ method: "GET", url: `/{${"a,".repeat(N / 2)}a}`, a: "v" }), LIMIT_MANY_MS],
  ["url: 100,000-variable template {a0,...,a99999}", () =>
    timed({ method: "GET", url: `/{${Array.from({ length: N }, (_, i) => `a${i}`).join(",")}}`, a0: "x", a99999: "y" }), LIMIT_MANY_MS],
  ["url: 100,000-variable query template {?a0,...,a99999}", () =>
    timed({ method: "GET", url: `/x{?${Array.from({ length: N }, (_, i) => `a${i}`).join(",")}}`, a5: "x" }), LIMIT_MANY_MS],
  ["url: 100,000 unfilled placeholders", () => timed({ method: "GET", url: Array.from({ length: N }, (_, i) => `/{b${i}}`).join("") }), LIMIT_MANY_MS],
  ["url: {a: then 100,000 digits}", () => timed({ method: "GET", url: `/{a:${"9".repeat(N)}}`, a: "v" })],
  ["url: {+a} with a path of 100,000 dots", () => timed({ method: "GET", url: "/{+a}", a: ".".repeat(N) })],
  ["url: {+a} with /.%2e x 33,333 then x (no dot segment)", () => timed({ method: "GET", url: "/{+a}", a: `${"/.%2ex".repeat(N / 6)}` })],
  ["url: {+a} with %2e%2e%2e x 33,333 between slashes", () => timed({ method: "GET", url: "/{+a}", a: `/${"%2e".repeat(N / 3)}/` })],
  ["url: {a. then 100,000 dots}", () => timed({ method: "GET", url: `/{a${".".repeat(N)}}`, a: "v" })],
  ["url: %41 x 33,333", () => timed({ method: "GET", url: `/${"%41".repeat(N / 3)}` })],
  ["url: % x 100,000", () => timed({ method: "GET", url: `/${"%".repeat(N)}` })],
  ["url: / x 100,000", () => timed({ method: "GET", url: "/".repeat(N) })],
  ["url: scheme of 100,000 letters", () => timed({ method: "GET", url: `${"a".repeat(N)}:x` })],
  ["url: 100,000 letters, no colon", () => timed({ method: "GET", url: "a".repeat(N) })],
  ["url: http://localhost:8080 then :a in the query x 33,333", () =>
    timed({ method: "GET", url: `http://localhost:8080/?q=${"u:a".repeat(N / 3)}` })],
  ["url: authority of 100,000 characters", () => timed({ method: "GET", url: `https://${":a".repeat(N / 2)}/:b`, b: "v" })],
  ["url: 100,000 non-ASCII characters", () => timed({ method: "GET", url: `/${"é".repeat(N)}` })],
  ["url: {+a} with 100,000 %-signs in the value", () => timed({ method: "GET", url: "/{+a}", a: "%".repeat(N) })],
  ["url: {+a} with %41 x 33,333 in the value", () => timed({ method: "GET", url: "/{+a}", a: "%41".repeat(N / 3) })],
  ["url: {a} with 100,000 reserved characters", () => timed({ method: "GET", url: "/{a}", a: "!*'()".repeat(N / 5) })],
  ["url: {a:9999} with a 100,000-character value", () => timed({ method: "GET", url: "/{a:9999}", a: "\u{1F600}".repeat(N) })],
  ["url: 100,000-character name with a prefix on a list value", () => timed({ method: "GET", url: `/{${"a".repeat(N)}:3}`, ["a".repeat(N)]: [1] })],
  ["url: {a} value ends in a lone surrogate", () => timed({ method: "GET", url: "/{a}", a: `${"a".repeat(N)}\uD800` })],
  ["url: {a*} with a 100,000-item list", () => timed({ method: "GET", url: "/x{?a*}", a: Array.from({ length: N }, (_, i) => i) }), LIMIT_MANY_MS],
  ["url: {a*} with a 100,000-key map", () =>
    timed({ method: "GET", url: "/x{?a*}", a: Object.fromEntries(Array.from({ length: N }, (_, i) => [`k${i}`, i])) }), LIMIT_MANY_MS],

  ["route: method of 100,000 characters", () => timed(`${"A".repeat(N)} /x`)],
  ["route: method of 100,000 characters with a bad last one", () => timed(`${"A".repeat(N)}( /x`)],
  ["route: 100,000 spaces between method and url", () => timed(`GET${" ".repeat(N)}/x`)],
  ["route: 100,000 words", () => timed("a ".repeat(N))],
  ["route: 100,000 spaces", () => timed(" ".repeat(N))],
  ["method option: 100,000 characters", () => timed({ method: "A".repeat(N), url: "/x" })],
  ["method option: 100,000 characters then CR LF", () => timed({ method: `${"A".repeat(N)}\r\n`, url: "/x" })],

  ["baseUrl: 100,000 characters", () => timed("GET /x", { baseUrl: `https://${"a".repeat(N)}.example` })],
  ["baseUrl: 100,000 trailing slashes", () => timed("GET /x", { baseUrl: `https://h${"/".repeat(N)}` })],
  ["baseUrl: 100,000 characters, space at the end", () => timed("GET /x", { baseUrl: `https://h/${"a".repeat(N)} ` })],
  ["baseUrl: scheme of 100,000 letters", () => timed("GET /x", { baseUrl: `${"a".repeat(N)}:` })],

  ["header name: 100,000 characters", () => timed("GET /x", { headers: { ["x".repeat(N)]: "v" } })],
  ["header name: 100,000 characters, last one bad", () => timed("GET /x", { headers: { [`${"x".repeat(N)}:`]: "v" } })],
  ["header value: 100,000 characters", () => timed("GET /x", { headers: { "x-a": "v".repeat(N) } })],
  ["header value: 100,000 characters then CR LF", () => timed("GET /x", { headers: { "x-a": `${"v".repeat(N)}\r\nx-b: 1` } })],
  ["headers: 100,000 distinct names", () =>
    timed("GET /x", { headers: Object.fromEntries(Array.from({ length: N }, (_, i) => [`x-h${i}`, "v"])) }), LIMIT_MANY_MS],

  ["query: key of 100,000 characters", () => timed("GET /x", { ["k".repeat(N)]: "v" })],
  ["query: value of 100,000 characters needing escapes", () => timed("GET /x", { k: "é &".repeat(N / 3) })],
  ["query: q with 100,000 +", () => timed("GET /search", { q: "a+".repeat(N / 2) })],
  ["query: q of + only", () => timed("GET /search", { q: "+".repeat(N) })],
  ["query: 100,000 parameters", () => timed("GET /x", Object.fromEntries(Array.from({ length: N }, (_, i) => [`p${i}`, i]))), LIMIT_MANY_MS],
  ["query: a 100,000-item list", () => timed("GET /x", { list: Array.from({ length: N }, (_, i) => i) }), LIMIT_MANY_MS],
  ["query: value ends in a lone surrogate", () => timed("GET /x", { k: `${"a".repeat(N)}\uDC00` })],
  ["query: sparse array of length 2^32-1", () => timed("GET /x", { a: new Array(2 ** 32 - 1) })],
  ["query: sparse array of 2^20 holes (the most a list may hold)", () => timed("GET /x", { a: new Array(2 ** 20) }), LIMIT_MANY_MS],
  ["template {?a}: sparse array of length 2^32-1", () => timed("GET /x{?a}", { a: new Array(2 ** 32 - 1) })],
  ["template {/a*}: sparse array of length 2^32-1, one item", () => timed("GET /x{/a*}", { a: Object.assign(new Array(2 ** 32 - 1), { 9: "x" }) })],
  ["required {a}: sparse array of length 2^32-1", () => timed("GET /x/{a}", { a: new Array(2 ** 32 - 1) })],
  ["defaults: sparse array of length 2^32-1", () => () => endpoint.defaults({ a: new Array(2 ** 32 - 1) })],
  ["merge over defaults: sparse array of length 2^32-1", () => {
    const withDefaults = endpoint.defaults({ a: [1] });
    const a = new Array(2 ** 32 - 1);
    return () => (withDefaults as unknown as Call)("POST /x", { a });
  }],
  ["mediaType.previews: sparse array of length 2^32-1", () => timed("GET /x", { mediaType: { previews: new Array(2 ** 32 - 1) } })],
  ["body: 100,000 parameters", () => timed("POST /x", Object.fromEntries(Array.from({ length: N }, (_, i) => [`p${i}`, i]))), LIMIT_MANY_MS],

  // Objects: shared references and cycles must not multiply the work (2^64 paths through 64 objects).
  ["defaults: a parameter whose 64 levels each point twice at the next", () => () => endpoint.defaults({ p: sharedChain(64) })("POST /x")],
  ["defaults: the same, read back through DEFAULTS", () => () => endpoint.defaults({ p: sharedChain(64) }).DEFAULTS],
  ["merge: the same shared chain on both sides", () => () => merge({ url: "/x", p: sharedChain(64) }, { p: sharedChain(64) })],
  ["merge: the same shared chain object on both sides", () => () => {
    const chain = sharedChain(64);
    return merge({ url: "/x", p: chain }, { p: chain });
  }],
  ["defaults: a parameter that holds itself twice", () => () => endpoint.defaults({ p: doubleCycle() })("POST /x")],
  ["merge: an object that holds itself twice, on both sides", () => () => {
    const node = doubleCycle();
    return merge({ url: "/x", p: node }, { p: node });
  }],
  ["defaults: 64 levels of request meta pointing twice at the next", () => () =>
    endpoint.defaults({ request: sharedChain(64) as EndpointOptions["request"] })({ method: "GET", url: "/x", request: sharedChain(64) })],
  ["defaults: 100,000-item list, cascaded", () => {
    const list = Array.from({ length: N }, (_, i) => i);
    return () => endpoint.defaults({ p: list }).defaults({ q: 1 })("POST /x");
  }, LIMIT_MANY_MS],
  ["parseTemplate: 100,000 { then @", () => () => parseTemplate(`${"{".repeat(N)}@`)],
  ["parseTemplate: {00 + 100,000 NUL + a!a}", () => () => parseTemplate(`{00${"\0".repeat(N)}a!a}`)],
];

/** The command line's parsers, where every regular expression outside the URI-template encoder lives. */
const cliCases: [name: string, prepare: () => () => unknown][] = [
  ["cli item: header value with 100,000 blanks inside", () => {
    const item = `X-A:a${" \t".repeat(N / 2)}b`;
    return () => parseItem(item);
  }],
  ["cli item: header value of 100,000 blanks", () => {
    const item = `X-A:${" ".repeat(N)}`;
    return () => parseItem(item);
  }],
  ["cli item: 100,000 backslashes", () => {
    const item = `a=${"\\".repeat(N)}`;
    return () => parseItem(item);
  }],
  ["cli args: method of 100,000 letters, then a url", () => {
    const argv = ["A".repeat(N), `a${"+".repeat(N)}://x`];
    return () => parseArgs(argv);
  }],
  ["cli curl: url with 100,000 dots, %2e and brackets", () => {
    const url = `https://h/${".".repeat(N)}/${"%2e".repeat(N / 3)}/${"[".repeat(N)}?${"#".repeat(N)}`;
    return () => toCurl({ method: "get", url, headers: {} });
  }],
  ["cli curl: scheme of 100,000 letters without ://", () => {
    const url = `${"a".repeat(N)}:/x`;
    return () => toCurl({ method: "get", url, headers: {} });
  }],
  ["cli shell quoting: 100,000 safe characters then one unsafe", () => {
    const word = `${"a".repeat(N)}'`;
    return () => shellQuote(word);
  }],
];

describe("the command line's parsers run in linear time too", () => {
  for (const [name, prepare] of cliCases) {
    it(name, () => {
      const work = prepare();
      const start = performance.now();
      try {
        work();
      } catch {
        // A usage error is an answer; only the time matters here.
      }
      const elapsed = performance.now() - start;
      timings.push([name, elapsed]);
      expect(elapsed, `${name} took ${elapsed.toFixed(1)} ms`).toBeLessThan(LIMIT_MS);
    });
  }
});

/** A description with one GET operation at `path`, on `server`, whose path item names `pathServer` when given. */
function description(server: string, path: string, pathServer?: string): Record<string, unknown> {
  const item: Record<string, unknown> = { get: { responses: {} } };
  if (pathServer !== undefined) item.servers = [{ url: pathServer }];
  return { openapi: "3.1.0", info: { title: "t", version: "1" }, servers: [{ url: server }], paths: { [path]: item } };
}

describe("fromOpenApi and described routes read a hostile description in linear time", () => {
  it("a relative path server under a server URL of 100,000 slashes", () =>
    answeredQuickly("fromOpenApi: 100,000 slashes in a server URL", () => () => fromOpenApi(description(`https://x.example/${"/".repeat(N)}a/`, "/p", "v2")), LIMIT_MS));
  it("a described path of 100,000 '#' before a '}'", () =>
    answeredQuickly(
      "described route: 100,000 '#' before a '}' in its path",
      () => {
        const path = `/p${"#".repeat(N)}}`;
        const described = endpoint.defaults(fromOpenApi(description("https://x.example", path)));
        return () => (described as unknown as Call)(`GET ${path}`);
      },
      LIMIT_MS,
    ));
});

describe("hostile input is answered in linear time", () => {
  for (const [name, prepare, limit = LIMIT_MS] of cases) it(name, () => answeredQuickly(name, prepare, limit));

  it("prints the timings", () => {
    const width = Math.max(...timings.map(([name]) => name.length));
    console.log(timings.map(([name, ms]) => `${name.padEnd(width)}  ${ms.toFixed(2).padStart(7)} ms`).join("\n"));
  });
});
