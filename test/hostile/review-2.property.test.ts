// Issue 13, the second adversarial review: one test per class of problem, property-based where the class is open.
// Each rule here is one mechanism in src/: the snapshot of template values (parse.ts templateValues), own-property
// reads (objects.ts getOwn/ownValue), index walks, deepCopy's per-kind rule, the public-entry boundary
// (errors.ts guarded/asEndpointError), the join rule (url.ts CompiledUrl.join) and EndpointError's escaping.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { endpoint, EndpointError, parseTemplate, toFetchArgs, type RequestOptions } from "../../src/index.js";
import { expectEndpointError, loose } from "../helpers.js";
import { outcome } from "./checks.js";

const RUNS = 200;
const api = "https://api.github.com";
type Call = (route: unknown, options?: unknown) => RequestOptions;
const call = endpoint as unknown as Call;

/** Options behind a Proxy that counts every read of each key (get and getOwnPropertyDescriptor alike count once per get). */
function counted<T extends object>(target: T): { proxy: T; reads: Map<PropertyKey, number> } {
  const reads = new Map<PropertyKey, number>();
  const proxy = new Proxy(target, {
    get(object, key, receiver) {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return Reflect.get(object, key, receiver);
    },
  });
  return { proxy, reads };
}

const polluted: string[] = [];
function pollute(key: string, value: unknown): void {
  Object.defineProperty(Object.prototype, key, { value, configurable: true, writable: true, enumerable: false });
  polluted.push(key);
}
afterEach(() => {
  for (const key of polluted.splice(0)) delete (Object.prototype as Record<string, unknown>)[key];
});

const ROUTES = [
  ["GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }],
  ["GET /repos/{owner}/{repo}/contents/{+path}{?ref}", { owner: "o", repo: "r", path: "a/b" }],
  ["POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" }],
  ["GET /search/issues", { q: "x" }],
  ["PUT /user/starred/:owner/:repo", { owner: "o", repo: "r" }],
] as const;

describe("class 1: pollution applied after warm-up is never read", () => {
  it("template variables, header names, mediaType, previews, format, body, data and option names", () => {
    const keys = ["owner", "repo", "path", "ref", "content-type", "mediaType", "previews", "format", "body", "data", "url", "baseUrl", "headers", "request", "method", "accept", "user-agent", "authorization", "x-a"];
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), fc.subarray(keys, { minLength: 1 }), fc.constantFrom("evil", "https://evil.example", "", 0), ([route, values], chosen, value) => {
        const plain = (): unknown[] => [call(route, { ...values }), loose.parse(loose.merge(route, { ...values })), loose.defaults({ per_page: 1 })(route, { ...values }), loose.defaults({ mediaType: { format: "raw" } })(route, { ...values }), loose.defaults({ headers: { authorization: "token t", "x-a": "1" } })(route, { ...values })];
        const before = plain();
        for (const key of chosen) pollute(key, key === "previews" ? ["evil"] : key === "mediaType" ? { format: "evil", previews: ["evil"] } : value);
        try {
          expect(plain()).toEqual(before);
          expect(toFetchArgs(before[0] as RequestOptions)).toEqual(toFetchArgs(before[0] as RequestOptions));
        } finally {
          for (const key of polluted.splice(0)) delete (Object.prototype as Record<string, unknown>)[key];
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("toFetchArgs takes no body, headers or signal from Object.prototype", () => {
    const options = call("GET /x");
    pollute("body", "evil");
    pollute("signal", { aborted: false, addEventListener() {} });
    const [, init] = toFetchArgs(options);
    expect(Object.keys(init)).toEqual(["method", "headers"]);
  });

  it("a polluted Symbol.asyncIterator does not turn a plain body into a stream", () => {
    const options = call("POST /x", { a: 1 });
    Object.defineProperty(Object.prototype, Symbol.asyncIterator, { value: function* () {}, configurable: true });
    try {
      expect(toFetchArgs(options)[1].body).toBe('{"a":1}');
    } finally {
      delete (Object.prototype as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator];
    }
  });
});

describe("class 2: each caller value is read once per call", () => {
  it("every option, parameter and header is read at most once by endpoint(), merge()+parse() and defaults() endpoints", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), fc.boolean(), ([route, values], withDefaults) => {
        const headers = counted({ "x-a": "1", authorization: "token t" });
        const mediaType = counted({ format: "raw", previews: ["mercy"] });
        const options = counted({ ...values, headers: headers.proxy, mediaType: mediaType.proxy, per_page: 5 });
        const target = withDefaults ? endpoint.defaults({ per_page: 1, sort: "x" }) : endpoint;
        (target as unknown as Call)(route, options.proxy);
        for (const counter of [options, headers, mediaType]) {
          for (const [key, count] of counter.reads) if (typeof key === "string") expect(count, String(key)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("a getter that answers once and then nothing cannot pass the required check and expand to //", () => {
    let reads = 0;
    const options = { repo: "r" } as Record<string, unknown>;
    Object.defineProperty(options, "owner", { enumerable: true, get: () => (reads++ === 0 ? "o" : undefined) });
    const result = call("GET /repos/{owner}/{repo}", options);
    expect(result.url).toBe(`${api}/repos/o/r`);
    expect(reads).toBe(1);
  });

  it("a url getter beside a route string cannot answer the check with undefined and the merge with an address", () => {
    for (const work of [(options: object) => call("PATCH /hooks/{id}/config", options), (options: object) => loose.merge("PATCH /hooks/{id}/config", options)]) {
      let reads = 0;
      const options = Object.defineProperty({ id: 1 }, "url", { enumerable: true, get: () => (reads++ === 0 ? undefined : "https://evil.example") });
      const result = outcome(() => work(options)) as { url?: string } | undefined;
      if (result !== undefined) expect(result.url).not.toContain("evil");
      expect(reads).toBe(1);
    }
  });

  it("a getter that calls endpoint() again while the outer call expands does not mix their missing placeholders", () => {
    const options = { repo: "r" } as Record<string, unknown>;
    Object.defineProperty(options, "owner", {
      enumerable: true,
      get: () => {
        expectEndpointError(() => call("GET /a/{x}/{y}", {}), "ERR_MISSING_PARAMETER");
        return "o";
      },
    });
    expect(call("GET /repos/{owner}/{repo}", options).url).toBe(`${api}/repos/o/r`);
    const error = expectEndpointError(() => call("GET /repos/{owner}/{repo}/{missing}", options), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('"missing"');
    expect(error.message).not.toContain('"x"');
  });

  it("list items are read once: a proxy list cannot be defined for the check and empty for the expansion", () => {
    const reads = new Map<PropertyKey, number>();
    const list = new Proxy(["a", "b"], {
      get(target, key, receiver) {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(target, key, receiver);
      },
    });
    expect(call("GET /x/{list}", { list }).url).toBe(`${api}/x/a,b`);
    expect(reads.get("0")).toBe(1);
    expect(reads.get("1")).toBe(1);
  });
});

describe("class 3: no method of a caller value is called; arrays are walked by index", () => {
  const odd = fc.constantFrom<[string, () => string[]]>(
    ["own map", () => Object.assign(["a", "b"], { map: () => ["evil"], some: () => true, constructor: { [Symbol.species]: Object } })],
    ["null prototype", () => Object.setPrototypeOf(["a", "b"], null) as string[]],
    ["own iterator", () => Object.assign(["a", "b"], { [Symbol.iterator]: () => { throw new Error("iterated"); } })],
  );

  it("in defaults(), placeholders, query values and previews", () => {
    fc.assert(
      fc.property(odd, ([, make]) => {
        expect(endpoint.defaults({ labels: make() }).DEFAULTS.labels).toEqual(["a", "b"]);
        expect(call("GET /x/{list}", { list: make() }).url).toBe(`${api}/x/a,b`);
        expect(call("GET /x{?list*}", { list: make() }).url).toBe(`${api}/x?list=a&list=b`);
        expect(call("GET /x", { list: make() }).url).toBe(`${api}/x?list=a%2Cb`);
        expect(call("POST /graphql", { mediaType: { previews: make() } }).headers.accept).toBe(
          "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
        );
        expect(endpoint.defaults({ mediaType: { previews: make() } }).merge("GET /x", { mediaType: { previews: make() } }).mediaType?.previews).toEqual(["a", "b"]);
      }),
      { numRuns: 20 },
    );
  });

  it("null-prototype objects are plain data everywhere", () => {
    const bare = <T extends object>(value: T): T => Object.assign(Object.create(null) as T, value);
    const result = call("POST /repos/{owner}/{repo}/issues", bare({ owner: "o", repo: "r", headers: bare({ "X-A": "1" }), mediaType: bare({ previews: ["x"] }), filter: bare({ a: 1 }) }));
    expect(result.url).toBe(`${api}/repos/o/r/issues`);
    expect(result.headers["x-a"]).toBe("1");
  });
});

describe("class 4: defaults() shares no state with the caller", () => {
  it("copies Dates, so changing one later changes no request", () => {
    const since = new Date("2024-01-02T03:04:05Z");
    const withSince = endpoint.defaults({ since });
    since.setFullYear(2000);
    expect(withSince("GET /notifications").url).toBe(`${api}/notifications?since=2024-01-02T03%3A04%3A05.000Z`);
    (withSince.DEFAULTS.since as Date).setFullYear(1999);
    expect(withSince("GET /notifications").url).toBe(`${api}/notifications?since=2024-01-02T03%3A04%3A05.000Z`);
  });

  it("refuses typed arrays, buffers, Maps, Sets and class instances, and keeps request's contents by reference", () => {
    class Thing {}
    for (const value of [new Uint8Array(1), new ArrayBuffer(1), new DataView(new ArrayBuffer(1)), new Map(), new Set(), new Thing(), new String("x")]) {
      expectEndpointError(() => loose.defaults({ value }), "ERR_INVALID_PARAMETER");
      expectEndpointError(() => loose.defaults({ nested: { list: [value] } }), "ERR_INVALID_PARAMETER");
    }
    const signal = new AbortController().signal;
    const fetch = () => undefined;
    const agent = new Thing();
    const request = endpoint.defaults({ request: { signal, fetch, agent } })("GET /x").request!;
    expect([request.signal, request.fetch, request.agent]).toEqual([signal, fetch, agent]);
    expect(request.signal).toBe(signal);
  });
});

describe("class 5: nothing but EndpointError escapes", () => {
  it("revoked proxies anywhere in the input", () => {
    const revoked = () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    const works: (() => unknown)[] = [
      () => call(revoked() as never),
      () => call("GET /x", revoked()),
      () => call("GET /x/{a}", { a: revoked() }),
      () => call("GET /x", { a: [revoked()] }),
      () => call("GET /x", { headers: revoked() }),
      () => call("GET /x", { mediaType: revoked() }),
      () => call("GET /x", { mediaType: { previews: revoked() } }),
      () => loose.defaults(revoked()),
      () => loose.defaults({ a: revoked() }),
      () => loose.merge("GET /x", revoked()),
      () => loose.parse(revoked()),
      () => toFetchArgs(revoked() as never),
      () => toFetchArgs({ method: "get", url: "/x", headers: revoked() } as never),
    ];
    for (const work of works) {
      expect(() => work()).toThrow(EndpointError);
      outcome(work);
    }
  });

  it("a getter's own exception leaves as an EndpointError whose cause is the original", () => {
    const original = new TypeError("from the getter");
    const options = Object.defineProperty({}, "owner", { enumerable: true, get: () => { throw original; } });
    try {
      call("GET /repos/{owner}", options);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EndpointError);
      expect((error as EndpointError).cause).toBe(original);
    }
  });

  it("a list inside the 2^20 limit whose text passes the engine's maximum string length is ERR_TOO_LARGE, in the query and the path", () => {
    const big = "a".repeat(2 ** 20);
    const list = new Array(600).fill(big);
    expectEndpointError(() => call("GET /x", { list }), "ERR_TOO_LARGE");
    expectEndpointError(() => call("GET /x{/list*}", { list }), "ERR_TOO_LARGE");
  }, 60_000);
});

describe("class 6: a path-only template stays under baseUrl whatever its values", () => {
  it("whatever values fill templates that start with an expression other than {+name}", () => {
    const templates = ["{a}:{b}", "{a}{b}", "{/a}{b}", "{.a}:{b}", "{a}/{b}", "/{+a}:{+b}", "{a}{+b}", "x{+a}:{+b}", "{;a}{b}", "{a}{#b}", ":a/{b}"];
    fc.assert(
      fc.property(fc.constantFrom(...templates), fc.oneof(fc.constantFrom("https", "http", "javascript", "//evil.example", "https://evil.example"), fc.string()), fc.oneof(fc.constantFrom("evil.example", "//evil.example/", "@evil.example"), fc.string()), fc.constantFrom(api, "https://ghe.example/api/v3/"), (template, a, b, baseUrl) => {
        const result = outcome(() => call(`GET ${template}`, { a, b, baseUrl }));
        if (result === undefined) return;
        expect(result.url.startsWith(baseUrl.replace(/\/$/, "") + "/")).toBe(true);
        expect(new URL(result.url).origin).toBe(new URL(baseUrl).origin);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("class 7: every piece of caller text in a message is cut and escaped", () => {
  it("methods, urls, header names, class names and values: no control character, bounded length", () => {
    const controls = fc.string({ unit: fc.constantFrom("\r", "\n", "\u001b", "\u0007", "\u009b", "\u2028", "a", "[", "{", "}"), maxLength: 200 });
    fc.assert(
      fc.property(controls, controls, fc.nat({ max: 2 }), (text, other, repeat) => {
        const long = text.repeat(1 + repeat * 5000);
        const works: (() => unknown)[] = [
          () => call(`${long} /x`),
          () => call(`GET /x${long}`),
          () => call({ method: long, url: `/x{${other}` }),
          () => call("GET /x/{a}", { a: undefined, method: long }),
          () => call("GET /x", { headers: { [long]: "1" } }),
          () => call("GET /x", { headers: { a: `${long}\r\n` } }),
          () => call("GET /x", { mediaType: { format: long } }),
          () => call("GET /x", { baseUrl: long }),
          () => toFetchArgs({ method: "get", url: "/x", headers: { [long]: "1" } } as never),
          () => toFetchArgs({ method: long, url: "/x" } as never),
          () => toFetchArgs({ method: "post", url: "/x", body: new (class { constructor() { Object.defineProperty(this.constructor, "name", { value: long }); } })() } as never),
        ];
        for (const work of works) outcome(work);
      }),
      { numRuns: 100 },
    );
  });
});

describe("class 9: limits that are written down are applied", () => {
  it("2^20 previews at most (ERR_TOO_LARGE beyond), however sparse", () => {
    expectEndpointError(() => call("GET /x", { mediaType: { previews: new Array(2 ** 20 + 1) } }), "ERR_TOO_LARGE");
    expectEndpointError(() => loose.defaults({ mediaType: { previews: new Array(2 ** 32 - 1) } }), "ERR_TOO_LARGE");
  });

  it("lists and nesting beyond the limits are ERR_TOO_LARGE, a cycle ERR_INVALID_PARAMETER", () => {
    expectEndpointError(() => call("GET /x/{a}", { a: new Array(2 ** 20 + 1) }), "ERR_TOO_LARGE");
    expectEndpointError(() => call("GET /x", { a: new Array(2 ** 20 + 1) }), "ERR_TOO_LARGE");
    let deep: unknown = {};
    for (let i = 0; i < 100; i++) deep = { deep };
    expectEndpointError(() => loose.defaults({ deep }), "ERR_TOO_LARGE");
  });
});

describe("parseTemplate() on non-plain values", () => {
  it("answers or throws an EndpointError", () => {
    for (const values of [new Map([["a", "x"]]), Object.create({ a: "inherited" }), Object.setPrototypeOf({ a: "x" }, null)]) {
      outcome(() => parseTemplate("/{a}").expand(values));
    }
  });
});
