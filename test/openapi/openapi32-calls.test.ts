// OpenAPI 3.2 at call time (DECISIONS "Described routes"; issue 31 item 8), each case written from the OpenAPI 3.2.0
// specification's own text and examples and citing its section: `in: querystring` (Parameter Locations; Parameter
// Object Examples), `style: cookie` (Style Values; Style Examples; Appendix D), the `query` operation and
// `additionalOperations` (Path Item Object). Route tables are written by hand, as fromOpenApi() writes them for a 3.2
// description (test/openapi/openapi32.test.ts checks that reading), and adopted through describedRoutes().
import { describe, expect, it } from "vitest";
import { loose, expectEndpointError } from "../helpers.js";
import { describedRoutes, fromOpenApi, type RouteTable } from "../../src/openapi/index.js";
import { toFetchArgs } from "../../src/index.js";

const BASE = "https://example.com";
const onTable = (routes: RouteTable) => loose.defaults(describedRoutes({ baseUrl: BASE, "x-endpointkit-routes": routes }));

describe("in: querystring, one value that is the whole query (3.2.0, Parameter Locations)", () => {
  const api = onTable({
    "GET /form": { parameters: [{ name: "q", in: "querystring", mediaType: "application/x-www-form-urlencoded" }] },
    "GET /foo": { parameters: [{ name: "json", in: "querystring", mediaType: "application/json", required: true, json: true }] },
    "GET /path": { parameters: [{ name: "selector", in: "querystring", mediaType: "application/jsonpath" }] },
  });

  it("writes form-urlencoded as the form text of an object (Parameter Object Examples: foo=a+%2B+b&bar=true)", () => {
    const { url } = api("GET /form", { q: { foo: "a + b", bar: true } });
    const query = url.slice(`${BASE}/form?`.length);
    // The specification writes spaces as "+", which form-urlencoded allows; both read back as the same pairs.
    expect([...new URLSearchParams(query)]).toEqual([...new URLSearchParams("foo=a+%2B+b&bar=true")]);
    expect(query).toBe("foo=a%20%2B%20b&bar=true");
  });

  it("takes a form text given as a string (encoding only what a query cannot hold) or a URLSearchParams", () => {
    expect(api("GET /form", { q: "foo=a+%2B+b&bar=true" }).url).toBe(`${BASE}/form?foo=a+%2B+b&bar=true`);
    expect(api("GET /form", { q: "a=b c#d&é=1" }).url).toBe(`${BASE}/form?a=b%20c%23d&%C3%A9=1`);
    expect(api("GET /form", { q: new URLSearchParams({ foo: "a + b", bar: "true" }) }).url).toBe(`${BASE}/form?foo=a+%2B+b&bar=true`);
  });

  it("writes JSON as its JSON text, percent-encoded (Parameter Object Examples: the full URL of /foo)", () => {
    const { url } = api("GET /foo", { json: { numbers: [1, 2], flag: null } });
    expect(url).toBe("https://example.com/foo?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D");
  });

  it("writes another media type's text percent-encoded (Parameter Object Examples: JSONPath)", () => {
    expect(api("GET /path", { selector: "$.a.b[1:1]" }).url).toBe("https://example.com/path?%24.a.b%5B1%3A1%5D");
    expectEndpointError(() => api("GET /path", { selector: { a: 1 } }), "ERR_INVALID_PARAMETER");
  });

  it("requires a required one, and sends no query without a value", () => {
    expectEndpointError(() => api("GET /foo", {}), "ERR_MISSING_PARAMETER");
    expect(api("GET /form", {}).url).toBe(`${BASE}/form`);
  });

  it("refuses a hand-edited entry with a query parameter beside it (MUST NOT appear ... as any in: query parameters)", () => {
    const bad = onTable({ "GET /a": { parameters: [{ name: "q", in: "querystring", mediaType: "application/json" }, { name: "page", in: "query" }] } });
    expectEndpointError(() => bad("GET /a", {}), "ERR_INVALID_ROUTE");
  });

  it("sends the specification's JSON example read from a 3.2 description by fromOpenApi()", () => {
    const document = {
      openapi: "3.2.0",
      servers: [{ url: BASE }],
      paths: { "/foo": { get: { parameters: [{ in: "querystring", name: "json", content: { "application/json": { schema: { type: "object" } } } }] } } },
    };
    const { url } = loose.defaults(fromOpenApi(document))("GET /foo", { json: { numbers: [1, 2], flag: null } });
    expect(url).toBe("https://example.com/foo?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D");
  });
});

describe("style: cookie, form's pairs joined by '; ' and not percent-encoded (3.2.0, Style Values and Style Examples)", () => {
  const api = onTable({
    "GET /exploded": { parameters: [{ name: "color", in: "cookie", style: "cookie" }] },
    "GET /joined": { parameters: [{ name: "color", in: "cookie", style: "cookie", explode: false }] },
    "GET /form": { parameters: [{ name: "color", in: "cookie" }] },
  });
  const cookie = (route: string, color: unknown) => api(route, { color }).headers.cookie;

  it("writes the Style Examples table's cookie rows", () => {
    expect(cookie("GET /exploded", "blue")).toBe("color=blue");
    expect(cookie("GET /exploded", ["blue", "black", "brown"])).toBe("color=blue; color=black; color=brown");
    expect(cookie("GET /exploded", { R: 100, G: 200, B: 150 })).toBe("R=100; G=200; B=150");
    expect(cookie("GET /joined", ["blue", "black", "brown"])).toBe("color=blue,black,brown");
    expect(cookie("GET /joined", { R: 100, G: 200, B: 150 })).toBe("color=R,100,G,200,B,150");
  });

  it("sends a value escaped already as given, where form percent-encodes it (Appendix D, Percent-Encoding and Cookies)", () => {
    expect(cookie("GET /exploded", "a%20b")).toBe("color=a%20b");
    expect(cookie("GET /form", "a%20b")).toBe("color=a%2520b");
  });

  it("refuses what would need escaping (\"data values that require any sort of escaping MUST be provided in escaped form\")", () => {
    for (const value of ["a b", "a;b", "x\r\nSet-Cookie: y", "日本"]) {
      const error = expectEndpointError(() => cookie("GET /exploded", value), "ERR_INVALID_PARAMETER");
      expect(error.message).toContain('"color"');
    }
    // An exploded map's keys are cookie names: each must be a token.
    expectEndpointError(() => cookie("GET /exploded", { "a=b": 1 }), "ERR_INVALID_PARAMETER");
  });
});

describe("the query operation and additionalOperations (3.2.0, Path Item Object)", () => {
  const api = onTable({
    "QUERY /products": { body: { mediaType: "application/json", properties: ["filter"] } },
    "COPY /pets/{id}": { parameters: [{ name: "id", in: "path" }] },
    "Purge /cache": { parameters: [{ name: "all", in: "query" }] },
    "PURGE /cache": { parameters: [{ name: "tag", in: "query" }] },
  });

  it("sends a QUERY with its body", () => {
    expect(api("QUERY /products", { filter: "red" })).toMatchObject({ url: `${BASE}/products`, body: { filter: "red" } });
  });

  it("finds the route whose key is written as the call writes the method first (\"the same capitalization that is to be sent\")", () => {
    expect(api("Purge /cache", { all: true }).url).toBe(`${BASE}/cache?all=true`);
    expect(api("PURGE /cache", { tag: "x" }).url).toBe(`${BASE}/cache?tag=x`);
    expectEndpointError(() => api("Purge /cache", { tag: "x" }), "ERR_INVALID_PARAMETER");
  });

  it("sends an additional operation's method in the case its key is written, the fixed fields' lowercase as every route's", () => {
    expect(api("Purge /cache", {}).method).toBe("Purge");
    expect(api("copy /pets/{id}", { id: 1 }).method).toBe("COPY");
    expect(api("QUERY /products", {}).method).toBe("query");
    expect(toFetchArgs(api("Purge /cache", {}))[1].method).toBe("Purge");
    expect(toFetchArgs(api("QUERY /products", {}))[1].method).toBe("QUERY");
  });

  it("else the uppercase key, as fromOpenApi() writes the fixed fields' methods", () => {
    expect(api("copy /pets/{id}", { id: 3 }).url).toBe(`${BASE}/pets/3`);
    expect(api("purge /cache", { tag: "y" }).url).toBe(`${BASE}/cache?tag=y`);
  });

  it("reaches an additional operation fromOpenApi() keys in its own case", () => {
    const document = { openapi: "3.2.0", servers: [{ url: BASE }], paths: { "/a": { additionalOperations: { Purge: { parameters: [{ name: "all", in: "query" }] } } } } };
    expect(loose.defaults(fromOpenApi(document))("Purge /a", { all: 1 }).url).toBe(`${BASE}/a?all=1`);
  });
});
