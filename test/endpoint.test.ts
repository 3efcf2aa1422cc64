// The endpoint function: its shape, route forms, defaults and DEFAULTS (SPEC 1, 4.1, 4.3, 4.4, 4.6;
// DECISIONS "Identity and defaults").
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError } from "../src/index.js";
import { expectEndpointError, loose, loosen } from "./helpers.js";

const api = "https://api.github.com";
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { name: string; version: string };
const userAgent = `endpointkit/${packageJson.version}`;

describe("the endpoint function (SPEC 1)", () => {
  it("is callable and carries defaults, merge, parse and DEFAULTS", () => {
    expect(typeof endpoint).toBe("function");
    expect(typeof endpoint.defaults).toBe("function");
    expect(typeof endpoint.merge).toBe("function");
    expect(typeof endpoint.parse).toBe("function");
    expect(typeof endpoint.DEFAULTS).toBe("object");
  });

  it("returns the result directly, synchronously, not a promise", () => {
    const result = endpoint("GET /user");
    expect(result).not.toBeInstanceOf(Promise);
    expect(typeof (result as unknown as { then?: unknown }).then).toBe("undefined");
    expect(result.url).toBe(`${api}/user`);
  });

  it("takes a route and options, or options alone, with the same result", () => {
    const fromRoute = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
    const fromOptions = endpoint({ method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", title: "t" });
    expect(fromOptions).toEqual(fromRoute);
    expect(fromRoute).toEqual({
      method: "post",
      url: `${api}/repos/o/r/issues`,
      headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent, "content-type": "application/json; charset=utf-8" },
      body: { title: "t" },
    });
  });

  it("uses GET when options give no method (SPEC 2.1)", () => {
    expect(endpoint({ url: "/user" }).method).toBe("get");
  });

  it("equals parse(merge(route, options)) (SPEC 4.1)", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["GET /orgs/{org}/repos", { org: "o", type: "all", headers: { "X-A": "1" } }],
      ["PUT /x/{id}", { id: 1 }],
      ["POST /markdown/raw", { data: "# hi", headers: { "content-type": "text/plain" }, request: { r: 1 } }],
      ["GET /search/issues", { q: "a+b", mediaType: { format: "raw", previews: ["mercy"] } }],
    ];
    const custom = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", per_page: 5, mediaType: { previews: ["symmetra"] } });
    for (const target of [endpoint, custom]) {
      for (const [route, options] of cases) {
        expect(target(route, options)).toEqual(target.parse(target.merge(route, options)));
      }
    }
  });

  it("equals parse(merge()) in query order too when keys are array indexes, which a JS object lists first", () => {
    const scalars = endpoint.defaults({ b: 1, "0": 2 });
    const expected = "https://api.github.com/x?0=2&1=4&b=1&a=3";
    expect(scalars("GET /x", { a: 3, "1": 4 }).url).toBe(expected);
    expect(scalars.parse(scalars.merge("GET /x", { a: 3, "1": 4 })).url).toBe(expected);
    // Only the caller's keys are indexes: merge() still lists them before the defaults' per_page.
    const perPage = endpoint.defaults({ per_page: 5 });
    expect(perPage("GET /x", { "7": "a", z: null })).toEqual(perPage.parse(perPage.merge("GET /x", { "7": "a", z: null })));
    expect(perPage("GET /x", { "7": "a" }).url).toBe("https://api.github.com/x?7=a&per_page=5");
  });

  it("exports EndpointError for instanceof checks", () => {
    expect(expectEndpointError(() => loose("GET /{a}"), "ERR_MISSING_PARAMETER")).toBeInstanceOf(EndpointError);
  });
});

describe("the package", () => {
  it("is named endpointkit", () => {
    expect(packageJson.name).toBe("endpointkit");
  });

  const built = existsSync(fileURLToPath(new URL("../dist/index.js", import.meta.url)));
  it.runIf(built)("can be imported as `import { endpoint } from \"endpointkit\"` (built package)", () => {
    const script = 'import { endpoint, EndpointError } from "endpointkit"; console.log(JSON.stringify([endpoint("GET /user").url, typeof EndpointError]));';
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8" });
    expect(JSON.parse(output)).toEqual([`${api}/user`, "function"]);
  });
});

describe("endpoint.DEFAULTS (SPEC 4.4)", () => {
  it("holds method GET, baseUrl https://api.github.com, the accept and user-agent headers and mediaType { format: \"\" }, and nothing else", () => {
    expect(endpoint.DEFAULTS).toEqual({
      method: "GET",
      baseUrl: api,
      headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent },
      mediaType: { format: "" },
    });
  });

  it("has no url on the base function, and a mediaType whose format code written for octokit can read", () => {
    expect(endpoint.DEFAULTS).not.toHaveProperty("url");
    expect(endpoint.DEFAULTS.mediaType?.format).toBe("");
    expect(endpoint.defaults({ mediaType: { previews: ["mercy"] } }).DEFAULTS.mediaType).toEqual({ format: "", previews: ["mercy"] });
  });

  it("shows the overridden values on a function returned by defaults()", () => {
    const custom = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { "X-A": "1" }, per_page: 100, mediaType: { format: "raw" } });
    expect(custom.DEFAULTS).toEqual({
      method: "GET",
      baseUrl: "https://ghe.example/api/v3",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent, "x-a": "1" },
      per_page: 100,
      mediaType: { format: "raw" },
    });
  });

  it("cannot be changed by accident: changing it does not change what later calls return", () => {
    const custom = endpoint.defaults({ request: { nested: { a: 1 } }, labels: ["x"] });
    for (const target of [endpoint, custom]) {
      const before = target("GET /x");
      const defaults = target.DEFAULTS as unknown as Record<string, unknown> & { headers: Record<string, unknown> };
      try {
        defaults.baseUrl = "https://evil.example";
        defaults.method = "DELETE";
        defaults.headers.accept = "text/evil";
        defaults.headers["x-injected"] = "1";
        defaults.extra = "1";
        const request = defaults.request as { nested: { a: number } } | undefined;
        if (request) request.nested.a = 2;
        (defaults.labels as string[] | undefined)?.push("y");
      } catch {
        // A frozen DEFAULTS is just as good as a copy.
      }
      expect(target("GET /x")).toEqual(before);
      expect(target.DEFAULTS).not.toHaveProperty("extra");
    }
    expect(custom.merge("GET /x")).toMatchObject({ request: { nested: { a: 1 } }, labels: ["x"] });
  });

  it("cannot be replaced by assignment", () => {
    const target = endpoint.defaults({});
    try {
      (target as unknown as { DEFAULTS: unknown }).DEFAULTS = { method: "DELETE", baseUrl: "https://evil.example", headers: {} };
    } catch {
      // Throwing in strict mode is fine too.
    }
    expect(target("GET /x").url).toBe(`${api}/x`);
    expect(target.DEFAULTS.baseUrl).toBe(api);
  });
});

describe("endpoint.defaults() (SPEC 4.3)", () => {
  it("returns a new endpoint function with the same operations", () => {
    const custom = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" });
    expect(custom).not.toBe(endpoint);
    expect(typeof custom).toBe("function");
    expect(typeof custom.defaults).toBe("function");
    expect(typeof custom.merge).toBe("function");
    expect(typeof custom.parse).toBe("function");
    expect(custom.DEFAULTS.baseUrl).toBe("https://ghe.example/api/v3");
  });

  it("uses the given baseUrl, headers and parameters as defaults", () => {
    const custom = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { "x-a": "1" }, owner: "octokit", per_page: 100 });
    const result = custom("GET /repos/{owner}/{repo}/issues", { repo: "rest.js" });
    expect(result.url).toBe("https://ghe.example/api/v3/repos/octokit/rest.js/issues?per_page=100");
    expect(result.headers["x-a"]).toBe("1");
  });

  it("leaves the function it was called on unchanged", () => {
    endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { "x-a": "1" }, per_page: 1 });
    expect(endpoint("GET /x")).toEqual({ method: "get", url: `${api}/x`, headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent } });
  });

  it("cascades: earlier defaults stay, later values override or add to them, headers merge by name", () => {
    const first = endpoint.defaults({ baseUrl: "https://one.example", headers: { "x-a": "1", "x-b": "1" }, owner: "o1", per_page: 10 });
    const second = first.defaults({ headers: { "X-B": "2", "x-c": "2" }, owner: "o2", sort: "asc" });
    expect(second.DEFAULTS).toMatchObject({
      baseUrl: "https://one.example",
      headers: { "x-a": "1", "x-b": "2", "x-c": "2", accept: "application/vnd.github.v3+json" },
      owner: "o2",
      per_page: 10,
      sort: "asc",
    });
    expect(second("GET /users/{owner}").url).toBe("https://one.example/users/o2?per_page=10&sort=asc");
    expect(first("GET /users/{owner}").url).toBe("https://one.example/users/o1?per_page=10");
  });

  it("keeps a global header default such as accept unless overridden", () => {
    expect(endpoint.defaults({ headers: { "x-a": "1" } }).defaults({ per_page: 1 }).DEFAULTS.headers.accept).toBe("application/vnd.github.v3+json");
  });

  it("can set the method, which a route without one then uses", () => {
    expect(endpoint.defaults({ method: "POST" })({ url: "/x", a: 1 })).toMatchObject({ method: "post", body: { a: 1 } });
  });

  it("can set url, so the function needs only parameters", () => {
    const issues = endpoint.defaults({ method: "GET", url: "/repos/{owner}/{repo}/issues" });
    expect(issues({ owner: "o", repo: "r" }).url).toBe(`${api}/repos/o/r/issues`);
  });

  it("can carry authorization for every request (SPEC 5)", () => {
    expect(endpoint.defaults({ headers: { authorization: "token abc" } })("GET /user").headers.authorization).toBe("token abc");
  });

  it("merges maps, request meta and mediaType with a call's as merge() does, and no result shares an object of the defaults", () => {
    const fetch = (): void => undefined;
    const custom = loose.defaults({ filter: { state: "open" }, labels: ["a"], request: { fetch, hook: { retries: 1 } }, mediaType: { format: "raw", previews: ["mercy"] } });
    const first = custom("POST /x{?filter*}", { filter: { sort: "asc" }, request: { hook: { timeout: 2 } } });
    expect(first.url).toBe(`${api}/x?state=open&sort=asc`);
    expect(first.body).toEqual({ labels: ["a"] });
    expect(first.request).toEqual({ fetch, hook: { retries: 1, timeout: 2 } });
    const meta = first.request as { fetch: unknown; hook: { retries: number } };
    expect(meta.fetch).toBe(fetch);
    expect(custom("GET /x{?filter*}", { mediaType: { previews: ["squirrel-girl"] } }).headers.accept).toBe(
      "application/vnd.github.mercy-preview.raw,application/vnd.github.squirrel-girl-preview.raw",
    );
    // Changing what one result holds changes neither the defaults nor the next result.
    (first.body as { labels: string[] }).labels.push("b");
    meta.hook.retries = 9;
    const second = custom("POST /x{?filter*}", {});
    expect(second.body).toEqual({ labels: ["a"] });
    expect(second.request).toEqual({ fetch, hook: { retries: 1 } });
    expect(custom.DEFAULTS.labels).toEqual(["a"]);
    expect(second).toEqual(custom.parse(custom.merge("POST /x{?filter*}", {})));
    // The URL and the query read the defaults' own map and list (text is made from them, nothing keeps them): a call's
    // map merged over theirs leaves them as they were.
    expect(custom("GET /x{?filter*}", { filter: { sort: "desc" } }).url).toBe(`${api}/x?state=open&sort=desc&labels=a`);
    expect(custom("GET /x{?filter*}").url).toBe(`${api}/x?state=open&labels=a`);
    expect(custom.DEFAULTS.filter).toEqual({ state: "open" });
  });

  it("checks new defaults when they are set", () => {
    expectEndpointError(() => endpoint.defaults({ baseUrl: "not a url" }), "ERR_INVALID_BASE_URL");
    expectEndpointError(() => endpoint.defaults({ method: "GE T" }), "ERR_INVALID_METHOD");
    expectEndpointError(() => endpoint.defaults({ headers: { "bad name": "1" } }), "ERR_INVALID_HEADER");
    expectEndpointError(() => loose.defaults(42), "ERR_INVALID_ROUTE");
  });
});

describe("route shapes the library is used with (SPEC 4.6)", () => {
  it("GET /orgs/:org/repos: org fills the placeholder and type goes to the query", () => {
    expect(endpoint("GET /orgs/:org/repos", { org: "octokit", type: "private" })).toEqual({
      method: "get",
      url: `${api}/orgs/octokit/repos?type=private`,
      headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent },
    });
  });

  it("POST /markdown/raw: data becomes the body unchanged, with the caller's content-type and accept", () => {
    const data = "Hello **world**";
    expect(endpoint("POST /markdown/raw", { data, headers: { "content-type": "text/plain; charset=utf-8", accept: "text/html" } })).toEqual({
      method: "post",
      url: `${api}/markdown/raw`,
      headers: { accept: "text/html", "content-type": "text/plain; charset=utf-8", "user-agent": userAgent },
      body: data,
    });
  });

  it("POST {upload_url}/…/assets{?name,label}: name and label go to the query, data is the body, caller headers are kept", () => {
    const data = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    const result = endpoint("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
      owner: "octokit",
      repo: "rest.js",
      release_id: 123,
      name: "dist v1.zip",
      label: "Build & more",
      data,
      headers: { "content-type": "application/zip", "content-length": 4, authorization: "token secret" },
    });
    expect(result).toEqual({
      method: "post",
      url: "https://uploads.github.com/repos/octokit/rest.js/releases/123/assets?name=dist%20v1.zip&label=Build%20%26%20more",
      headers: {
        accept: "application/vnd.github.v3+json",
        "user-agent": userAgent,
        "content-type": "application/zip",
        "content-length": 4,
        authorization: "token secret",
      },
      body: data,
    });
    expect(result.body).toBe(data);
  });

  it("uses a full URL as it stands, not joined to baseUrl", () => {
    const custom = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" });
    expect(custom("GET https://uploads.github.com/x").url).toBe("https://uploads.github.com/x");
    expect(custom({ url: "https://uploads.github.com/x" }).url).toBe("https://uploads.github.com/x");
  });
});

describe("endpoint() with no arguments", () => {
  it("builds the request the defaults describe, as octokit", () => {
    const orgs = loosen(endpoint.defaults({ url: "/orgs/{org}", org: "x" }));
    expect(orgs()).toEqual({ method: "get", url: `${api}/orgs/x`, headers: endpoint.DEFAULTS.headers });
    expect(orgs()).toEqual(orgs({}));
  });

  it("needs a url like any other call", () => {
    expectEndpointError(() => loose(), "ERR_URL_REQUIRED");
  });
});
