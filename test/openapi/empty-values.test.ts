// DECISIONS "Described routes": an empty list or map leaves a parameter out in every place, as undefined does; an empty
// string is a value (`name=`), allowEmptyValue or not; a map or list holding maps or lists in a header, a cookie or a
// delimited style is ERR_INVALID_PARAMETER.
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";

const BASE = "https://api.example";
type Call = (route: string, options?: unknown) => RequestOptions;
const api = endpoint.defaults(
  fromOpenApi({
    openapi: "3.1.0",
    servers: [{ url: BASE }],
    paths: {
      "/pets": {
        get: {
          parameters: [
            { name: "status", in: "query", schema: { type: "array" } },
            { name: "tags", in: "query", explode: false, schema: { type: "array" } },
            { name: "filter", in: "query", style: "deepObject", schema: { type: "object" } },
            { name: "pipes", in: "query", style: "pipeDelimited", schema: { type: "array" } },
            { name: "name", in: "query", allowEmptyValue: false, schema: { type: "string" } },
            { name: "X-Status", in: "header", schema: { type: "array" } },
            { name: "X-Map", in: "header", schema: { type: "object" } },
            { name: "session", in: "cookie", schema: { type: "array" } },
            { name: "prefs", in: "cookie", schema: { type: "object" } },
          ],
          responses: {},
        },
      },
      "/required": {
        get: {
          parameters: [
            { name: "ids", in: "query", required: true, schema: { type: "array" } },
            { name: "X-Ids", in: "header", required: true, schema: { type: "array" } },
          ],
          responses: {},
        },
      },
    },
  }),
) as unknown as Call;

describe("an empty list or map is no value, in every place", () => {
  it("leaves query parameters out, in every style", () => {
    expect(api("GET /pets", { status: [], tags: [], filter: {}, pipes: [] }).url).toBe(`${BASE}/pets`);
  });

  it("leaves header parameters out, as undefined does", () => {
    const headers = api("GET /pets", { headers: { "x-status": [], "x-map": {} } }).headers;
    expect("x-status" in headers).toBe(false);
    expect("x-map" in headers).toBe(false);
  });

  it("leaves cookie parameters out", () => {
    expect(api("GET /pets", { session: [], prefs: {} }).headers.cookie).toBeUndefined();
    expect(api("GET /pets", { session: [], prefs: { a: "1" } }).headers.cookie).toBe("a=1");
  });

  it("does not meet a required parameter", () => {
    const error = expectEndpointError(() => api("GET /required", { ids: [], headers: { "x-ids": ["a"] } }), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('"ids"');
    expectEndpointError(() => api("GET /required", { ids: ["a"], headers: { "x-ids": [] } }), "ERR_MISSING_PARAMETER");
  });
});

describe("an empty string is a value", () => {
  it("is sent as name= in the query, allowEmptyValue or not", () => {
    expect(api("GET /pets", { name: "" }).url).toBe(`${BASE}/pets?name=`);
  });

  it("is sent as an empty cookie value and an empty header", () => {
    const request = api("GET /pets", { session: [""], headers: { "x-status": [""] } });
    expect(request.headers.cookie).toBe("session=");
    expect(request.headers["x-status"]).toBe("");
  });
});

describe("nested values where no style writes them", () => {
  it("refuses a list of maps in a header (ERR_INVALID_PARAMETER), naming the parameter", () => {
    const error = expectEndpointError(() => api("GET /pets", { headers: { "x-status": [{ a: 1 }] } }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain("X-Status".toLowerCase());
  });

  it("refuses a map holding a map in a cookie", () => {
    expectEndpointError(() => api("GET /pets", { prefs: { a: { b: 1 } } }), "ERR_INVALID_PARAMETER");
  });

  it("refuses a list of lists in a delimited style", () => {
    const error = expectEndpointError(() => api("GET /pets", { pipes: [["a"], ["b"]] }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"pipes"');
  });
});
