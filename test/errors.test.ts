// Errors: one EndpointError class, a stable code for each problem, a message naming route and problem
// (DECISIONS "Errors").
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError, type EndpointErrorCode } from "../src/index.js";
import { endpointErrorOf, loose } from "./helpers.js";

/** For every code: a call through the public API that must fail with it, the route it must name, and what the message must say. */
const reachable: [EndpointErrorCode, string, () => unknown, string, RegExp][] = [
  ["ERR_INVALID_ROUTE", "a route of three words", () => loose("GET /a /b"), "GET /a /b", /3 words/],
  ["ERR_INVALID_METHOD", "a method that is not a token", () => loose("GE:T /user"), "GE:T", /not an HTTP token/],
  ["ERR_URL_REQUIRED", "options without url", () => loose({ method: "POST" }), "POST", /url is required/],
  ["ERR_INVALID_BASE_URL", "a relative baseUrl", () => endpoint("GET /user", { baseUrl: "api.github.com" }), "GET /user", /absolute URL/],
  ["ERR_INVALID_TEMPLATE", "an unclosed expression", () => loose("GET /repos/{owner"), "GET /repos/{owner", /never closed/],
  ["ERR_MISSING_PARAMETER", "a placeholder without a value", () => loose("GET /repos/{owner}/{repo}", { owner: "o" }), "GET /repos/{owner}/{repo}", /"repo"/],
  ["ERR_INVALID_HEADER", "a header value with CRLF", () => endpoint("GET /user", { headers: { "x-a": "1\r\nx-b: 2" } }), "GET /user", /"x-a"/],
  ["ERR_INVALID_PARAMETER", "an object in the query", () => endpoint("GET /user", { filter: { a: 1 } }), "GET /user", /"filter"/],
];

describe("EndpointError", () => {
  it("is an Error with name EndpointError, a code, a message and the route", () => {
    const error = new EndpointError("ERR_URL_REQUIRED", "url is required", "GET /x");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("EndpointError");
    expect(error.code).toBe("ERR_URL_REQUIRED");
    expect(error.route).toBe("GET /x");
    expect(error.message).toBe("GET /x: url is required");
    expect(String(error)).toBe("EndpointError: GET /x: url is required");
  });

  it("has a stack trace", () => {
    expect(endpointErrorOf(() => loose("GET /{a}")).stack).toContain("EndpointError");
  });
});

describe("every error code is reachable through the public API", () => {
  for (const [code, label, action, route, problem] of reachable) {
    it(`${code} for ${label}; the message names the route and the problem`, () => {
      const error = endpointErrorOf(action);
      expect(error).toBeInstanceOf(Error);
      expect(error.code).toBe(code);
      expect(error.message).toContain(route);
      expect(error.message).toMatch(problem);
    });
  }

  it("covers all eight codes DECISIONS.md lists", () => {
    expect(new Set(reachable.map(([code]) => code)).size).toBe(8);
  });
});

describe("the route is named wherever the problem is found", () => {
  it.each([
    ["headers that are not an object", () => loose("GET /user", { headers: "x" })],
    ["a header name that is not a token", () => loose("GET /user", { headers: { "bad name": "x" } })],
    ["a header value that is not a string or number", () => loose("GET /user", { headers: { "x-a": null } })],
    ["mediaType.previews that is not an array", () => loose("GET /user", { mediaType: { previews: "mercy" } })],
    ["a bad mediaType.format", () => loose("GET /user", { mediaType: { format: "a b" } })],
    ["a request option that is not an object", () => loose("GET /user", { request: 1 })],
    ["a bad value in the path", () => loose("GET /user/{id}", { id: Symbol("s") })],
    ["a lone surrogate in the query", () => loose("GET /user", { q: "\ud800" })],
  ])("names the route for %s", (_, action) => {
    const error = endpointErrorOf(action);
    expect(error.message).toContain("GET /user");
    expect(error.route).toMatch(/^GET \/user/);
  });

  it("names the route of an options object too", () => {
    expect(endpointErrorOf(() => loose({ method: "patch", url: "/repos/{owner}" })).message).toContain("PATCH /repos/{owner}");
  });

  it("names the route in errors from parse()", () => {
    const error = endpointErrorOf(() => endpoint.parse(endpoint.merge("DELETE /gists/{gist_id}")));
    expect(error.message).toContain("DELETE /gists/{gist_id}");
  });

  it("shortens a very long route in the message instead of repeating it whole", () => {
    const url = `/a/${"x".repeat(100_000)}/{missing}`;
    const error = endpointErrorOf(() => endpoint({ method: "GET", url }));
    expect(error.code).toBe("ERR_MISSING_PARAMETER");
    expect(error.message.length).toBeLessThan(1000);
  });

  it("never cuts a long message between the two halves of a surrogate pair, even after escaping lengthened it", () => {
    // Escaping C1 controls (1 character each, 6 escaped) pushes the message past its limit after the first cut; the
    // second cut then fell inside a pair of the 😀 in the parameter's name, leaving a lone surrogate in the message.
    const name = `${"\x85".repeat(63)}${"😀".repeat(60)}`;
    const error = endpointErrorOf(() => endpoint({ method: "GET", url: `/${"%85".repeat(8)}${"😀".repeat(40)}`, [name]: { a: 1 } }));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message.length).toBeGreaterThan(1000);
    expect(error.message).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});

describe("nothing but EndpointError for bad input", () => {
  const badInputs: [string, () => unknown][] = [
    ["endpoint()", () => loose(undefined)],
    ["endpoint(null)", () => loose(null)],
    ["endpoint(42)", () => loose(42)],
    ["endpoint([])", () => loose([])],
    ["endpoint(route, 'string')", () => loose("GET /x", "string")],
    ["endpoint(route, null)", () => loose("GET /x", null)],
    ["a method that is a number", () => loose({ method: 1, url: "/x" })],
    ["a url that is an object", () => loose({ method: "GET", url: { path: "/x" } })],
    ["a baseUrl that is a number", () => loose("GET /x", { baseUrl: 1 })],
    ["a baseUrl with a query", () => loose("GET /x", { baseUrl: "https://a.example?x=1" })],
    ["a template value that is a function", () => loose("GET /{a}", { a: () => 1 })],
    ["a prefix applied to a list", () => loose("GET /{a:2}", { a: ["x"] })],
    ["a query value that is a Map", () => loose("GET /x", { a: new Map() })],
    ["parse(undefined)", () => endpoint.parse(undefined as never)],
    ["parse() with headers as a string", () => endpoint.parse({ method: "GET", url: "/x", baseUrl: "https://a", headers: "x" } as never)],
    ["parse() with mediaType as null", () => endpoint.parse({ method: "GET", url: "/x", baseUrl: "https://a", headers: {}, mediaType: null } as never)],
    ["parse() without baseUrl for a path", () => endpoint.parse({ method: "GET", url: "/x", headers: {} } as never)],
    ["defaults(null)", () => endpoint.defaults(null as never)],
    ["defaults() with a bad method", () => endpoint.defaults({ method: "G T" })],
    ["defaults() with a method that is a number", () => endpoint.defaults({ method: 5 as never })],
    ["merge() of an array", () => endpoint.merge([] as never)],
  ];
  it.each(badInputs)("throws an EndpointError for %s", (_, action) => {
    const error = endpointErrorOf(action);
    expect(error).toBeInstanceOf(EndpointError);
    expect(error.code).toMatch(/^ERR_[A-Z_]+$/);
  });
});
