// DECISIONS "Described routes": a parameter described by `content` is written as its media type's text, then
// percent-encoded for its place, in the path too; a multipart part whose Encoding Object names a `contentType` is sent
// with it; OpenAPI 3.2's querystring with form content honours its Encoding Object; an empty `content` is a JSON body.
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";

const BASE = "https://api.example";
type Call = (route: string, options?: unknown) => RequestOptions;
const on = (paths: object, openapi = "3.1.0"): Call => endpoint.defaults(fromOpenApi({ openapi, servers: [{ url: BASE }], paths })) as unknown as Call;
const json = { "application/json": { schema: { type: "object" } } };

describe("a path parameter described by content", () => {
  const api = on({
    "/filter/{f}": { get: { parameters: [{ name: "f", in: "path", required: true, content: json }], responses: {} } },
    "/list/{ids}/x": { get: { parameters: [{ name: "ids", in: "path", required: true, content: { "application/json": { schema: { type: "array" } } } }], responses: {} } },
  });

  it("is its JSON text, percent-encoded for the path (an object, a list, a string)", () => {
    expect(api("GET /filter/{f}", { f: { baz: "qux" } }).url).toBe(`${BASE}/filter/${encodeURIComponent('{"baz":"qux"}')}`);
    expect(api("GET /list/{ids}/x", { ids: ["a", 1] }).url).toBe(`${BASE}/list/${encodeURIComponent('["a",1]')}/x`);
    expect(api("GET /filter/{f}", { f: "a/b" }).url).toBe(`${BASE}/filter/%22a%2Fb%22`);
  });

  it("is written as the query and header ones are (their JSON text)", () => {
    const both = on({
      "/q": {
        get: {
          parameters: [
            { name: "f", in: "query", content: json },
            { name: "X-F", in: "header", content: json },
          ],
          responses: {},
        },
      },
    });
    const request = both("GET /q", { f: { a: 1 }, headers: { "x-f": { a: 1 } } });
    expect(request.url).toBe(`${BASE}/q?f=${encodeURIComponent('{"a":1}')}`);
    expect(request.headers["x-f"]).toBe('{"a":1}');
  });
});

describe("a multipart part whose Encoding Object names a contentType", () => {
  const api = on({
    "/upload": {
      post: {
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: { type: "object", properties: { meta: { type: "object" }, note: { type: "string" }, tags: { type: "array" }, file: { type: "string", format: "binary" } } },
              encoding: { meta: { contentType: "application/json" }, note: { contentType: "text/markdown" }, tags: { contentType: "application/json" } },
            },
          },
        },
        responses: {},
      },
    },
  });

  it("is a Blob of that type inside the FormData: JSON text for a JSON type, the text for another", async () => {
    const request = api("POST /upload", { meta: { a: 1 }, note: "# hi", tags: ["x", "y"] });
    const form = request.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const meta = form.get("meta") as Blob;
    expect(meta).toBeInstanceOf(Blob);
    expect(meta.type).toBe("application/json");
    expect(await meta.text()).toBe('{"a":1}');
    const note = form.get("note") as Blob;
    expect(note.type).toBe("text/markdown");
    expect(await note.text()).toBe("# hi");
    // A list under a JSON part type is one JSON part, not a part per item.
    expect(form.getAll("tags")).toHaveLength(1);
    expect(await (form.get("tags") as Blob).text()).toBe('["x","y"]');
    // The client labels the multipart body itself (its boundary).
    expect(request.headers["content-type"]).toBeUndefined();
  });

  it("keeps a Blob the caller gives as it is, and writes parts with no contentType as text", () => {
    const file = new Blob(["bytes"], { type: "image/png" });
    const form = api("POST /upload", { file, note: "n" }).body as FormData;
    expect((form.get("file") as Blob).type).toBe("image/png");
  });
});

describe("OpenAPI 3.2 querystring with form content", () => {
  const api = on(
    {
      "/search": {
        get: {
          parameters: [
            {
              name: "q",
              in: "querystring",
              content: {
                "application/x-www-form-urlencoded": {
                  schema: { type: "object", properties: { filter: { type: "object" }, meta: { type: "object" }, tags: { type: "array" }, color: { type: "array" }, term: { type: "string" } } },
                  encoding: { meta: { contentType: "application/json" }, color: { explode: false } },
                },
              },
            },
          ],
          responses: {},
        },
      },
    },
    "3.2.0",
  );

  it("writes a property with contentType application/json as its JSON text", () => {
    expect(api("GET /search", { q: { meta: { a: [1, 2] } } }).url).toBe(`${BASE}/search?meta=${encodeURIComponent('{"a":[1,2]}')}`);
  });

  it("writes an object property with no encoding as JSON text (OpenAPI 3.2's default)", () => {
    expect(api("GET /search", { q: { filter: { size: "L" } } }).url).toBe(`${BASE}/search?filter=${encodeURIComponent('{"size":"L"}')}`);
  });

  it("joins a list whose encoding says explode: false with commas, and repeats one with none", () => {
    expect(api("GET /search", { q: { color: ["blue", "black", "brown"] } }).url).toBe(`${BASE}/search?color=blue,black,brown`);
    expect(api("GET /search", { q: { tags: ["a", "b"], term: "x y" } }).url).toBe(`${BASE}/search?tags=a&tags=b&term=x%20y`);
  });
});

describe("an empty request content", () => {
  const api = on({ "/notes": { post: { requestBody: { content: {} }, responses: {} }, put: { requestBody: { required: true, content: {} }, responses: {} } } });

  it("is a body of no media type, read as JSON and labelled application/json", () => {
    const request = api("POST /notes", { data: { a: 1 } });
    expect(request.body).toEqual({ a: 1 });
    expect(request.headers["content-type"]).toBe("application/json");
  });

  it("is a body all the same: required, it must be given", () => {
    expect(() => api("PUT /notes", {})).toThrow(expect.objectContaining({ code: "ERR_MISSING_PARAMETER" }));
  });
});
