// OpenAPI 3.2 read into the route table (DECISIONS "Described routes"; issue 31 item 8), cases written from the
// OpenAPI 3.2.0 specification's own text and examples: the `query` operation and `additionalOperations` (Path Item
// Object), `in: querystring` (Parameter Object, Parameter Locations and its examples), `style: cookie` (Style Values).
// How a querystring or cookie-style value is written at call time is the call's (src/openapi/call.ts), not tested here.
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError, loosen } from "../helpers.js";

const doc = (paths: object, openapi = "3.2.0") => ({ openapi, info: { title: "t", version: "1" }, servers: [{ url: "https://example.com" }], paths });

describe("OpenAPI 3.2: the query operation and additionalOperations (Path Item Object)", () => {
  // The Path Item Object example: a COPY operation under additionalOperations beside get.
  const pets = doc({
    "/pets/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "array", items: { type: "string" } }, style: "simple" }],
      get: { operationId: "getPetsById", responses: {} },
      additionalOperations: { COPY: { operationId: "copyPetsById", responses: {} } },
    },
    "/products": { query: { requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { filter: { type: "string" } } } } } } } },
  });

  it("reads a QUERY operation and each additional operation as routes, with the path item's parameters", () => {
    const routes = fromOpenApi(pets)["x-endpointkit-routes"];
    expect(Object.keys(routes).sort()).toEqual(["COPY /pets/{id}", "GET /pets/{id}", "QUERY /products"]);
    expect(routes["COPY /pets/{id}"]!.parameters).toEqual([{ name: "id", in: "path" }]);
    expect(routes["QUERY /products"]!.body).toEqual({ mediaType: "application/json", properties: ["filter"], required: true });
  });

  it("sends a QUERY with its body and a COPY to the filled path", () => {
    const api = loosen(endpoint.defaults(fromOpenApi(pets)));
    expect(api("QUERY /products", { filter: "red" })).toMatchObject({ method: "query", url: "https://example.com/products", body: { filter: "red" } });
    expect(api("COPY /pets/{id}", { id: ["a", "b"] })).toMatchObject({ method: "COPY", url: "https://example.com/pets/a,b" });
  });

  it("keeps the method's case as the key writes it in the table", () => {
    const routes = fromOpenApi(doc({ "/a": { additionalOperations: { Purge: {} } } }))["x-endpointkit-routes"];
    expect(Object.keys(routes)).toEqual(["Purge /a"]);
  });

  it("refuses an additional operation a fixed field describes, or whose key is no HTTP method token", () => {
    // "This map MUST NOT contain any entry for the methods that can be defined by other fixed fields".
    for (const method of ["POST", "get", "QUERY", "NOT A TOKEN", ""]) {
      const error = expectEndpointError(() => fromOpenApi(doc({ "/a": { additionalOperations: { [method]: {} } } })), "ERR_INVALID_PARAMETER");
      expect(error.message).toContain('"/a"');
    }
  });

  it("reads neither in an OpenAPI 3.1 description, where they are not OpenAPI", () => {
    const routes = fromOpenApi(doc({ "/a": { query: {}, additionalOperations: { COPY: {} }, get: {} } }, "3.1.1"))["x-endpointkit-routes"];
    expect(Object.keys(routes)).toEqual(["GET /a"]);
  });
});

describe("OpenAPI 3.2: in: querystring (Parameter Locations)", () => {
  it("records the parameter that is the whole query string, with its content's media type", () => {
    // The specification's examples: a form-urlencoded querystring and a JSON one named "json".
    const routes = fromOpenApi(
      doc({
        "/form": { get: { parameters: [{ in: "querystring", name: "q", content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { foo: { type: "string" }, bar: { type: "boolean" } } } } } }] } },
        "/foo": { get: { parameters: [{ in: "querystring", name: "json", required: true, content: { "application/json": { schema: { type: "object" } } } }] } },
        "/path": { get: { parameters: [{ in: "querystring", name: "selector", content: { "application/jsonpath": { schema: { type: "string" } } } }] } },
      }),
    )["x-endpointkit-routes"];
    expect(routes["GET /form"]!.parameters).toEqual([{ name: "q", in: "querystring", mediaType: "application/x-www-form-urlencoded" }]);
    expect(routes["GET /foo"]!.parameters).toEqual([{ name: "json", in: "querystring", mediaType: "application/json", required: true, json: true }]);
    expect(routes["GET /path"]!.parameters).toEqual([{ name: "selector", in: "querystring", mediaType: "application/jsonpath" }]);
  });

  it("refuses one without content, a second one, or one beside query parameters (MUST NOT)", () => {
    const querystring = { in: "querystring", name: "q", content: { "application/json": {} } };
    for (const parameters of [[{ in: "querystring", name: "q", schema: {} }], [querystring, { ...querystring, name: "r" }], [querystring, { in: "query", name: "page" }]]) {
      expectEndpointError(() => fromOpenApi(doc({ "/a": { get: { parameters } } })), "ERR_INVALID_PARAMETER");
    }
    // A path item's query parameter counts too ("or in the operation's path-item").
    expectEndpointError(() => fromOpenApi(doc({ "/a": { parameters: [{ in: "query", name: "page" }], get: { parameters: [querystring] } } })), "ERR_INVALID_PARAMETER");
  });

  it("leaves the location out of an OpenAPI 3.1 description, as any location 3.1 does not have", () => {
    const routes = fromOpenApi(doc({ "/a": { get: { parameters: [{ in: "querystring", name: "q", content: { "application/json": {} } }] } } }, "3.1.0"))["x-endpointkit-routes"];
    expect(routes["GET /a"]!.parameters).toBeUndefined();
  });
});

describe("OpenAPI 3.2: style: cookie (Style Values)", () => {
  it("records the cookie style, exploded by default as form is, and only in a 3.2 description", () => {
    const parameters = [
      { name: "session", in: "cookie", style: "cookie" },
      { name: "prefs", in: "cookie", style: "cookie", explode: false },
      { name: "plain", in: "cookie", style: "form", explode: true },
    ];
    const routes = fromOpenApi(doc({ "/a": { get: { parameters } } }))["x-endpointkit-routes"];
    expect(routes["GET /a"]!.parameters).toEqual([
      { name: "session", in: "cookie", style: "cookie" },
      { name: "prefs", in: "cookie", style: "cookie", explode: false },
      { name: "plain", in: "cookie" },
    ]);
    const older = fromOpenApi(doc({ "/a": { get: { parameters } } }, "3.1.0"))["x-endpointkit-routes"];
    expect(older["GET /a"]!.parameters![0]).toEqual({ name: "session", in: "cookie" });
  });
});

describe("OpenAPI 3.2: an object form field with no Encoding Object is JSON text (Encoding Object defaults)", () => {
  // The specification's "URL Encoded Form with JSON Values" example.
  const form = (openapi: string) =>
    doc(
      {
        "/addresses": {
          post: {
            requestBody: {
              content: {
                "application/x-www-form-urlencoded": {
                  schema: { type: "object", properties: { id: { type: "string", format: "uuid" }, address: { type: "object", properties: {} } } },
                },
              },
            },
          },
        },
      },
      openapi,
    );
  const address = { streetAddress: "123 Example Dr.", city: "Somewhere", state: "CA", zip: "99999+1234" };

  it("records the object-typed field as JSON in a 3.2 description, and sends it as its JSON text", () => {
    const defaults = fromOpenApi(form("3.2.0"));
    expect(defaults["x-endpointkit-routes"]["POST /addresses"]!.body!.encoding).toEqual({ address: { json: true } });
    const { body } = loosen(endpoint.defaults(defaults))("POST /addresses", { id: "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", address });
    const sent = new URLSearchParams(body as string);
    expect(sent.get("id")).toBe("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
    expect(JSON.parse(sent.get("address")!)).toEqual(address);
  });

  it("leaves an explicit Encoding Object as written, and earlier versions as they were (bracket form)", () => {
    const explicit = form("3.2.0") as { paths: { "/addresses": { post: { requestBody: { content: Record<string, Record<string, unknown>> } } } } };
    explicit.paths["/addresses"].post.requestBody.content["application/x-www-form-urlencoded"]!.encoding = { address: { style: "deepObject" } };
    expect(fromOpenApi(explicit)["x-endpointkit-routes"]["POST /addresses"]!.body!.encoding).toEqual({ address: { style: "deepObject" } });
    expect(fromOpenApi(form("3.1.0"))["x-endpointkit-routes"]["POST /addresses"]!.body!.encoding).toBeUndefined();
  });
});
