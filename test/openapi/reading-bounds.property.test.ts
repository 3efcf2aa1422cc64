// Hostile descriptions built by generators (issue 30, classes 7-9): $ref fan-out, nesting depth, long paths and a
// polluted Object.prototype. fromOpenApi() gives the table the document describes or an EndpointError, in time that
// grows with the work it counts, never with the number of references to one part.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EndpointError } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectLinear } from "../growth.js";

const RUNS = Number(process.env.RUNS ?? 100);
const SERVER = [{ url: "https://api.example" }];
/** The step bound of src/openapi/document.ts. */
const MAX_WORK = 5_000_000;

function attempt<T>(action: () => T): T | EndpointError {
  try {
    return action();
  } catch (error) {
    if (error instanceof EndpointError) return error;
    throw error;
  }
}

describe("fan-out: one schema referenced by many operations", () => {
  it("gives every entry the schema's names, or ERR_TOO_LARGE once the names written pass the bound; in bounded time", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 25_000 }), fc.integer({ min: 0, max: 3 }), (operations, size, chain) => {
        const names = Array.from({ length: size }, (_, i) => `p${i}`);
        const schemas: Record<string, object> = { S0: { type: "object", properties: Object.fromEntries(names.map((name) => [name, {}])) } };
        // A chain of $refs in front of the schema, as bundlers write them.
        for (let i = 1; i <= chain; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/S${i - 1}` };
        const paths: Record<string, object> = {};
        for (let i = 0; i < operations; i++) paths[`/o${i}`] = { put: { requestBody: { content: { "application/json": { schema: { $ref: `#/components/schemas/S${chain}` } } } } } };
        const result = attempt(() => fromOpenApi({ openapi: "3.0.3", servers: SERVER, paths, components: { schemas } }));
        if (result instanceof EndpointError) {
          expect(result.code).toBe("ERR_TOO_LARGE");
          // The bound counts every name written: it is only reached when they are millions.
          expect(operations * size).toBeGreaterThan(MAX_WORK / 2);
        } else {
          expect(operations * size).toBeLessThanOrEqual(MAX_WORK);
          for (const route of Object.keys(result["x-endpointkit-routes"])) expect(result["x-endpointkit-routes"][route]!.body!.properties).toEqual(names);
        }
      }),
      { numRuns: Math.min(RUNS, 25) },
    );
  });

  it("writes each name once per operation, the schema walked once: 16 times the operations cost about 16 times the time", () => {
    // Judged by growth in one run (test/growth.ts), never by the clock alone.
    const schemas = { S: { type: "object", properties: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, {}])) } };
    expectLinear("operations sharing a 2,000-property body", (operations) => {
      const paths: Record<string, object> = {};
      for (let i = 0; i < operations; i++) paths[`/o${i}`] = { put: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/S" } } } } } };
      const document = { openapi: "3.0.3", servers: SERVER, paths, components: { schemas } };
      return () => fromOpenApi(document);
    }, 25, 2);
  });
});

describe("depth: nested allOf, $ref chains and cycles", () => {
  const nested = fc.letrec<{ schema: unknown }>((tie) => ({
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.record({ type: fc.constantFrom("object", "string", undefined), properties: fc.dictionary(fc.string({ maxLength: 3 }), fc.constant({})) }, { requiredKeys: [] }),
      fc.record({ allOf: fc.array(tie("schema"), { maxLength: 3 }) }),
      fc.record({ oneOf: fc.array(tie("schema"), { maxLength: 3 }) }),
      fc.constantFrom({ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }, { $ref: "#/components/schemas/A/allOf/0" }),
    ),
  })).schema;

  it("gives a table or an EndpointError for any nesting of allOf, oneOf and $refs, cyclic ones included", () => {
    fc.assert(
      fc.property(nested, nested, fc.integer({ min: 0, max: 5000 }), (a, b, depth) => {
        // A deep allOf of `depth` levels around the generated schema: the walk stops at its bound, never overflowing.
        let deep: unknown = a;
        for (let i = 0; i < depth; i++) deep = { allOf: [deep] };
        const document = { openapi: "3.1.0", servers: SERVER, paths: { "/x": { post: { requestBody: { content: { "application/json": { schema: deep } } } } } }, components: { schemas: { A: a, B: b } } };
        const result = attempt(() => fromOpenApi(document));
        if (!(result instanceof EndpointError)) expect(JSON.parse(JSON.stringify(result))).toStrictEqual(result);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("long paths: placeholders matched to path parameters", () => {
  const segment = fc.oneof(
    fc.string({ maxLength: 4 }).filter((text) => !/[{}]/.test(text)),
    fc.tuple(fc.constantFrom("", "+", "#", ".", "/", ";", "?", "&"), fc.stringMatching(/^[a-z_:.]{1,4}$/), fc.constantFrom("", "*")).map(([operator, name, star]) => `{${operator}${name}${star}}`),
  );

  it("keeps exactly the path parameters the path names, in linear time", () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 60 }), fc.array(fc.stringMatching(/^[a-z_:.]{1,4}$/), { maxLength: 30 }), fc.integer({ min: 1, max: 2000 }), (segments, names, repeat) => {
        const path = `/${Array.from({ length: repeat }, () => segments.join("/")).join("/")}`;
        // The names written in the path, worked out here with a regular expression over the whole path: OpenAPI's
        // (the text between braces, `{.x}` naming ".x") and the name within an RFC 6570 expression (Google's `{+x}`).
        const texts = [...path.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!);
        const written = new Set([...texts, ...texts.map((text) => text.replace(/^[+#./;?&]/, "").replace(/\*$/, ""))]);
        const parameters = [...new Set(names)].map((name) => ({ name, in: "path" }));
        // Linear time is judged by test/openapi/reading-bounds.test.ts (growth in one run); here, what is kept.
        const result = attempt(() => fromOpenApi({ openapi: "3.0.3", servers: SERVER, paths: { [path]: { get: { parameters } } } }));
        if (result instanceof EndpointError) return;
        const kept = result["x-endpointkit-routes"][`GET ${path}`]!.parameters ?? [];
        expect(kept.map((parameter) => parameter.name)).toEqual(parameters.map((parameter) => parameter.name).filter((name) => written.has(name)));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("a polluted Object.prototype changes nothing fromOpenApi() reads", () => {
  const keys = fc.uniqueArray(fc.constantFrom("0", "1", "2", "$ref", "name", "in", "required", "style", "explode", "paths", "servers", "url", "type", "properties", "allOf", "content", "requestBody", "parameters", "get", "post", "schema", "components"), { minLength: 1, maxLength: 8 });
  const document = fc
    .record({
      parameters: fc.array(fc.oneof(fc.record({ name: fc.constantFrom("a", "b"), in: fc.constantFrom("query", "path", "header", "cookie") }), fc.constantFrom({ $ref: "#/components/parameters/0" }, { $ref: "#/components/parameters/3" }, {})), { maxLength: 4 }),
      sparse: fc.boolean(),
      body: fc.constantFrom(undefined, { content: { "application/json": { schema: { allOf: [{ $ref: "#/components/list/1" }] } } } }, { content: { "application/json": { schema: { properties: { p: {} } } } } }),
    })
    .map(({ parameters, sparse, body }) => {
      const list: unknown[] = sparse ? [, ...parameters] : parameters; // eslint-disable-line no-sparse-arrays
      return {
        openapi: "3.0.3",
        servers: SERVER,
        paths: { "/r/{a}": { get: { parameters: list }, ...(body === undefined ? {} : { post: { requestBody: body } }) } },
        components: { parameters: [{ name: "a", in: "path" }], list: [{ properties: { q: {} } }] },
      };
    });

  it("gives the same table, or the same error, with any of these keys set on Object.prototype", () => {
    fc.assert(
      fc.property(document, keys, (doc, polluted) => {
        const clean = attempt(() => fromOpenApi(doc));
        const value = { name: "evil", in: "query", $ref: "#/paths", url: "https://evil.example" };
        // Descriptors without a prototype: a polluted "get" would otherwise be read as the next one's getter.
        for (const key of polluted) Object.defineProperty(Object.prototype, key, Object.assign(Object.create(null) as PropertyDescriptor, { value, configurable: true, writable: true }));
        let dirty: unknown;
        try {
          dirty = attempt(() => fromOpenApi(doc));
        } finally {
          for (const key of polluted) delete (Object.prototype as Record<string, unknown>)[key];
        }
        if (clean instanceof EndpointError) expect((dirty as EndpointError).code).toBe(clean.code);
        else expect(JSON.stringify(dirty)).toBe(JSON.stringify(clean));
      }),
      { numRuns: RUNS },
    );
  });
});
