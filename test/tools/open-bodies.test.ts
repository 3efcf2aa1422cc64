// DECISIONS "Tools for agents": a tool call can never set a request option its schema does not declare. An open
// body's other keys are body properties only: one named like an option sends the body whole as `data`; one the
// operation already uses (a parameter, a qualified key, a renamed property's own name) is refused.
import { describe, expect, it } from "vitest";
import { OPTION_NAMES } from "../../src/option-names.js";
import { toTools } from "../../src/tools/index.js";
import { expectEndpointError } from "../helpers.js";

type Json = Record<string, any>;

const openDoc = (mediaType: string, schema: Json = { type: "object", additionalProperties: true, properties: { name: { type: "string" } } }): Json => ({
  openapi: "3.1.0",
  servers: [{ url: "https://api.example/v1" }],
  components: { securitySchemes: { br: { type: "http", scheme: "bearer" }, key: { type: "apiKey", in: "query", name: "api_key" } } },
  security: [{ br: [] }, { key: [] }],
  paths: { "/e": { post: { operationId: "e", requestBody: { content: { [mediaType]: { schema } } }, responses: {} } } },
});

const entries = (body: unknown): unknown => (body instanceof FormData ? Object.fromEntries([...body.entries()]) : body);

describe("an open body's keys named like options", () => {
  it("are body properties of a JSON body, never the request's origin, headers, credentials or request meta", () => {
    const doc = openDoc("application/json");
    const openai = toTools(doc, { format: "openai" }).call("e", { name: "x", baseUrl: "https://evil.example" });
    expect(openai.url).toBe("https://api.example/v1/e");
    expect(openai.body).toEqual({ name: "x", baseUrl: "https://evil.example" });

    const mcp = toTools(doc, { format: "mcp" }).call("e", { name: "x", headers: { authorization: "Bearer EVIL" } });
    expect(mcp.headers.authorization).toBeUndefined();
    expect(mcp.body).toEqual({ name: "x", headers: { authorization: "Bearer EVIL" } });

    const kit = toTools(doc, { format: "anthropic", auth: { br: "SECRET", key: "K" } });
    const swapped = kit.call("e", { name: "x", auth: { br: "OTHER" } });
    expect(swapped.headers.authorization).toBe("Bearer SECRET");
    expect(swapped.body).toEqual({ name: "x", auth: { br: "OTHER" } });
    const meta = kit.call("e", { name: "x", request: { redirect: "follow" } });
    expect(meta.request).toBeUndefined();
    expect(meta.body).toEqual({ name: "x", request: { redirect: "follow" } });
  });

  it("covers every option name, data and the route table's key, whatever additionalProperties opens the body", () => {
    for (const additionalProperties of [true, {}, { type: "string" }]) {
      const schema = { type: "object", additionalProperties, properties: { name: { type: "string" } } };
      const kit = toTools(openDoc("application/json", schema), { format: "anthropic", auth: { br: "SECRET" } });
      for (const key of [...OPTION_NAMES, "data"]) {
        const result = kit.call("e", { name: "x", [key]: "v" });
        expect(result.url).toBe("https://api.example/v1/e");
        expect(result.method).toBe("post");
        expect(result.headers.authorization).toBe("Bearer SECRET");
        expect(result.body).toEqual({ name: "x", [key]: "v" });
      }
    }
  });

  it("are written into form and multipart bodies as properties", () => {
    for (const mediaType of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
      const kit = toTools(openDoc(mediaType), { format: "anthropic", auth: { br: "SECRET" } });
      const result = kit.call("e", { name: "x", baseUrl: "https://evil.example", headers: { authorization: "EVIL" }, url: "/x", method: "DELETE" });
      expect(result.url).toBe("https://api.example/v1/e");
      expect(result.method).toBe("post");
      expect(result.headers.authorization).toBe("Bearer SECRET");
      const body = entries(result.body);
      if (typeof body === "string") expect(body).toBe("name=x&baseUrl=https%3A%2F%2Fevil.example&headers%5Bauthorization%5D=EVIL&url=%2Fx&method=DELETE");
      else expect(body).toEqual({ name: "x", baseUrl: "https://evil.example", headers: '{"authorization":"EVIL"}', url: "/x", method: "DELETE" });
    }
  });

  it("leave declared header parameters in headers, and the body whole given as data cannot be mixed with them", () => {
    const doc = openDoc("application/json", { oneOf: [{ type: "string" }, { type: "object", additionalProperties: true, properties: { name: { type: "string" } } }] });
    doc.paths["/e"].post.parameters = [{ name: "X-Trace", in: "header", schema: { type: "string" } }, { name: "q", in: "query", schema: { type: "string" } }];
    const kit = toTools(doc, { format: "anthropic" });
    const result = kit.call("e", { q: "1", headers: { "X-Trace": "t" }, name: "x", url: "/u" });
    expect(result.url).toBe("https://api.example/v1/e?q=1");
    expect(result.headers["x-trace"]).toBe("t");
    expect(result.body).toEqual({ name: "x", url: "/u" });
    expectEndpointError(() => kit.call("e", { data: "whole", url: "/u" }), "ERR_INVALID_PARAMETER");
  });
});

describe("an open body's keys the operation already uses", () => {
  const doc: Json = {
    openapi: "3.1.0",
    servers: [{ url: "https://api.example" }],
    paths: {
      "/e/{id}": {
        post: {
          operationId: "e",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "integer" } },
            { name: "$top", in: "query", schema: { type: "integer", maximum: 9 } },
          ],
          requestBody: { content: { "application/json": { schema: { type: "object", additionalProperties: true, properties: { "a b": { type: "integer", maximum: 5 } } } } } },
          responses: {},
        },
      },
    },
  };
  const kit = toTools(doc, { format: "anthropic" });

  it("refuses a renamed property's own name (it would skip the checks and beat the renamed key)", () => {
    const error = expectEndpointError(() => kit.call("e", { id: 1, a_b: 1, "a b": "notint" }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"a b"');
  });

  it("refuses a qualified key and a parameter's name given past the schema", () => {
    const error = expectEndpointError(() => kit.call("e", { id: 1, "path:id": "../../admin" }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"path:id"');
    // A query parameter whose key was renamed ($top -> _top): its own name would set it unchecked.
    expect(kit.call("e", { id: 1, _top: 3 }).url).toMatch(/^https:\/\/api\.example\/e\/1\?(%24|\$)top=3$/);
    expectEndpointError(() => kit.call("e", { id: 1, $top: "all" }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => kit.call("e", { id: 1, "query:$top": 99 }), "ERR_INVALID_PARAMETER");
  });

  it("takes other keys as body properties", () => {
    expect(kit.call("e", { id: 1, a_b: 2, other: "o" })).toMatchObject({ url: "https://api.example/e/1", body: { "a b": 2, other: "o" } });
  });
});

describe("a header parameter whose name is not an HTTP token", () => {
  it("is left out of the schema, and the description says so", () => {
    const doc: Json = {
      openapi: "3.1.0",
      servers: [{ url: "https://api.example" }],
      paths: { "/e": { get: { operationId: "e", parameters: [{ name: "X-Key ", in: "header", schema: { type: "string" } }, { name: "X-Ok", in: "header", schema: { type: "string" } }], responses: {} } } },
    };
    const [tool] = toTools(doc, { format: "anthropic" }).tools;
    expect(Object.keys((tool!.input_schema as Json).properties.headers.properties)).toEqual(["X-Ok"]);
    expect(tool!.description).toContain('"X-Key "');
  });
});
