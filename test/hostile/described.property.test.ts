// Described routes under hostile input (SECURITY.md "Described routes and fromOpenApi"): any value in any location of
// a route described with every style gives a well-formed request or an EndpointError, changes no input and no
// prototype; endpoint() and parse(merge()) agree; fromOpenApi() of a hostile document gives plain JSON or an
// EndpointError, and a hand-edited route table an EndpointError, never a TypeError.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint, type EndpointOptions, type MergedOptions } from "../../src/index.js";
import { describedRoutes, fromOpenApi } from "../../src/openapi/index.js";
import { anyValue, clonableValue, hostileString, PROTOTYPE_KEYS, pollutingObject } from "./arbitraries.js";
import { canonical, checkRequestOptions, outcome, prototypeSnapshot } from "./checks.js";

const RUNS = Number(process.env.RUNS ?? 400);
const BASE = "https://api.example/v1";
type Call = (route: string, options?: unknown) => unknown;

const parameter = (name: string, where: string, extra: object = {}): object => ({ name, in: where, ...extra });
const document = {
  openapi: "3.1.0",
  servers: [{ url: BASE }],
  paths: {
    "/s/{p}/{l}/{m}": {
      post: {
        parameters: [
          parameter("p", "path"),
          parameter("l", "path", { style: "label", explode: true }),
          parameter("m", "path", { style: "matrix" }),
          parameter("q", "query"),
          parameter("qn", "query", { explode: false }),
          parameter("sd", "query", { style: "spaceDelimited", explode: false }),
          parameter("pd", "query", { style: "pipeDelimited", explode: false }),
          parameter("d", "query", { style: "deepObject", allowReserved: true }),
          parameter("j", "query", { content: { "application/json": {} } }),
          parameter("X-H", "header"),
          parameter("X-J", "header", { content: { "application/json": {} } }),
          parameter("c", "cookie"),
          parameter("url", "query"),
        ],
        requestBody: { content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { f: {}, g: {} } }, encoding: { g: { contentType: "application/json" } } } } },
      },
    },
    "/mp": { post: { requestBody: { content: { "multipart/form-data": { schema: { type: "object", properties: { f: {} } } } } } } },
  },
};
const api = endpoint.defaults(fromOpenApi(document)) as unknown as Call & { merge: Call; parse: (options: MergedOptions) => unknown };
const KEYS = ["p", "l", "m", "q", "qn", "sd", "pd", "d", "j", "c", "url", "f", "g", ...PROTOTYPE_KEYS];
const ROUTE = "POST /s/{p}/{l}/{m}";

/** Options for the described route: a value (plausible or hostile) for some keys, and hostile header values. */
const callOptions = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      values: fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(fc.constantFrom("a", "b/c", ".", ".."), value), { maxKeys: 6 }),
      headers: fc.option(fc.record({ "x-h": value, "x-j": value }, { requiredKeys: [] }), { nil: undefined }),
    })
    .map(({ values, headers }) => {
      const options: Record<string, unknown> = { p: "1", l: "2", m: "3" };
      for (const key of Object.keys(values)) Object.defineProperty(options, key, { value: values[key], enumerable: true, writable: true, configurable: true });
      if (headers !== undefined) options.headers = headers;
      return options;
    });

describe("described routes: any value in any location", () => {
  it("gives a well-formed request or an EndpointError, on the route and on multipart", () => {
    fc.assert(
      fc.property(callOptions(anyValue), (options) => {
        const result = outcome(() => api(ROUTE, options));
        if (result !== undefined) checkRequestOptions(result, "/s/{p}/{l}/{m}", BASE);
        const multipart = outcome(() => api("POST /mp", { f: options.q })) as { body?: FormData } | undefined;
        if (multipart === undefined) return;
        checkRequestOptions(multipart, "/mp", BASE);
        // Nothing JSON cannot hold (a function, a symbol) is sent as the text "undefined" (unless given: a list's item too).
        const given = Array.isArray(options.q) ? options.q : [options.q];
        if (!given.includes("undefined") && multipart.body !== undefined) for (const [, part] of multipart.body.entries()) expect(part).not.toBe("undefined");
      }),
      { numRuns: RUNS },
    );
  });

  it("changes no input and no prototype, and endpoint() agrees with parse(merge())", () => {
    const prototypes = prototypeSnapshot();
    fc.assert(
      fc.property(callOptions(clonableValue), (options) => {
        const before = canonical(options);
        const direct = outcome(() => api(ROUTE, options));
        const merged = outcome(() => api.merge(ROUTE, options)) as MergedOptions | undefined;
        expect(canonical(options)).toBe(before);
        // `url` is the option in parse(merge()) (SECURITY.md, "Where endpoint() and parse(merge()) can still differ").
        if (merged === undefined || Object.prototype.hasOwnProperty.call(options, "url")) return;
        const parsed = outcome(() => api.parse(merged));
        expect(canonical(parsed)).toBe(canonical(direct));
      }),
      { numRuns: RUNS },
    );
    expect(prototypeSnapshot()).toBe(prototypes);
  });

  it("keeps prototype keys of deepObject, form and JSON values as data, never reading a prototype", () => {
    fc.assert(
      fc.property(pollutingObject, fc.constantFrom("d", "j", "f", "g", "q"), (value, key) => {
        const result = outcome(() => api(ROUTE, { p: "1", l: "2", m: "3", [key]: value })) as { url: string; body?: string } | undefined;
        if (result === undefined) return;
        const sent = decodeURIComponent(`${result.url}&${result.body ?? ""}`);
        // A key holding a scalar is sent (a list or map holding nothing adds nothing, as everywhere); in the JSON-described
        // parameter `j` and the form property `g` (its encoding's contentType is JSON) it is sent as a JSON string, its
        // quotes and backslashes escaped.
        for (const name of Object.keys(value)) {
          if (typeof value[name] === "string" || typeof value[name] === "number") expect(sent).toContain(key === "j" || key === "g" ? JSON.stringify(name) : name);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

/** A hostile document: a valid frame with hostile names, styles, servers and $refs in it. */
const hostileDocument = fc
  .record({
    name: fc.oneof(hostileString, fc.constantFrom(...PROTOTYPE_KEYS)),
    where: fc.constantFrom("path", "query", "header", "cookie", "__proto__"),
    style: fc.oneof(fc.constantFrom("form", "label", "matrix", "deepObject", "simple"), anyValue),
    explode: anyValue,
    path: fc.oneof(fc.constantFrom("/a/{x}", "/{__proto__}", "/a/{+x}", "/a/{x", "/a/}x{", "/a/{?x}", "/a/{#x}"), hostileString.map((text) => `/${text}`)),
    server: fc.oneof(fc.constantFrom("{scheme}://{host}", "/v1", "//h.example", "x"), hostileString),
    host: fc.oneof(fc.constantFrom("evil.example/x?", "h.example", "a\r\nb"), anyValue),
    mediaType: fc.oneof(fc.constantFrom("application/json", "multipart/form-data", "application/x-www-form-urlencoded"), hostileString),
    property: fc.oneof(hostileString, fc.constantFrom(...PROTOTYPE_KEYS)),
    ref: fc.constantFrom("#/components/schemas/A", "#/components/schemas/B", "#", "#/paths", "https://x/y"),
  })
  .map((p) => ({
    openapi: "3.0.3",
    servers: [{ url: p.server, variables: { scheme: { default: "https" }, host: { default: p.host } } }],
    paths: { [p.path]: { post: { parameters: [{ name: p.name, in: p.where, style: p.style, explode: p.explode }], requestBody: { content: { [p.mediaType]: { schema: { $ref: p.ref } } } } } } },
    components: { schemas: { A: { $ref: "#/components/schemas/B" }, B: { allOf: [{ $ref: "#/components/schemas/A" }], properties: { [p.property]: {} } } } },
  }));

describe("fromOpenApi() of a hostile document", () => {
  it("gives plain JSON sharing nothing with the document, or an EndpointError; its calls give a request or an EndpointError", () => {
    fc.assert(
      fc.property(hostileDocument, fc.dictionary(fc.constantFrom("x", "__proto__", "data", "q"), anyValue), (doc, options) => {
        const defaults = outcome(() => fromOpenApi(doc, { baseUrl: "https://served.example/spec" }));
        if (defaults === undefined) return;
        expect(JSON.parse(JSON.stringify(defaults))).toStrictEqual(defaults);
        const routes = defaults["x-endpointkit-routes"];
        for (const route of Object.keys(routes)) {
          expect(Object.values(doc.paths)).not.toContain(routes[route]);
          const call = outcome(() => endpoint.defaults(defaults as unknown as EndpointOptions)) as unknown as Call | undefined;
          if (call === undefined) continue;
          const result = outcome(() => call(route, options));
          if (result !== undefined) checkRequestOptions(result, route.slice(route.indexOf(" ") + 1), undefined);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("gives a hand-edited route table an EndpointError, never a TypeError", () => {
    const entry = fc.oneof(
      anyValue,
      fc.record({ parameters: fc.oneof(anyValue, fc.array(fc.record({ name: anyValue, in: fc.oneof(fc.constantFrom("query", "path", "toString"), anyValue), style: anyValue }, { requiredKeys: [] }))) }, { requiredKeys: [] }),
      fc.record({ body: fc.oneof(anyValue, fc.record({ mediaType: fc.oneof(hostileString, anyValue), properties: anyValue, encoding: fc.oneof(anyValue, fc.dictionary(hostileString, anyValue)) }, { requiredKeys: [] })), accept: fc.oneof(hostileString, anyValue), baseUrl: anyValue }, { requiredKeys: [] }),
    );
    fc.assert(
      fc.property(entry, anyValue, (value, data) => {
        const call = outcome(() => endpoint.defaults(describedRoutes({ baseUrl: BASE, "x-endpointkit-routes": { "POST /a/{x}": value } }) as unknown as EndpointOptions)) as unknown as Call | undefined;
        if (call === undefined) return;
        const result = outcome(() => call("POST /a/{x}", { x: "1", q: data, data }));
        if (result !== undefined) checkRequestOptions(result, "/a/{x}", BASE);
      }),
      { numRuns: RUNS },
    );
  });
});
