// parse(): merged options to request options (SPEC 2.2, 2.4, 4.5; DECISIONS "Body", "URL and placeholders").
import { describe, expect, it } from "vitest";
import { endpoint, type MergedOptions } from "../src/index.js";
import { deepFreeze, expectEndpointError, loose, snapshotOf } from "./helpers.js";

const api = "https://api.github.com";
const JSON_TYPE = "application/json; charset=utf-8";

function merged(extra: Record<string, unknown>): MergedOptions {
  return { method: "GET", baseUrl: api, headers: { accept: "application/vnd.github.v3+json" }, ...extra } as MergedOptions;
}

describe("routing of parameters (SPEC 2.2)", () => {
  it("1. a key matching a placeholder replaces it in the url", () => {
    expect(endpoint.parse(merged({ url: "/users/{username}", username: "octocat" })).url).toBe(`${api}/users/octocat`);
  });

  it("2. otherwise, for GET and HEAD, the key and value go into the query", () => {
    expect(endpoint.parse(merged({ url: "/users", since: 5 })).url).toBe(`${api}/users?since=5`);
    expect(endpoint.parse(merged({ method: "HEAD", url: "/users", since: 5 })).url).toBe(`${api}/users?since=5`);
  });

  it("3. otherwise the key and value go into the JSON body", () => {
    const result = endpoint.parse(merged({ method: "POST", url: "/user/repos", name: "x", private: true }));
    expect(result.body).toEqual({ name: "x", private: true });
  });

  it("4. with both, query parameters are written as a {?…} template and the rest goes into the body", () => {
    const result = endpoint.parse(merged({ method: "POST", url: "/x{?name,label}", name: "n", label: "l", other: 1 }));
    expect(result.url).toBe(`${api}/x?name=n&label=l`);
    expect(result.body).toEqual({ other: 1 });
  });

  it("4. with both, data sets the body and the template fills the query", () => {
    const result = endpoint.parse(merged({ method: "POST", url: "/x{?name}", name: "n", data: "raw" }));
    expect(result.url).toBe(`${api}/x?name=n`);
    expect(result.body).toBe("raw");
  });

  it("never sends the named options (method, baseUrl, url, headers, request, mediaType) as parameters", () => {
    const get = endpoint.parse(merged({ url: "/x", request: { timeout: 1 }, mediaType: { format: "raw" } }));
    expect(get.url).toBe(`${api}/x`);
    const post = endpoint.parse(merged({ method: "POST", url: "/x", request: { timeout: 1 }, mediaType: { format: "raw" } }));
    expect(post).not.toHaveProperty("body");
  });
});

describe("the result object (SPEC 2.4)", () => {
  it("has exactly method, url and headers when there is no body and no request", () => {
    expect(Object.keys(endpoint("GET /x")).sort()).toEqual(["headers", "method", "url"]);
  });

  it("returns the method always lowercase", () => {
    for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "Post", "pUt", "delete", "OPTIONS"]) {
      expect(endpoint.parse(merged({ method, url: "/x" })).method).toBe(method.toLowerCase());
    }
  });

  it("returns the full URL with placeholders filled and the query appended", () => {
    expect(endpoint("GET /orgs/{org}/repos", { org: "o", type: "all" }).url).toBe(`${api}/orgs/o/repos?type=all`);
  });

  it("returns all header names lowercase", () => {
    const result = endpoint.parse(merged({ url: "/x", headers: { "X-Custom": "1", ACCEPT: "text/plain" } }));
    expect(result.headers).toEqual({ "x-custom": "1", accept: "text/plain" });
  });

  it("has a body only for PATCH, POST, PUT and DELETE", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(endpoint.parse(merged({ method, url: "/x", a: 1 }))).not.toHaveProperty("body");
    }
    for (const method of ["PATCH", "POST", "PUT", "DELETE"]) {
      expect(endpoint.parse(merged({ method, url: "/x", a: 1 })).body).toEqual({ a: 1 });
    }
  });

  it("returns the request option as the same object it was given", () => {
    const request = { timeout: 5, signal: undefined, nested: { a: 1 } };
    expect(endpoint("GET /x", { request }).request).toBe(request);
    expect(endpoint.parse(merged({ url: "/x", request })).request).toBe(request);
  });

  it("has a request key only when request was given", () => {
    expect(endpoint("GET /x")).not.toHaveProperty("request");
    expect(endpoint("POST /x", { a: 1 })).not.toHaveProperty("request");
  });

  it("rejects a request option that is not an object with ERR_INVALID_PARAMETER", () => {
    expectEndpointError(() => endpoint("GET /x", { request: "fast" as never }), "ERR_INVALID_PARAMETER");
  });
});

describe("the body (DECISIONS \"Body\")", () => {
  it("data sets the body as it is: the same string, bytes or stream, untouched", () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const stream = { pipe() {}, [Symbol.asyncIterator]() {} };
    expect(endpoint("POST /markdown/raw", { data: "# Hi" }).body).toBe("# Hi");
    expect(endpoint("PUT /x", { data: bytes }).body).toBe(bytes);
    expect(endpoint("POST /x", { data: stream }).body).toBe(stream);
  });

  it("data wins over the other parameters, which are then not sent", () => {
    expect(endpoint("POST /x", { data: [1, 2], a: 1 }).body).toEqual([1, 2]);
  });

  it("data: null sends null as the body", () => {
    expect(endpoint("POST /x", { data: null }).body).toBeNull();
  });

  it("without data, the remaining parameters form the body object, in insertion order", () => {
    const body = endpoint("PATCH /x", { title: "t", body: "b", labels: ["a"], milestone: { n: 1 } }).body;
    expect(body).toEqual({ title: "t", body: "b", labels: ["a"], milestone: { n: 1 } });
    expect(Object.keys(body as object)).toEqual(["title", "body", "labels", "milestone"]);
  });

  it("keeps null values in the body (JSON null clears a field) and leaves undefined ones out", () => {
    const body = endpoint("PATCH /repos/{o}/{r}/issues/{n}", { o: "o", r: "r", n: 1, milestone: null, assignee: undefined }).body;
    expect(body).toEqual({ milestone: null });
    expect(body).not.toHaveProperty("assignee");
  });

  it("gives PATCH and PUT without a body an empty string body (GitHub wants content-length: 0)", () => {
    for (const method of ["PATCH", "PUT", "patch"]) {
      const result = endpoint(`${method} /user/starred/{owner}/{repo}`, { owner: "o", repo: "r" });
      expect(result.body).toBe("");
    }
  });

  it("gives POST and DELETE without a body no body key", () => {
    for (const method of ["POST", "DELETE"]) {
      expect(endpoint(`${method} /x/{id}`, { id: 1 })).not.toHaveProperty("body");
    }
  });

  it("adds content-type: application/json; charset=utf-8 when a body is set and none was given", () => {
    expect(endpoint("POST /x", { a: 1 }).headers["content-type"]).toBe(JSON_TYPE);
    expect(endpoint("DELETE /x", { data: "raw" }).headers["content-type"]).toBe(JSON_TYPE);
  });

  it("keeps a content-type the caller gave, in any case", () => {
    const result = endpoint("POST /markdown/raw", { data: "x", headers: { "Content-Type": "text/plain; charset=utf-8" } });
    expect(result.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("treats an empty content-type as not given, as @octokit/endpoint does", () => {
    expect(endpoint("POST /x", { a: 1, headers: { "content-type": "" } }).headers["content-type"]).toBe(JSON_TYPE);
  });

  it("adds no content-type to the empty PATCH/PUT body", () => {
    expect(endpoint("PUT /x")).not.toHaveProperty(["headers", "content-type"]);
    expect(endpoint("PATCH /x")).not.toHaveProperty(["headers", "content-type"]);
  });

  it("adds no content-type when there is no body", () => {
    expect(endpoint("POST /x")).not.toHaveProperty(["headers", "content-type"]);
    expect(endpoint("GET /x", { a: 1 })).not.toHaveProperty(["headers", "content-type"]);
  });
});

describe("parse() itself (SPEC 4.5)", () => {
  it("equals endpoint() when given what merge() returns (SPEC 4.1)", () => {
    const options = { org: "o", type: "private", headers: { "X-A": "1" }, request: { r: 1 } };
    expect(endpoint.parse(endpoint.merge("GET /orgs/{org}/repos", options))).toEqual(endpoint("GET /orgs/{org}/repos", options));
  });

  it("is stateless: the same input gives the same result every time, whatever was parsed in between", () => {
    const input = merged({ method: "POST", url: "/x/{a}", a: 1, b: 2 });
    const first = endpoint.parse(input);
    endpoint.parse(merged({ method: "GET", url: "/y", c: 3 }));
    expect(endpoint.parse(input)).toEqual(first);
  });

  it("never changes its input, even deeply frozen input", () => {
    const input = deepFreeze(merged({ method: "POST", url: "/x/{a}", a: 1, b: { c: [1] }, headers: { "X-A": "1" }, mediaType: { format: "raw", previews: ["p"] } }));
    const before = snapshotOf(input);
    endpoint.parse(input);
    expect(input).toEqual(before);
  });

  it("requires url: missing or not a string is ERR_URL_REQUIRED", () => {
    expectEndpointError(() => endpoint.parse(merged({})), "ERR_URL_REQUIRED");
    expectEndpointError(() => endpoint.parse(merged({ url: 7 })), "ERR_URL_REQUIRED");
    expectEndpointError(() => loose({ method: "GET" }), "ERR_URL_REQUIRED");
  });

  it("requires a method that is an HTTP token", () => {
    expectEndpointError(() => endpoint.parse(merged({ url: "/x", method: undefined })), "ERR_INVALID_METHOD");
    expectEndpointError(() => endpoint.parse(merged({ url: "/x", method: "G T" })), "ERR_INVALID_METHOD");
    expectEndpointError(() => endpoint({ method: "", url: "/x" }), "ERR_INVALID_METHOD");
  });

  it("checks hand-written options in the order endpoint() does: headers and mediaType (merge's checks) before method and url", () => {
    const faults = { method: "G T", url: 7, headers: { "x-a": "\n" }, mediaType: 5 };
    expectEndpointError(() => endpoint.parse(merged(faults)), "ERR_INVALID_HEADER");
    expectEndpointError(() => endpoint(faults as never), "ERR_INVALID_HEADER");
    const { headers: _, ...withoutHeaders } = faults;
    expectEndpointError(() => endpoint.parse(merged({ ...withoutHeaders, headers: {} })), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => endpoint.parse(merged({ method: "G T", url: 7, headers: {} })), "ERR_INVALID_METHOD");
  });

  it("is the same function on every endpoint, since it depends on no defaults", () => {
    expect(endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" }).parse).toBe(endpoint.parse);
  });

  it("rejects anything but an options object with ERR_INVALID_PARAMETER", () => {
    for (const input of [null, undefined, "GET /x", 1, []]) {
      expectEndpointError(() => endpoint.parse(input as never), "ERR_INVALID_PARAMETER");
    }
  });
});
