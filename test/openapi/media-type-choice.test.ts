// DECISIONS "Described routes": of several described request media types, the body is written by the last JSON one,
// else the first; a content-type header in the call naming another one the operation describes chooses it; one it does
// not describe, beside a body endpointkit writes, is ERR_INVALID_PARAMETER.
import { describe, expect, it } from "vitest";
import { endpoint, toFetchArgs, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";

const BASE = "https://api.example";
type Call = (route: string, options?: unknown) => RequestOptions;
const schema = { type: "object", properties: { name: { type: "string" }, tags: { type: "array", items: { type: "string" } } } };
const api = endpoint.defaults(
  fromOpenApi({
    openapi: "3.1.0",
    servers: [{ url: BASE }],
    paths: {
      "/pets": {
        post: {
          requestBody: {
            content: {
              "application/xml": { schema },
              "application/json": { schema },
              "application/x-www-form-urlencoded": { schema },
              "multipart/form-data": { schema },
            },
          },
          responses: {},
        },
      },
      "/any": { put: { requestBody: { content: { "*/*": { schema } } }, responses: {} } },
      "/text": { post: { requestBody: { content: { "text/*": { schema: { type: "string" } } } }, responses: {} } },
      "/first": { post: { requestBody: { content: { "application/xml": { schema }, "text/plain": { schema } } }, responses: {} } },
    },
  }),
) as unknown as Call;

describe("the caller's content-type chooses the body's media type", () => {
  it("writes JSON by default, the last JSON media type", () => {
    const request = api("POST /pets", { name: "Rex" });
    expect(request.body).toEqual({ name: "Rex" });
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("writes a form for a form-urlencoded label, kept as given, and toFetchArgs sends that text", () => {
    const request = api("POST /pets", { name: "Rex Jr", tags: ["a", "b"], headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(request.body).toBe("name=Rex%20Jr&tags=a&tags=b");
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(toFetchArgs(request)[1].body).toBe("name=Rex%20Jr&tags=a&tags=b");
  });

  it("compares the essence case-insensitively, parameters such as charset aside", () => {
    const request = api("POST /pets", { name: "Rex", headers: { "content-type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" } });
    expect(request.body).toBe("name=Rex");
    expect(request.headers["content-type"]).toBe("Application/X-WWW-Form-Urlencoded; charset=UTF-8");
  });

  it("writes a FormData for a multipart label", () => {
    const body = api("POST /pets", { name: "Rex", headers: { "content-type": "multipart/form-data" } }).body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get("name")).toBe("Rex");
  });

  it("sends a FormData it writes without the caller's label, whose boundary would not be the body's", () => {
    const request = api("POST /pets", { name: "Rex", headers: { "content-type": "multipart/form-data; boundary=EVIL" } });
    expect(request.body).toBeInstanceOf(FormData);
    expect(request.headers).not.toHaveProperty("content-type");
  });

  it("writes JSON for a JSON label, and leaves any other described type's object as the JSON a client sends", () => {
    expect(api("POST /pets", { name: "Rex", headers: { "content-type": "application/json" } }).body).toEqual({ name: "Rex" });
    expect(api("POST /pets", { data: "<pet/>", headers: { "content-type": "application/xml" } }).body).toBe("<pet/>");
  });

  it("takes any label within a described range, the body written by the label's kind", () => {
    expect(api("PUT /any", { name: "Rex", headers: { "content-type": "application/x-www-form-urlencoded" } }).body).toBe("name=Rex");
    expect(api("PUT /any", { name: "Rex", headers: { "content-type": "application/vnd.pet+json" } }).body).toEqual({ name: "Rex" });
    expect(api("POST /text", { data: "hi", headers: { "content-type": "text/markdown" } }).body).toBe("hi");
  });

  it("refuses a label the operation does not describe beside a body it writes (ERR_INVALID_PARAMETER)", () => {
    const error = expectEndpointError(() => api("POST /pets", { name: "Rex", headers: { "content-type": "text/csv" } }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain("POST /pets");
    expect(error.message).toContain("text/csv");
    expectEndpointError(() => api("POST /text", { data: "hi", headers: { "content-type": "application/json" } }), "ERR_INVALID_PARAMETER");
  });

  it("sends a native body under any label: the caller labels it", () => {
    const blob = new Blob(["a,b"]);
    const request = api("POST /pets", { data: blob, headers: { "content-type": "text/csv" } });
    expect(request.body).toBe(blob);
    expect(request.headers["content-type"]).toBe("text/csv");
  });

  it("writes by the first media type when none is JSON", () => {
    expect(api("POST /first", { data: "<a/>" }).headers["content-type"]).toBe("application/xml");
  });

  it("keeps a content-type given on a call without a body, which has no body key", () => {
    const request = api("POST /pets", { headers: { "content-type": "text/csv" } });
    expect("body" in request).toBe(false);
    expect(request.headers["content-type"]).toBe("text/csv");
  });
});

describe("Swagger 2.0: the caller's content-type chooses among consumes", () => {
  const swagger = endpoint.defaults(
    fromOpenApi({
      swagger: "2.0",
      host: "api.example",
      schemes: ["https"],
      paths: {
        "/pets": { post: { consumes: ["application/json", "application/xml"], parameters: [{ name: "pet", in: "body", schema: { type: "object", properties: { name: { type: "string" } } } }], responses: {} } },
        "/form": {
          post: {
            consumes: ["application/x-www-form-urlencoded", "multipart/form-data"],
            parameters: [{ name: "name", in: "formData", type: "string" }],
            responses: {},
          },
        },
      },
    }),
  ) as unknown as Call;

  it("takes another type the operation consumes, and refuses one it does not", () => {
    expect(swagger("POST /pets", { data: "<pet/>", headers: { "content-type": "application/xml" } }).body).toBe("<pet/>");
    expectEndpointError(() => swagger("POST /pets", { name: "Rex", headers: { "content-type": "text/csv" } }), "ERR_INVALID_PARAMETER");
    expect(swagger("POST /form", { name: "Rex" }).body).toBe("name=Rex");
    expect(swagger("POST /form", { name: "Rex", headers: { "content-type": "multipart/form-data" } }).body).toBeInstanceOf(FormData);
  });
});
