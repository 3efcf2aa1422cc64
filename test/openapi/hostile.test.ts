// Hostile input on described routes (SECURITY.md "Described routes and fromOpenApi"): header injection through a
// route table's media types, and values a JSON-described parameter or multipart part cannot hold.
import { describe, expect, it } from "vitest";
import { expectLinear } from "../growth.js";
import { endpoint } from "../../src/index.js";
import { describedRoutes, fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError, loosen } from "../helpers.js";

const api = loosen(endpoint.defaults(
  fromOpenApi({
    openapi: "3.1.0",
    servers: [{ url: "https://api.example" }],
    paths: {
      "/p": {
        get: {
          parameters: [
            { name: "j", in: "query", content: { "application/json": {} } },
            { name: "h", in: "header", content: { "application/json": {} } },
          ],
        },
      },
      "/m/{x}": { get: { parameters: [{ name: "x", in: "path", style: "matrix", explode: true }] } },
      "/q": {
        get: {
          parameters: [
            { name: "f", in: "query", style: "form", explode: true },
            { name: "n", in: "query", style: "form", explode: false },
            { name: "s", in: "query", style: "spaceDelimited", explode: false },
          ],
        },
      },
      "/l/{x}": { get: { parameters: [{ name: "x", in: "path", style: "label" }] } },
      "/mp": { post: { requestBody: { content: { "multipart/form-data": { schema: { type: "object", properties: { a: {} } } } } } } },
      "/f": {
        post: {
          requestBody: {
            content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { a: {} } }, encoding: { a: { contentType: "application/json" } } } },
          },
        },
      },
    },
  }),
));

describe("a route table's media types are header values", () => {
  const table = (entry: object) => endpoint.defaults(describedRoutes({ baseUrl: "https://api.example", "x-endpointkit-routes": { "POST /a": entry } }));

  it("refuses a body media type holding CR, LF or NUL (it becomes the content-type header)", () => {
    for (const mediaType of ["text/x\r\nX-Evil: 1", "multipart/form-data\r\nX: 1", "text/a\u0000b"]) {
      expectEndpointError(() => table({ body: { mediaType } })("POST /a", { data: "x" }), "ERR_INVALID_HEADER");
    }
  });

  it("refuses an operation's accept holding CR or LF (it becomes the accept header)", () => {
    expectEndpointError(() => table({ accept: "x/y\r\nX-Evil: 1" })("POST /a"), "ERR_INVALID_HEADER");
  });

  it("refuses such a media type read from a description", () => {
    const defaults = fromOpenApi({ openapi: "3.0.0", servers: [{ url: "https://a.example" }], paths: { "/a": { post: { requestBody: { content: { "text/x\r\nX-Evil: 1": {} } } } } } });
    expectEndpointError(() => endpoint.defaults(defaults)("POST /a", { data: "x" }), "ERR_INVALID_HEADER");
  });
});

describe("JSON-described values are written without calling the caller's code", () => {
  const cyclic: { self?: unknown } = {};
  cyclic.self = cyclic;

  it("refuses what JSON cannot hold instead of dropping it or sending \"undefined\"", () => {
    for (const bad of [() => 1, Symbol("s"), 1n, Number.NaN, { deep: [() => 1] }]) {
      expectEndpointError(() => api("GET /p", { j: bad }), "ERR_INVALID_PARAMETER");
      expectEndpointError(() => api("GET /p", { headers: { h: bad } }), "ERR_INVALID_PARAMETER");
      expectEndpointError(() => api("POST /mp", { a: typeof bad === "object" ? bad : { bad } }), "ERR_INVALID_PARAMETER");
      expectEndpointError(() => api("POST /f", { a: bad }), "ERR_INVALID_PARAMETER");
    }
  });

  it("bounds nesting and cycles with ERR_TOO_LARGE", () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    for (const value of [cyclic, deep]) {
      expectEndpointError(() => api("GET /p", { j: value }), "ERR_TOO_LARGE");
      expectEndpointError(() => api("POST /mp", { a: value }), "ERR_TOO_LARGE");
    }
  });

  it("never calls toJSON (a function is refused), and reads each property once", () => {
    let called = false;
    const withToJSON = {
      toJSON: () => {
        called = true;
        return "replaced";
      },
    };
    expectEndpointError(() => api("GET /p", { j: withToJSON }), "ERR_INVALID_PARAMETER");
    expect(called).toBe(false);
    let reads = 0;
    const value = {
      get x() {
        reads++;
        return [1, "a", null, undefined, new Date(0)];
      },
    };
    const request = api("GET /p", { j: { v: value } });
    expect(reads).toBe(1);
    expect(JSON.parse(decodeURIComponent(new URL(request.url).search.slice(3)))).toEqual({ v: { x: [1, "a", null, null, "1970-01-01T00:00:00.000Z"] } });
  });

  it("writes the same JSON text as JSON.stringify for plain JSON data", () => {
    const data = { a: [1, 2.5, -0, "\u2028\ud800\"", { b: null, c: true }], "k\n": {} };
    const request = api("GET /p", { headers: { h: data } });
    expect(request.headers.h).toBe(JSON.stringify(data));
  });
});

describe("a query map is read once, whatever its style", () => {
  it("reads each property of a form, unexploded form or spaceDelimited map once, and sends what it read", () => {
    for (const [name, expected] of [
      ["f", "a=1"],
      ["n", "n=a,1"],
      ["s", "s=a%201"],
    ] as const) {
      let reads = 0;
      const map = {
        get a() {
          reads++;
          return reads === 1 ? "1" : undefined;
        },
      };
      expect(api("GET /q", { [name]: map }).url).toBe(`https://api.example/q?${expected}`);
      expect(reads).toBe(1);
    }
  });
});

describe("a path parameter is required in every style, and read once", () => {
  it("refuses an undefined, null, empty list or empty map in the label and matrix styles, as in the simple style", () => {
    for (const route of ["GET /m/{x}", "GET /l/{x}"]) {
      for (const x of [undefined, null, [], {}]) expectEndpointError(() => api(route, { x }), "ERR_MISSING_PARAMETER");
    }
  });

  it("checks the value the URL was built from: a getter answering undefined, then a value, is missing", () => {
    let reads = 0;
    const options = {
      get x() {
        return reads++ === 0 ? undefined : "a";
      },
    };
    expectEndpointError(() => api("GET /m/{x}", options), "ERR_MISSING_PARAMETER");
    expect(reads).toBe(1);
    reads = 0;
    const other = {
      get x() {
        return reads++ === 0 ? "a" : undefined;
      },
    };
    expect(api("GET /m/{x}", other).url).toBe("https://api.example/m/;x=a");
    expect(reads).toBe(1);
  });
});

describe("no quadratic time on a description's paths and servers (SECURITY.md's regex audit)", () => {
  // As test/hostile/linear-time.test.ts: judged by the growth from 25,000 to 400,000 characters, measured in one run
  // (test/growth.ts); the quadratic code took over 20 s at 400,000.

  it("trims a server URL's trailing slashes, with a long run of slashes inside it", () => {
    const defaults = (url: string) => fromOpenApi({ openapi: "3.0.0", servers: [{ url }], paths: {} });
    expect(defaults("https://a.example/v1//").baseUrl).toBe("https://a.example/v1");
    expect(defaults(`https://a.example/a${"/".repeat(400_000)}b/`).baseUrl).toBe(`https://a.example/a${"/".repeat(400_000)}b`);
    expectLinear("trailing slashes", (n) => {
      const url = `https://a.example/a${"/".repeat(n)}b/`;
      return () => defaults(url);
    }, 25_000);
  });

  it("cuts a path's fragment at the first # outside an expression, in a path of many #", () => {
    const call = (path: string, options?: object) => loosen(endpoint.defaults(fromOpenApi({ openapi: "3.0.0", servers: [{ url: "https://a.example" }], paths: { [path]: { get: {} } } })))(`GET ${path}`, options);
    expect(call("/files/{id}#add", { id: "1" }).url).toBe("https://a.example/files/1");
    expect(call("/files/{id}#a{b}", { id: "1" }).url).toBe("https://a.example/files/1");
    // The "}" of no placeholder is literal text (OpenAPI path templating: the table's path writes it %7D), and the
    // fragment that holds it is cut.
    expect(call(`/a${"#".repeat(400_000)}}`).url).toBe("https://a.example/a");
    expectLinear("a path of many #", (n) => {
      const path = `/a${"#".repeat(n)}}`;
      return () => call(path);
    }, 25_000);
  });
});

describe("the compiled plans of a route table stay bounded", () => {
  it("compiles each described route once, however its method is spelled", async () => {
    const { describedPlan } = await import("../../src/openapi/plan.js");
    const { ALL_WRITERS } = await import("../../src/openapi/writers.js");
    const table = Object.freeze({ "DELETE /x": Object.freeze({}) });
    const plan = describedPlan(table, "DELETE", "/x", ALL_WRITERS);
    for (const spelling of ["delete", "Delete", "dElEtE", "DELETE"]) expect(describedPlan(table, spelling, "/x", ALL_WRITERS)).toBe(plan);
    expect(describedPlan(table, "GET", "/x", ALL_WRITERS)).toBeUndefined();
  });
});

describe("a query or cookie parameter the caller leaves out is not read from Object.prototype", () => {
  it("neither fills a required one nor sends an optional one with a value set on Object.prototype under its slot", () => {
    // A call keeps its query and cookie values by slot (0, 1, ...): a slot nothing was written to must not be looked
    // up on Array.prototype and Object.prototype, where a prototype pollution ("__proto__": {"0": ...}) puts values.
    const slotted = loosen(endpoint.defaults(
      fromOpenApi({
        openapi: "3.1.0",
        servers: [{ url: "https://api.example" }],
        paths: { "/s": { get: { parameters: [{ name: "id", in: "query", required: true }, { name: "page", in: "query" }, { name: "session", in: "cookie" }] } } },
      }),
    ));
    expect(slotted("GET /s", { id: "1" })).toMatchObject({ url: "https://api.example/s?id=1" });
    for (const key of ["0", "1", "2"]) Object.defineProperty(Object.prototype, key, { value: `evil${key}`, configurable: true, writable: true });
    try {
      const request = slotted("GET /s", { id: "1" });
      expect(request.url).toBe("https://api.example/s?id=1");
      expect(request.headers.cookie).toBeUndefined();
      expect(expectEndpointError(() => slotted("GET /s", {}), "ERR_MISSING_PARAMETER").message).toContain('"id"');
    } finally {
      for (const key of ["0", "1", "2"]) delete (Object.prototype as Record<string, unknown>)[key];
    }
  });
});
