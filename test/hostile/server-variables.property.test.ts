// A value the caller gives a server variable (fromOpenApi's `server: { url, variables }`, the command line's
// `--server-var`) fills its placeholder and nothing more, whatever it holds: the request keeps the host under the
// description's domain, no user info or port, and the path's segments, so the credentials of `auth` (which go to the
// chosen server's origin) cannot be taken elsewhere. Refused values are ERR_INVALID_PARAMETER and never quoted.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { outcome } from "./checks.js";

const TEMPLATE = "https://{host}.example/{base}";
const document = {
  openapi: "3.1.0",
  servers: [{ url: TEMPLATE, variables: { host: { default: "api" }, base: { default: "v1" } } }],
  components: { securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key" } } },
  security: [{ key: [] }],
  paths: { "/items/{id}": { get: { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: {} } } },
};
const piece = fc.constantFrom("a", "evil", ".", "..", "/", "?", "#", "@", ":", "\\", "%", "%2e", "%2f", "%40", "[", "]", " ", "\t", "\n", "\u0000", "\u3002", "\uff0e", "\uff0f", "x.example", "");
const value = fc.array(piece, { maxLength: 5 }).map((pieces) => pieces.join(""));

describe("server variables: a caller's value keeps to its placeholder", () => {
  it("leaves the credential on the description's domain and path, or is ERR_INVALID_PARAMETER", () => {
    fc.assert(
      fc.property(value, value, (host, base) => {
        let thrown: unknown;
        const result = outcome(() => {
          try {
            const api = endpoint.defaults(fromOpenApi(document, { auth: { key: "SECRET" }, server: { url: TEMPLATE, variables: { host, base } } }));
            return (api as unknown as (route: string, options: unknown) => RequestOptions)("GET /items/{id}", { id: "1" });
          } catch (error) {
            thrown = error;
            throw error;
          }
        });
        if (result === undefined) {
          expect(["ERR_INVALID_PARAMETER", "ERR_INVALID_BASE_URL"]).toContain((thrown as EndpointError).code);
          expect((thrown as EndpointError).message).not.toContain("SECRET");
          return;
        }
        let url: URL;
        try {
          url = new URL(result.url);
        } catch {
          return; // no URL fetch would send to
        }
        expect(url.hostname.endsWith(".example")).toBe(true);
        expect(url.username + url.password + url.port).toBe("");
        const segments = url.pathname.split("/");
        expect(segments.slice(-2)).toEqual(["items", "1"]);
        expect(segments.length).toBe(base === "" ? 3 : 4);
      }),
      { numRuns: 500 },
    );
  });
});
