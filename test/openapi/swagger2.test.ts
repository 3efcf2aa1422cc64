// Swagger 2.0 read as written (DECISIONS "Described routes"): host, basePath and schemes make the server, consumes
// the body's media type, `in: body` the body, `in: formData` a form or multipart body (`type: file` a file), and
// collectionFormat csv, ssv, tsv, pipes and multi a style, into the same route table as OpenAPI 3.
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError, loosen } from "../helpers.js";

const swagger = (extra: object) => ({ swagger: "2.0", info: { title: "t", version: "1" }, host: "api.example", paths: {}, ...extra });
const api = (document: object) => loosen(endpoint.defaults(fromOpenApi(document)));

describe("Swagger 2.0: host, basePath and schemes", () => {
  it("joins the scheme, host and basePath, https when it is listed, else the first scheme", () => {
    expect(fromOpenApi(swagger({ schemes: ["http", "https"], basePath: "/v2/" })).baseUrl).toBe("https://api.example/v2");
    expect(fromOpenApi(swagger({ schemes: ["http", "ws"], basePath: "/v2" })).baseUrl).toBe("http://api.example/v2");
    expect(fromOpenApi(swagger({ schemes: ["WSS", "http"] })).baseUrl).toBe("wss://api.example");
  });

  it("takes no schemes as the scheme the description is served with (https without options.baseUrl), and no basePath as /", () => {
    expect(fromOpenApi(swagger({})).baseUrl).toBe("https://api.example");
    expect(fromOpenApi(swagger({ host: "api.example:8443" }), { baseUrl: "http://docs.example/spec.json" }).baseUrl).toBe("http://api.example:8443");
  });

  it("takes no host as the host the description is served from, and refuses it without options.baseUrl", () => {
    const document = { swagger: "2.0", basePath: "/api", paths: {} };
    expect(fromOpenApi(document, { baseUrl: "https://docs.example/swagger.json" }).baseUrl).toBe("https://docs.example/api");
    expect(expectEndpointError(() => fromOpenApi(document), "ERR_INVALID_BASE_URL").message).toContain("baseUrl");
  });

  it("refuses a host that is not a host, a basePath that is not a path, and a scheme Swagger 2.0 does not allow", () => {
    for (const host of ["evil.example/x?", "a@b.example", "a b"]) expectEndpointError(() => fromOpenApi(swagger({ host })), "ERR_INVALID_BASE_URL");
    for (const basePath of ["v1", "/v1?x=1", "/v1#x", "/v1\r\nX: 1", "/v 1", "/v\u0000"]) expectEndpointError(() => fromOpenApi(swagger({ basePath })), "ERR_INVALID_BASE_URL");
    // Swagger 2.0: schemes "MUST be from the list: http, https, ws, wss".
    for (const schemes of [["javascript"], ["https", "file"], [7]]) expectEndpointError(() => fromOpenApi(swagger({ schemes })), "ERR_INVALID_BASE_URL");
    expectEndpointError(() => fromOpenApi(swagger({ paths: { "/a": { get: { schemes: ["ftp"] } } } })), "ERR_INVALID_BASE_URL");
  });

  it("picks a scheme by index or by URL with options.server", () => {
    const document = swagger({ schemes: ["https", "http"], basePath: "/v1" });
    expect(fromOpenApi(document, { server: 1 }).baseUrl).toBe("http://api.example/v1");
    expect(fromOpenApi(document, { server: "http://api.example/v1/" }).baseUrl).toBe("http://api.example/v1");
    expectEndpointError(() => fromOpenApi(document, { server: 2 }), "ERR_INVALID_BASE_URL");
    expectEndpointError(() => fromOpenApi(document, { server: "https://elsewhere.example/v1" }), "ERR_INVALID_BASE_URL");
    // With no schemes listed, the one URL the description gives.
    expect(fromOpenApi(swagger({ basePath: "/v1" }), { server: "https://api.example/v1" }).baseUrl).toBe("https://api.example/v1");
  });

  it("sends an operation with its own schemes to that scheme", () => {
    const defaults = fromOpenApi(swagger({ schemes: ["https"], paths: { "/feed": { get: { schemes: ["ws"] }, post: {} } } }));
    expect(defaults["x-endpointkit-routes"]["GET /feed"]!.baseUrl).toBe("ws://api.example");
    expect(defaults["x-endpointkit-routes"]["POST /feed"]!.baseUrl).toBeUndefined();
  });

  it("refuses other versions of the swagger field, naming it", () => {
    const error = expectEndpointError(() => fromOpenApi({ swagger: "1.2", paths: {} }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"1.2"');
  });
});

describe("Swagger 2.0: parameters and collectionFormat", () => {
  const listApi = api(
    swagger({
      paths: {
        "/items/{ids}": {
          parameters: [{ name: "ids", in: "path", required: true, type: "array", items: { type: "string" } }],
          get: {
            parameters: [
              { name: "plain", in: "query", type: "array", items: { type: "string" } },
              { name: "csv", in: "query", type: "array", collectionFormat: "csv", items: { type: "string" } },
              { name: "ssv", in: "query", type: "array", collectionFormat: "ssv", items: { type: "string" } },
              { name: "tsv", in: "query", type: "array", collectionFormat: "tsv", items: { type: "string" } },
              { name: "pipes", in: "query", type: "array", collectionFormat: "pipes", items: { type: "string" } },
              { name: "multi", in: "query", type: "array", collectionFormat: "multi", items: { type: "string" } },
              { name: "X-Tags", in: "header", type: "array", items: { type: "string" } },
              { name: "page", in: "query", type: "integer", required: true },
            ],
          },
        },
      },
    }),
  );

  it("writes a query list as its collectionFormat says, csv when it says nothing", () => {
    const { url } = listApi("GET /items/{ids}", { ids: ["a", "b"], plain: ["1", "2"], csv: ["c", "d"], ssv: ["e", "f"], tsv: ["g", "h"], pipes: ["i", "j"], multi: ["k", "l"], page: 1 });
    expect(url).toBe("https://api.example/items/a,b?plain=1,2&csv=c,d&ssv=e%20f&tsv=g%09h&pipes=i%7Cj&multi=k&multi=l&page=1");
  });

  it("writes a header list comma-separated, and checks required parameters", () => {
    expect(listApi("GET /items/{ids}", { ids: "x", page: 1, headers: { "x-tags": ["a", "b"] } }).headers["x-tags"]).toBe("a,b");
    expectEndpointError(() => listApi("GET /items/{ids}", { ids: "x" }), "ERR_MISSING_PARAMETER");
  });

  it("writes a header list as ssv, pipes or tsv say", () => {
    const parameters = ["ssv", "pipes", "tsv"].map((format) => ({ name: `X-${format}`, in: "header", type: "array", collectionFormat: format, items: { type: "string" } }));
    const headers = api(swagger({ paths: { "/h": { get: { parameters } } } }))("GET /h", { headers: { "x-ssv": ["a", "b"], "x-pipes": ["c", "d"], "x-tsv": ["e", "f"] } }).headers;
    expect([headers["x-ssv"], headers["x-pipes"], headers["x-tsv"]]).toEqual(["a b", "c|d", "e\tf"]);
  });

  it("refuses a collectionFormat a path template cannot write, and an unknown one, naming the route", () => {
    for (const [where, format] of [["path", "ssv"], ["path", "tsv"], ["query", "json"], ["header", "xml"]] as const) {
      const document = swagger({ paths: { "/a/{p}": { get: { parameters: [{ name: "p", in: where, type: "array", collectionFormat: format, items: { type: "string" } }] } } } });
      expect(expectEndpointError(() => fromOpenApi(document), "ERR_INVALID_PARAMETER").message).toContain("GET /a/{p}");
    }
  });

  it("reads a parameter's $ref to the document's parameters, and lets the operation's override the path item's", () => {
    const routes = fromOpenApi(
      swagger({
        parameters: { Limit: { name: "limit", in: "query", type: "integer", required: true } },
        paths: { "/a": { parameters: [{ name: "limit", in: "query", type: "string" }], get: { parameters: [{ $ref: "#/parameters/Limit" }] } } },
      }),
    )["x-endpointkit-routes"];
    expect(routes["GET /a"]!.parameters).toEqual([{ name: "limit", in: "query", required: true }]);
  });
});

describe("Swagger 2.0: bodies", () => {
  const bodies = swagger({
    consumes: ["application/json"],
    paths: {
      "/pets": { post: { parameters: [{ name: "pet", in: "body", schema: { $ref: "#/definitions/Pet" } }] } },
      "/xml": { put: { consumes: ["application/xml", "application/json"], parameters: [{ name: "body", in: "body", schema: { type: "string" } }] } },
      "/form": {
        post: {
          consumes: ["application/x-www-form-urlencoded"],
          parameters: [
            { name: "name", in: "formData", type: "string" },
            { name: "tags", in: "formData", type: "array", items: { type: "string" } },
            { name: "ids", in: "formData", type: "array", collectionFormat: "multi", items: { type: "string" } },
            { name: "ssv", in: "formData", type: "array", collectionFormat: "ssv", items: { type: "string" } },
          ],
        },
      },
      "/upload": { post: { consumes: ["multipart/form-data"], parameters: [{ name: "file", in: "formData", type: "file" }, { name: "note", in: "formData", type: "string" }] } },
      "/file-only": { post: { parameters: [{ name: "file", in: "formData", type: "file" }] } },
    },
    definitions: { Pet: { type: "object", properties: { name: { type: "string" }, age: { type: "integer" } } } },
  });
  const bodyApi = api(bodies);

  it("sends an in: body parameter as the JSON body, its properties flat keys", () => {
    const request = bodyApi("POST /pets", { name: "Rex", age: 3 });
    expect(request.body).toEqual({ name: "Rex", age: 3 });
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(bodyApi("POST /pets", { data: { name: "Rex" } }).body).toEqual({ name: "Rex" });
  });

  it("sends a string given for a body whose schema is a string as JSON text, the schema read through its $ref", () => {
    // BeezUP 2.0 (../shared/data/swagger2/beezup.com_2.0.json.gz), POST /public/security/lostpassword: the body is
    // an email address, `{ $ref: "#/definitions/BeezUP.Common.Email" }`, a `type: string`; the API consumes JSON.
    const beezup = api(
      swagger({
        consumes: ["application/json"],
        definitions: { "BeezUP.Common.Email": { format: "email", type: "string" } },
        paths: { "/public/security/lostpassword": { post: { parameters: [{ in: "body", name: "email", required: true, schema: { $ref: "#/definitions/BeezUP.Common.Email" } }], responses: {} } } },
      }),
    );
    const request = beezup("POST /public/security/lostpassword", { data: "a+b@example.com" });
    expect(request.body).toBe('"a+b@example.com"');
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("takes the first JSON type the operation consumes, else its first", () => {
    const routes = fromOpenApi(bodies)["x-endpointkit-routes"];
    expect(routes["PUT /xml"]!.body!.mediaType).toBe("application/json");
    const xmlOnly = fromOpenApi(swagger({ paths: { "/x": { put: { consumes: ["application/xml"], parameters: [{ name: "b", in: "body", schema: { type: "string" } }] } } } }));
    expect(xmlOnly["x-endpointkit-routes"]["PUT /x"]!.body).toEqual({ mediaType: "application/xml" });
  });

  it("sends a string for an in: body parameter whose schema says type: string as JSON text, as OpenAPI 3 does", () => {
    const request = bodyApi("PUT /xml", { data: 'say "hi"' });
    expect(request.body).toBe('"say \\"hi\\""');
    expect(JSON.parse(request.body as string)).toBe('say "hi"');
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("sends formData parameters as a urlencoded form, each list as its collectionFormat says", () => {
    const request = bodyApi("POST /form", { name: "a b", tags: ["x", "y"], ids: ["1", "2"], ssv: ["p", "q"] });
    expect(request.body).toBe("name=a%20b&tags=x,y&ids=1&ids=2&ssv=p%20q");
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("sends formData parameters as multipart when the operation consumes it or one is a file, a Blob as a file part", async () => {
    const routes = fromOpenApi(bodies)["x-endpointkit-routes"];
    expect(routes["POST /file-only"]!.body!.mediaType).toBe("multipart/form-data");
    const request = bodyApi("POST /upload", { file: new Blob(["hello"], { type: "text/plain" }), note: "n" });
    expect(request.body).toBeInstanceOf(FormData);
    expect(request.headers["content-type"]).toBeUndefined();
    const form = request.body as FormData;
    expect(await (form.get("file") as Blob).text()).toBe("hello");
    expect(form.get("note")).toBe("n");
  });

  it("asks for the first JSON type the operation produces, else its first", () => {
    const defaults = fromOpenApi(swagger({ produces: ["application/xml", "application/json"], paths: { "/a": { get: {} }, "/b": { get: { produces: ["text/csv"] } }, "/c": { get: {} } } }));
    expect(defaults.headers.accept).toBe("application/json");
    expect(defaults["x-endpointkit-routes"]["GET /b"]!.accept).toBe("text/csv");
  });
});
