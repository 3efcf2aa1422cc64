// SPEC 4.1: endpoint(route, options) equals endpoint.parse(endpoint.merge(route, options)). endpoint() reads a call's
// options over its defaults' plan without materialising merged options (see src/endpoint.ts), so this checks the two
// paths agree on random input: the same result, or an EndpointError with the same code.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EndpointError, endpoint } from "../src/index.js";
import { endpoint as octokitEntry } from "../src/octokit.js";
import { loosen, type LooseEndpoint } from "./helpers.js";
import { anyValue, plausibleOptions, plausibleRoute, routeAndOptions } from "./hostile/arbitraries.js";

type Outcome = { result: unknown } | { code: string };

function outcome(action: () => unknown): Outcome {
  try {
    return { result: action() };
  } catch (error) {
    if (error instanceof EndpointError) return { code: error.code };
    throw error;
  }
}

const endpoints: [string, LooseEndpoint][] = [
  ["the base endpoint", loosen(endpoint)],
  ["an endpoint with scalar defaults", loosen(endpoint.defaults({ baseUrl: "https://ghe.example/api/v3/", per_page: 100, owner: "acme", headers: { authorization: "token t" } }))],
  ["an endpoint with a default url and method", loosen(endpoint.defaults({ method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r" }))],
  ["an endpoint with object defaults", loosen(endpoint.defaults({ mediaType: { previews: ["mercy"] }, request: { timeout: 1 }, labels: ["x"] }))],
  ["an endpoint with map, list and data defaults", loosen(endpoint.defaults({ owner: { login: "o" }, per_page: [1, 2], data: { a: { b: 1 } }, mediaType: { format: "raw" } }))],
  // Difference 16 on both paths: a call's url judged against an absolute default url, and through the octokit entry.
  ["an endpoint with an absolute default url", loosen(endpoint.defaults({ method: "POST", url: "https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name}", owner: "o" }))],
  ["endpointkit/octokit with a default url and method", loosen(octokitEntry.defaults({ method: "PATCH", url: "/repos/{owner}/{repo}/hooks/{hook_id}/config", owner: "o" }))],
];

/** Urls a call may give beside those defaults: the same origin or another, path-only, absolute, or chosen by a value. */
const callUrl = fc.constantFrom("/x/{owner}", "https://api.github.com/a", "https://uploads.github.com/b", "HTTPS://UPLOADS.github.com/c", "https://attacker.example/", "https:attacker.example", "{+owner}/d", "https://{owner}/e");
const withCallUrl = fc.tuple(fc.option(plausibleOptions, { nil: undefined }), callUrl, fc.option(fc.constantFrom("https://uploads.github.com", "https://api.github.com/api/v3"), { nil: undefined }));

const inputs = fc.oneof(
  { weight: 2, arbitrary: fc.tuple(plausibleRoute, fc.option(plausibleOptions, { nil: undefined })) },
  { weight: 1, arbitrary: routeAndOptions(anyValue) },
);

describe("endpoint(options) equals parse(merge(options)) for a call's url beside a default url (difference 16)", () => {
  for (const [name, target] of endpoints) {
    it(`for ${name}`, () => {
      fc.assert(
        fc.property(withCallUrl, ([options, url, baseUrl]) => {
          const call = { ...options, url, ...(baseUrl === undefined ? {} : { baseUrl }) };
          expect(outcome(() => target(call))).toEqual(outcome(() => target.parse(target.merge(call))));
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe("endpoint(route, options) equals parse(merge(route, options))", () => {
  for (const [name, target] of endpoints) {
    it(`for ${name}`, () => {
      fc.assert(
        fc.property(inputs, ([route, options]) => {
          const direct = outcome(() => target(route, options));
          const merged = outcome(() => target.parse(target.merge(route, options)));
          expect(direct).toEqual(merged);
          if ("result" in direct && "result" in merged) {
            const request = (merged.result as { request?: unknown }).request;
            if (request !== undefined) expect((direct.result as { request?: unknown }).request).toEqual(request);
          }
        }),
        { numRuns: 1500 },
      );
    });
  }

  it("reports the first of two bad options (headers, mediaType, a url beside the route) in the order of the caller's keys, as merge() checks them", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mediaType: 5, headers: { a: "\n" } }, "ERR_INVALID_PARAMETER"],
      [{ headers: { a: "\n" }, mediaType: 5 }, "ERR_INVALID_HEADER"],
      [{ headers: undefined, mediaType: 5 }, "ERR_INVALID_PARAMETER"],
      // A url beside the route string is one of merge()'s checks too, taken in its key's turn.
      [{ headers: { "bad name": "v" }, url: "/y" }, "ERR_INVALID_HEADER"],
      [{ url: "/y", headers: { "bad name": "v" } }, "ERR_INVALID_ROUTE"],
      [{ mediaType: 5, url: "/y" }, "ERR_INVALID_PARAMETER"],
      [{ url: "/y", mediaType: 5 }, "ERR_INVALID_ROUTE"],
    ];
    for (const [options, code] of cases) {
      expect(outcome(() => loosen(endpoint)("GET /x", options))).toEqual({ code });
      expect(outcome(() => endpoint.parse(loosen(endpoint).merge("GET /x", options)))).toEqual({ code });
    }
  });

  it("takes option names only from the caller's own enumerable keys, as merge() does", () => {
    const options: Record<string, unknown> = { o: "a", headers: { "x-a": "1" } };
    Object.defineProperty(options, "method", { value: "DELETE", enumerable: false });
    Object.defineProperty(options, "baseUrl", { value: "https://hidden.example", enumerable: false });
    for (const route of ["GET /repos/{o}", "POST /repos/{o}"]) {
      const direct = loosen(endpoint)(route, options);
      expect(direct).toEqual(endpoint.parse(loosen(endpoint).merge(route, options)));
      expect(direct.method).toBe(route.startsWith("GET") ? "get" : "post");
      expect(direct.url).toBe("https://api.github.com/repos/a");
    }
  });

  it("hands back the caller's request object itself, on either path", () => {
    const request = { timeout: 5 };
    expect(endpoint("GET /x", { request }).request).toBe(request);
    expect(endpoint.parse(endpoint.merge("GET /x", { request })).request).toBe(request);
  });
});
