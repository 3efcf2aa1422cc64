// Reading a description you do not trust (SECURITY.md "Described routes and fromOpenApi", issue 30 classes 7-9 and
// 12): every part of the document reached through a $ref costs its size at every reference, path parameters are
// matched in linear time, a $ref or a list is read through own properties only, and a message never calls the
// document's code. Each case is an input that ran out of memory, ran for a minute, or read Object.prototype before.
import { describe, expect, it } from "vitest";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";
import { expectBounded, expectLinear } from "../growth.js";

const SERVER = [{ url: "https://api.example" }];

/** `count` POST operations whose JSON body is `schema`. */
function fanOut(count: number, schema: object, components: object): object {
  const paths: Record<string, object> = {};
  for (let i = 0; i < count; i++) paths[`/op${i}`] = { post: { requestBody: { content: { "application/json": { schema } } } } };
  return { openapi: "3.0.3", servers: SERVER, paths, components };
}

function outcomeOf<T>(action: () => T): T | Error {
  try {
    return action();
  } catch (error) {
    return error as Error;
  }
}

/**
 * The description `make(size)` is ERR_TOO_LARGE at `size` and at 8 times it, and refused as fast at both (test/growth.ts:
 * judged by the ratio of the two times, measured in this run). `size` is that of the part many references share: the
 * count stops both at the same budget, where work done outside it at each reference (what took from 20 s to out of
 * memory before) grows 8 times.
 */
function refusedAlike(label: string, make: (size: number) => object, size: number): void {
  for (const scale of [size, size * 8]) expect(outcomeOf(() => fromOpenApi(make(scale)))).toMatchObject({ code: "ERR_TOO_LARGE" });
  expectBounded(label, (scale) => {
    const document = make(scale);
    return () => fromOpenApi(document);
  }, size);
}

function properties(count: number): Record<string, object> {
  const found: Record<string, object> = {};
  for (let i = 0; i < count; i++) found[`p${i}`] = {};
  return found;
}

describe("a $ref reached from many places costs its size at every reference (class 7)", () => {
  it("refuses one 50,000-property schema referenced by 1,000 operations with ERR_TOO_LARGE, as fast as a 6,250-property one", () => {
    refusedAlike("a 50,000-property schema", (size) => fanOut(1000, { $ref: "#/components/schemas/Big" }, { schemas: { Big: { type: "object", properties: properties(size) } } }), 6250);
  });

  it("reads a shared schema once however many bodies reference it, and gives each entry its own list", () => {
    let reads = 0;
    const shared = {
      type: "object",
      get properties() {
        reads++;
        return { a: {}, b: {} };
      },
    };
    const defaults = fromOpenApi(fanOut(300, { $ref: "#/components/schemas/S" }, { schemas: { S: shared } }));
    expect(reads).toBe(1);
    const routes = defaults["x-endpointkit-routes"];
    expect(routes["POST /op0"]!.body).toEqual({ mediaType: "application/json", properties: ["a", "b"] });
    expect(routes["POST /op299"]!.body!.properties).toEqual(["a", "b"]);
    // Plain JSON: changing one entry's list leaves the others as they were.
    expect(routes["POST /op0"]!.body!.properties).not.toBe(routes["POST /op1"]!.body!.properties);
  });

  it("still reads a moderate fan-out whole: 500 operations sharing a 2,000-property body", () => {
    const defaults = fromOpenApi(fanOut(500, { $ref: "#/components/schemas/M" }, { schemas: { M: { type: "object", properties: properties(2000) } } }));
    expect(defaults["x-endpointkit-routes"]["POST /op499"]!.body!.properties).toHaveLength(2000);
  });

  it("counts the media types of a shared request body and of a shared response at every reference", () => {
    const contentOf = (size: number): Record<string, object> => {
      const content: Record<string, object> = {};
      for (let i = 0; i < size; i++) content[`application/x-${i}`] = {};
      return content;
    };
    const paths: Record<string, object> = {};
    for (let i = 0; i < 1000; i++) {
      paths[`/op${i}`] = { post: { requestBody: { $ref: "#/components/requestBodies/B" }, responses: { 200: { $ref: "#/components/responses/R" } } } };
    }
    for (const inBody of [true, false]) {
      refusedAlike("50,000 media types", (size) => {
        const content = contentOf(size);
        const components = inBody ? { requestBodies: { B: { content } }, responses: { R: {} } } : { requestBodies: { B: {} }, responses: { R: { content } } };
        return { openapi: "3.0.3", servers: SERVER, paths, components };
      }, 6250);
    }
  });

  it("counts a Swagger 2.0 body schema at every operation that references it, as an OpenAPI 3 one", () => {
    const paths: Record<string, object> = {};
    for (let i = 0; i < 1000; i++) paths[`/op${i}`] = { post: { parameters: [{ name: "b", in: "body", schema: { $ref: "#/definitions/Big" } }] } };
    refusedAlike("a Swagger 2.0 body schema", (size) => ({ swagger: "2.0", host: "api.example", paths, definitions: { Big: { type: "object", properties: properties(size) } } }), 6250);
  });

  it("counts a long name or media type at every reference: a 1 MB parameter name referenced by 20,000 operations", () => {
    const paths: Record<string, object> = {};
    for (let i = 0; i < 20_000; i++) paths[`/op${i}`] = { get: { parameters: [{ $ref: "#/components/parameters/Long" }] } };
    for (const longOf of [
      (size: number) => ({ name: "x".repeat(size), in: "header" }),
      (size: number) => ({ name: "q", in: "query", content: { [`application/${"x".repeat(size)}`]: {} } }),
    ]) {
      refusedAlike("a 1 MB name", (size) => ({ openapi: "3.0.3", servers: SERVER, paths, components: { parameters: { Long: longOf(size) } } }), 1 << 17);
    }
  });

  it("reads only the first of an operation's servers, however many paths share the operation", () => {
    const paths: Record<string, object> = {};
    for (let i = 0; i < 2000; i++) paths[`/op${i}`] = { $ref: "#/components/pathItems/Shared" };
    const documentOf = (count: number): object => {
      const servers = Array.from({ length: count }, (_, i) => ({ url: `https://s${i}.example` }));
      return { openapi: "3.1.0", servers: SERVER, paths, components: { pathItems: { Shared: { get: { servers } } } } };
    };
    expect(fromOpenApi(documentOf(200_000))["x-endpointkit-routes"]["GET /op1999"]!.baseUrl).toBe("https://s0.example");
    // 200,000 servers cost what 25,000 do: only the first is read.
    expectBounded("servers", (count) => {
      const document = documentOf(count);
      return () => fromOpenApi(document);
    }, 25_000);
  });

  it("refuses a sparse list of length 2^32 - 1 without walking it", () => {
    refusedAlike("a sparse list", (length) => ({ openapi: "3.0.3", servers: SERVER, paths: { "/a": { get: { parameters: new Array(length) } } } }), 2 ** 29 - 1);
  });
});

describe("path parameters are matched to the path in linear time (class 8)", () => {
  it("reads a path of 20,000 placeholders, each a path parameter, in time linear in the path", () => {
    const documentOf = (count: number): { path: string; document: object } => {
      const names = Array.from({ length: count }, (_, i) => `p${i}`);
      const path = `/${names.map((name) => `{${name}}`).join("/")}`;
      const parameters = names.map((name) => ({ name, in: "path" }));
      return { path, document: { openapi: "3.0.3", servers: SERVER, paths: { [path]: { get: { parameters } } } } };
    };
    const { path, document } = documentOf(20_000);
    expect(fromOpenApi(document)["x-endpointkit-routes"][`GET ${path}`]!.parameters).toHaveLength(20_000);
    // Linear: 20,000 placeholders cost about what 1,250 do 16 times (a split of the path per parameter: 16 times more).
    expectLinear("path parameters", (count) => {
      const built = documentOf(count).document;
      return () => fromOpenApi(built);
    }, 1250, 2);
  });

  it("still leaves out a path parameter the path does not name, and matches names written with an operator", () => {
    const defaults = fromOpenApi({
      openapi: "3.0.3",
      servers: SERVER,
      paths: { "/a/{+x}/{y*}": { get: { parameters: [{ name: "x", in: "path" }, { name: "y", in: "path" }, { name: "z", in: "path" }] } } },
    });
    expect(defaults["x-endpointkit-routes"]["GET /a/{+x}/{y*}"]!.parameters!.map((p) => p.name)).toEqual(["x", "y"]);
  });
});

describe("a $ref and a list are read through own properties only (class 9)", () => {
  const polluted = (keys: string[], action: () => void): void => {
    for (const key of keys) Object.defineProperty(Object.prototype, key, { value: { name: "evil", in: "query", required: true }, configurable: true, writable: true });
    try {
      action();
    } finally {
      for (const key of keys) delete (Object.prototype as Record<string, unknown>)[key];
    }
  };

  it("refuses a $ref past the end of a list as naming nothing, with Object.prototype[0] polluted", () => {
    const document = {
      openapi: "3.0.3",
      servers: SERVER,
      paths: { "/a": { get: { parameters: [{ $ref: "#/components/x/0" }, { $ref: "#/components/x/5" }] } } },
      components: { x: [] },
    };
    polluted(["0", "5"], () => {
      const error = expectEndpointError(() => fromOpenApi(document), "ERR_INVALID_PARAMETER");
      expect(error.message).toContain("names nothing");
    });
  });

  it("reads a Swagger 2.0 description's $refs, schemes and consumes through own properties only", () => {
    const document = {
      swagger: "2.0",
      host: "api.example",
      schemes: ["http"],
      paths: { "/a": { get: { parameters: [{ $ref: "#/parameters/list/3" }] }, post: { consumes: [], parameters: [{ name: "f", in: "formData", type: "string" }] } } },
      parameters: { list: [] },
    };
    polluted(["0", "3"], () => {
      expect(expectEndpointError(() => fromOpenApi(document), "ERR_INVALID_PARAMETER").message).toContain("names nothing");
      // A hole in the schemes is a missing scheme, not Object.prototype's "0".
      // eslint-disable-next-line no-sparse-arrays
      expect(expectEndpointError(() => fromOpenApi({ ...document, schemes: [, "http"] }), "ERR_INVALID_BASE_URL").message).toContain("missing");
      const defaults = fromOpenApi({ ...document, paths: { "/a": { post: document.paths["/a"].post } } });
      expect(defaults.baseUrl).toBe("http://api.example");
      expect(defaults["x-endpointkit-routes"]["POST /a"]!.body).toEqual({ mediaType: "application/x-www-form-urlencoded", properties: ["f"] });
    });
  });

  it("writes a __proto__ encoding entry as data with get and set polluted on Object.prototype", () => {
    // Parsed from JSON text, where "__proto__" is an own key as in any parsed description.
    const documents = [
      '{"swagger":"2.0","host":"api.example","paths":{"/f":{"post":{"parameters":[{"name":"__proto__","in":"formData","type":"array","collectionFormat":"ssv"}]}}}}',
      '{"openapi":"3.0.3","servers":[{"url":"https://api.example"}],"paths":{"/f":{"post":{"requestBody":{"content":{"application/x-www-form-urlencoded":{"encoding":{"__proto__":{"explode":false}}}}}}}}}',
    ].map((text) => JSON.parse(text) as object);
    const encodings = documents.map((document) => fromOpenApi(document)["x-endpointkit-routes"]["POST /f"]!.body!.encoding);
    for (const key of ["get", "set"]) Object.defineProperty(Object.prototype, key, Object.assign(Object.create(null) as PropertyDescriptor, { value: { evil: true }, configurable: true, writable: true }));
    let polluted: unknown[];
    try {
      polluted = documents.map((document) => fromOpenApi(document)["x-endpointkit-routes"]["POST /f"]!.body!.encoding);
    } finally {
      for (const key of ["get", "set"]) delete (Object.prototype as Record<string, unknown>)[key];
    }
    expect(JSON.stringify(polluted)).toBe(JSON.stringify(encodings));
    expect(JSON.stringify(encodings)).toBe('[{"__proto__":{"explode":false,"style":"spaceDelimited"}},{"__proto__":{"explode":false}}]');
  });

  it("reads a hole in a parameter list, an allOf or the servers as nothing, with Object.prototype[0] polluted", () => {
    const document = {
      openapi: "3.0.3",
      // A hole first: the server at index 0 is missing, not Object.prototype's "0".
      servers: [, { url: "https://other.example" }],
      paths: {
        "/a": {
          // eslint-disable-next-line no-sparse-arrays
          get: { parameters: [, { name: "q", in: "query" }] },
          // eslint-disable-next-line no-sparse-arrays
          post: { requestBody: { content: { "application/json": { schema: { allOf: [, { properties: { b: {} } }] } } } } },
        },
      },
    };
    polluted(["0"], () => {
      expectEndpointError(() => fromOpenApi(document), "ERR_INVALID_BASE_URL");
      const defaults = fromOpenApi({ ...document, servers: SERVER });
      const routes = defaults["x-endpointkit-routes"];
      expect(routes["GET /a"]!.parameters).toEqual([{ name: "q", in: "query" }]);
      // An allOf member that is nothing is not an object schema: the body is given whole, as data.
      expect(routes["POST /a"]!.body).toEqual({ mediaType: "application/json" });
      expect(JSON.stringify(defaults)).not.toContain("evil");
    });
  });
});

describe("a $ref that is not a string is described without calling its code (class 12)", () => {
  it("names its type, never calling toString, valueOf or Symbol.toPrimitive", () => {
    let called = 0;
    const hostile = {
      toString: () => {
        called++;
        return "#/components/schemas/A";
      },
      valueOf: () => {
        called++;
        return 1;
      },
      [Symbol.toPrimitive]: () => {
        called++;
        throw new Error("called");
      },
    };
    for (const ref of [hostile, [hostile], 7, null, true]) {
      const error = expectEndpointError(
        () => fromOpenApi({ openapi: "3.0.3", servers: SERVER, paths: { "/a": { get: { parameters: [{ $ref: ref }] } } } }),
        "ERR_INVALID_PARAMETER",
      );
      expect(error.message).toMatch(/a \$ref is (an object|a list|a number|null|a boolean), not a string/);
    }
    expect(called).toBe(0);
  });
});
