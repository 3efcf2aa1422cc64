// The seventh adversarial review, of one stop's changes: form values holding lists or maps in the bracket form, a
// `format: date` path parameter written as its day, OpenAPI 3.2 additionalOperations keys sent in their own case, and
// string JSON bodies. Each test is one finding, written against the public entries only, fails on the code reviewed
// (review7 at 471c16c) and states what DECISIONS.md ("Described routes", "Errors") or the project's standards promise:
// each caller property read once (a getter answers once), nothing misrouted, a JSON body is JSON.
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError, toFetchArgs, type RequestOptions } from "../../src/index.js";
import { endpoint as octokitEndpoint } from "../../src/octokit.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { settle } from "../helpers.js";

type Call = (route?: unknown, options?: unknown) => RequestOptions;
type Api = Call & { merge: (route?: unknown, options?: unknown) => Record<string, unknown>; parse: (options: unknown) => RequestOptions };


const API = "https://api.example";
const described = (document: object): Api => endpoint.defaults(fromOpenApi({ servers: [{ url: API }], ...document }) as never) as unknown as Api;

describe("1. security of an additionalOperations route is the entry's own, not its uppercase spelling's (DECISIONS 'Described routes', 'Credentials')", () => {
  // Two 3.2 operations whose methods differ only by case are two operations, each sent in its key's case; each has
  // its own security requirement.
  const api = described({
    openapi: "3.2.0",
    components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "x-key" }, token: { type: "http", scheme: "bearer" } } },
    paths: {
      "/one": { additionalOperations: { Purge: { security: [{ key: [] }] } } },
      "/two": { additionalOperations: { Purge: { security: [{ key: [] }] }, PURGE: { security: [{ token: [] }] } } },
    },
  });
  const auth = { key: "k-secret", token: "t-secret" };

  it("Purge /one sends the API key its entry requires (it was silently left out)", () => {
    for (const request of [api("Purge /one", { auth }), api.parse(api.merge("Purge /one", { auth }))]) {
      expect(request.method).toBe("Purge");
      expect(request.headers["x-key"]).toBe("k-secret");
    }
  });

  it("Purge /two sends its own API key, never the bearer token PURGE /two requires", () => {
    for (const request of [api("Purge /two", { auth }), api.parse(api.merge("Purge /two", { auth }))]) {
      expect(request.headers["x-key"]).toBe("k-secret");
      expect(request.headers.authorization).toBeUndefined();
    }
    // The uppercase operation keeps its own.
    expect(api("PURGE /two", { auth }).headers.authorization).toBe("Bearer t-secret");
  });
});

describe("2. an all-lowercase additionalOperations key is its own route, in its case (DECISIONS 'Described routes')", () => {
  // OpenAPI 3.2: the key is the method 'with the same capitalization that is to be sent in the request'. `purge` is
  // no fixed field, so it is such a key. (toFetchArgs cannot tell it from a base route's lowercase method and sends
  // PURGE: docs/api.md says so.)
  const api = described({ openapi: "3.2.0", paths: { "/cache": { additionalOperations: { purge: {} } } } });

  it("endpoint() gives the method as the description writes it", () => {
    expect(api("purge /cache").method).toBe("purge");
  });
});

describe("3. a form map holding a map reads each of the caller's properties once (standards: getters answer once)", () => {
  const api = described({ openapi: "3.1.0", paths: { "/p": { get: { parameters: [{ name: "filter", in: "query", schema: { type: "object" } }] } } } });

  it("a map that holds itself through a getter is a cycle, read once, not a second answer written as a pair", () => {
    let reads = 0;
    const filter: Record<string, unknown> = {};
    // First answer: the map itself (a cycle); any later read answers a scalar that the first answer never gave.
    Object.defineProperty(filter, "self", { enumerable: true, get: () => (++reads === 1 ? filter : "second") });
    const result = settle(() => api("GET /p", { filter }).url);
    expect(reads).toBe(1);
    expect(result).toEqual({ code: "ERR_TOO_LARGE" });
  });

  it("a map given to two form parameters, nested in one, is read once", () => {
    const two = described({
      openapi: "3.1.0",
      paths: { "/p": { get: { parameters: ["a", "b"].map((name) => ({ name, in: "query", schema: { type: "object" } })) } } },
    });
    let reads = 0;
    const shared: Record<string, unknown> = {};
    Object.defineProperty(shared, "k", { enumerable: true, get: () => `v${++reads}` });
    const url = settle(() => two("GET /p", { a: shared, b: { inner: shared } }).url);
    expect(reads).toBe(1);
    expect(url).toBe(`${API}/p?k=v1&b%5Binner%5D%5Bk%5D=v1`);
  });
});

describe("4. a format: date path parameter given a list reads each item once (standards: getters answer once)", () => {
  const api = described({
    openapi: "3.1.0",
    paths: { "/days/{days}": { get: { parameters: [{ name: "days", in: "path", required: true, schema: { type: "array", items: { type: "string", format: "date" } } }] } } },
  });

  it("an item's getter answers once, and the URL holds that answer", () => {
    let reads = 0;
    const days: unknown[] = ["x"];
    Object.defineProperty(days, 0, { enumerable: true, get: () => (++reads === 1 ? "first" : "second") });
    expect(settle(() => api("GET /days/{days}", { days }).url)).toBe(`${API}/days/first`);
    expect(reads).toBe(1);
  });

  it("a proxy's length is read once (a list with no Date in it is not read again when written)", () => {
    let lengths = 0;
    const days = new Proxy(["2024-01-05"], { get: (target, key, receiver) => (key === "length" && lengths++, Reflect.get(target, key, receiver)) });
    expect(settle(() => api("GET /days/{days}", { days }).url)).toBe(`${API}/days/2024-01-05`);
    expect(lengths).toBe(1);
  });
});

describe("5. a string body whose JSON schema's type is ['string', 'null'] is sent as JSON text (DECISIONS 'Request bodies by media type')", () => {
  // OpenAPI 3.1 writes a nullable string as a type list; labelled application/json, the raw text `abc` is not JSON.
  for (const media of ["application/json", "*/*"]) {
    it(`${media}: data "abc" is sent as "\\"abc\\""`, () => {
      const api = described({ openapi: "3.1.0", paths: { "/p": { post: { requestBody: { content: { [media]: { schema: { type: ["string", "null"] } } } } } } } });
      for (const request of [api("POST /p", { data: "abc" }), api.parse(api.merge("POST /p", { data: "abc" }))]) {
        expect(request.headers["content-type"]).toMatch(/^application\/json/);
        expect(request.body).toBe('"abc"');
      }
    });
  }
});

describe("6. endpointkit/octokit sends an additionalOperations method in its key's case too (DECISIONS 'Described routes')", () => {
  // Octokit's contract uppercases the methods it has (get, post, ...); a 3.2 key is a method whose case the
  // description fixes, and `Purge` and `PURGE` are two operations: uppercasing `Purge` sends the other one.
  const document = { openapi: "3.2.0", servers: [{ url: API }], paths: { "/p": { additionalOperations: { Purge: {}, PURGE: {} } } } };
  const api = octokitEndpoint.defaults(fromOpenApi(document) as never) as unknown as Api;

  it("Purge /p is sent as Purge, PURGE /p as PURGE, both ways", () => {
    expect(api("Purge /p").method).toBe("Purge");
    expect(api.parse(api.merge("Purge /p")).method).toBe("Purge");
    expect(api("PURGE /p").method).toBe("PURGE");
  });
});

describe("7. Swagger 2.0: a string in: body under consumes */* is sent as JSON text, as an OpenAPI 3 */* body is (DECISIONS 'Request bodies by media type')", () => {
  // The body is labelled application/json (a media range is JSON); the raw text `abc` under that label is not JSON.
  for (const consumes of [["*/*"], ["application/*"]]) {
    it(`consumes ${JSON.stringify(consumes)}: data "abc" is sent as "\\"abc\\""`, () => {
      const api = described({ swagger: "2.0", host: "api.example", paths: { "/p": { post: { consumes, parameters: [{ in: "body", name: "b", schema: { type: "string" } }] } } } });
      for (const request of [api("POST /p", { data: "abc" }), api.parse(api.merge("POST /p", { data: "abc" }))]) {
        expect(request.headers["content-type"]).toMatch(/^application\/json/);
        expect(request.body).toBe('"abc"');
      }
    });
  }
});

describe("8. an error on an additionalOperations route names that route, in its key's case (DECISIONS 'Errors')", () => {
  // describeRoute uppercases the method: an error on Purge /p named PURGE /p, another operation, one that has `b`.
  const api = described({
    openapi: "3.2.0",
    paths: { "/p": { additionalOperations: { Purge: { parameters: [{ name: "a", in: "query" }] }, PURGE: { parameters: [{ name: "b", in: "query" }] } } } },
  });

  it("Purge /p given PURGE's parameter says Purge /p", () => {
    for (const work of [() => api("Purge /p", { b: 1 }), () => api.parse(api.merge("Purge /p", { b: 1 }))]) {
      expect(work).toThrow(EndpointError);
      expect(work).toThrow(/^Purge \/p: /);
    }
  });
});
