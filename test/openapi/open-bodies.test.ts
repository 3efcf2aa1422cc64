// DECISIONS "Described routes": a body schema with no `properties` (a free-form object, `{}` included) or with an
// explicit `additionalProperties` other than `false` takes any other key as a body property. fromOpenApi() records
// it in the route table as `additional: true` beside the named `properties`; call time reads it. The shapes are those
// of Kubernetes' patches (a `*/*` body of `{ type: object }`), Jira's entity properties (a body of `{}`) and Plaid's
// and Spotify's bodies (named properties and `additionalProperties: true`).
import { describe, expect, it } from "vitest";
import { fromOpenApi } from "../../src/openapi/index.js";

/** The route table body of `POST /x` whose request body is `schema` as `mediaType`. */
function bodyOf(schema: object, mediaType = "application/json", components: object = {}) {
  const document = {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example" }],
    components: { schemas: components },
    paths: { "/x": { post: { parameters: [{ name: "dryRun", in: "query", schema: { type: "boolean" } }], requestBody: { content: { [mediaType]: { schema } } }, responses: {} } } },
  };
  return fromOpenApi(document)["x-endpointkit-routes"]["POST /x"]!.body!;
}

describe("bodies that take keys they do not name", () => {
  it("marks a free-form object body, `{}` included, as additional", () => {
    expect(bodyOf({})).toEqual({ mediaType: "application/json", additional: true });
    expect(bodyOf({ type: "object", description: "Patch is provided to give a concrete name and type to the Kubernetes PATCH request body." }, "*/*")).toEqual({
      mediaType: "*/*",
      additional: true,
    });
    expect(bodyOf({ type: "object" }, "application/x-www-form-urlencoded").additional).toBe(true);
  });

  it("marks a body with additionalProperties true or a schema as additional, beside its named properties", () => {
    expect(bodyOf({ type: "object", properties: { client_id: { type: "string" } }, additionalProperties: true })).toEqual({
      mediaType: "application/json",
      properties: ["client_id"],
      additional: true,
    });
    expect(bodyOf({ type: "object", additionalProperties: { type: "string" } }).additional).toBe(true);
  });

  it("finds additionalProperties through $ref and allOf", () => {
    const components = { Open: { type: "object", additionalProperties: {} }, Named: { type: "object", properties: { a: {} } } };
    expect(bodyOf({ $ref: "#/components/schemas/Open" }, "application/json", components).additional).toBe(true);
    expect(bodyOf({ allOf: [{ $ref: "#/components/schemas/Named" }, { $ref: "#/components/schemas/Open" }] }, "application/json", components)).toEqual({
      mediaType: "application/json",
      properties: ["a"],
      additional: true,
    });
  });

  it("does not mark a body whose other keys the schema leaves unsaid or forbids", () => {
    // Named properties alone: any other key is refused (openapi-typescript types no index signature).
    expect(bodyOf({ type: "object", properties: { a: {} } }).additional).toBeUndefined();
    // Stripe's bodies of no parameters: `properties: {}` and `additionalProperties: false`.
    expect(bodyOf({ type: "object", properties: {}, additionalProperties: false }, "application/x-www-form-urlencoded")).toEqual({ mediaType: "application/x-www-form-urlencoded" });
    // A list or a string is no object.
    expect(bodyOf({ type: "array", items: {} }).additional).toBeUndefined();
    expect(bodyOf({ type: "string" }).additional).toBeUndefined();
    // An untyped upload is given as data.
    expect(bodyOf({}, "application/octet-stream").additional).toBeUndefined();
  });

  it("sends such a body whole in data when a named property is also a query parameter's name", () => {
    expect(bodyOf({ type: "object", properties: { dryRun: {} }, additionalProperties: true })).toEqual({ mediaType: "application/json" });
  });

  it("reads a Swagger 2.0 body parameter the same way", () => {
    const table = fromOpenApi({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      host: "api.example",
      paths: { "/x": { put: { parameters: [{ name: "body", in: "body", schema: { type: "object", additionalProperties: { type: "string" } } }], responses: {} } } },
    })["x-endpointkit-routes"];
    expect(table["PUT /x"]!.body).toEqual({ mediaType: "application/json", additional: true });
  });
});
