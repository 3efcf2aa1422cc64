// The eighth adversarial review (the fifth of hostile input), run against README.md, SECURITY.md and docs/: where a
// described request and its credentials may go. Each test is one finding, written against the public entries only,
// fails on the code reviewed (106f10e) and states what DECISIONS.md ("Credentials: `auth`", "endpointkit/octokit"
// difference 16) or the project's standards promise: a credential goes only to the origin of the endpoint's base URL
// (the pin, else the chosen document server), other origins only when trusted by name, and never into a message.
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError, type RequestOptions } from "../../src/index.js";
import { describedRoutes, fromOpenApi } from "../../src/openapi/index.js";
import { run as runCli, type Io } from "../../src/cli/run.js";
import { expectEndpointError } from "../helpers.js";

type Call = (route?: unknown, options?: unknown) => RequestOptions;
type Api = Call & { merge: (route?: unknown, options?: unknown) => Record<string, unknown>; parse: (options: unknown) => RequestOptions; defaults: (options: unknown) => Api };

const API = "https://api.example";
const UPLOADS = "https://uploads.example";
const asApi = (defaults: unknown): Api => endpoint.defaults(defaults as never) as unknown as Api;
/** The request endpoint() builds and the one parse(merge()) builds, which must be the same. */
const bothWays = (api: Api, route: string, options: object): RequestOptions => {
  const direct = api(route, options);
  expect(api.parse(api.merge(route, options))).toEqual(direct);
  return direct;
};
/** The error endpoint() gives and the one merge() then parse() gives: the same code, returned. */
const refusedBothWays = (api: Api, route: string, options: object, code: string): EndpointError[] => {
  const errors = [() => api(route, options), () => api.parse(api.merge(route, options))].map((action) => expectEndpointError(action, code as never));
  return errors;
};

const schemes = {
  token: { type: "http", scheme: "bearer" },
  key: { type: "apiKey", in: "query", name: "api_key" },
};
/** A description with an upload host of its own: an operation's servers, a path's servers, and a plain route. */
const uploads = {
  openapi: "3.1.0",
  servers: [{ url: API }, { url: "https://eu.api.example" }],
  components: { securitySchemes: schemes },
  security: [{ token: [] }],
  paths: {
    "/items": { get: { responses: {} } },
    "/assets": { post: { servers: [{ url: UPLOADS }], requestBody: { content: { "application/octet-stream": {} } }, responses: {} } },
    "/media": { servers: [{ url: `${UPLOADS}/media` }], put: { requestBody: { content: { "application/octet-stream": {} } }, responses: {} } },
  },
};
const auth = { token: "SECRET-TOKEN" };
const upload = { data: "bytes", auth };

describe("1. a route's own server takes the credentials past a pin (DECISIONS 'Credentials: where a described request goes')", () => {
  it("a route whose own server is on another origin is refused with credentials, naming the server and the trust option", () => {
    const api = asApi(fromOpenApi(uploads, { auth }));
    for (const route of ["POST /assets", "PUT /media"]) {
      // Today: the bearer token goes to uploads.example, which the description alone chose.
      for (const error of refusedBothWays(api, route, { data: "bytes" }, "ERR_INVALID_ROUTE")) {
        expect(error.message).toContain(UPLOADS);
        expect(error.message).toContain("trust");
        expect(error.message).not.toContain("SECRET-TOKEN");
      }
    }
    // Its own routes get them; without credentials the upload route still goes to its own server.
    expect(bothWays(api, "GET /items", {}).headers.authorization).toBe("Bearer SECRET-TOKEN");
    expect(bothWays(asApi(fromOpenApi(uploads)), "POST /assets", { data: "bytes" }).url).toBe(`${UPLOADS}/assets`);
  });

  it("a trusted origin gets them: a description with its own upload host keeps working once trusted", () => {
    const api = asApi(fromOpenApi(uploads, { auth, trust: [UPLOADS] }));
    const request = bothWays(api, "POST /assets", { data: "bytes" });
    expect([request.url, request.headers.authorization]).toEqual([`${UPLOADS}/assets`, "Bearer SECRET-TOKEN"]);
    expect(bothWays(api, "PUT /media", { data: "bytes" }).url).toBe(`${UPLOADS}/media/media`);
    // Trust travels with the table written out (`endpointkit openapi`) and read back.
    const written = asApi(describedRoutes(JSON.parse(JSON.stringify(fromOpenApi(uploads, { trust: [UPLOADS] })))));
    expect(written("POST /assets", upload).headers.authorization).toBe("Bearer SECRET-TOKEN");
    // Trust names origins, nothing else.
    for (const trust of [["uploads.example"], [`${UPLOADS}/path`], [UPLOADS, 7], UPLOADS]) {
      expectEndpointError(() => fromOpenApi(uploads, { trust: trust as never }), "ERR_INVALID_PARAMETER");
    }
  });

  it("options.server and options.baseUrl (resolving a relative server) are no pins: the route's own server still needs trust", () => {
    // The second document server chosen: an operation's own server elsewhere still needs trust.
    expectEndpointError(() => asApi(fromOpenApi(uploads, { server: 1 }))("POST /assets", upload), "ERR_INVALID_ROUTE");
    // A relative operation server resolved against fromOpenApi's baseUrl, another origin than the document's server.
    const relative = { ...uploads, paths: { "/assets": { post: { ...uploads.paths["/assets"].post, servers: [{ url: "/upload" }] } } } };
    const resolved = asApi(fromOpenApi(relative, { baseUrl: "https://docs.example" }));
    refusedBothWays(resolved, "POST /assets", upload, "ERR_INVALID_ROUTE");
    // Resolved against the document's own server, it is on its origin: credentials go.
    expect(asApi(fromOpenApi(relative))("POST /assets", upload).headers.authorization).toBe("Bearer SECRET-TOKEN");
  });

  it("a baseUrl equal to the document's server leaves each route its described server, and its credentials the trust rule", () => {
    const same = asApi(fromOpenApi(uploads, { auth })).defaults({ baseUrl: API });
    refusedBothWays(same, "POST /assets", { data: "bytes" }, "ERR_INVALID_ROUTE");
    expect(asApi(fromOpenApi(uploads)).defaults({ baseUrl: API })("POST /assets", { data: "x" }).url).toBe(`${UPLOADS}/assets`);
  });

  it("a pin (an endpoint baseUrl other than the chosen server) takes every route and the credentials there", () => {
    const pinned = asApi(fromOpenApi(uploads, { auth })).defaults({ baseUrl: "http://localhost:4010" });
    for (const [route, path] of [["POST /assets", "/assets"], ["PUT /media", "/media"], ["GET /items", "/items"]] as const) {
      const request = bothWays(pinned, route, route.startsWith("GET") ? {} : { data: "bytes" });
      expect([request.url, request.headers.authorization]).toEqual([`http://localhost:4010${path}`, "Bearer SECRET-TOKEN"]);
    }
  });

  it("a Swagger 2.0 operation's own schemes: [http] does not get the key in clear, unless pinned or trusted", () => {
    const swagger = {
      swagger: "2.0",
      host: "api.example",
      schemes: ["https"],
      securityDefinitions: { key: { type: "apiKey", in: "query", name: "api_key" } },
      security: [{ key: [] }],
      paths: { "/feed": { get: { schemes: ["http"], responses: {} } }, "/plain": { get: { responses: {} } } },
    };
    const api = asApi(fromOpenApi(swagger, { auth: { key: "SECRET-KEY" } }));
    for (const error of refusedBothWays(api, "GET /feed", {}, "ERR_INVALID_ROUTE")) expect(error.message).toContain("http://api.example");
    // options.server picks among the document's schemes; the operation's own still needs trust.
    expectEndpointError(() => asApi(fromOpenApi(swagger, { server: 0, auth: { key: "SECRET-KEY" } }))("GET /feed"), "ERR_INVALID_ROUTE");
    expect(asApi(fromOpenApi(swagger, { auth: { key: "K" }, trust: ["http://api.example"] }))("GET /feed").url).toBe("http://api.example/feed?api_key=K");
    expect(api.defaults({ baseUrl: "https://staging.example" })("GET /feed").url).toBe("https://staging.example/feed?api_key=SECRET-KEY");
  });

  it("a call's own baseUrl on another origin stays ERR_INVALID_BASE_URL, the route's own server's origin included", () => {
    const api = asApi(fromOpenApi(uploads, { auth, trust: [UPLOADS] }));
    for (const baseUrl of ["https://evil.example", UPLOADS]) refusedBothWays(api, "GET /items", { baseUrl }, "ERR_INVALID_BASE_URL");
    expect(bothWays(api, "GET /items", { baseUrl: `${API}/v2` }).url).toBe(`${API}/v2/items`);
  });

  it("trust governs auth only: a header the caller sets goes to the route's own server as given", () => {
    const api = asApi(fromOpenApi(uploads));
    expect(bothWays(api, "POST /assets", { data: "x", headers: { authorization: "Bearer mine" } }).headers.authorization).toBe("Bearer mine");
  });

  it("difference 16 judges a url by where its route goes: the pin, else the route's described server", () => {
    const pinned = asApi(fromOpenApi(uploads)).defaults({ baseUrl: "https://staging.example", method: "GET", url: "/items" });
    // Pinned, the upload route goes to the pin too: the same origin as the defaults' url.
    expect(pinned({ method: "POST", url: "/assets", data: "x" }).url).toBe("https://staging.example/assets");
    const unpinned = asApi(fromOpenApi(uploads)).defaults({ method: "GET", url: "/items" });
    expectEndpointError(() => unpinned({ method: "POST", url: "/assets", data: "x" }), "ERR_INVALID_ROUTE");
    expectEndpointError(() => unpinned.merge({ method: "POST", url: "/assets", data: "x" }), "ERR_INVALID_ROUTE");
  });
});

describe("2. a credential is never quoted in an error message (DECISIONS 'Credentials: `auth`')", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: `${API}/v1` }],
    components: { securitySchemes: schemes },
    security: [{ key: [] }],
    paths: { "/files/{name}": { get: { parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }], responses: {} } } },
  };
  const api = asApi(fromOpenApi(document, { auth: { key: "SECRET-KEY" } }));

  it("the dot-segment error names the path, not the query that holds the key (endpoint() and parse(merge()))", () => {
    for (const name of [".", ".."]) {
      // Today: 'the path "https://api.example/v1/files/..?api_key=SECRET-KEY" holds a "." or ".." segment'.
      for (const error of refusedBothWays(api, "GET /files/{name}", { name }, "ERR_INVALID_PARAMETER")) {
        expect(error.message).toContain("/files/");
        expect(error.message).not.toContain("SECRET-KEY");
      }
    }
  });

  it("no error of a call with a query credential holds the credential, whatever the path value (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(".", "..", "%2e", "", "a/../b"), fc.string()), (name) => {
        for (const action of [() => api("GET /files/{name}", { name }), () => api.parse(api.merge("GET /files/{name}", { name }))]) {
          try {
            action();
          } catch (error) {
            expect(error).toBeInstanceOf(EndpointError);
            expect((error as Error).message).not.toContain("SECRET-KEY");
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("the command line's stderr holds no credential either", async () => {
    const io: Io = {
      readFile: () => new TextEncoder().encode(JSON.stringify(document)),
      readStdin: async () => undefined,
      env: () => "SECRET-KEY",
    };
    const outcome = await runCli(["--openapi", "api.json", "--auth", "key=env:KEY", "GET /files/{name}", "name=.."], io);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toContain("ERR_INVALID_PARAMETER");
    expect(outcome.stderr).not.toContain("SECRET-KEY");
  });
});

describe("3. a second value for a query credential through 3.2's querystring, its name percent-encoded", () => {
  const api = asApi(
    fromOpenApi({
      openapi: "3.2.0",
      servers: [{ url: API }],
      components: { securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key" } } },
      security: [{ key: [] }],
      paths: { "/search": { get: { parameters: [{ name: "q", in: "querystring", content: { "application/x-www-form-urlencoded": {} } }], responses: {} } } },
    }),
  );

  it("is ERR_INVALID_PARAMETER: names are compared as a server decodes them", () => {
    // Today: ?api%5Fkey=attacker&api_key=REAL, the server reading the first.
    for (const q of ["api%5Fkey=attacker", "%61pi_key=attacker", "x=1&api_ke%79=attacker"]) {
      refusedBothWays(api, "GET /search", { q, auth: { key: "REAL" } }, "ERR_INVALID_PARAMETER");
    }
    expect(api("GET /search", { q: "x=1", auth: { key: "REAL" } }).url).toBe(`${API}/search?x=1&api_key=REAL`);
    // The same value, written as the credential writes it, is the same parameter: sent once.
    expect(api("GET /search", { q: "api_key=REAL", auth: { key: "REAL" } }).url).toBe(`${API}/search?api_key=REAL`);
  });
});

describe("4. additionalOperations multiply a path's text past the read bound", () => {
  it("a 1 MB path with 400 methods is ERR_TOO_LARGE while it is read, not 400 MB of route keys", () => {
    const path = `/${"a".repeat(1 << 20)}`;
    const additionalOperations: Record<string, object> = {};
    for (let i = 0; i < 400; i++) additionalOperations[`M${i}`] = { responses: {} };
    const document = { openapi: "3.2.0", servers: [{ url: API }], paths: { [path]: { additionalOperations } } };
    expectEndpointError(() => fromOpenApi(document), "ERR_TOO_LARGE");
    // The same path with one method, and many methods on a short path, read.
    expect(Object.keys(fromOpenApi({ ...document, paths: { [path]: { get: { responses: {} } } } })["x-endpointkit-routes"])).toHaveLength(1);
    expect(Object.keys(fromOpenApi({ ...document, paths: { "/short": { additionalOperations } } })["x-endpointkit-routes"])).toHaveLength(400);
  });
});

describe("5. the nearest-route hint on a refused call costs little whatever the table", () => {
  /** A table of `count` routes of long paths sharing their first 40 characters: the worst case for a full search. */
  const tableOf = (count: number): Api => {
    const paths: Record<string, object> = {};
    for (let i = 0; i < count; i++) paths[`/${"segment/".repeat(4)}resource-${i.toString(36).padStart(4, "0")}/{id}/details-of-it`] = { get: { responses: {} } };
    return asApi(fromOpenApi({ openapi: "3.1.0", servers: [{ url: API }], paths }));
  };
  /** The fastest of a few runs of `calls` refused calls, in ms. */
  const refusalTime = (api: Api, calls: number): number => {
    const route = `GET /${"segment/".repeat(4)}resource-zzzz/{id}/details-of-ti`;
    expectEndpointError(() => api(route, { id: 1 }), "ERR_INVALID_ROUTE");
    let best = Infinity;
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      for (let i = 0; i < calls; i++) {
        try {
          api(`${route}${i % 7}`, { id: 1 });
        } catch {
          // refused, as it must be
        }
      }
      best = Math.min(best, performance.now() - start);
    }
    return best;
  };

  it("a refusal on a 5,000-route table costs about what one on a 50-route table does (a full search: 100 times)", () => {
    const small = refusalTime(tableOf(50), 100);
    const large = refusalTime(tableOf(5000), 100);
    // Judged by the ratio of two sizes measured in the same run: a search over every route makes it about 100.
    expect(large / small).toBeLessThan(8);
  });

  it("still names the nearest routes", () => {
    const error = expectEndpointError(() => tableOf(5000)(`GET /${"segment/".repeat(4)}resource-00a1/{id}/details-of-ti`, { id: 1 }), "ERR_INVALID_ROUTE");
    expect(error.message).toContain(`resource-00a1/{id}/details-of-it`);
  });
});

describe("6. one security scheme shared by many routes is written once", () => {
  const name = `x-${"k".repeat(1 << 20)}`;
  const paths: Record<string, object> = {};
  for (let i = 0; i < 600; i++) paths[`/r${i}`] = { get: { responses: {} } };
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    components: { securitySchemes: { key: { type: "apiKey", in: "header", name } } },
    security: [{ key: [] }],
    paths,
  };

  it("the table's JSON holds the 1 MB name once, not 600 times, and still sends it", () => {
    const table = fromOpenApi(document);
    // Today: 600 copies, past what JSON.stringify can write.
    expect(JSON.stringify(table).length).toBeLessThan((1 << 20) + 100_000);
    expect(asApi(describedRoutes(JSON.parse(JSON.stringify(table))))("GET /r599", { auth: { key: "k" } }).headers[name.toLowerCase()]).toBe("k");
  });

  it("endpointkit openapi writes it once", async () => {
    const outcome = await runCli(["openapi", "api.json"], { readFile: () => new TextEncoder().encode(JSON.stringify(document)), readStdin: async () => undefined });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout.length).toBeLessThan((1 << 20) + 100_000);
  });
});

describe("smaller findings", () => {
  const document = {
    openapi: "3.1.0",
    servers: [{ url: API }],
    components: {
      securitySchemes: {
        sid: { type: "apiKey", in: "cookie", name: "sid" },
        q: { type: "apiKey", in: "query", name: "q" },
        basic: { type: "http", scheme: "basic" },
      },
    },
    paths: {
      "/cookie": { get: { security: [{ sid: [] }], responses: {} } },
      "/q": { get: { security: [{ q: [] }], responses: {} } },
      "/basic": { get: { security: [{ basic: [] }], responses: {} } },
    },
  };
  const api = asApi(fromOpenApi(document));

  it("a caller's cookie `sid =attacker` beside a cookie credential is two values for one name: refused", () => {
    refusedBothWays(api, "GET /cookie", { headers: { cookie: "sid =attacker" }, auth: { sid: "REAL" } }, "ERR_INVALID_PARAMETER");
    expect(api("GET /cookie", { headers: { cookie: "theme=dark" }, auth: { sid: "REAL" } }).headers.cookie).toBe("theme=dark; sid=REAL");
  });

  it("reads a call's auth once: a getter cannot answer the check with one credential and the request with another", () => {
    let reads = 0;
    const credentials = {
      get sid() {
        reads += 1;
        return reads === 1 ? "CHECKED" : "a;b";
      },
    };
    expect(api("GET /cookie", { auth: credentials }).headers.cookie).toBe("sid=CHECKED");
    expect(reads).toBe(1);
  });

  it("a query API key named q keeps '+' escaped: GitHub's q rule is not a described API's", () => {
    expect(bothWays(api, "GET /q", { auth: { q: "a+b" } }).url).toBe(`${API}/q?q=a%2Bb`);
  });

  it("fromOpenApi's result holds a copy of a { username, password } pair, not the caller's object", () => {
    const pair = { username: "ann", password: "pw" };
    const defaults = fromOpenApi(document, { auth: { basic: pair } });
    pair.password = "changed";
    expect((defaults.auth as unknown as { basic: { password: string } }).basic.password).toBe("pw");
    expect(asApi(defaults)("GET /basic").headers.authorization).toBe(`Basic ${Buffer.from("ann:pw").toString("base64")}`);
  });

  it("a Swagger 2.0 basePath with a '.' or '..' segment is refused when read", () => {
    for (const basePath of ["/api/../admin", "/..", "/a/./b", "/a/%2E%2e/b"]) {
      expectEndpointError(() => fromOpenApi({ swagger: "2.0", host: "api.example", basePath, paths: {} }), "ERR_INVALID_BASE_URL");
    }
    expect(fromOpenApi({ swagger: "2.0", host: "api.example", basePath: "/a/..b/.c", paths: {} }).baseUrl).toBe("https://api.example/a/..b/.c");
  });
});

describe("7. the command line: --base-url pins, --auth sends there, and a refused --curl stops `| sh`", () => {
  const files: Record<string, string> = { "api.json": JSON.stringify(uploads) };
  const io: Io = {
    readFile: (path) => {
      if (!Object.hasOwn(files, path)) throw Object.assign(new Error("missing"), { code: "ENOENT" });
      return new TextEncoder().encode(files[path]);
    },
    readStdin: async () => undefined,
    env: (variable) => (variable === "TOKEN" ? "SECRET-TOKEN" : undefined),
  };
  const cli = (...argv: string[]) => runCli(argv, io);

  it("--base-url with --openapi is a pin: every route and the credentials go there (a mock, staging, localhost)", async () => {
    for (const route of ["GET /items", "POST /assets"]) {
      const outcome = await cli("--openapi", "api.json", "--base-url", "http://localhost:4010", "--auth", "token=env:TOKEN", route);
      expect(outcome.exitCode).toBe(0);
      const request = JSON.parse(outcome.stdout) as RequestOptions;
      expect(request.url.startsWith("http://localhost:4010/")).toBe(true);
      expect(request.headers.authorization).toBe("Bearer SECRET-TOKEN");
    }
    // Without --base-url, the upload route's own server is another origin: refused, the token never printed.
    const refused = await cli("--curl", "--openapi", "api.json", "--auth", "token=env:TOKEN", "POST /assets");
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("ERR_INVALID_ROUTE");
    expect(refused.stderr + refused.stdout).not.toContain("SECRET-TOKEN");
    // In the command line's words: --trust names the origin.
    expect(refused.stderr).toContain(`--trust ${UPLOADS}`);
    const trusted = await cli("--openapi", "api.json", "--trust", UPLOADS, "--auth", "token=env:TOKEN", "POST /assets", "data=bytes");
    expect(trusted.exitCode).toBe(0);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ url: `${UPLOADS}/assets`, headers: { authorization: "Bearer SECRET-TOKEN" } });
    expect((await cli("--trust", UPLOADS, "GET /user")).exitCode).toBe(2);
    // The table `endpointkit openapi --trust` writes keeps the trust.
    const written = await cli("openapi", "--trust", UPLOADS, "api.json");
    expect(written.exitCode).toBe(0);
    expect(written.stdout).toContain(`"trust":["${UPLOADS}"]`);
  });

  it("--auth suggests the scheme written in another case", async () => {
    const outcome = await cli("--openapi", "api.json", "--auth", "Token=env:TOKEN", "GET /items");
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain("did you mean token?");
  });

  it("`endpointkit … --curl | sh` fails with endpointkit's status when it refuses, and runs the command when not", async () => {
    const refused = await cli("--curl", "GET /repos/{owner}/{repo}", "owner=octocat");
    expect(refused.exitCode).toBe(1);
    expect(spawnSync("sh", { input: refused.stdout }).status).toBe(1);
    const usage = await cli("--curl", "GET /x", "n:=not json");
    expect(spawnSync("sh", { input: usage.stdout }).status).toBe(2);
    // A command printed is a curl command, which the test does not run.
    expect((await cli("--curl", "GET /x")).stdout.startsWith("curl ")).toBe(true);
  });
});
