// DECISIONS "Credentials" (where a described request goes): fromOpenApi(document, { server: { url, variables } })
// chooses the document's server of that url, with values for its server variables, the others at their defaults.
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";

type Call = (route: string, options?: unknown) => RequestOptions;
const TEMPLATE = "https://{region}.api.example/{version}";
const document = {
  openapi: "3.1.0",
  servers: [
    { url: TEMPLATE, variables: { region: { default: "eu", enum: ["eu", "us"] }, version: { default: "v1" } } },
    { url: "https://sandbox.example" },
  ],
  paths: { "/pets": { get: { responses: {} } } },
};

describe("server variables", () => {
  it("fills the chosen server's variables with the values given, the others at their defaults", () => {
    expect(fromOpenApi(document, { server: { url: TEMPLATE, variables: { region: "us" } } }).baseUrl).toBe("https://us.api.example/v1");
    const api = endpoint.defaults(fromOpenApi(document, { server: { url: TEMPLATE, variables: { region: "us", version: "v2" } } })) as unknown as Call;
    expect(api("GET /pets").url).toBe("https://us.api.example/v2/pets");
  });

  it("takes the server by its url as written or as its defaults fill it, and no variables at all", () => {
    expect(fromOpenApi(document, { server: { url: "https://eu.api.example/v1", variables: { version: "v3" } } }).baseUrl).toBe("https://eu.api.example/v3");
    expect(fromOpenApi(document, { server: { url: "https://sandbox.example" } }).baseUrl).toBe("https://sandbox.example");
  });

  it("refuses a value outside the variable's enum (ERR_INVALID_PARAMETER), naming it and its values", () => {
    const error = expectEndpointError(() => fromOpenApi(document, { server: { url: TEMPLATE, variables: { region: "mars" } } }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"region"');
    expect(error.message).toContain('"mars"');
    expect(error.message).toContain('"eu"');
  });

  it("refuses a variable the server does not have, and a url none of the servers has", () => {
    expect(expectEndpointError(() => fromOpenApi(document, { server: { url: TEMPLATE, variables: { zone: "a" } } }), "ERR_INVALID_PARAMETER").message).toContain('"zone"');
    expectEndpointError(() => fromOpenApi(document, { server: { url: "https://other.example" } }), "ERR_INVALID_BASE_URL");
    expectEndpointError(() => fromOpenApi(document, { server: { variables: {} } } as never), "ERR_INVALID_PARAMETER");
  });

  it("never changes the caller's options", () => {
    const options = { server: { url: TEMPLATE, variables: { region: "us" } } };
    fromOpenApi(document, options);
    expect(options).toEqual({ server: { url: TEMPLATE, variables: { region: "us" } } });
  });
});

// SECURITY.md: a value the caller gives a server variable (a tenant's subdomain from user input) fills its placeholder
// and nothing more, since the credentials of `auth` go to the origin of the server it fills in.
describe("server variables: a caller's value cannot change the URL's structure", () => {
  const HOSTED = "https://{host}.example/{base}";
  const keyed = {
    openapi: "3.1.0",
    servers: [{ url: HOSTED, variables: { host: { default: "api" }, base: { default: "v1" } } }, { url: "https://{host}/v1", variables: { host: { default: "api.example" } } }, { url: "/{a}/x", variables: { a: { default: "v" } } }, { url: "https://{scheme}.example", variables: { scheme: { default: "a", enum: ["a", "b/c"] } } }],
    components: { securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key" } } },
    security: [{ key: [] }],
    paths: { "/items/{id}": { get: { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: {} } } },
  };
  const url = (variables: { [name: string]: string }, server = HOSTED): string =>
    (endpoint.defaults(fromOpenApi(keyed, { auth: { key: "SECRET" }, server: { url: server, variables }, baseUrl: "https://docs.example/spec" })) as unknown as Call)("GET /items/{id}", { id: "1" }).url;

  it("takes a tenant's subdomain and a version", () => {
    expect(url({ host: "tenant-1", base: "v2" })).toBe("https://tenant-1.example/v2/items/1?api_key=SECRET");
    expect(url({ host: "eu.tenant" })).toBe("https://eu.tenant.example/v1/items/1?api_key=SECRET");
  });

  it("refuses a value that would move the host, add user info or a port, or climb the path (ERR_INVALID_PARAMETER), never quoting it", () => {
    for (const host of ["evil.example/x", "a@evil", "v1/../..", "evil.example?", "evil.example#", "evil\\x", "a:1", "[::1]", "a%2fb", "a b", "a\nb", "a\u0000b"]) {
      const error = expectEndpointError(() => url({ host }), "ERR_INVALID_PARAMETER");
      expect(error.message).toContain('"host"');
      expect(error.message).not.toContain(JSON.stringify(host));
      expect(error.message).not.toContain("SECRET");
    }
    for (const base of ["..", ".", "%2e", "%2E%2e", "a/../..", "v1/x", "a?b"]) {
      expect(expectEndpointError(() => url({ base }), "ERR_INVALID_PARAMETER").message).toContain('"base"');
    }
  });

  it("refuses an empty value that would leave no host, or make a relative server scheme-relative", () => {
    expect(expectEndpointError(() => url({ host: "" }, "https://{host}/v1"), "ERR_INVALID_PARAMETER").message).toContain('"host"');
    expect(expectEndpointError(() => url({ a: "" }, "/{a}/x"), "ERR_INVALID_PARAMETER").message).toContain('"a"');
    expect(url({ a: "w" }, "/{a}/x")).toBe("https://docs.example/w/x/items/1?api_key=SECRET");
    // An empty last segment is dropped with the trailing "/", as before.
    expect(url({ base: "" })).toBe("https://api.example/items/1?api_key=SECRET");
  });

  it("keeps the description's own defaults and enum values as they are", () => {
    expect(url({}, "https://{host}/v1")).toBe("https://api.example/v1/items/1?api_key=SECRET");
    // An enum value is the description's choice, as a server URL is: the caller only picks it.
    expect(url({ scheme: "b/c" }, "https://{scheme}.example")).toBe("https://b/c.example/items/1?api_key=SECRET");
  });
});
