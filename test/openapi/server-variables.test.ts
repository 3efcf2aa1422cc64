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
