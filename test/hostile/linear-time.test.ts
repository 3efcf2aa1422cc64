// Hostile input of 100,000 characters (or objects) is answered in linear time: no backtracking, no blow-up. Each case
// is timed 16 times at a sixteenth of its size and once at its full size, in turn in the same run, and judged by the
// ratio (test/growth.ts): about 1 for linear work, 16 for quadratic, so a slow or busy machine cannot fail a case and a
// regression still does (a catastrophic one takes seconds to minutes at the full size).
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../src/cli/args.js";
import { toCurl } from "../../src/cli/curl.js";
import { parseItem } from "../../src/cli/items.js";
import { shellQuote } from "../../src/cli/shell-quote.js";
import { endpoint, parseTemplate, type EndpointOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { outcome } from "./checks.js";
import { expectLinear, FACTOR } from "../growth.js";

const N = 100_000;

type Call = (route: unknown, options?: unknown) => unknown;
const call = endpoint as unknown as Call;
const merge = endpoint.merge as unknown as Call;

/** Every measured time, printed once at the end so the note on the issue can quote them. */
const timings: [string, number][] = [];

/**
 * Builds the input at a sixteenth of N and at N (untimed); each call must answer with a result or an EndpointError (the
 * command line's parsers may throw their own usage errors: `checked` false), and
 * the larger take about as long as the smaller done 16 times (expectLinear).
 */
function answeredQuickly(name: string, prepare: (n: number) => () => unknown, checked = true): void {
  if (checked) outcome(prepare(N / FACTOR));
  const { large } = expectLinear(name, (n) => prepare(n), N / FACTOR);
  timings.push([name, large]);
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
const cases: [name: string, prepare: (n: number) => () => unknown][] = [
  // The published attack strings against @octokit/endpoint.
  ["octokit ReDoS (a): 100,000 A then - in accept, previews set", (n) =>
    timed("GET /x", { headers: { accept: `${"A".repeat(n)}-` }, mediaType: { previews: ["mercy"] } })],
  ["octokit ReDoS (b): url { x 100,000 then @", (n) => timed({ method: "GET", url: `${"{".repeat(n)}@` })],
  ["octokit ReDoS (c): url {00 + 100,000 NUL + a!a}", (n) => timed({ method: "GET", url: `{00${"\0".repeat(n)}a!a}` })],

  // A bad variable name whose message names the whole varspec: 11 s before its modifier was cut by search.
  ["parseTemplate {a- then 100,000 : then U+2028", (n) => () => parseTemplate(`{a-${":".repeat(n)}\u2028}`)],
  ["url {a then 50,000 *: then a line feed", (n) => timed({ method: "GET", url: `{a${"*:".repeat(n / 2)}\n}` })],

  // The same attacks through every other door.
  ["accept: 100,000 A then - with a format", (n) =>
    timed("GET /x", { headers: { accept: `${"A".repeat(n)}-` }, mediaType: { format: "raw", previews: ["mercy"] } })],
  ["accept: application/vnd. + 100,000 a with a format", (n) =>
    timed("GET /x", { headers: { accept: `application/vnd.${"a".repeat(n)}+json` }, mediaType: { format: "raw" } })],
  // Each part of the vendor type's expression backtracked to its start, with nothing to match after it.
  ["accept: application/vnd.a.v + 100,000 digits then ! with a format", (n) =>
    timed("GET /x", { headers: { accept: `application/vnd.a.v${"1".repeat(n)}!` }, mediaType: { format: "raw" } })],
  ["accept: application/vnd.a.v1. + 100,000 a then +jso with a format", (n) =>
    timed("GET /x", { headers: { accept: `application/vnd.a.v1.${"a".repeat(n)}+jso` }, mediaType: { format: "raw" } })],
  ["accept: 100,000 blanks then application/vnd.a! with a format", (n) =>
    timed("GET /x", { headers: { accept: `${" ".repeat(n)}application/vnd.a!` }, mediaType: { format: "raw" } })],
  ["accept: 100,000 ,-separated vendor types with a format", (n) =>
    timed("GET /x", { headers: { accept: "application/vnd.github.v3+json,".repeat(n / 10) }, mediaType: { format: "raw" } })],
  ["accept: 100,000 distinct previews, plus one more", (n) =>
    timed("GET /x", {
      headers: { accept: Array.from({ length: n }, (_, i) => `application/vnd.github.p${i}-preview+json`).join(",") },
      mediaType: { previews: ["mercy"] },
    })],
  ["accept: -preview x 100,000", (n) => timed("GET /x", { headers: { accept: "-preview".repeat(n / 8) }, mediaType: { previews: ["a"] } })],
  ["mediaType.previews: 100,000 distinct names", (n) =>
    timed("GET /x", { mediaType: { previews: Array.from({ length: n }, (_, i) => `p${i}`) } })],
  ["mediaType.previews: one 100,000-character name", (n) => timed("GET /x", { mediaType: { previews: ["a".repeat(n)] } })],
  ["mediaType.previews: 100,000 x -preview", (n) => timed("GET /x", { mediaType: { previews: ["-preview".repeat(n / 8)] } })],
  ["mediaType.format: 100,000 characters", (n) => timed("GET /x", { mediaType: { format: "a.".repeat(n / 2) } })],
  ["mediaType.format: 100,000 characters, last one bad", (n) => timed("GET /x", { mediaType: { format: `${"a".repeat(n)}!` } })],

  ["url: { x 100,000", (n) => timed({ method: "GET", url: "{".repeat(n) })],
  ["url: } x 100,000", (n) => timed({ method: "GET", url: "}".repeat(n) })],
  ["url: {a} x 25,000", (n) => timed("GET /x", { url: "/{a}".repeat(n / 4), a: "v" })],
  ["url: /:a x 33,333", (n) => timed({ method: "GET", url: "/:a".repeat(n / 3), a: "v" })],
  ["url: :a.:a x 50,000 (colon placeholders after dots)", (n) => timed({ method: "GET", url: `/${":a.".repeat(n / 3)}`, a: "v" })],
  ["url: { never closed, then /:a x 33,333", (n) => timed({ method: "GET", url: `{${"/:a".repeat(n / 3)}` })],
  ["url: /{ x 50,000 with a colon each", (n) => timed({ method: "GET", url: "/{:".repeat(n / 3) })],
  ["url: / then 100,000 colons", (n) => timed({ method: "GET", url: `/${":".repeat(n)}` })],
  ["url: {a, then 100,000 commas}", (n) => timed({ method: "GET", url: `/{a${",".repeat(n)}}` })],
  ["url: {a,a,...} 50,000 times", (n) => timed({ method: "GET", url: `/{${"a,".repeat(n / 2)}a}`, a: "v" })],
  ["url: 100,000-variable template {a0,...,a99999}", (n) =>
    timed({ method: "GET", url: `/{${Array.from({ length: n }, (_, i) => `a${i}`).join(",")}}`, a0: "x", a99999: "y" })],
  ["url: 100,000-variable query template {?a0,...,a99999}", (n) =>
    timed({ method: "GET", url: `/x{?${Array.from({ length: n }, (_, i) => `a${i}`).join(",")}}`, a5: "x" })],
  ["url: 100,000 unfilled placeholders", (n) => timed({ method: "GET", url: Array.from({ length: n }, (_, i) => `/{b${i}}`).join("") })],
  ["url: {a: then 100,000 digits}", (n) => timed({ method: "GET", url: `/{a:${"9".repeat(n)}}`, a: "v" })],
  ["url: {+a} with a path of 100,000 dots", (n) => timed({ method: "GET", url: "/{+a}", a: ".".repeat(n) })],
  ["url: {+a} with /.%2e x 33,333 then x (no dot segment)", (n) => timed({ method: "GET", url: "/{+a}", a: `${"/.%2ex".repeat(n / 6)}` })],
  ["url: {+a} with %2e%2e%2e x 33,333 between slashes", (n) => timed({ method: "GET", url: "/{+a}", a: `/${"%2e".repeat(n / 3)}/` })],
  ["url: {a. then 100,000 dots}", (n) => timed({ method: "GET", url: `/{a${".".repeat(n)}}`, a: "v" })],
  ["url: %41 x 33,333", (n) => timed({ method: "GET", url: `/${"%41".repeat(n / 3)}` })],
  ["url: % x 100,000", (n) => timed({ method: "GET", url: `/${"%".repeat(n)}` })],
  ["url: / x 100,000", (n) => timed({ method: "GET", url: "/".repeat(n) })],
  ["url: scheme of 100,000 letters", (n) => timed({ method: "GET", url: `${"a".repeat(n)}:x` })],
  ["url: 100,000 letters, no colon", (n) => timed({ method: "GET", url: "a".repeat(n) })],
  ["url: http://localhost:8080 then :a in the query x 33,333", (n) =>
    timed({ method: "GET", url: `http://localhost:8080/?q=${"u:a".repeat(n / 3)}` })],
  ["url: authority of 100,000 characters", (n) => timed({ method: "GET", url: `https://${":a".repeat(n / 2)}/:b`, b: "v" })],
  ["url: 100,000 non-ASCII characters", (n) => timed({ method: "GET", url: `/${"é".repeat(n)}` })],
  ["url: {+a} with 100,000 %-signs in the value", (n) => timed({ method: "GET", url: "/{+a}", a: "%".repeat(n) })],
  ["url: {+a} with %41 x 33,333 in the value", (n) => timed({ method: "GET", url: "/{+a}", a: "%41".repeat(n / 3) })],
  ["url: {a} with 100,000 reserved characters", (n) => timed({ method: "GET", url: "/{a}", a: "!*'()".repeat(n / 5) })],
  ["url: {a:9999} with a 100,000-character value", (n) => timed({ method: "GET", url: "/{a:9999}", a: "\u{1F600}".repeat(n) })],
  ["url: 100,000-character name with a prefix on a list value", (n) => timed({ method: "GET", url: `/{${"a".repeat(n)}:3}`, ["a".repeat(n)]: [1] })],
  ["url: {a} value ends in a lone surrogate", (n) => timed({ method: "GET", url: "/{a}", a: `${"a".repeat(n)}\uD800` })],
  ["url: {a*} with a 100,000-item list", (n) => timed({ method: "GET", url: "/x{?a*}", a: Array.from({ length: n }, (_, i) => i) })],
  ["url: {a*} with a 100,000-key map", (n) =>
    timed({ method: "GET", url: "/x{?a*}", a: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])) })],

  ["route: method of 100,000 characters", (n) => timed(`${"A".repeat(n)} /x`)],
  ["route: method of 100,000 characters with a bad last one", (n) => timed(`${"A".repeat(n)}( /x`)],
  ["route: 100,000 spaces between method and url", (n) => timed(`GET${" ".repeat(n)}/x`)],
  ["route: 100,000 words", (n) => timed("a ".repeat(n))],
  ["route: 100,000 spaces", (n) => timed(" ".repeat(n))],
  ["method option: 100,000 characters", (n) => timed({ method: "A".repeat(n), url: "/x" })],
  ["method option: 100,000 characters then CR LF", (n) => timed({ method: `${"A".repeat(n)}\r\n`, url: "/x" })],

  ["baseUrl: 100,000 characters", (n) => timed("GET /x", { baseUrl: `https://${"a".repeat(n)}.example` })],
  ["baseUrl: 100,000 trailing slashes", (n) => timed("GET /x", { baseUrl: `https://h${"/".repeat(n)}` })],
  ["baseUrl: 100,000 characters, space at the end", (n) => timed("GET /x", { baseUrl: `https://h/${"a".repeat(n)} ` })],
  ["baseUrl: scheme of 100,000 letters", (n) => timed("GET /x", { baseUrl: `${"a".repeat(n)}:` })],

  ["header name: 100,000 characters", (n) => timed("GET /x", { headers: { ["x".repeat(n)]: "v" } })],
  ["header name: 100,000 characters, last one bad", (n) => timed("GET /x", { headers: { [`${"x".repeat(n)}:`]: "v" } })],
  ["header value: 100,000 characters", (n) => timed("GET /x", { headers: { "x-a": "v".repeat(n) } })],
  ["header value: 100,000 characters then CR LF", (n) => timed("GET /x", { headers: { "x-a": `${"v".repeat(n)}\r\nx-b: 1` } })],
  ["headers: 100,000 distinct names", (n) =>
    timed("GET /x", { headers: Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-h${i}`, "v"])) })],

  ["query: key of 100,000 characters", (n) => timed("GET /x", { ["k".repeat(n)]: "v" })],
  ["query: value of 100,000 characters needing escapes", (n) => timed("GET /x", { k: "é &".repeat(n / 3) })],
  ["query: q with 100,000 +", (n) => timed("GET /search", { q: "a+".repeat(n / 2) })],
  ["query: q of + only", (n) => timed("GET /search", { q: "+".repeat(n) })],
  ["query: 100,000 parameters", (n) => timed("GET /x", Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i])))],
  ["query: a 100,000-item list", (n) => timed("GET /x", { list: Array.from({ length: n }, (_, i) => i) })],
  ["query: value ends in a lone surrogate", (n) => timed("GET /x", { k: `${"a".repeat(n)}\uDC00` })],
  ["query: sparse array of length 2^32-1", () => timed("GET /x", { a: new Array(2 ** 32 - 1) })],
  ["query: sparse array of 2^20 holes (the most a list may hold)", () => timed("GET /x", { a: new Array(2 ** 20) })],
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
  ["body: 100,000 parameters", (n) => timed("POST /x", Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i])))],

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
  ["defaults: 100,000-item list, cascaded", (n) => {
    const list = Array.from({ length: n }, (_, i) => i);
    return () => endpoint.defaults({ p: list }).defaults({ q: 1 })("POST /x");
  }],
  ["parseTemplate: 100,000 { then @", (n) => () => parseTemplate(`${"{".repeat(n)}@`)],
  ["parseTemplate: {00 + 100,000 NUL + a!a}", (n) => () => parseTemplate(`{00${"\0".repeat(n)}a!a}`)],
];

/** The command line's parsers, where every regular expression outside the URI-template encoder lives. */
const cliCases: [name: string, prepare: (n: number) => () => unknown][] = [
  ["cli item: header value with 100,000 blanks inside", (n) => {
    const item = `X-A:a${" \t".repeat(n / 2)}b`;
    return () => parseItem(item);
  }],
  ["cli item: header value of 100,000 blanks", (n) => {
    const item = `X-A:${" ".repeat(n)}`;
    return () => parseItem(item);
  }],
  ["cli item: 100,000 backslashes", (n) => {
    const item = `a=${"\\".repeat(n)}`;
    return () => parseItem(item);
  }],
  ["cli args: method of 100,000 letters, then a url", (n) => {
    const argv = ["A".repeat(n), `a${"+".repeat(n)}://x`];
    return () => parseArgs(argv);
  }],
  ["cli curl: url with 100,000 dots, %2e and brackets", (n) => {
    const url = `https://h/${".".repeat(n)}/${"%2e".repeat(n / 3)}/${"[".repeat(n)}?${"#".repeat(n)}`;
    return () => toCurl({ method: "get", url, headers: {} });
  }],
  ["cli curl: scheme of 100,000 letters without ://", (n) => {
    const url = `${"a".repeat(n)}:/x`;
    return () => toCurl({ method: "get", url, headers: {} });
  }],
  ["cli shell quoting: 100,000 safe characters then one unsafe", (n) => {
    const word = `${"a".repeat(n)}'`;
    return () => shellQuote(word);
  }],
];

describe("the command line's parsers run in linear time too", () => {
  for (const [name, prepare] of cliCases) {
    it(name, () => answeredQuickly(name, prepare, false));
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
    answeredQuickly("fromOpenApi: 100,000 slashes in a server URL", (n) => () => fromOpenApi(description(`https://x.example/${"/".repeat(n)}a/`, "/p", "v2"))));
  it("a described path of 100,000 '#' before a '}'", () =>
    answeredQuickly(
      "described route: 100,000 '#' before a '}' in its path",
      (n) => {
        const path = `/p${"#".repeat(n)}}`;
        const described = endpoint.defaults(fromOpenApi(description("https://x.example", path)));
        return () => (described as unknown as Call)(`GET ${path}`);
      },
    ));
});

describe("hostile input is answered in linear time", () => {
  for (const [name, prepare] of cases) it(name, () => answeredQuickly(name, prepare));

  it("prints the timings", () => {
    const width = Math.max(...timings.map(([name]) => name.length));
    console.log(timings.map(([name, ms]) => `${name.padEnd(width)}  ${ms.toFixed(2).padStart(7)} ms`).join("\n"));
  });
});
