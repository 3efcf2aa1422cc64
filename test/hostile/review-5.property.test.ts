// A fifth adversarial review, of the one pipeline (src/plan.ts, src/run.ts, src/merge.ts, src/endpoint.ts) and of
// described routes at call time (src/openapi/plan.ts, src/openapi/call.ts). Each test is one finding, written against
// the public entries only, and fails on the code reviewed (e5eed55): it states what DECISIONS.md, SECURITY.md or the
// README promise and shows the input that breaks it.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { endpoint, EndpointError, type Endpoint, type RequestOptions } from "../../src/index.js";
import { endpoint as octokitEndpoint } from "../../src/octokit.js";
import { describedRoutes, fromOpenApi } from "../../src/openapi/index.js";
import { settle } from "../helpers.js";

type Call = (route?: unknown, options?: unknown) => RequestOptions;
type Api = Call & { merge: (route?: unknown, options?: unknown) => Record<string, unknown>; parse: (options: unknown) => RequestOptions; defaults: (options: unknown) => Api; DEFAULTS: Record<string, unknown> };
const ENTRIES: readonly [string, Endpoint][] = [
  ["endpointkit", endpoint],
  ["endpointkit/octokit", octokitEndpoint],
];
const asApi = (value: unknown): Api => value as Api;


/** endpoint(r, o) and parse(merge(r, o)): DECISIONS "Described routes" wants the same request or the same code. */
function bothWays(api: Api, route: unknown, options?: unknown): [unknown, unknown] {
  return [settle(() => api(route, options)), settle(() => api.parse(api.merge(route, options)))];
}

/** A form or multipart body compared by its entries (FormData objects are never equal to one another). */
function comparable(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, item: unknown) => (item instanceof FormData ? [...item.entries()].map(String) : item)));
}

const API = "https://api.example";
const parameter = (name: string, where: string, extra: object = {}): object => ({ name, in: where, ...extra });

describe("1. a call's method moves a described request to an operation's own server (class 12, difference 16)", () => {
  // GET /items/{id} is on the document's server; POST /items/{id} has its own server, another origin.
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: {
      "/items/{id}": {
        get: { parameters: [parameter("id", "path")] },
        post: { servers: [{ url: "https://other.example" }], parameters: [parameter("id", "path")] },
        delete: { parameters: [parameter("id", "path")] },
      },
    },
  };

  for (const [name, base] of ENTRIES) {
    it(`${name}: endpoint({ method: "POST" }) on defaults naming GET /items/{id} is refused, as parse(merge()) refuses it`, () => {
      const items = asApi(base.defaults(fromOpenApi(document) as never)).defaults({ url: "/items/{id}" });
      const [direct, merged] = bothWays(items, { method: "POST", id: 1 });
      // Today: endpoint() sends POST https://other.example/items/1 (headers and all); parse(merge()) throws.
      expect(merged).toEqual({ code: "ERR_INVALID_ROUTE" });
      expect(direct).toEqual(merged);
    });

    it(`${name}: property: with or without the defaults' url written again, endpoint() and parse(merge()) agree`, () => {
      const items = asApi(base.defaults(fromOpenApi(document) as never)).defaults({ url: "/items/{id}" });
      fc.assert(
        fc.property(fc.constantFrom("GET", "POST", "DELETE", "post", "Post", "get"), fc.boolean(), (method, writeUrl) => {
          const options = writeUrl ? { url: "/items/{id}", method, id: 1 } : { method, id: 1 };
          const [direct, merged] = bothWays(items, options);
          expect(direct).toEqual(merged);
          // Writing the url the defaults already name changes nothing.
          expect(settle(() => items({ method, id: 1 }))).toEqual(settle(() => items({ url: "/items/{id}", method, id: 1 })));
        }),
      );
    });
  }
});

describe("2. a described header parameter that is not text: endpoint() writes it, merge() refuses it", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: { "/h": { get: { parameters: [parameter("X-List", "header"), parameter("X-Json", "header", { content: { "application/json": {} } })] } } },
  };
  const value = fc.oneof(
    fc.array(fc.stringMatching(/^[a-z0-9]{1,5}$/), { minLength: 1, maxLength: 3 }),
    fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), fc.stringMatching(/^[a-z0-9]{1,4}$/), { minKeys: 1, maxKeys: 3 }),
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 20n }),
  );

  for (const [name, base] of ENTRIES) {
    it(`${name}: property: endpoint(r, o) and parse(merge(r, o)) give the same request (the Octokit path is merge then parse)`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never));
      fc.assert(
        fc.property(fc.constantFrom("x-list", "x-json", "X-List"), value, (header, given) => {
          const [direct, merged] = bothWays(api, "GET /h", { headers: { [header]: given } });
          // Today: endpoint() writes `x-list: a,b`; merge() throws ERR_INVALID_HEADER before the route's rules run.
          expect(merged).toEqual(direct);
        }),
        { numRuns: 50 },
      );
    });
  }
});

describe("3. a described body property taken from the defaults is the endpoint's own object (defaults share nothing)", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: { "/j": { patch: { requestBody: { content: { "application/json": { schema: { type: "object", properties: { a: {}, b: {} } } } } } } } },
  };

  for (const [name, base] of ENTRIES) {
    it(`${name}: changing a result's body changes neither DEFAULTS nor the next request`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never)).defaults({ a: { x: 1, list: [1] } });
      const first = api("PATCH /j", { b: 1 }) as { body: { a: { x: unknown; list: unknown[] } } };
      first.body.a.x = "changed";
      first.body.a.list.push("pushed");
      // Today the private defaults themselves change: DEFAULTS and every later request carry "changed".
      expect(api.DEFAULTS.a).toEqual({ x: 1, list: [1] });
      expect(api("PATCH /j", { b: 1 }).body).toEqual({ a: { x: 1, list: [1] }, b: 1 });
    });

    it(`${name}: property: a map merged over the defaults' one shares none of their nested objects`, () => {
      fc.assert(
        fc.property(fc.dictionary(fc.stringMatching(/^[a-z]{1,3}$/), fc.integer(), { maxKeys: 3 }), (given) => {
          const api = asApi(base.defaults(fromOpenApi(document) as never)).defaults({ a: { nested: { list: [1] } } });
          const before = JSON.stringify(api("PATCH /j", {}).body);
          const result = api("PATCH /j", { a: given }) as { body: { a: { nested: { list: unknown[] } } } };
          result.body.a.nested.list.push("pushed");
          expect(JSON.stringify(api("PATCH /j", {}).body)).toBe(before);
        }),
        { numRuns: 20 },
      );
    });
  }
});

describe("4. a described parameter named like an option is read twice (SECURITY.md: each value read once)", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: {
      "/x": {
        get: {
          parameters: ["method", "baseUrl", "mediaType", "request", "data"].map((name) => parameter(name, "query")),
        },
      },
    },
  };

  for (const [name, base] of ENTRIES) {
    it(`${name}: property: a getter for a query parameter named method, baseUrl, mediaType, request or data runs once`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never));
      fc.assert(
        fc.property(fc.subarray(["method", "baseUrl", "mediaType", "request", "data"], { minLength: 1 }), (names) => {
          const reads = new Map<string, number>();
          const options = {};
          for (const key of names) {
            Object.defineProperty(options, key, {
              enumerable: true,
              get: () => {
                reads.set(key, (reads.get(key) ?? 0) + 1);
                return "v";
              },
            });
          }
          settle(() => api("GET /x", options));
          // Today: 2 reads each, once as an option (namedOptions) and once as the parameter (Call.read).
          for (const key of names) expect(reads.get(key), key).toBe(1);
        }),
        { numRuns: 30 },
      );
    });
  }
});

describe("5. a parameter of the defaults that the route does not describe: endpoint() leaves it out, parse(merge()) refuses", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: {
      "/list": { get: { parameters: [parameter("per_page", "query")] } },
      "/one/{id}": { get: { parameters: [parameter("id", "path")] } },
    },
  };

  for (const [name, base] of ENTRIES) {
    it(`${name}: defaults({ per_page }) then GET /one/{id}: the same request both ways (DECISIONS: "Everywhere else ... the same")`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never)).defaults({ per_page: 100 });
      const [direct, merged] = bothWays(api, "GET /one/{id}", { id: 1 });
      // Today: endpoint() gives GET /one/1; parse(merge()) throws ERR_INVALID_PARAMETER for per_page.
      expect(merged).toEqual(direct);
    });
  }
});

describe("6. `request` and `data` are always the options (DECISIONS 'Described routes'), even where a parameter is named so", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: { "/x": { get: { parameters: [parameter("request", "query"), parameter("data", "cookie")] } } },
  };

  for (const [name, base] of ENTRIES) {
    it(`${name}: the request meta of a call reaches the result, never the query`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never));
      const request = { timeout: 5 };
      // Today: ERR_INVALID_PARAMETER ("the parameter "request" holds a value its style cannot write").
      const result = api("GET /x", { request });
      expect(result.request).toBe(request);
      expect(result.url).toBe(`${API}/x`);
    });

    it(`${name}: data never becomes a cookie or query parameter`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never));
      const result = settle(() => api("GET /x", { data: "secret" })) as RequestOptions | { code: string };
      // Today: `cookie: data=secret`.
      if ("headers" in result) expect(JSON.stringify(result)).not.toContain("secret");
    });
  }
});

describe("7. a method option that leaves the described route drops a key the route claimed, silently", () => {
  const document = { openapi: "3.1.0", servers: [{ url: API }], paths: { "/x": { get: { parameters: [parameter("baseUrl", "query")] } } } };

  for (const [name, base] of ENTRIES) {
    it(`${name}: api("GET /x", { method: "DELETE", baseUrl }) is an error or keeps the value, never drops it`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never));
      const result = settle(() => api("GET /x", { method: "DELETE", baseUrl: "https://elsewhere.example" })) as RequestOptions | { code: string };
      // Today: DELETE https://api.example/x, baseUrl nowhere (parse(merge()) refuses with ERR_INVALID_PARAMETER).
      if ("url" in result) expect(result.url).toContain("elsewhere.example");
      // The method beside a described route string would name another operation: refused (ERR_INVALID_ROUTE).
      else expect(["ERR_INVALID_PARAMETER", "ERR_INVALID_ROUTE"]).toContain(result.code);
    });
  }
});

describe("8. which key is what is judged on the route string's method, not on the operation the call is sent to", () => {
  // GET /x has a query parameter named baseUrl; POST /x has none.
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: { "/x": { get: { parameters: [parameter("baseUrl", "query")] }, post: { parameters: [parameter("q", "query")] } } },
  };

  for (const [name, base] of ENTRIES) {
    it(`${name}: api("POST /x", { method: "GET", baseUrl }) never sends GET /x to the value of GET /x's query parameter`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never));
      for (const [label, outcome] of [
        ["endpoint()", settle(() => api("POST /x", { method: "GET", baseUrl: "https://evil.example" }))],
        ["parse(merge())", settle(() => api.parse(api.merge("POST /x", { method: "GET", baseUrl: "https://evil.example" })))],
      ] as const) {
        // Today: both give GET https://evil.example/x.
        if (typeof outcome === "object" && outcome !== null && "url" in outcome) expect((outcome as RequestOptions).url, label).not.toMatch(/^https:\/\/evil\.example/);
      }
    });
  }
});

describe("9. prototype pollution a parsed document can add reaches the library's property descriptors", () => {
  const POLLUTABLE = ["get", "set", "value", "writable"] as const;
  const document = { openapi: "3.1.0", servers: [{ url: API }], paths: { "/x/{id}": { get: { parameters: [parameter("id", "path")] } } } };
  const scenarios: readonly (() => unknown)[] = [
    () => asApi(endpoint.defaults({ a: 1 }))("GET /x"),
    () => endpoint("POST /x", JSON.parse('{"__proto__": 1}')),
    () => asApi(endpoint.defaults(fromOpenApi(document) as never))("GET /x/{id}", { id: 1 }),
    () => asApi(octokitEndpoint.defaults(fromOpenApi(document) as never))("GET /x/{id}", { id: 1 }),
    () => asApi(endpoint).parse(asApi(endpoint.defaults(fromOpenApi(document) as never)).merge("GET /x/{id}", { id: 1 })),
  ];
  afterEach(() => {
    for (const key of POLLUTABLE) delete (Object.prototype as Record<string, unknown>)[key];
  });

  it("property: Object.prototype.get, .set, .value or .writable holding JSON data changes no outcome", () => {
    const clean = scenarios.map((work) => comparable(settle(work)));
    fc.assert(
      fc.property(fc.constantFrom(...POLLUTABLE), fc.constantFrom<unknown>("x", 1, true, { a: 1 }), (key, value) => {
        // Outcomes are taken while polluted, and compared once the pollution is gone (the test runner has descriptors too).
        let polluted: unknown[];
        (Object.prototype as Record<string, unknown>)[key] = value;
        try {
          polluted = scenarios.map((work) => settle(work));
        } finally {
          delete (Object.prototype as Record<string, unknown>)[key];
        }
        // Today: defaults() of anything, every described table and every "__proto__" body key throw ERR_INVALID_PARAMETER
        // ("Getter must be a function", "Invalid property descriptor"): { value } and { get } descriptors inherit.
        expect(polluted.map(comparable)).toEqual(clean);
      }),
      { numRuns: 16 },
    );
  });
});

describe("10. the plan cache on GitHub's rules is bounded by url, not by method", () => {
  it("300 calls with distinct 100 kB methods on one url pin no memory", { timeout: 60_000 }, () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const long = "M".repeat(100_000);
    endpoint("/review-5-warm", { method: "GET" });
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 300; i++) settle(() => endpoint("/review-5-methods", { method: `${long}${i}` }));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // Today: about 60 MB kept (each plan holds the method twice); routeEntry's cache weighs its keys, githubPlans' inner
    // map by method is weighed by nothing.
    expect(grown).toBeLessThan(20_000_000);
  });
});

describe("11. a hand-edited table entry with allowReserved on a cookie splits the cookie header (class 11)", () => {
  it("a cookie value with ';' and '=' stays one cookie, or the table is refused", () => {
    const defaults = describedRoutes({
      baseUrl: API,
      "x-endpointkit-routes": { "GET /x": { parameters: [{ name: "c", in: "cookie", allowReserved: true }] } },
    });
    const result = settle(() => asApi(endpoint.defaults(defaults as never))("GET /x", { c: "a;session=stolen" })) as RequestOptions | { code: string };
    // Today: `cookie: c=a;session=stolen`, a second cookie named session.
    if ("headers" in result) expect(String(result.headers.cookie).split(";")).toHaveLength(1);
    else expect(result.code).toBe("ERR_INVALID_ROUTE");
  });
});

describe("12. issue 30 class 12", () => {
  it("the defaults' data on a described route without a body is left out, not an error", () => {
    const document = { openapi: "3.1.0", servers: [{ url: API }], paths: { "/y": { get: {} }, "/b": { post: { requestBody: { content: { "application/json": {} } } } } } };
    const api = asApi(endpoint.defaults(fromOpenApi(document) as never)).defaults({ data: "x" });
    expect(api("POST /b").body).toBe("x");
    // Today: ERR_INVALID_PARAMETER ('"data" is not a parameter of this route').
    const result = api("GET /y");
    expect(result.url).toBe(`${API}/y`);
    expect(result.body).toBeUndefined();
  });
});

describe("13. a path parameter named like an option is that parameter (DECISIONS 'Which key is what')", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: {
      "/things/{method}": { get: { parameters: [parameter("method", "path")] } },
      "/shots/{baseUrl}": { get: { parameters: [parameter("baseUrl", "path")] } },
    },
  };

  for (const [name, base] of ENTRIES) {
    it(`${name}: api("GET /things/{method}", { method: "abc" }) is GET /things/abc`, () => {
      const api = asApi(base.defaults(fromOpenApi(document) as never));
      // Today: ERR_MISSING_PARAMETER for "method", the request's method being "abc" meanwhile.
      const result = api("GET /things/{method}", { method: "abc" });
      expect(result.url).toBe(`${API}/things/abc`);
      expect(result.method.toLowerCase()).toBe("get");
      expect(api("GET /shots/{baseUrl}", { baseUrl: "s1" }).url).toBe(`${API}/shots/s1`);
    });
  }
});

describe("14. a route table the library did not make, in a call's options", () => {
  it("endpoint() and parse(merge()) give the same code, and endpoint()'s message names the route", () => {
    // Today: endpoint() reports ERR_URL_REQUIRED (the table is adopted only once a url is known), merge() ERR_INVALID_ROUTE.
    const [direct, merged] = bothWays(asApi(endpoint), { "x-endpointkit-routes": {} });
    expect(direct).toEqual(merged);
    // Today: 'x-endpointkit-routes is a route table: ...' with no route (the claims lookUp runs outside withRoute).
    try {
      endpoint("GET /review-5", { "x-endpointkit-routes": {}, headers: {} } as never);
      expect.unreachable();
    } catch (error) {
      expect((error as EndpointError).message).toContain("GET /review-5");
    }
  });
});

describe("15. a call's baseUrl equal to the description's server is replaced by the operation's own", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    paths: { "/upload/{id}": { post: { servers: [{ url: "https://uploads.example" }], parameters: [parameter("id", "path")], requestBody: { content: { "application/octet-stream": {} } } } } },
  };

  it("on a staging endpoint, a call that names the description's own server gets the description's servers, on both paths", () => {
    const staging = asApi(endpoint.defaults(fromOpenApi(document) as never)).defaults({ baseUrl: "https://staging.example" });
    // The design keeps this (docs/your-own-api.md): merge() cannot tell a given baseUrl from the endpoint's, so the
    // description's server stands for all of its servers, and an operation's own server is kept.
    const options = { id: 1, data: "x", baseUrl: API };
    expect(staging("POST /upload/{id}", options).url).toBe("https://uploads.example/upload/1");
    expect(staging.parse(staging.merge("POST /upload/{id}", options)).url).toBe("https://uploads.example/upload/1");
    expect(staging("POST /upload/{id}", { id: 1, data: "x" }).url).toBe("https://staging.example/upload/1");
  });
});
