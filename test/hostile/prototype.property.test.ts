// No prototype is ever changed or read as a value, whatever `__proto__`, `constructor` or `prototype` keys appear at
// any depth of parameters, headers, request, mediaType or defaults; results have the prototypes they should.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { endpoint, type EndpointOptions, type MergedOptions, type RequestOptions } from "../../src/index.js";
import { PROTOTYPE_KEYS, pollutingHeaders, pollutingMediaType, pollutingObject } from "./arbitraries.js";
import { outcome, prototypeSnapshot } from "./checks.js";

const RUNS = 700;

type Call = (route: unknown, options?: unknown) => RequestOptions;
// Called through a loose signature: these tests pass what the typed route signatures would refuse to compile.
const call = endpoint as unknown as Call;

const ROUTES = [
  "GET /x",
  "POST /x",
  "PATCH /repos/{owner}",
  "GET /u/{constructor}/{__proto__}{?prototype,toString}",
  "GET /x{?__proto__*,constructor*}",
  "PUT /x{/prototype*}{;constructor}",
  "DELETE /:constructor/:prototype",
] as const;

/** Every object reachable from a result must be a plain object, a null-prototype object or an array. */
function checkPrototypes(value: unknown, seen = new Set<unknown>()): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  const prototype: unknown = Object.getPrototypeOf(value);
  expect([Object.prototype, Array.prototype, null]).toContain(prototype);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    expect("value" in descriptor, `an accessor appeared at ${String(key)}`).toBe(true);
    checkPrototypes(descriptor.value, seen);
  }
}

/** The top level of what the library hands out is always a plain object with Object.prototype. */
function checkTopLevel(value: unknown): void {
  if (value === undefined) return;
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  const record = value as Record<string, unknown>;
  if (record.headers !== undefined) expect(Object.getPrototypeOf(record.headers)).toBe(Object.prototype);
  if (record.mediaType !== undefined) expect(Object.getPrototypeOf(record.mediaType)).toBe(Object.prototype);
  checkPrototypes(value);
}

/** Options with prototype keys everywhere: as parameters, and inside headers, request, mediaType. */
const pollutingOptions = fc
  .tuple(pollutingObject, fc.option(pollutingHeaders, { nil: undefined }), fc.option(pollutingObject, { nil: undefined }), fc.option(pollutingMediaType, { nil: undefined }))
  .map(([parameters, headers, request, mediaType]) => {
    const options: Record<string, unknown> = { ...parameters };
    if (headers !== undefined) options.headers = headers;
    if (request !== undefined) options.request = request;
    if (mediaType !== undefined) options.mediaType = mediaType;
    return options;
  });

let before: string;
beforeEach(() => {
  before = prototypeSnapshot();
});
afterEach(() => {
  expect(prototypeSnapshot()).toBe(before);
});

/** Nothing reached Object.prototype or the other built-in prototypes. */
function expectNoPollution(): void {
  expect(prototypeSnapshot()).toBe(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect((Object.create(null) as Record<string, unknown>).polluted).toBeUndefined();
}

describe("prototype keys change no prototype", () => {
  it("in endpoint(), merge() and parse()", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), pollutingOptions, pollutingOptions, (route, first, second) => {
        const routeObject = { ...first, method: route.split(" ")[0], url: route.split(" ")[1] };
        checkTopLevel(outcome(() => (endpoint as unknown as Call)(route, first)));
        checkTopLevel(outcome(() => (endpoint as unknown as Call)(routeObject, second)));
        checkTopLevel(outcome(() => (endpoint.merge as unknown as Call)(route, first)));
        checkTopLevel(outcome(() => (endpoint.merge as unknown as Call)(routeObject, second)));
        checkTopLevel(outcome(() => endpoint.parse({ baseUrl: "https://api.github.com", ...routeObject } as unknown as MergedOptions)));
        expectNoPollution();
      }),
      { numRuns: RUNS },
    );
  });

  it("in defaults(), cascaded, and in what the returned endpoint does", () => {
    fc.assert(
      fc.property(pollutingOptions, pollutingOptions, fc.constantFrom(...ROUTES), pollutingOptions, (first, second, route, options) => {
        const withFirst = outcome(() => endpoint.defaults(first as EndpointOptions));
        if (withFirst !== undefined) {
          checkTopLevel(outcome(() => withFirst.DEFAULTS));
          const withSecond = outcome(() => withFirst.defaults(second as EndpointOptions));
          for (const target of withSecond === undefined ? [withFirst] : [withFirst, withSecond]) {
            checkTopLevel(outcome(() => (target as unknown as Call)(route, options)));
            checkTopLevel(outcome(() => (target.merge as unknown as Call)(route, options)));
            checkTopLevel(outcome(() => target.DEFAULTS));
          }
        }
        expectNoPollution();
      }),
      { numRuns: Math.round(RUNS / 2) },
    );
  });
});

describe("inherited properties are never read as values", () => {
  for (const make of [() => ({}), () => Object.create(null) as Record<string, unknown>]) {
    const kind = Object.getPrototypeOf(make()) === null ? "null-prototype" : "plain";
    it(`a template naming Object.prototype members expands them as undefined (${kind} options)`, () => {
      const options = make();
      const result = call("GET /u{?constructor,toString,valueOf,hasOwnProperty,__proto__,prototype}", options);
      expect(result.url).toBe("https://api.github.com/u");
      for (const name of ["constructor", "__proto__", "toString"]) {
        expect(() => call(`GET /u/{${name}}`, options)).toThrow(expect.objectContaining({ code: "ERR_MISSING_PARAMETER" }));
        expect(() => call(`GET /u/:${name}`, options)).toThrow(expect.objectContaining({ code: "ERR_MISSING_PARAMETER" }));
      }
    });
  }

  it("option names on a polluted Object.prototype are never taken for options", () => {
    // What a prototype-pollution bug elsewhere in an application would leave behind: enumerable, inherited values.
    const polluted: Record<string, unknown> = {
      method: "DELETE",
      url: "/evil",
      baseUrl: "https://evil.example",
      headers: { "x-evil": "1" },
      mediaType: { format: "raw" },
      request: { evil: true },
      data: "evil",
    };
    const calls = [
      () => call("GET /repos/{o}", { o: "a" }),
      () => call("POST /repos/{o}", { o: "a", title: "t" }),
      () => call("GET /repos/{o}", { o: "a", headers: { "x-a": "1" } }),
      () => call("PATCH /repos/{o}", { o: "a", mediaType: { format: "diff" } }),
      () => endpoint.parse(endpoint.merge("GET /repos/{o}", { o: "a" })),
      () => endpoint.parse(endpoint.merge("POST /repos/{o}", { o: "a", headers: { "x-a": "1" } })),
    ];
    const clean = calls.map((make) => make());
    let dirty: RequestOptions[];
    try {
      for (const [key, value] of Object.entries(polluted)) {
        Object.defineProperty(Object.prototype, key, { value, enumerable: true, writable: true, configurable: true });
      }
      dirty = calls.map((make) => make());
    } finally {
      for (const key of Object.keys(polluted)) delete (Object.prototype as Record<string, unknown>)[key];
    }
    expect(dirty).toEqual(clean);
  });

  it("own __proto__, constructor and prototype parameters are ordinary parameters", () => {
    const options = JSON.parse('{"__proto__":"p","constructor":"c","prototype":"t"}') as EndpointOptions;
    expect(call("GET /u/{__proto__}/{constructor}{?prototype}", options).url).toBe("https://api.github.com/u/p/c?prototype=t");
    expect(call("GET /u", options).url).toBe("https://api.github.com/u?__proto__=p&constructor=c&prototype=t");
    const body = call("POST /u", options).body as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(JSON.stringify(body)).toBe('{"__proto__":"p","constructor":"c","prototype":"t"}');
  });

  it("a __proto__ header is an ordinary header and leaves the header object's prototype alone", () => {
    const headers = JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>;
    const result = call("GET /u", { headers });
    expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result.headers, "__proto__")?.value).toBe("x");
    expect(Object.getOwnPropertyDescriptor(result.headers, "constructor")?.value).toBe("y");
    expect(result.headers.accept).toBe("application/vnd.github.v3+json");
  });

  it("merging a __proto__ object over defaults deep-merges it as data", () => {
    const withDefaults = endpoint.defaults(JSON.parse('{"settings":{"__proto__":{"a":1}}}') as EndpointOptions);
    const merged = (withDefaults.merge as unknown as (route: string, options: unknown) => MergedOptions)("GET /u", JSON.parse('{"settings":{"__proto__":{"polluted":"yes"}}}'));
    const settings = merged.settings as Record<string, unknown>;
    expect(Object.getPrototypeOf(settings)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(settings, "__proto__")?.value).toEqual({ a: 1, polluted: "yes" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
