// Rules of described routes that a hand-edited route table or an endpoint's defaults could bend (issue 30, classes 11
// and 12; SECURITY.md "Described routes: issue 30"): a cookie never takes allowReserved, a header parameter is found
// by one lookup, and the defaults' data is left out of a route without a body, as any other default it does not have.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectLinear } from "../growth.js";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { describedRoutes, fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";

const BASE = "https://api.example";
type Call = (route: string, options?: unknown) => RequestOptions;

/** An endpoint on a hand-edited route table: the entries as written, adopted as describedRoutes() adopts any. */
const onTable = (routes: object): Call => endpoint.defaults(describedRoutes({ baseUrl: BASE, "x-endpointkit-routes": routes }) as never) as unknown as Call;

/** An endpoint on a description of its own. */
const onDocument = (paths: object): Call => endpoint.defaults(fromOpenApi({ openapi: "3.1.0", servers: [{ url: BASE }], paths })) as unknown as Call;

describe("class 11: a cookie value never splits the cookie header", () => {
  it("refuses a hand-edited entry that gives a cookie allowReserved (ERR_INVALID_ROUTE), which would keep ; and =", () => {
    const api = onTable({ "GET /a": { parameters: [{ name: "session", in: "cookie", allowReserved: true }] } });
    const error = expectEndpointError(() => api("GET /a", { session: "a; admin=1" }), "ERR_INVALID_ROUTE");
    expect(error.message).toContain("GET /a");
    expect(error.message).toContain("not one that fromOpenApi() writes");
  });

  it("keeps allowReserved where fromOpenApi() writes it, on a query parameter", () => {
    const api = onTable({ "GET /a": { parameters: [{ name: "next", in: "query", allowReserved: true }, { name: "session", in: "cookie" }] } });
    const request = api("GET /a", { next: "/b?c=d", session: "a; admin=1" });
    expect(request.url).toBe(`${BASE}/a?next=/b?c=d`);
    expect(request.headers.cookie).toBe("session=a%3B%20admin%3D1");
  });

  it("leaves out a description's allowReserved on a cookie, which OpenAPI gives no meaning there", () => {
    const api = onDocument({ "/a": { get: { parameters: [{ name: "session", in: "cookie", allowReserved: true }] } } });
    expect(api("GET /a", { session: "a;b=c,d" }).headers.cookie).toBe("session=a%3Bb%3Dc%2Cd");
  });

  it("writes any name and any value of a cookie parameter, text, list, map or JSON, as exactly its own name=value pairs", () => {
    const text = fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }), fc.constantFrom(";", "=", ",", " ", "; a=b", "\r\n", '"', "%3B"));
    const reserved = new Set(["headers", "data", "request", "auth", "method", "url", "baseUrl", "mediaType", "x-endpointkit-routes"]);
    const style = fc.constantFrom<object>({}, { explode: false }, { content: { "application/json": {} } });
    const value = fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 3 }), fc.dictionary(text, text, { minKeys: 1, maxKeys: 3 }));
    fc.assert(
      fc.property(
        text.filter((name) => !reserved.has(name)),
        style,
        value,
        (name, extra, given) => {
          const api = onDocument({ "/a": { get: { parameters: [{ name, in: "cookie", allowReserved: true, ...extra }] } } });
          const options = {};
          Object.defineProperty(options, name, { value: given, enumerable: true });
          const cookie = api("GET /a", options).headers.cookie as string;
          // "; " separates cookies: the only ";" and white space in the header are those, each pair holds one "=", and
          // a "," is only the delimiter of a list that is not exploded (each item's own are encoded).
          const pairs = cookie.split("; ").map((pair) => {
            expect(pair).not.toMatch(/[;\s"\\]/);
            expect(pair.split("=")).toHaveLength(2);
            return pair.split("=").map((part) => part.split(",").map(decodeURIComponent));
          });
          // The pairs give back the name and the value, as the style writes them.
          const list = Array.isArray(given);
          const map = typeof given === "object" && !list;
          if ("content" in extra) expect(pairs.map(([n, v]) => [n!.join(), JSON.parse(v!.join())])).toEqual([[name, given]]);
          else if (typeof given === "string") expect(pairs).toStrictEqual([[[name], [given]]]);
          else if ("explode" in extra) expect(pairs).toStrictEqual([[[name], list ? given : Object.entries(given).flat()]]);
          else if (list) expect(pairs).toStrictEqual(given.map((item) => [[name], [item]]));
          else if (map) expect(pairs).toStrictEqual(Object.entries(given).map(([key, item]) => [[key], [item]]));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("class 12: header parameters and the defaults' data", () => {
  it("finds each described header parameter with one lookup: 30,000 on a route, all given, in a plain route's order of time", () => {
    const callOf = (n: number) => {
      const parameters = Array.from({ length: n }, (_, i) => ({ name: `X-H${i}`, in: "header" }));
      const api = onDocument({ "/h": { get: { parameters } } });
      const headers: Record<string, number | boolean> = {};
      for (let i = 0; i < n; i++) headers[`x-h${i}`] = i % 2 === 0 ? i : true;
      api("GET /h", { headers: { "x-h0": 1 } });
      return () => api("GET /h", { headers });
    };
    const request = callOf(30_000)();
    expect(request.headers["x-h29998"]).toBe("29998");
    expect(request.headers["x-h29999"]).toBe("true");
    // Issue 30 measured 20,000 of them: 8.8 s before (a search of every parameter for each header), 45 ms on a plain
    // route. Judged by growth in one run (test/growth.ts): 30,000 cost about what 1,875 do 16 times (a search: 16 times more).
    expectLinear("header parameters", callOf, 1875, 2);
  });

  it("writes a header by the first parameter of its name, whatever case the caller spells it in", () => {
    const api = onDocument({ "/h": { get: { parameters: [{ name: "X-List", in: "header", explode: true }] } } });
    expect(api("GET /h", { headers: { "X-LIST": { a: 1, b: 2 } } }).headers["x-list"]).toBe("a=1,b=2");
  });

  const paths = {
    "/items": { get: { parameters: [{ name: "page", in: "query" }] } },
    "/notes": { post: { requestBody: { content: { "application/json": { schema: { type: "object" } } } } } },
  };

  it("leaves the defaults' data out of a route without a body, as any other default the route does not have", () => {
    const api = (endpoint.defaults(fromOpenApi({ openapi: "3.1.0", servers: [{ url: BASE }], paths })) as unknown as { defaults(o: object): Call }).defaults({ data: { text: "hello" } });
    const request = api("GET /items", { page: 2 });
    expect(request.url).toBe(`${BASE}/items?page=2`);
    expect(request.body).toBeUndefined();
    // A route with a body takes it.
    expect(api("POST /notes").body).toStrictEqual({ text: "hello" });
  });

  it("refuses the caller's own data on a route without a body (ERR_INVALID_PARAMETER), and takes data holding undefined as none", () => {
    const api = onDocument(paths);
    const error = expectEndpointError(() => api("GET /items", { data: { text: "hello" } }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"data"');
    expect(api("GET /items", { data: undefined }).body).toBeUndefined();
  });
});
