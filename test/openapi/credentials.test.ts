// Credentials (DECISIONS "Credentials: `auth`", difference 17): `auth` names credentials by the description's security
// scheme names; a described route sends those of the first alternative of its requirements that the credentials
// meet, all of its schemes and nothing else. Small descriptions written here state each rule; the real ones
// (test/fixtures/openapi/security.json, made by scripts/fixtures-security.mjs from @readme/oas-examples and the
// APIs.guru directory's Swagger 2.0 descriptions) show it on what publishers wrote.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { endpoint as octokitEndpoint } from "../../src/octokit.js";
import { describedRoutes, fromOpenApi } from "../../src/openapi/index.js";
import { run as runCli, type Io } from "../../src/cli/run.js";
import { expectEndpointError, loosen } from "../helpers.js";

type Document = Record<string, unknown>;
const fixtures = JSON.parse(readFileSync(new URL("../fixtures/openapi/security.json", import.meta.url), "utf8")) as { source: string; document: Document }[];
const real = (source: string): Document => fixtures.find((fixture) => fixture.source.includes(source))!.document;

/** Every scheme type and place, one operation requiring each, and the combinations the rules are about. */
const schemes = {
  header: { type: "apiKey", in: "header", name: "X-Api-Key" },
  query: { type: "apiKey", in: "query", name: "api_key" },
  cookie: { type: "apiKey", in: "cookie", name: "session" },
  basic: { type: "http", scheme: "basic" },
  bearer: { type: "http", scheme: "Bearer" },
  oauth: { type: "oauth2", flows: {} },
  oidc: { type: "openIdConnect", openIdConnectUrl: "https://id.example/.well-known/openid-configuration" },
  tls: { type: "mutualTLS" },
  digest: { type: "http", scheme: "digest" },
  sameHeader: { type: "apiKey", in: "header", name: "x-api-key" },
};
const op = (security?: unknown[], parameters: unknown[] = []) => ({ ...(security === undefined ? {} : { security }), parameters, responses: { 200: { description: "ok" } } });
const document = {
  openapi: "3.0.3",
  info: { title: "credentials", version: "1" },
  servers: [{ url: "https://api.example/v1" }],
  security: [{ bearer: [] }],
  components: { securitySchemes: schemes },
  paths: {
    "/document": { get: op() },
    "/public": { get: op([]) },
    "/header": { get: op([{ header: [] }], [{ name: "x-trace", in: "header" }]) },
    "/query": { get: op([{ query: [] }], [{ name: "q", in: "query", schema: { type: "string" } }]) },
    "/cookie": { get: op([{ cookie: [] }], [{ name: "theme", in: "cookie", schema: { type: "string" } }]) },
    "/basic": { get: op([{ basic: [] }]) },
    "/oauth": { get: op([{ oauth: ["read"] }]) },
    "/oidc": { get: op([{ oidc: [] }]) },
    "/either": { get: op([{ header: [] }, { query: [] }]) },
    "/both": { get: op([{ header: [], cookie: [] }, { bearer: [] }]) },
    "/optional": { get: op([{ header: [] }, {}]) },
    "/tls": { get: op([{ tls: [] }, { digest: [] }]) },
    "/clash": { get: op([{ header: [], sameHeader: [] }]) },
    "/two-authorizations": { get: op([{ basic: [], bearer: [] }]) },
    "/undefined-scheme": { get: op([{ nowhere: [] }]) },
    "/param-key": { get: op([{ query: [] }], [{ name: "api_key", in: "query", schema: { type: "string" } }]) },
  },
};
const all = { header: "h-key", query: "q-key", cookie: "c-key", basic: { username: "ann", password: "pw" }, bearer: "b-token", oauth: "o-token", oidc: "i-token" };
const api = endpoint.defaults(fromOpenApi(document));
const loose = loosen(api);
const base = "https://api.example/v1";

describe("credentials: every scheme type and place", () => {
  it("writes an API key in its header, under the scheme's name, lowercase", () => {
    expect(loose("GET /header", { auth: all }).headers["x-api-key"]).toBe("h-key");
  });

  it("writes an API key in the query, after the route's own parameters, percent-encoded", () => {
    expect(loose("GET /query", { q: "x", auth: { query: "a b&c" } }).url).toBe(`${base}/query?q=x&api_key=a%20b%26c`);
  });

  it("writes an API key in a cookie, beside the route's cookie parameters", () => {
    expect(loose("GET /cookie", { theme: "dark", auth: { cookie: "c-key" } }).headers.cookie).toBe("theme=dark; session=c-key");
    expect(loose("GET /cookie", { auth: { cookie: "c-key" } }).headers.cookie).toBe("session=c-key");
  });

  it("refuses an API key a cookie cannot hold as it is, rather than rewriting it", () => {
    expectEndpointError(() => loose("GET /cookie", { auth: { cookie: "a;b" } }), "ERR_INVALID_PARAMETER");
  });

  it("writes http bearer (any case of the scheme's name), oauth2 and openIdConnect as a Bearer authorization", () => {
    expect(loose("GET /document", { auth: all }).headers.authorization).toBe("Bearer b-token");
    expect(loose("GET /oauth", { auth: all }).headers.authorization).toBe("Bearer o-token");
    expect(loose("GET /oidc", { auth: all }).headers.authorization).toBe("Bearer i-token");
  });

  it("writes http basic as the base64 of the UTF-8 username:password", () => {
    expect(loose("GET /basic", { auth: all }).headers.authorization).toBe(`Basic ${Buffer.from("ann:pw").toString("base64")}`);
    // Not latin-1 (btoa), not replaced: every character as UTF-8, astral ones as four bytes.
    const user = "zoë"; const password = "ключ🔑€";
    expect(loose("GET /basic", { auth: { basic: { username: user, password } } }).headers.authorization).toBe(`Basic ${Buffer.from(`${user}:${password}`, "utf8").toString("base64")}`);
  });

  it("checks basic credentials: a colon in the username, a lone surrogate and the wrong kind of value are refused", () => {
    expectEndpointError(() => loose("GET /basic", { auth: { basic: { username: "a:b", password: "x" } } }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /basic", { auth: { basic: { username: "a", password: "\ud800" } } }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /basic", { auth: { basic: "ann:pw" } }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /header", { auth: { header: { username: "a", password: "b" } } }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /header", { auth: { header: 42 } }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /header", { auth: "h-key" }), "ERR_INVALID_PARAMETER");
  });

  it("refuses CR and LF in every credential, wherever it goes", () => {
    for (const [route, auth] of [
      ["GET /header", { header: "k\r\nx-evil: 1" }],
      ["GET /query", { query: "k\nx" }],
      ["GET /cookie", { cookie: "k\r" }],
      ["GET /document", { bearer: "t\r\nhost: evil" }],
      ["GET /basic", { basic: { username: "a", password: "b\nc" } }],
    ] as const) {
      expectEndpointError(() => loose(route, { auth }), "ERR_INVALID_HEADER");
    }
  });
});

describe("credentials: requirements, alternatives and AND-groups", () => {
  it("takes the operation's own requirements over the document's", () => {
    const request = loose("GET /header", { auth: all });
    expect(request.headers.authorization).toBeUndefined();
    expect(loose("GET /document", { auth: all }).headers.authorization).toBe("Bearer b-token");
  });

  it("sends nothing on an operation whose security is [], whatever auth holds", () => {
    const request = loose("GET /public", { auth: all });
    expect(request).toEqual(api("GET /public"));
    expect(request.headers.authorization).toBeUndefined();
  });

  it("applies the first alternative the credentials meet, and only it", () => {
    expect(loose("GET /either", { auth: all })).toMatchObject({ url: `${base}/either`, headers: { "x-api-key": "h-key" } });
    const second = loose("GET /either", { auth: { query: "q-key", bearer: "b" } });
    expect(second.url).toBe(`${base}/either?api_key=q-key`);
    expect(second.headers["x-api-key"]).toBeUndefined();
  });

  it("applies every scheme of an AND-group, and skips a group one of whose schemes has no credential", () => {
    const both = loose("GET /both", { auth: all });
    expect(both.headers).toMatchObject({ "x-api-key": "h-key", cookie: "session=c-key" });
    expect(both.headers.authorization).toBeUndefined();
    const half = loose("GET /both", { auth: { header: "h-key", bearer: "b" } });
    expect(half.headers.authorization).toBe("Bearer b");
    expect(half.headers["x-api-key"]).toBeUndefined();
  });

  it("names the alternatives that would do when none is met", () => {
    const error = expectEndpointError(() => loose("GET /both", { auth: { header: "h-key" } }), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('"header" and "cookie", or "bearer"');
    expect(error.message).toContain("GET /both");
    expectEndpointError(() => loose("GET /document", { auth: {} }), "ERR_MISSING_PARAMETER");
    // No auth at all, from the call or the defaults: the credentials are the caller's business (a header set by hand,
    // a client that signs requests), and the call is built as it was before auth existed.
    expect(loose("GET /document", { headers: { authorization: "token t" } }).headers.authorization).toBe("token t");
    expectEndpointError(() => loose("GET /undefined-scheme", { auth: { nowhere: "x" } }), "ERR_MISSING_PARAMETER");
  });

  it("says which schemes it cannot write (mutualTLS, http digest): no auth meets them", () => {
    const error = expectEndpointError(() => loose("GET /tls", { auth: { tls: "x", digest: "y" } }), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain("cannot write");
  });

  it("sends nothing when an empty alternative ({}) is there and no other is met", () => {
    expect(loose("GET /optional").headers["x-api-key"]).toBeUndefined();
    expect(loose("GET /optional", { auth: { header: "k" } }).headers["x-api-key"]).toBe("k");
  });

  it("writes a name two schemes of one group share once when they agree, and refuses two values", () => {
    expect(loose("GET /clash", { auth: { header: "k", sameHeader: "k" } }).headers["x-api-key"]).toBe("k");
    expectEndpointError(() => loose("GET /clash", { auth: { header: "k", sameHeader: "other" } }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /two-authorizations", { auth: { basic: { username: "a", password: "b" }, bearer: "t" } }), "ERR_INVALID_PARAMETER");
  });

  it("refuses a credential that a header or parameter the call gives would contradict, and accepts the same value", () => {
    expectEndpointError(() => loose("GET /header", { headers: { "X-Api-Key": "other" }, auth: { header: "k" } }), "ERR_INVALID_PARAMETER");
    expect(loose("GET /header", { headers: { "x-api-key": "k" }, auth: { header: "k" } }).headers["x-api-key"]).toBe("k");
    expectEndpointError(() => loose("GET /param-key", { api_key: "other", auth: { query: "k" } }), "ERR_INVALID_PARAMETER");
    expect(loose("GET /param-key", { api_key: "k", auth: { query: "k" } }).url).toBe(`${base}/param-key?api_key=k`);
  });

  it("never takes auth for a parameter: a described header parameter keeps its own place", () => {
    const request = loose("GET /header", { headers: { "x-trace": "1" }, auth: { header: "k", query: "q" } });
    expect(request.url).toBe(`${base}/header`);
    expect(request.headers).toMatchObject({ "x-trace": "1", "x-api-key": "k" });
  });
});

describe("credentials: where they come from", () => {
  it("takes them from fromOpenApi(document, { auth }), defaults({ auth }) and the call, replaced scheme by scheme", () => {
    const withAuth = endpoint.defaults(fromOpenApi(document, { auth: { bearer: "old", header: "h" } }));
    expect(withAuth("GET /document").headers.authorization).toBe("Bearer old");
    // A token refresh: one defaults() away, the other schemes kept.
    const refreshed = loosen(withAuth.defaults({ auth: { bearer: "new" } }));
    expect(refreshed("GET /document").headers.authorization).toBe("Bearer new");
    expect(refreshed("GET /header").headers["x-api-key"]).toBe("h");
    expect(refreshed("GET /document", { auth: { bearer: "call" } }).headers.authorization).toBe("Bearer call");
    // A basic pair is replaced whole: no password outlives its username.
    const basic = loosen(withAuth.defaults({ auth: { basic: { username: "a", password: "1" } } }));
    expect(basic("GET /basic", { auth: { basic: { username: "b", password: "2" } } }).headers.authorization).toBe(`Basic ${Buffer.from("b:2").toString("base64")}`);
    // null: no credential for that scheme on this call.
    expectEndpointError(() => refreshed("GET /document", { auth: { bearer: null } }), "ERR_MISSING_PARAMETER");
  });

  it("checks fromOpenApi's auth against the description's schemes, and never keeps the caller's object", () => {
    expectEndpointError(() => fromOpenApi(document, { auth: { bearr: "t" } }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => fromOpenApi(document, { auth: { basic: "not a pair" } }), "ERR_INVALID_PARAMETER");
    const given = { bearer: "t" };
    const defaults = fromOpenApi(document, { auth: given });
    given.bearer = "changed";
    expect(endpoint.defaults(defaults)("GET /document").headers.authorization).toBe("Bearer t");
  });

  it("gives the same request through endpoint(), merge() then parse(), and a table written out (describedRoutes)", () => {
    const options = { q: "x", auth: { query: "k" } };
    expect(api.parse(api.merge("GET /query", options))).toEqual(loose("GET /query", options));
    const written = JSON.parse(JSON.stringify(fromOpenApi(document))) as Record<string, unknown>;
    expect(loosen(endpoint.defaults(describedRoutes(written)))("GET /query", options)).toEqual(loose("GET /query", options));
  });

  it("sends credentials only to the route's described server: a call's baseUrl elsewhere is refused", () => {
    expectEndpointError(() => loose("GET /header", { baseUrl: "https://evil.example", auth: { header: "k" } }), "ERR_INVALID_BASE_URL");
    expectEndpointError(() => api.merge("GET /header", { baseUrl: "https://evil.example", auth: { header: "k" } }), "ERR_INVALID_BASE_URL");
    // The endpoint's own server, on another path, and defaults() pointing elsewhere on purpose, are fine.
    expect(loose("GET /header", { baseUrl: "https://api.example/v2", auth: { header: "k" } }).url).toBe("https://api.example/v2/header");
    expect(loosen(api.defaults({ baseUrl: "https://staging.example" }))("GET /header", { auth: { header: "k" } }).headers["x-api-key"]).toBe("k");
  });

  it("refuses a route table entry whose requirements or schemes fromOpenApi() would not write", () => {
    const table = { "GET /x": { security: "bearer" } };
    expectEndpointError(() => loosen(endpoint.defaults(describedRoutes({ baseUrl: base, "x-endpointkit-routes": table })))("GET /x", { auth: { bearer: "t" } }), "ERR_INVALID_ROUTE");
    const unknownType = { "GET /x": { security: [["k"]], schemes: { k: { type: "apiKey", in: "body", name: "k" } } } };
    expectEndpointError(() => loosen(endpoint.defaults(describedRoutes({ baseUrl: base, "x-endpointkit-routes": unknownType })))("GET /x", { auth: { k: "t" } }), "ERR_INVALID_ROUTE");
  });

  it("never mutates the caller's auth", () => {
    const auth = Object.freeze({ bearer: "t", basic: Object.freeze({ username: "a", password: "b" }) });
    expect(() => api.merge("GET /document", { auth })).not.toThrow();
    expect(loose("GET /document", { auth }).headers.authorization).toBe("Bearer t");
  });
});

describe("credentials: where a described request goes (a pin, trust by name)", () => {
  const uploads = {
    openapi: "3.1.0",
    servers: [{ url: base }],
    components: { securitySchemes: { bearer: schemes.bearer } },
    security: [{ bearer: [] }],
    paths: {
      "/items": { get: op() },
      "/assets": { post: { servers: [{ url: "https://uploads.example/v1" }], requestBody: { content: { "application/octet-stream": {} } }, responses: {} } },
    },
  };
  const call = { data: "x", auth: { bearer: "t" } };

  it("sends each route to its described server, and credentials only to the origin of the endpoint's base URL", () => {
    const described = loosen(endpoint.defaults(fromOpenApi(uploads)));
    expect(described("POST /assets", { data: "x" }).url).toBe("https://uploads.example/v1/assets");
    const error = expectEndpointError(() => described("POST /assets", call), "ERR_INVALID_ROUTE");
    expect(error.message).toContain('"https://uploads.example/v1"');
    expect(error.message).toContain('fromOpenApi(document, { trust: ["https://uploads.example"] })');
    expectEndpointError(() => described.parse(described.merge("POST /assets", call)), "ERR_INVALID_ROUTE");
    expect(described("GET /items", { auth: { bearer: "t" } }).headers.authorization).toBe("Bearer t");
  });

  it("sends them to another origin trusted by name, through every entry and a table written out", () => {
    const trusted = fromOpenApi(uploads, { trust: ["https://UPLOADS.example/"] });
    for (const table of [trusted, describedRoutes(JSON.parse(JSON.stringify(trusted)) as typeof trusted)]) {
      const described = loosen(endpoint.defaults(table));
      expect(described("POST /assets", call).headers.authorization).toBe("Bearer t");
      expect(described.parse(described.merge("POST /assets", call)).headers.authorization).toBe("Bearer t");
    }
  });

  it("takes an endpoint baseUrl other than the chosen server as a pin: every route and its credentials go there", () => {
    const pinned = loosen(endpoint.defaults(fromOpenApi(uploads)).defaults({ baseUrl: "http://localhost:4010" }));
    expect(pinned("POST /assets", call)).toMatchObject({ url: "http://localhost:4010/assets", headers: { authorization: "Bearer t" } });
    expect(pinned.parse(pinned.merge("POST /assets", call)).url).toBe("http://localhost:4010/assets");
    // One equal to the chosen server is no pin.
    expectEndpointError(() => loosen(endpoint.defaults(fromOpenApi(uploads)).defaults({ baseUrl: base }))("POST /assets", call), "ERR_INVALID_ROUTE");
  });

  it("refuses a trust entry that is not an origin", () => {
    for (const trust of ["https://uploads.example", ["uploads.example"], ["https://uploads.example/v1"], [null]]) {
      expectEndpointError(() => fromOpenApi(uploads, { trust: trust as never }), "ERR_INVALID_PARAMETER");
    }
  });
});

describe("credentials: never sent where not required (property)", () => {
  it("sends exactly the schemes of the first met alternative, for any requirements and any credentials", () => {
    const names = ["header", "query", "cookie", "bearer"] as const;
    const places: Record<(typeof names)[number], (request: ReturnType<typeof loose>) => boolean> = {
      header: (request) => request.headers["x-api-key"] !== undefined,
      query: (request) => request.url.includes("api_key="),
      cookie: (request) => request.headers.cookie !== undefined,
      bearer: (request) => request.headers.authorization !== undefined,
    };
    const alternative = fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 });
    fc.assert(
      fc.property(fc.array(alternative, { maxLength: 4 }), fc.subarray([...names]), (security, given) => {
        const doc = { ...document, security: [], paths: { "/x": { get: op(security.map((group) => Object.fromEntries(group.map((name) => [name, []])))) } } };
        const call = loosen(endpoint.defaults(fromOpenApi(doc)));
        const auth = Object.fromEntries(given.map((name) => [name, `${name}-v`]));
        const met = security.find((group) => group.length > 0 && group.every((name) => given.includes(name)));
        if (met === undefined && security.some((group) => group.length > 0) && !security.some((group) => group.length === 0)) {
          expectEndpointError(() => call("GET /x", { auth }), "ERR_MISSING_PARAMETER");
          return;
        }
        const request = call("GET /x", { auth });
        for (const name of names) expect(places[name](request)).toBe(met?.includes(name) ?? false);
      }),
      { numRuns: 300 },
    );
  });
});

describe("difference 17: auth on a route no description covers", () => {
  it("is ERR_INVALID_PARAMETER on the base endpoint and on endpointkit/octokit, where octokit sends it as a parameter", () => {
    for (const target of [loosen(endpoint), loosen(octokitEndpoint)]) {
      expectEndpointError(() => target("GET /user", { auth: { token: "t" } }), "ERR_INVALID_PARAMETER");
      expectEndpointError(() => target("POST /gists", { auth: "token" }), "ERR_INVALID_PARAMETER");
      expectEndpointError(() => target.parse({ ...target.merge("GET /user"), auth: { token: "t" } }), "ERR_INVALID_PARAMETER");
      expectEndpointError(() => target.merge("GET /user", { auth: { token: "t" } }), "ERR_INVALID_PARAMETER");
      expectEndpointError(() => target.defaults({ auth: { token: "t" } }), "ERR_INVALID_PARAMETER");
    }
  });

  it("is refused on a described endpoint's routes that the description does not cover, the defaults' auth too", () => {
    // Such a route is refused whole by default; a table that lets it follow GitHub's rules still refuses the auth.
    expectEndpointError(() => loosen(endpoint.defaults(fromOpenApi(document, { auth: { bearer: "t" } })))("GET /not-described"), "ERR_INVALID_ROUTE");
    const withAuth = loosen(endpoint.defaults(fromOpenApi(document, { auth: { bearer: "t" }, undescribed: "github" })));
    expectEndpointError(() => withAuth("GET /not-described"), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => withAuth("GET /not-described", { auth: { bearer: "t" } }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /not-described", { auth: { bearer: "t" } }), "ERR_INVALID_ROUTE");
  });
});

describe("credentials on real descriptions", () => {
  it("CircleCI (Swagger 2.0): its API key goes in the query as circle-token, on every operation by the document's requirement", () => {
    const circle = loosen(endpoint.defaults(fromOpenApi(real("circleci.com_v1"), { auth: { apikey: "secret" } })));
    expect(circle("GET /me").url).toBe("https://circleci.com/api/v1/me?circle-token=secret");
    expect(circle("GET /project/{username}/{project}", { username: "u", project: "p", limit: 5 }).url).toBe("https://circleci.com/api/v1/project/u/p?limit=5&circle-token=secret");
    expectEndpointError(() => loosen(endpoint.defaults(fromOpenApi(real("circleci.com_v1"))))("GET /me", { auth: {} }), "ERR_MISSING_PARAMETER");
  });

  it("BBC Nitro (Swagger 2.0): api_key in the query after a list parameter", () => {
    const bbc = loosen(endpoint.defaults(fromOpenApi(real("bbc.com_1.0.0"), { auth: { api_key: "k" } })));
    expect(bbc("GET /services", {}).url).toMatch(/^https:\/\/programmes\.api\.bbc\.com\/nitro\/api\/services\?(.*&)?api_key=k$/);
  });

  it("Bitbucket (Swagger 2.0): OAuth 2, else basic, else an API key in Authorization; only the first met is sent", () => {
    const bitbucket = loosen(endpoint.defaults(fromOpenApi(real("bitbucket.org_2.0"))));
    expect(bitbucket("GET /addon/linkers", { auth: { oauth2: "tok", basic: { username: "a", password: "b" }, api_key: "k" } }).headers.authorization).toBe("Bearer tok");
    expect(bitbucket("GET /addon/linkers", { auth: { basic: { username: "a", password: "b" }, api_key: "k" } }).headers.authorization).toBe(`Basic ${Buffer.from("a:b").toString("base64")}`);
    expect(bitbucket("GET /addon/linkers", { auth: { api_key: "k" } }).headers.authorization).toBe("k");
  });

  it("oas-examples security: a cookie API key, the query, the header, basic, bearer, OAuth 2 and OpenID Connect", () => {
    const auth = { apiKey_cookie: "c", apiKey_header: "h", apiKey_query: "q", basic: { username: "u", password: "p" }, bearer: "b", bearer_jwt: "j", oauth2: "o", oauth2_implicit: "oi", openIdConnect: "i" };
    const examples = loosen(endpoint.defaults(fromOpenApi(real("3.0/json/security.json"), { auth })));
    const cookie = examples("POST /anything/apiKey");
    expect(cookie.headers.cookie).toBe("api_key=c");
    expect(cookie.headers["x-api-key"]).toBeUndefined();
    expect(examples("GET /anything/apiKey").url).toBe("https://httpbin.org/anything/apiKey?apiKey=q");
    expect(examples("PUT /anything/apiKey").headers["x-api-key"]).toBe("h");
    expect(examples("POST /anything/oauth2").headers.authorization).toBe("Bearer o");
    expect(examples("PATCH /anything/oauth2").headers.authorization).toBe("Bearer oi");
    expect(examples("POST /anything/openIdConnect").headers.authorization).toBe("Bearer i");
    const none = examples("POST /anything/no-auth");
    expect([none.url, none.headers.authorization, none.headers.cookie]).toEqual(["https://httpbin.org/anything/no-auth", undefined, undefined]);
    expect(loosen(endpoint.defaults(fromOpenApi(real("3.0/json/security.json"))))("GET /anything/optional-auth").url).toBe("https://httpbin.org/anything/optional-auth");
  });

  it("oas-examples security-multiple: AND and OR groups, and an AND-group whose schemes contradict", () => {
    const multiple = loosen(endpoint.defaults(fromOpenApi(real("security-multiple.json"))));
    const and = multiple("POST /anything/and-or", { auth: { oauth2: "o", apiKey_header: "h", oauth2_alternate: "a" } });
    expect(and.headers).toMatchObject({ authorization: "Bearer o", "x-api-key": "h" });
    expect(multiple("POST /anything/and-or", { auth: { oauth2: "o", oauth2_alternate: "a" } }).headers).toMatchObject({ authorization: "Bearer a" });
    const all3 = multiple("POST /anything/many-and-or", { auth: { apiKey_cookie: "c", apiKey_header: "h", apiKey_query: "q" } });
    expect([all3.url, all3.headers.cookie, all3.headers["x-api-key"]]).toEqual(["https://httpbin.org/anything/many-and-or?apiKey=q", "apiKey=c".replace("apiKey", "api_key"), "h"]);
    // basic and oauth2 both write Authorization: one AND-group cannot carry two values.
    expectEndpointError(() => multiple("POST /anything/and", { auth: { apiKey_header: "h", basic: { username: "u", password: "p" }, oauth2: "o" } }), "ERR_INVALID_PARAMETER");
  });
});

describe("the command line: --auth SCHEME=env:VAR | file:PATH, and --curl sends what the library built", () => {
  const files: Record<string, string> = {
    "api.json": JSON.stringify(real("3.0/json/security.json")),
    "basic.txt": "zoë:p€ss:word\n",
    "token.txt": "file-token\r\n",
  };
  const env: Record<string, string> = { PETS_TOKEN: "env-token", QUERY_KEY: "a&b" };
  const io: Io = {
    readFile: (path) => {
      if (!Object.hasOwn(files, path)) throw Object.assign(new Error("missing"), { code: "ENOENT" });
      return new TextEncoder().encode(files[path]);
    },
    readStdin: async () => undefined,
    env: (name) => env[name],
  };
  const cli = (...argv: string[]) => runCli(argv, io);

  it("reads a token from the environment or a file (its final line break is no part of it)", async () => {
    const fromEnv = await cli("--openapi", "api.json", "--auth", "bearer=env:PETS_TOKEN", "POST /anything/bearer");
    expect(JSON.parse(fromEnv.stdout).headers.authorization).toBe("Bearer env-token");
    const fromFile = await cli("--openapi", "api.json", "--auth=bearer=file:token.txt", "POST /anything/bearer");
    expect(JSON.parse(fromFile.stdout).headers.authorization).toBe("Bearer file-token");
  });

  it("reads http basic as username:password, split at the first colon, sent as UTF-8", async () => {
    const outcome = await cli("--openapi", "api.json", "--auth", "basic=file:basic.txt", "POST /anything/basic");
    expect(JSON.parse(outcome.stdout).headers.authorization).toBe(`Basic ${Buffer.from("zoë:p€ss:word").toString("base64")}`);
  });

  it("prints with --curl exactly the request the library builds, credentials where the route requires them", async () => {
    const outcome = await cli("--curl", "--openapi", "api.json", "--auth", "apiKey_query=env:QUERY_KEY", "--auth", "bearer=env:PETS_TOKEN", "GET /anything/apiKey");
    const library = endpoint.defaults(fromOpenApi(real("3.0/json/security.json")))("GET /anything/apiKey", { auth: { apiKey_query: "a&b", bearer: "env-token" } });
    expect(outcome.stdout).toContain(`'${library.url}'`);
    expect(library.url).toBe("https://httpbin.org/anything/apiKey?apiKey=a%26b");
    expect(outcome.stdout).not.toContain("env-token");
  });

  it("refuses a secret written on the command line, without echoing it", async () => {
    const outcome = await cli("--openapi", "api.json", "--auth", "bearer=hunter2", "POST /anything/bearer");
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain("never on the command line");
    expect(outcome.stderr).not.toContain("hunter2");
  });

  it("refuses --auth without a description, an unknown scheme, an unset variable, auth as an item", async () => {
    for (const argv of [
      ["--auth", "bearer=env:PETS_TOKEN", "GET /user"],
      ["--openapi", "api.json", "--auth", "bearr=env:PETS_TOKEN", "POST /anything/bearer"],
      ["--openapi", "api.json", "--auth", "bearer=env:UNSET", "POST /anything/bearer"],
      ["--openapi", "api.json", "--auth", "bearer=file:nowhere", "POST /anything/bearer"],
      ["--openapi", "api.json", "POST /anything/bearer", 'auth:={"bearer":"t"}'],
    ]) {
      const outcome = await cli(...argv);
      expect([outcome.exitCode, outcome.stdout]).toEqual([2, ""]);
    }
    expect((await cli("--openapi", "api.json", "--auth", "bearr=env:PETS_TOKEN", "POST /anything/bearer")).stderr).toContain("did you mean bearer?");
  });
});
