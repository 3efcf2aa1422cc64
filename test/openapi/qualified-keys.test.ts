// DECISIONS "Described routes": two parameters of one operation that share a name in different places (a path `id`
// and a query `id`) take one flat key; a qualified key `"<in>:<name>"` gives one of them its own value.
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";

const BASE = "https://api.example";
type Call = ((route: string, options?: unknown) => RequestOptions) & { merge(route: string, options?: unknown): Record<string, unknown>; parse(options: unknown): RequestOptions };

const document = {
  openapi: "3.1.0",
  servers: [{ url: BASE }],
  paths: {
    "/items/{id}": {
      get: {
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "id", in: "query", schema: { type: "string" } },
          { name: "id", in: "cookie", schema: { type: "string" } },
          { name: "limit", in: "query", schema: { type: "integer" } },
        ],
        responses: {},
      },
      post: {
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "query:id", in: "query", schema: { type: "string" } },
        ],
        requestBody: { content: { "application/json": { schema: { type: "object", properties: { note: { type: "string" } } } } } },
        responses: {},
      },
    },
    "/search": {
      get: { parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }], responses: {} },
    },
  },
};

const api = endpoint.defaults(fromOpenApi(document)) as unknown as Call;

describe("qualified keys: one parameter's own value", () => {
  it("fills every parameter of a shared name from the flat key", () => {
    const request = api("GET /items/{id}", { id: "7" });
    expect(request.url).toBe(`${BASE}/items/7?id=7`);
    expect(request.headers.cookie).toBe("id=7");
  });

  it("gives the query parameter its own value with query:id, the flat key still filling the path and the cookie", () => {
    const request = api("GET /items/{id}", { id: "7", "query:id": "q" });
    expect(request.url).toBe(`${BASE}/items/7?id=q`);
    expect(request.headers.cookie).toBe("id=7");
  });

  it("gives the path parameter its own value with path:id, wherever the key stands among the others", () => {
    expect(api("GET /items/{id}", { "path:id": "p", id: "7" }).url).toBe(`${BASE}/items/p?id=7`);
    expect(api("GET /items/{id}", { id: "7", "path:id": "p", "cookie:id": "c" }).headers.cookie).toBe("id=c");
  });

  it("takes every parameter by its qualified key alone, each with its own value", () => {
    const request = api("GET /items/{id}", { "path:id": "p", "query:id": "q", "cookie:id": "c", "query:limit": 5 });
    expect(request.url).toBe(`${BASE}/items/p?id=q&limit=5`);
    expect(request.headers.cookie).toBe("id=c");
  });

  it("takes a qualified key for a parameter whose name no other place shares", () => {
    expect(api("GET /search", { "query:q": "x y" }).url).toBe(`${BASE}/search?q=x%20y`);
  });

  it("meets a required parameter by its qualified key, and names it when neither key is given", () => {
    expect(api("GET /items/{id}", { "path:id": "p" }).url).toBe(`${BASE}/items/p`);
    const error = expectEndpointError(() => api("GET /search", {}), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('"q"');
  });

  it("refuses a qualified key of a place the route does not have (ERR_INVALID_PARAMETER)", () => {
    const error = expectEndpointError(() => api("GET /search", { "cookie:q": "x" }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain("cookie:q");
    expectEndpointError(() => api("GET /search", { q: "x", "header:q": "x" }), "ERR_INVALID_PARAMETER");
  });

  it("keeps a parameter literally named like a qualified key under its own name", () => {
    const request = api("POST /items/{id}", { id: "7", "query:id": "literal", note: "n" });
    expect(request.url).toBe(`${BASE}/items/7?query%3Aid=literal`);
    expect(request.body).toEqual({ note: "n" });
  });

  it("takes qualified keys from the endpoint's defaults, the call's own over them", () => {
    const withDefaults = (api as unknown as { defaults(options: object): Call }).defaults({ "query:id": "d" });
    expect(withDefaults("GET /items/{id}", { id: "7" }).url).toBe(`${BASE}/items/7?id=d`);
    expect(withDefaults("GET /items/{id}", { id: "7", "query:id": "own" }).url).toBe(`${BASE}/items/7?id=own`);
  });

  it("merge() keeps qualified keys as given, and parse(merge()) builds the same request as the endpoint", () => {
    const options = { id: "7", "query:id": "q", "path:id": "p" };
    const merged = api.merge("GET /items/{id}", options);
    expect(merged["query:id"]).toBe("q");
    expect(merged["path:id"]).toBe("p");
    expect(api.parse(merged)).toEqual(api("GET /items/{id}", options));
  });

  it("never changes the caller's options", () => {
    const options = Object.freeze({ id: "7", "query:id": "q" });
    api("GET /items/{id}", options);
    expect(options).toEqual({ id: "7", "query:id": "q" });
  });
});
