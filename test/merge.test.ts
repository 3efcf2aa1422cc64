// merge() and defaults(): combining options (SPEC 2.5, 4.2; DECISIONS "merge() and defaults()").
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { mergeOptions } from "../src/merge.js";
import { NO_DEFAULTS } from "../src/plan.js";
import { deepFreeze, expectEndpointError, loose, snapshotOf } from "./helpers.js";

const api = "https://api.github.com";
const defaultHeaders = endpoint.DEFAULTS.headers;

describe("the merged object (SPEC 2.5)", () => {
  it("carries exactly baseUrl, method, url, headers and the remaining parameters", () => {
    const result = endpoint.merge("GET /orgs/{org}/repos", { org: "o", type: "all" });
    expect(result).toEqual({ method: "GET", baseUrl: api, url: "/orgs/{org}/repos", headers: defaultHeaders, mediaType: { format: "" }, org: "o", type: "all" });
  });

  it("keeps the method's case as given", () => {
    expect(endpoint.merge("pOsT /x").method).toBe("pOsT");
    expect(endpoint.merge({ method: "delete", url: "/x" }).method).toBe("delete");
  });

  it("keeps the url as the template given, placeholders not replaced", () => {
    expect(endpoint.merge("GET /repos/:owner/{repo}{?x}", { owner: "o", repo: "r" }).url).toBe("/repos/:owner/{repo}{?x}");
  });

  it("merges the default headers in", () => {
    expect(endpoint.merge("GET /x", { headers: { "x-a": "1" } }).headers).toEqual({ ...defaultHeaders, "x-a": "1" });
  });

  it("carries url only when one was given", () => {
    expect(endpoint.merge({})).not.toHaveProperty("url");
    expect(endpoint.merge({ method: "POST" })).not.toHaveProperty("url");
  });

  it("always carries a mediaType with a format, { format: \"\" } unless one is set, as octokit", () => {
    expect(endpoint.merge("GET /x").mediaType).toEqual({ format: "" });
    expect(endpoint.merge("GET /x", { mediaType: { format: "raw" } }).mediaType).toEqual({ format: "raw" });
    expect(endpoint.merge("GET /x", { mediaType: { previews: ["mercy"] } }).mediaType).toEqual({ format: "", previews: ["mercy"] });
    expect(endpoint.defaults({ mediaType: { format: "diff" } }).merge("GET /x").mediaType).toEqual({ format: "diff" });
    expect(mergeOptions(NO_DEFAULTS, "GET /x").mediaType).toEqual({ format: "" });
  });

  it("returns the defaults when called with no arguments, as octokit", () => {
    expect(loose.merge()).toEqual(endpoint.DEFAULTS);
    const custom = endpoint.defaults({ url: "/orgs/{org}", org: "x", headers: { "X-A": "1" } });
    const untyped = custom as unknown as typeof loose;
    expect(untyped.merge()).toEqual(custom.DEFAULTS);
    expect(untyped.merge(undefined, { org: "y" }).org).toBe("y");
  });

  it("carries request only when it was given", () => {
    expect(endpoint.merge("GET /x")).not.toHaveProperty("request");
  });

  it("leaves undefined options and parameters out", () => {
    expect(endpoint.merge("GET /x", { a: undefined, baseUrl: undefined, headers: undefined })).toEqual({
      method: "GET",
      baseUrl: api,
      url: "/x",
      headers: defaultHeaders,
      mediaType: { format: "" },
    });
  });

  it("does not require url: merge() and defaults() only combine options", () => {
    expect(() => endpoint.merge({ method: "GET" })).not.toThrow();
    expect(() => endpoint.defaults({ per_page: 5 })).not.toThrow();
  });
});

describe("later values win (SPEC 4.2)", () => {
  it("a value passed to merge() replaces the same key set through defaults()", () => {
    const withOrg = endpoint.defaults({ org: "default-org", per_page: 100 });
    expect(withOrg.merge("GET /orgs/{org}", { org: "passed-org" })).toMatchObject({ org: "passed-org", per_page: 100 });
  });

  it("options passed after a route override what the route said", () => {
    expect(endpoint.merge("GET /x", { method: "POST" }).method).toBe("POST");
  });

  it("a header passed replaces the default of the same name, whatever case either was written in", () => {
    expect(endpoint.merge("GET /x", { headers: { Accept: "text/html" } }).headers.accept).toBe("text/html");
    const upper = endpoint.defaults({ headers: { "X-Trace": "a" } });
    expect(upper.merge("GET /x", { headers: { "x-TRACE": "b" } }).headers).toEqual({ ...defaultHeaders, "x-trace": "b" });
  });

  it("lowercases header names before merging, so two spellings of one header become one", () => {
    const headers = endpoint.merge("GET /x", { headers: { "X-A": "1", "x-a": "2" } }).headers;
    expect(headers["x-a"]).toBe("2");
    expect(Object.keys(headers).filter((name) => name.toLowerCase() === "x-a")).toEqual(["x-a"]);
  });

  it("removes headers whose value is undefined before merging, so the default of that name stays (as in @octokit/endpoint)", () => {
    const headers = endpoint.merge("GET /x", { headers: { "user-agent": undefined, "x-a": undefined } }).headers;
    expect(headers).toEqual(defaultHeaders);
    expect(headers).not.toHaveProperty("x-a");
  });

  it("keeps a default parameter when the call passes undefined for it", () => {
    expect(endpoint.defaults({ per_page: 100 }).merge("GET /x", { per_page: undefined }).per_page).toBe(100);
  });
});

describe("deep merging", () => {
  it("merges plain-object parameters key by key", () => {
    const base = endpoint.defaults({ filter: { state: "open", sort: "created" } });
    expect(base.merge("GET /x", { filter: { sort: "updated", dir: "asc" } }).filter).toEqual({ state: "open", sort: "updated", dir: "asc" });
  });

  it("merges request key by key at every depth", () => {
    const base = endpoint.defaults({ request: { retries: 3, hook: { before: "a" } } });
    expect(base.merge("GET /x", { request: { timeout: 5, hook: { after: "b" } } }).request).toEqual({ retries: 3, timeout: 5, hook: { before: "a", after: "b" } });
  });

  it("merges mediaType key by key", () => {
    const base = endpoint.defaults({ mediaType: { format: "raw" } });
    expect(base.merge("GET /x", { mediaType: { previews: ["mercy"] } }).mediaType).toEqual({ format: "raw", previews: ["mercy"] });
  });

  it("replaces arrays instead of merging them", () => {
    const base = endpoint.defaults({ labels: ["a", "b", "c"] });
    expect(base.merge("GET /x", { labels: ["z"] }).labels).toEqual(["z"]);
  });

  it("replaces anything that is not a plain object: a Date, a class instance, a Map, bytes", () => {
    const date = new Date(0);
    const bytes = new Uint8Array([1]);
    const base = endpoint.defaults({ a: { x: 1 }, b: { x: 1 }, c: { x: 1 } });
    const result = base.merge("POST /x", { a: date, b: bytes, c: new Map([["y", 2]]) });
    expect(result.a).toBe(date);
    expect(result.b).toBe(bytes);
    expect(result.c).toBeInstanceOf(Map);
  });

  it("lets a plain object replace a scalar and a scalar replace a plain object", () => {
    const base = endpoint.defaults({ a: 1, b: { x: 1 } });
    expect(base.merge("GET /x", { a: { y: 2 }, b: 2 })).toMatchObject({ a: { y: 2 }, b: 2 });
  });

  it("accumulates mediaType.previews: those set through defaults() first, then new ones, with no repeats", () => {
    const base = endpoint.defaults({ mediaType: { previews: ["mercy", "symmetra"] } });
    expect(base.merge("GET /x", { mediaType: { previews: ["squirrel-girl", "mercy"] } }).mediaType?.previews).toEqual(["mercy", "symmetra", "squirrel-girl"]);
  });

  it("drops a -preview suffix from preview names while merging", () => {
    expect(endpoint.merge("GET /x", { mediaType: { previews: ["symmetra-preview", "symmetra"] } }).mediaType?.previews).toEqual(["symmetra"]);
  });

  it("rejects objects nested too deeply to merge (ERR_TOO_LARGE) or a cycle (ERR_INVALID_PARAMETER), not a stack overflow", () => {
    const nest = (depth: number): Record<string, unknown> => (depth === 0 ? {} : { inner: nest(depth - 1) });
    expectEndpointError(() => endpoint.defaults({ request: nest(5000) }).merge("GET /x", { request: nest(5000) }), "ERR_TOO_LARGE");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expectEndpointError(() => endpoint.defaults({ filter: cyclic }).merge("GET /x", { filter: cyclic }), "ERR_INVALID_PARAMETER");
  });
});

describe("inputs are never mutated, at any depth", () => {
  it("leaves defaults, options and everything inside them as they were", () => {
    const defaults = { headers: { "X-A": "1" }, request: { hook: { a: 1 } }, mediaType: { previews: ["mercy"] }, filter: { a: "1" }, labels: ["x", "y"] };
    const options = { headers: { "X-B": "2" }, request: { hook: { b: 2 } }, mediaType: { previews: ["symmetra"], format: "raw" }, filter: { b: "3" } };
    const [defaultsBefore, optionsBefore] = [snapshotOf(defaults), snapshotOf(options)];
    const base = endpoint.defaults(defaults);
    base.merge("GET /x", options);
    base("GET /x{?filter*}", options);
    expect(defaults).toEqual(defaultsBefore);
    expect(options).toEqual(optionsBefore);
  });

  it("works on deeply frozen defaults and options", () => {
    const defaults = deepFreeze({ headers: { "X-A": "1" }, request: { hook: { a: 1 } }, mediaType: { previews: ["mercy"] }, filter: { a: "1" } });
    const options = deepFreeze({ headers: { "x-b": "2" }, request: { hook: { b: 2 } }, mediaType: { previews: ["symmetra"] }, filter: { b: "2" } });
    const result = endpoint.defaults(defaults).merge("GET /x", options);
    expect(result.request).toEqual({ hook: { a: 1, b: 2 } });
    expect(result.filter).toEqual({ a: "1", b: "2" });
    expect(result.mediaType?.previews).toEqual(["mercy", "symmetra"]);
  });

  it("returns a merged object that shares no plain object or array with the defaults", () => {
    const base = endpoint.defaults({ request: { hook: { a: 1 } }, list: [1] });
    const first = base.merge("GET /x");
    (first.request as { hook: { a: number } }).hook.a = 2;
    (first.list as number[]).push(2);
    first.headers.accept = "changed";
    const second = base.merge("GET /x");
    expect(second.request).toEqual({ hook: { a: 1 } });
    expect(second.list).toEqual([1]);
    expect(second.headers.accept).toBe(defaultHeaders.accept);
  });

  it("keeps the headers of defaults() independent of later changes to the headers object it was given", () => {
    const given = { headers: { "x-a": "1" } };
    const base = endpoint.defaults(given);
    given.headers["x-a"] = "changed";
    expect(base.DEFAULTS.headers["x-a"]).toBe("1");
    expect(base("GET /x").headers["x-a"]).toBe("1");
  });
});

describe("__proto__, constructor and prototype keys never change any prototype", () => {
  const hostile = (): Record<string, unknown> =>
    JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "prototype": {"polluted": "yes"}}') as Record<string, unknown>;

  it("merges them as plain keys, at the top level and nested, leaving Object.prototype alone", () => {
    const options = { ...hostile(), request: hostile(), filter: hostile(), headers: {} };
    Object.defineProperty(options, "__proto__", { value: { polluted: "yes" }, enumerable: true });
    const base = endpoint.defaults({ request: hostile(), filter: hostile() });
    const result = base.merge("POST /x", options);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(result.request)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(result)).toContain("__proto__");
    expect(Object.getOwnPropertyDescriptor(result.request, "__proto__")?.value).toEqual({ polluted: "yes" });
    expect((result as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("sends them in the body as plain keys without touching a prototype", () => {
    const result = endpoint("POST /x", hostile());
    const body = result.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("does not read constructor or toString from Object.prototype as parameter or template values", () => {
    expectEndpointError(() => loose("GET /{constructor}/{toString}"), "ERR_MISSING_PARAMETER");
    expect(endpoint("GET /{constructor}", { constructor: "c" }).url).toBe(`${api}/c`);
  });

  it("does not read a hostile key through headers either", () => {
    const headers = JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, string>;
    const result = endpoint("GET /x", { headers });
    expect(Object.getOwnPropertyDescriptor(result.headers, "__proto__")?.value).toBe("x");
    expect(result.headers.constructor).toBe("y");
    expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
  });

  it("accepts options created with Object.create(null)", () => {
    const options = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(mergeOptions(NO_DEFAULTS, "POST /x", options)).toEqual({ method: "POST", url: "/x", headers: {}, mediaType: { format: "" }, a: 1 });
  });
});

describe("what merge() accepts", () => {
  it("takes a route string, an options object, or a route string and options", () => {
    expect(endpoint.merge("GET /x").url).toBe("/x");
    expect(endpoint.merge({ url: "/x" }).url).toBe("/x");
    expect(endpoint.merge("GET /x", { a: 1 }).a).toBe(1);
  });

  it("rejects options that are not a plain object with an EndpointError", () => {
    expectEndpointError(() => endpoint.merge("GET /x", 5 as never), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => endpoint.merge("GET /x", [] as never), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => endpoint.merge("GET /x", new Map() as never), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => endpoint.merge(null as never), "ERR_INVALID_ROUTE");
    expectEndpointError(() => endpoint.merge(42 as never), "ERR_INVALID_ROUTE");
  });
});

describe("merge() checks headers as it merges them", () => {
  it("refuses a header value with CR or LF, as endpoint() does, so merged options never carry an injected line", () => {
    expectEndpointError(() => loose.merge("GET /x", { headers: { "x-a": "1\r\nx-b: 2" } }), "ERR_INVALID_HEADER");
    expectEndpointError(() => loose.merge("GET /x", { headers: { "x-a": null } }), "ERR_INVALID_HEADER");
  });
});
