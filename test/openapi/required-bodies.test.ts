// DECISIONS "Described routes": what a described call must hold is checked at run time, as its types say: a request
// body the operation marks required (Swagger 2.0: a required `in: body` or `in: formData` parameter), and the top-level
// required properties of an object body given flat or as a plain object, are ERR_MISSING_PARAMETER naming them.
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";

const BASE = "https://api.example";
type Call = (route: string, options?: unknown) => RequestOptions;
const pet = {
  type: "object",
  required: ["name", "id"],
  properties: { id: { type: "integer", readOnly: true }, name: { type: "string" }, tag: { type: "string" } },
};
const api = endpoint.defaults(
  fromOpenApi({
    openapi: "3.1.0",
    servers: [{ url: BASE }],
    paths: {
      "/pets": {
        post: { requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } }, responses: {} },
        put: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } }, responses: {} },
      },
      "/upload": { post: { requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } }, responses: {} } },
      "/owners": {
        post: {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  allOf: [{ $ref: "#/components/schemas/Pet" }, { type: "object", required: ["owner"], properties: { owner: { type: "string" } } }],
                  oneOf: [
                    { type: "object", required: ["email"], properties: { email: { type: "string" } } },
                    { type: "object", required: ["phone"], properties: { phone: { type: "string" } } },
                  ],
                },
              },
            },
          },
          responses: {},
        },
      },
    },
    components: { schemas: { Pet: pet } },
  }),
) as unknown as Call;

describe("a required request body", () => {
  it("refuses a call that gives none (ERR_MISSING_PARAMETER), naming what it needs", () => {
    const error = expectEndpointError(() => api("POST /pets", {}), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain("POST /pets");
    expect(error.message).toContain('"name"');
    expect(error.message).toContain("required");
    const upload = expectEndpointError(() => api("POST /upload"), "ERR_MISSING_PARAMETER");
    expect(upload.message).toContain("data");
  });

  it("sends an optional body's absence as no body", () => {
    expect("body" in api("PUT /pets", {})).toBe(false);
  });

  it("takes a native body as it is, without looking into it", () => {
    const blob = new Blob(["x"]);
    expect(api("POST /upload", { data: blob }).body).toBe(blob);
    const form = new FormData();
    expect(api("POST /pets", { data: form }).body).toBe(form);
  });
});

describe("the required properties of an object body", () => {
  it("are checked given flat and given as a plain object in data, readOnly ones aside", () => {
    expect(api("POST /pets", { name: "Rex" }).body).toEqual({ name: "Rex" });
    expect(api("POST /pets", { data: { name: "Rex" } }).body).toEqual({ name: "Rex" });
    const flat = expectEndpointError(() => api("POST /pets", { tag: "dog" }), "ERR_MISSING_PARAMETER");
    expect(flat.message).toContain('"name"');
    expect(flat.message).not.toContain('"id"');
    expectEndpointError(() => api("POST /pets", { data: { tag: "dog" } }), "ERR_MISSING_PARAMETER");
    // An optional body given is checked too: its schema still requires name.
    expectEndpointError(() => api("PUT /pets", { tag: "dog" }), "ERR_MISSING_PARAMETER");
  });

  it("count a null value as given, and never validate values", () => {
    expect(api("POST /pets", { name: null }).body).toEqual({ name: null });
    expect(api("POST /pets", { name: 42 }).body).toEqual({ name: 42 });
  });

  it("include the allOf members' required ones, not those of one oneOf branch", () => {
    const error = expectEndpointError(() => api("POST /owners", { name: "Rex" }), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('"owner"');
    expect(error.message).not.toContain('"email"');
    expect(api("POST /owners", { name: "Rex", owner: "Ann" }).body).toEqual({ name: "Rex", owner: "Ann" });
  });

  it("leave a string body alone", () => {
    expect(api("POST /pets", { data: '{"name":"Rex"}' }).body).toBe('{"name":"Rex"}');
  });
});

describe("Swagger 2.0: required in: body and in: formData parameters", () => {
  const swagger = endpoint.defaults(
    fromOpenApi({
      swagger: "2.0",
      host: "api.example",
      schemes: ["https"],
      paths: {
        "/pets": { post: { parameters: [{ name: "pet", in: "body", required: true, schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } } }], responses: {} } },
        "/form": {
          post: {
            consumes: ["application/x-www-form-urlencoded"],
            parameters: [
              { name: "name", in: "formData", type: "string", required: true },
              { name: "note", in: "formData", type: "string" },
            ],
            responses: {},
          },
        },
      },
    }),
  ) as unknown as Call;

  it("refuses a missing required body, and a body without its required property", () => {
    // The body parameter is named, as Swagger 2.0 names it.
    expect(expectEndpointError(() => swagger("POST /pets", {}), "ERR_MISSING_PARAMETER").message).toContain('"pet"');
    expect(expectEndpointError(() => swagger("POST /pets", { data: {} }), "ERR_MISSING_PARAMETER").message).toContain('"name"');
    expect(swagger("POST /pets", { name: "Rex" }).body).toEqual({ name: "Rex" });
  });

  it("refuses a form without its required formData parameter, naming it", () => {
    const error = expectEndpointError(() => swagger("POST /form", { note: "n" }), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('"name"');
    expect(swagger("POST /form", { name: "Rex" }).body).toBe("name=Rex");
  });
});
