// Headers: defaults, merging by name, lowercase names, and no header injection
// (SPEC 2.3, 5; DECISIONS "Identity and defaults", "Headers").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { addCheckedHeaders, checkHeaderValue, headerName, headersCopier } from "../src/headers.js";
import { expectEndpointError } from "./helpers.js";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

describe("default headers (SPEC 2.3)", () => {
  it("sends user-agent endpointkit/<version from package.json>", () => {
    expect(endpoint("GET /x").headers["user-agent"]).toBe(`endpointkit/${version}`);
  });

  it("sends accept application/vnd.github.v3+json", () => {
    expect(endpoint("GET /x").headers.accept).toBe("application/vnd.github.v3+json");
  });

  it("sends no other header for a request without a body", () => {
    expect(Object.keys(endpoint("GET /x").headers).sort()).toEqual(["accept", "user-agent"]);
  });

  it("lets a passed header replace the default of the same name", () => {
    const headers = endpoint("GET /x", { headers: { "user-agent": "my-app/2.0", Accept: "application/vnd.github.raw" } }).headers;
    expect(headers).toEqual({ "user-agent": "my-app/2.0", accept: "application/vnd.github.raw" });
  });

  it("merges passed headers with the defaults, keeping the defaults it does not name", () => {
    expect(endpoint("GET /x", { headers: { "x-github-api-version": "2022-11-28" } }).headers).toEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": `endpointkit/${version}`,
      "x-github-api-version": "2022-11-28",
    });
  });
});

describe("authorization (SPEC 2.3, 5)", () => {
  it("carries a passed authorization header through unchanged", () => {
    expect(endpoint("GET /user", { headers: { Authorization: "token Abc123/+=" } }).headers.authorization).toBe("token Abc123/+=");
  });

  it("carries authorization set through defaults() into every request", () => {
    const authed = endpoint.defaults({ headers: { authorization: "bearer xyz" } });
    expect(authed("GET /user").headers.authorization).toBe("bearer xyz");
    expect(authed("POST /user/repos", { name: "r" }).headers.authorization).toBe("bearer xyz");
  });

  it("adds no credentials of its own", () => {
    const headers = endpoint("GET /user").headers;
    expect(headers).not.toHaveProperty("authorization");
    expect(Object.keys(headers).some((name) => /auth|token|cookie/i.test(name))).toBe(false);
  });
});

describe("header names and values (DECISIONS \"Headers\")", () => {
  it("lowercases names", () => {
    expect(endpoint("GET /x", { headers: { "X-Request-ID": "1", "CONTENT-LENGTH": 0 } }).headers).toMatchObject({ "x-request-id": "1", "content-length": 0 });
  });

  it("lets a later value replace an earlier one of the same name, whatever its case", () => {
    const target: Record<string, unknown> = {};
    addCheckedHeaders(target, { "X-A": "1", B: "1" });
    addCheckedHeaders(target, { "x-a": "2" });
    expect(target).toEqual({ "x-a": "2", b: "1" });
  });

  it("removes undefined values", () => {
    const target: Record<string, unknown> = {};
    addCheckedHeaders(target, { a: undefined, b: "1" });
    expect(target).toEqual({ b: "1" });
    expect(endpoint("GET /x", { headers: { "x-a": undefined } }).headers).not.toHaveProperty("x-a");
  });

  it("accepts strings and numbers as values, numbers kept as numbers", () => {
    expect(endpoint("POST /x", { data: "abc", headers: { "content-length": 3 } }).headers["content-length"]).toBe(3);
  });

  it.each(["x header", "x:a", "x\r\nInjected: 1", "é", "", "x(a)", "x/a", "x@a"])("rejects the header name %j, which is not an RFC 9110 token, with ERR_INVALID_HEADER", (name) => {
    expectEndpointError(() => endpoint("GET /x", { headers: { [name]: "v" } }), "ERR_INVALID_HEADER");
  });

  it("accepts every RFC 9110 token character in a name", () => {
    const name = "!#$%&'*+-.^_`|~09azAZ";
    expect(headerName(name)).toBe(name.toLowerCase());
  });

  it.each([
    ["CR", "a\rb"],
    ["LF", "a\nb"],
    ["CRLF followed by a header line", "a\r\nx-injected: 1"],
    ["NUL", "a\u0000b"],
  ])("rejects a value holding %s with ERR_INVALID_HEADER (header injection)", (_, value) => {
    const error = expectEndpointError(() => endpoint("GET /x", { headers: { "x-a": value } }), "ERR_INVALID_HEADER");
    expect(error.message).toContain('"x-a"');
  });

  it("rejects header injection set through defaults(), where it was written", () => {
    expectEndpointError(() => endpoint.defaults({ headers: { "x-a": "1\r\n2" } }), "ERR_INVALID_HEADER");
  });

  it.each([
    ["null", null],
    ["a boolean", true],
    ["an object", { a: 1 }],
    ["an array", ["a"]],
    ["a bigint", 1n],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
  ])("rejects %s as a value with ERR_INVALID_HEADER", (_, value) => {
    expectEndpointError(() => endpoint("GET /x", { headers: { "x-a": value as never } }), "ERR_INVALID_HEADER");
  });

  it("keeps values with other control-free text, tabs and non-ASCII as they are", () => {
    expect(checkHeaderValue("x-a", "a\tb ü")).toBe("a\tb ü");
  });

  it("rejects headers that are not a plain object with ERR_INVALID_HEADER", () => {
    expectEndpointError(() => endpoint("GET /x", { headers: "accept: x" as never }), "ERR_INVALID_HEADER");
    expectEndpointError(() => endpoint("GET /x", { headers: [["accept", "x"]] as never }), "ERR_INVALID_HEADER");
    expectEndpointError(() => endpoint("GET /x", { headers: null as never }), "ERR_INVALID_HEADER");
  });
});

describe("headers through defaults() (SPEC 4.3)", () => {
  it("merges headers by name across cascading defaults()", () => {
    const first = endpoint.defaults({ headers: { "X-One": "1", "x-two": "1" } });
    const second = first.defaults({ headers: { "x-TWO": "2", "x-three": "2" } });
    expect(second("GET /x", { headers: { "x-three": "3" } }).headers).toEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": `endpointkit/${version}`,
      "x-one": "1",
      "x-two": "2",
      "x-three": "3",
    });
  });

  it("keeps a global header default such as accept unless overridden", () => {
    const custom = endpoint.defaults({ headers: { "x-a": "1" } }).defaults({ baseUrl: "https://ghe.example/api/v3" });
    expect(custom("GET /x").headers.accept).toBe("application/vnd.github.v3+json");
    expect(endpoint.defaults({ headers: { accept: "text/plain" } })("GET /x").headers.accept).toBe("text/plain");
  });

  it("gives each request its own headers object, whatever number of default headers there are", () => {
    for (let extra = 0; extra <= 6; extra++) {
      const headers = Object.fromEntries(Array.from({ length: extra }, (_, i) => [`x-h${i}`, i % 2 ? i : `v${i}`]));
      const custom = endpoint.defaults({ headers });
      const first = custom("GET /x");
      expect(first.headers).toEqual({ accept: "application/vnd.github.v3+json", "user-agent": `endpointkit/${version}`, ...headers });
      expect(Object.keys(first.headers)).toEqual(["accept", "user-agent", ...Object.keys(headers)]);
      first.headers["x-h0"] = "changed";
      first.headers.accept = "changed";
      const second = custom("GET /x");
      expect(second.headers).not.toBe(first.headers);
      expect(second.headers).toEqual({ accept: "application/vnd.github.v3+json", "user-agent": `endpointkit/${version}`, ...headers });
      expect(custom.DEFAULTS.headers).toEqual(second.headers);
    }
  });
});

describe("headersCopier()", () => {
  it("returns a new object with the same names, in order, and values on every call, for any number of names", () => {
    for (let count = 0; count <= 7; count++) {
      const headers = Object.fromEntries(Array.from({ length: count }, (_, i) => [`h${count - i}`, i % 2 ? i : `v${i}`]));
      const copy = headersCopier(headers);
      const a = copy();
      const b = copy();
      expect(a).not.toBe(headers);
      expect(a).not.toBe(b);
      expect(Object.keys(a)).toEqual(Object.keys(headers));
      expect(a).toEqual(headers);
      expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    }
  });

  it("copies names such as constructor and toString as own data properties", () => {
    const headers = { constructor: "c", tostring: "t", hasownproperty: "h" };
    const copy = headersCopier(headers)();
    expect(Object.getOwnPropertyDescriptor(copy, "constructor")).toMatchObject({ value: "c", enumerable: true, writable: true });
    expect(copy).toEqual(headers);
  });
});

