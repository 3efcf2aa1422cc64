// DECISIONS "Described routes": a described route's accept is one type (its success response's JSON media type, else
// its first); a described call without a body gets no content-type of endpointkit's and no body key, PATCH and PUT
// included; a ready-made authorization value goes in `headers` (DECISIONS "Credentials").
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";

const BASE = "https://api.example";
type Call = (route: string, options?: unknown) => RequestOptions;
const body = { content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } } };
const api = endpoint.defaults(
  fromOpenApi({
    openapi: "3.1.0",
    servers: [{ url: BASE }],
    components: { securitySchemes: { basic: { type: "http", scheme: "basic" } } },
    paths: {
      "/pets": {
        get: {
          responses: {
            "400": { content: { "application/problem+json": {} } },
            "2XX": { content: { "application/xml": {}, "application/vnd.pets+json": {}, "text/csv": {} } },
          },
        },
        patch: { requestBody: body, responses: {} },
        put: { requestBody: body, responses: {} },
        post: { requestBody: body, responses: { "201": { content: { "text/plain": {}, "application/xml": {} } } } },
        delete: { security: [{ basic: [] }], responses: {} },
      },
    },
  }),
) as unknown as Call;

describe("accept names one type", () => {
  it("is the success response's JSON media type, not an error response's", () => {
    expect(api("GET /pets").headers.accept).toBe("application/vnd.pets+json");
  });

  it("is the success response's first media type when none is JSON", () => {
    expect(api("POST /pets", { name: "Rex" }).headers.accept).toBe("text/plain");
  });
});

describe("a described call without a body", () => {
  it("has no body key and no content-type, PATCH and PUT included", () => {
    for (const route of ["PATCH /pets", "PUT /pets", "POST /pets", "DELETE /pets"]) {
      const request = api(route, {});
      expect("body" in request, route).toBe(false);
      expect(request.headers["content-type"], route).toBeUndefined();
    }
  });

  it("keeps a content-type the caller gives, as every header", () => {
    expect(api("PUT /pets", { headers: { "content-type": "application/json" } }).headers["content-type"]).toBe("application/json");
  });
});

describe("a ready-made authorization value", () => {
  it("goes in headers as given, on a route with security requirements and without auth", () => {
    const request = api("DELETE /pets", { headers: { authorization: "Basic dTpw" } });
    expect(request.headers.authorization).toBe("Basic dTpw");
    expect(request.url).toBe(`${BASE}/pets`);
  });
});
