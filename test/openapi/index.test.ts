// fromOpenApi (src/openapi/): servers, accept, the route table, $refs, and hostile documents.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";

const petstore = JSON.parse(readFileSync(new URL("../fixtures/petstore.openapi.json", import.meta.url), "utf8")) as { [key: string]: unknown };
const doc = (extra: object) => ({ openapi: "3.0.3", info: { title: "t", version: "1" }, paths: {}, ...extra });

describe("fromOpenApi: servers", () => {
  it("takes the first server, its variables filled with their defaults", () => {
    expect(fromOpenApi(petstore).baseUrl).toBe("https://eu.pets.example/v1");
  });

  it("picks a server by index or by URL; a relative one is resolved against options.baseUrl", () => {
    expect(fromOpenApi(petstore, { server: 1, baseUrl: "http://localhost:8080/docs" }).baseUrl).toBe("http://localhost:8080/local");
    expect(fromOpenApi(petstore, { server: "/local", baseUrl: "http://localhost:8080" }).baseUrl).toBe("http://localhost:8080/local");
    expectEndpointError(() => fromOpenApi(petstore, { server: 2 }), "ERR_INVALID_BASE_URL");
    expectEndpointError(() => fromOpenApi(petstore, { server: "https://elsewhere.example" }), "ERR_INVALID_BASE_URL");
  });

  it("refuses a relative server without options.baseUrl, and reads no servers as /", () => {
    const error = expectEndpointError(() => fromOpenApi(petstore, { server: 1 }), "ERR_INVALID_BASE_URL");
    expect(error.message).toContain("baseUrl");
    expectEndpointError(() => fromOpenApi(doc({})), "ERR_INVALID_BASE_URL");
    expect(fromOpenApi(doc({}), { baseUrl: "https://host.example/x" }).baseUrl).toBe("https://host.example");
  });

  it("reads a scheme-relative server as https without options.baseUrl, and with the base's scheme with it", () => {
    const relative = doc({ servers: [{ url: "//kubernetes.local/" }] });
    expect(fromOpenApi(relative).baseUrl).toBe("https://kubernetes.local");
    expect(fromOpenApi(relative, { baseUrl: "http://localhost:8080" }).baseUrl).toBe("http://kubernetes.local");
  });

  it("gives a route with its own servers that server", () => {
    const table = fromOpenApi(petstore)["x-endpointkit-routes"];
    expect(table["POST /pets/{petId}/photo"]!.baseUrl).toBe("https://uploads.pets.example");
    expect(table["POST /pets"]!.baseUrl).toBeUndefined();
  });

  it("resolves a route's relative server against the document's server", () => {
    const table = fromOpenApi(doc({ servers: [{ url: "https://a.example/v1" }], paths: { "/u": { servers: [{ url: "/v2" }], get: { responses: {} } } } }))["x-endpointkit-routes"];
    expect(table["GET /u"]!.baseUrl).toBe("https://a.example/v2");
  });
});

describe("fromOpenApi: the table", () => {
  it("is plain JSON", () => {
    const defaults = fromOpenApi(petstore);
    expect(JSON.parse(JSON.stringify(defaults))).toEqual(defaults);
    expect(defaults.headers).toEqual({ accept: "application/json" });
  });

  it("merges path-level parameters with the operation's, the operation's first and winning by name and location", () => {
    const table = fromOpenApi(
      doc({
        servers: [{ url: "https://a.example" }],
        paths: {
          "/x/{id}": {
            parameters: [{ name: "id", in: "path", required: true }, { name: "n", in: "query", style: "form", explode: false }, { name: "n", in: "header" }],
            get: { parameters: [{ name: "n", in: "query", style: "pipeDelimited" }], responses: {} },
          },
        },
      }),
    )["x-endpointkit-routes"];
    // The oas package's order, which oas-to-har writes the query in.
    expect(table["GET /x/{id}"]!.parameters).toEqual([
      { name: "n", in: "query", style: "pipeDelimited" },
      { name: "id", in: "path" },
      { name: "n", in: "header" },
    ]);
  });

  it("resolves $refs to parameters, request bodies, schemas and path items", () => {
    const table = fromOpenApi(petstore)["x-endpointkit-routes"];
    // A required body, and its schema's required property, are recorded: a call must give them.
    expect(table["POST /pets"]!.body).toEqual({ mediaType: "application/json", properties: ["name", "tag"], required: true, requiredProperties: ["name"] });
    expect(table["PUT /bulk"]!.body).toEqual({ mediaType: "application/json" });
    const viaPathItem = fromOpenApi(
      doc({ servers: [{ url: "https://a.example" }], paths: { "/a": { $ref: "#/components/pathItems/A" } }, components: { pathItems: { A: { get: { responses: {} } } } } }),
    );
    expect(Object.keys(viaPathItem["x-endpointkit-routes"])).toEqual(["GET /a"]);
  });

  it("sends a body in data when it is a map without named properties or a property collides with a parameter or option name", () => {
    const table = fromOpenApi(petstore)["x-endpointkit-routes"];
    expect(table["PATCH /pets/{petId}"]!.body!.properties).toBeUndefined();
    const body = (schema: object, type = "application/json") =>
      fromOpenApi(doc({ servers: [{ url: "https://a.example" }], paths: { "/m": { post: { requestBody: { content: { [type]: { schema } } }, responses: {} } } } }))["x-endpointkit-routes"]["POST /m"]!.body!.properties;
    expect(body({ type: "object", additionalProperties: { type: "string" } })).toBeUndefined();
    // Named properties stay flat keys beside additional ones (Plaid, Spotify, Bitbucket), and under a wildcard
    // media type (Kubernetes' */*); other keys go whole in data.
    expect(body({ type: "object", properties: { a: {} }, additionalProperties: true })).toEqual(["a"]);
    expect(body({ type: "object", properties: { a: {} } }, "*/*")).toEqual(["a"]);
    const option = fromOpenApi(doc({ servers: [{ url: "https://a.example" }], paths: { "/o": { post: { requestBody: { content: { "application/json": { schema: { properties: { headers: {} } } } } }, responses: {} } } } }));
    expect(option["x-endpointkit-routes"]["POST /o"]!.body!.properties).toBeUndefined();
  });

  it("picks the last JSON media type of a body, else the first (as @readme/oas-to-har)", () => {
    const body = (content: object) =>
      fromOpenApi(doc({ servers: [{ url: "https://a.example" }], paths: { "/b": { post: { requestBody: { content }, responses: {} } } } }))["x-endpointkit-routes"]["POST /b"]!.body!.mediaType;
    expect(body({ "application/xml": {}, "application/json": {}, "application/vnd.x+json": {} })).toBe("application/vnd.x+json");
    expect(body({ "application/x-www-form-urlencoded": {}, "multipart/form-data": {} })).toBe("application/x-www-form-urlencoded");
  });
});

describe("fromOpenApi: documents it refuses", () => {
  it("refuses anything that is not OpenAPI 3.0 or 3.1 or Swagger 2.0 (test/openapi/swagger2.test.ts)", () => {
    expect(expectEndpointError(() => fromOpenApi({ swagger: "1.2", paths: {} }), "ERR_INVALID_PARAMETER").message).toContain("Swagger 2.0 is read");
    expectEndpointError(() => fromOpenApi({ openapi: "4.0.0" }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => fromOpenApi("openapi: 3.0.0"), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => fromOpenApi(null), "ERR_INVALID_PARAMETER");
  });

  it("reports cyclic and non-local $refs", () => {
    const servers = [{ url: "https://a.example" }];
    const cyclic = doc({ servers, paths: { "/c": { get: { parameters: [{ $ref: "#/components/parameters/A" }], responses: {} } } }, components: { parameters: { A: { $ref: "#/components/parameters/B" }, B: { $ref: "#/components/parameters/A" } } } });
    expectEndpointError(() => fromOpenApi(cyclic), "ERR_INVALID_PARAMETER");
    const external = doc({ servers, paths: { "/e": { $ref: "other.yaml#/paths/~1e" } } });
    expect(expectEndpointError(() => fromOpenApi(external), "ERR_INVALID_PARAMETER").message).toContain("bundle");
    // A schema that refers to itself is walked once.
    const recursive = doc({ servers, paths: { "/r": { post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } }, responses: {} } } }, components: { schemas: { Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } }, allOf: [{ $ref: "#/components/schemas/Node" }] } } } });
    expect(fromOpenApi(recursive)["x-endpointkit-routes"]["POST /r"]!.body!.properties).toEqual(["next"]);
  });

  it("bounds the work on a document of exponentially shared refs", () => {
    const schemas: { [name: string]: object } = { S0: { type: "object", properties: { a: {} } } };
    for (let i = 1; i <= 40; i++) schemas[`S${i}`] = { allOf: [{ $ref: `#/components/schemas/S${i - 1}` }, { $ref: `#/components/schemas/S${i - 1}` }] };
    const hostile = doc({ servers: [{ url: "https://a.example" }], paths: { "/h": { post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/S40" } } } }, responses: {} } } }, components: { schemas } });
    expect(fromOpenApi(hostile)["x-endpointkit-routes"]["POST /h"]!.body!.properties).toEqual(["a"]);
  });

  it("reads no inherited property and writes prototype keys as plain data", () => {
    const hostile = JSON.parse(
      '{"openapi":"3.1.0","servers":[{"url":"https://a.example"}],"paths":{"/p":{"__proto__":{"get":{}},"post":{"requestBody":{"content":{"multipart/form-data":{"schema":{"properties":{"__proto__":{}}},"encoding":{"__proto__":{"contentType":"text/plain"}}}}},"responses":{}}}}}',
    );
    const defaults = fromOpenApi(hostile);
    expect(Object.keys(defaults["x-endpointkit-routes"])).toEqual(["POST /p"]);
    const body = defaults["x-endpointkit-routes"]["POST /p"]!.body!;
    expect(Object.getPrototypeOf(body.encoding)).toBe(Object.prototype);
    expect(Object.keys(body.encoding!)).toEqual(["__proto__"]);
    expect(({} as { style?: unknown }).style).toBeUndefined();
    const request = endpoint.defaults(defaults)("POST /p", { ["__proto__"]: "x" } as never);
    expect(request.body).toBeInstanceOf(FormData);
  });
});
