// A third adversarial review of the built package (issue 13's hidden suite): breaks found after the second round's
// fixes, one test per mechanism in src/.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { endpoint, EndpointError, parseTemplate, toFetchArgs, type RequestOptions } from "../../src/index.js";
import { outcome } from "./checks.js";

type Call = (route: unknown, options?: unknown) => RequestOptions;
const call = endpoint as unknown as Call;

/** Every place endpoint() walks a caller's list item by item. */
const LIST_SLOTS: [string, (list: unknown[]) => () => unknown][] = [
  ["a path placeholder", (list) => () => call("GET /x/{a}", { a: list }).url],
  ["an exploded query expression", (list) => () => call("GET /x{?a*}", { a: list }).url],
  ["a query parameter", (list) => () => call("GET /x", { a: list }).url],
  ["mediaType.previews", (list) => () => call("GET /x", { mediaType: { previews: list } }).headers.accept],
  ["defaults()", (list) => () => endpoint.defaults({ a: list })("GET /x/{a}").url],
  ["a cascade of defaults()", (list) => () => endpoint.defaults({ b: 1 }).defaults({ a: list }).defaults({ c: 2 })("GET /x/{a}").url],
];

afterEach(() => {
  delete (Array.prototype as unknown as Record<number, unknown>)[0];
  delete (Array.prototype as unknown as Record<number, unknown>)[1];
});

describe("lists are walked by own index up to a length read once", () => {
  it.each(LIST_SLOTS)("a hole in %s never reads a polluted Array.prototype, even after warm-up", (_, use) => {
    const sparse = (): unknown[] => {
      const list: unknown[] = [];
      list[2] = "c";
      return list;
    };
    const clean = outcome(use(sparse()));
    (Array.prototype as unknown as Record<number, unknown>)[0] = "evil";
    (Array.prototype as unknown as Record<number, unknown>)[1] = "evil";
    const after = outcome(use(sparse()));
    expect(after).toEqual(clean);
    expect(String(after)).not.toContain("evil");
  });

  it.each(LIST_SLOTS)("in %s, a proxy list that grows after its length was checked is walked to the checked length only", (_, use) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 4, max: 9 }), (first, later) => {
        let lengthReads = 0;
        const items = Array.from({ length: later }, (__, i) => `i${i}`);
        const liar = new Proxy(items, {
          get(target, key, receiver) {
            if (key === "length") return lengthReads++ === 0 ? first : later;
            return Reflect.get(target, key, receiver) as unknown;
          },
        });
        const result = outcome(use(liar));
        expect(lengthReads).toBe(1);
        for (let i = first; i < later; i++) expect(String(result)).not.toContain(`i${i}`);
      }),
      { numRuns: 30 },
    );
  });
});

describe("whatever a caller's code throws leaves as a genuine EndpointError", () => {
  /** Things a getter or a trap may throw whose inspection itself throws or lies. */
  const THROWN: [string, () => unknown][] = [
    ["an Error whose message getter throws", () => Object.defineProperty(new Error("x"), "message", { get: () => { throw new Error("boom"); } })],
    ["a RangeError whose name getter throws", () => Object.defineProperty(new RangeError("x"), "name", { get: () => { throw new Error("boom"); } })],
    ["an Error whose message is a symbol", () => Object.defineProperty(new Error("x"), "message", { value: Symbol("m") })],
    ["a proxy whose getPrototypeOf trap throws", () => new Proxy(new Error("x"), { getPrototypeOf: () => { throw new Error("proto"); } })],
    ["a revoked proxy", () => { const { proxy, revoke } = Proxy.revocable(new Error("x"), {}); revoke(); return proxy; }],
    ["a fake EndpointError (its prototype only)", () => Object.create(EndpointError.prototype) as unknown],
  ];
  const SITES: [string, (thrown: () => unknown) => unknown][] = [
    ["a path placeholder's getter", (thrown) => call("GET /x/{a}", { get a() { throw thrown(); } })],
    ["a header's getter", (thrown) => call("GET /x", { headers: { get a() { throw thrown(); } } })],
    ["an options proxy's ownKeys trap", (thrown) => call("GET /x", new Proxy({}, { ownKeys: () => { throw thrown(); } }))],
    ["merge()", (thrown) => endpoint.merge("GET /x", { get a(): unknown { throw thrown(); } })],
    ["defaults()", (thrown) => endpoint.defaults({ get a(): unknown { throw thrown(); } })],
    ["parseTemplate().expand()", (thrown) => parseTemplate("{a}").expand({ get a(): unknown { throw thrown(); } })],
    ["toFetchArgs() headers", (thrown) => toFetchArgs({ method: "get", url: "https://a.example", get headers(): Record<string, string> { throw thrown(); } })],
    ["toFetchArgs() body toJSON", (thrown) => toFetchArgs({ method: "post", url: "https://a.example", headers: {}, body: { toJSON: () => { throw thrown(); } } })],
  ];
  for (const [site, run] of SITES) {
    it.each(THROWN)(`${site}: %s`, (_, thrown) => {
      let caught: unknown;
      try {
        run(thrown);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(EndpointError);
      const error = caught as EndpointError;
      expect(typeof error.code).toBe("string");
      expect(error.message).toMatch(/\S/);
      expect(error.message).not.toMatch(/[\u0000-\u001f\u007f]/);
    });
  }
});

describe("a null-prototype array is a list everywhere, as any array is", () => {
  const nullPrototypeList = (): unknown[] => Object.setPrototypeOf(["x", "y"], null) as unknown[];
  const SLOTS: [string, (list: unknown[]) => () => unknown][] = [
    ["headers", (list) => () => call("GET /x", { headers: list })],
    ["the options", (list) => () => call("GET /x", list)],
    ["the first argument", (list) => () => call(list)],
    ["mediaType", (list) => () => call("GET /x", { mediaType: list })],
    ["a merge over an object default", (list) => () => endpoint.defaults({ p: { k: 1 } }).merge("GET /x", { p: list }).p],
    ["parse()'s headers", (list) => () => endpoint.parse({ ...endpoint.merge("GET /x"), headers: list } as never)],
  ];
  it.each(SLOTS)("%s: the same outcome as an ordinary array", (_, use) => {
    const ordinary = (() => {
      try {
        return { result: use(["x", "y"])() };
      } catch (error) {
        return { code: (error as EndpointError).code };
      }
    })();
    const nullPrototype = (() => {
      try {
        return { result: use(nullPrototypeList())() };
      } catch (error) {
        return { code: (error as EndpointError).code };
      }
    })();
    expect(nullPrototype).toEqual(ordinary);
  });
});

describe("an error a caller's getter throws names the route it was thrown for", () => {
  const boom = (): never => {
    throw new Error("boom");
  };
  it.each([
    ["GET /x/{a}", () => call("GET /x/{a}", { get a() { return boom(); } })],
    ["GET /x", () => call("GET /x", { get a() { return boom(); } })],
    ["POST /x", () => call("POST /x", { headers: { get a() { return boom(); } } })],
    ["POST /x", () => endpoint.merge("POST /x", { get a(): unknown { return boom(); } })],
    ["GET /x/{a}", () => endpoint.parse({ ...endpoint.merge("GET /x/{a}"), get a(): unknown { return boom(); } } as never)],
  ])("%s", (route, run) => {
    let caught: unknown;
    try {
      run();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EndpointError);
    expect((caught as EndpointError).route).toBe(route);
    // Read by the library's own walk or by the template engine: each names what it was reading, after the route.
    expect((caught as EndpointError).message).toMatch(
      new RegExp(`^${route.replace(/[{}/]/g, "\\$&")}: (reading the input failed \\(Error: boom\\)|the value of "a" could not be read: .+)$`),
    );
    expect((caught as Error).cause).toBeInstanceOf(Error);
  });
});
