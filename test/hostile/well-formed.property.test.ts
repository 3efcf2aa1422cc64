// Every result is well formed: lowercase token method, lowercase token header names, header values without CR/LF/NUL,
// a URL joined to baseUrl that parses, and parameters that can neither change the origin nor add path segments.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError, type EndpointOptions, type RequestOptions } from "../../src/index.js";
import { hostileString, plausibleOptions, plausibleRoute } from "./arbitraries.js";
import { checkRequestOptions, outcome } from "./checks.js";

const RUNS = 1000;
const BASE = "https://api.github.com";
const OPTION_NAMES = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]);

type Call = (route: unknown, options?: unknown) => RequestOptions;
const call = endpoint as unknown as Call;

/** The EndpointError a call throws (anything else fails the test), or undefined when it answered. */
function errorOf(work: () => unknown): EndpointError | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    outcome(() => {
      throw error;
    });
    return error as EndpointError;
  }
}

/** Strings without lone surrogates: the ones that have a UTF-8 form and so can be sent. */
const sendable = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.constantFrom("..", ".", "", "%2F", "a/b", "?x=1", "#f", "@evil.example", "http://evil.example/", "\\\\evil"));

/** Sendable and not empty: an empty path value is an error of its own (test/url.test.ts). */
const nonEmpty = sendable.filter((text) => text !== "");

describe("well-formed results", () => {
  it("plausible calls answer with well-formed request options", () => {
    let results = 0;
    fc.assert(
      fc.property(plausibleRoute, plausibleOptions, (route, given) => {
        // A url beside a route string is refused (difference 13): the route's URL is the one that counts.
        const options = typeof route === "string" ? { ...given, url: undefined } : given;
        const result = outcome(() => call(route, options));
        if (result === undefined) return;
        const merged = endpoint.merge(route as string, options as EndpointOptions);
        checkRequestOptions(result, merged.url, merged.baseUrl);
        results++;
      }),
      { numRuns: RUNS },
    );
    expect(results).toBeGreaterThan(RUNS * 0.2);
  });

  it("a method is refused or comes back as a lowercase token, in a route string and as an option", () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.constantFrom("GET", "post", "M-SEARCH", "PROPFIND", "get!", "Ǆ", "İ", "ſ")), (method) => {
        // In a route string an empty (or all-space) method leaves a URL-only route, which means GET.
        const fromRoute = method.trim() === "" ? "get" : method.trim().toLowerCase();
        for (const [work, expected] of [[() => call({ method, url: "/x" }), method.toLowerCase()], [() => call(`${method} /x`), fromRoute]] as const) {
          const result = outcome(work);
          if (result === undefined) continue;
          expect(result.method).toMatch(/^[!#$%&'*+\-.^_`|~0-9a-z]+$/);
          expect(result.method).toBe(expected);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("a header name is refused or comes back lowercase; a value with CR, LF or NUL is always refused", () => {
    fc.assert(
      fc.property(
        fc.oneof(hostileString, fc.constantFrom("X-Custom", "Content-Type", "__proto__", "x\u212a", "ſ")),
        fc.string(),
        fc.constantFrom("\r", "\n", "\0", "\r\n"),
        fc.nat(),
        (name, value, breaker, at) => {
          const result = outcome(() => call("GET /x", { headers: { [name]: value } }));
          if (result !== undefined) expect(Object.prototype.hasOwnProperty.call(result.headers, name.toLowerCase())).toBe(true);
          const position = at % (value.length + 1);
          const injected = value.slice(0, position) + breaker + value.slice(position);
          for (const headers of [{ [name]: injected }, { accept: injected }]) {
            for (const work of [
              () => call("GET /x", { headers }),
              () => endpoint.defaults({ headers }),
              () => endpoint.parse({ method: "GET", url: "/x", baseUrl: BASE, headers: headers as Record<string, string> }),
            ]) {
              expect(errorOf(work)?.code).toBe("ERR_INVALID_HEADER");
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("values of {name} and :name placeholders can change neither the origin nor the number of path segments", () => {
    fc.assert(
      fc.property(nonEmpty, nonEmpty, fc.constantFrom("/repos/{owner}/{repo}", "/repos/:owner/:repo", "repos/{owner}/{repo}"), fc.constantFrom(BASE, `${BASE}/`, "https://ghe.example/api/v3"), (owner, repo, template, baseUrl) => {
        // A "." or ".." segment would be resolved by the client, out of the path: refused (README, difference 14).
        if ([owner, repo].some((value) => value === "." || value === "..")) {
          expect(errorOf(() => call(`GET ${template}`, { owner, repo, baseUrl }))?.code).toBe("ERR_INVALID_PARAMETER");
          return;
        }
        const result = call(`GET ${template}`, { owner, repo, baseUrl });
        const prefix = `${baseUrl.replace(/\/+$/, "")}/repos/`;
        expect(result.url.startsWith(prefix)).toBe(true);
        const rest = result.url.slice(prefix.length);
        expect(rest.split("/")).toHaveLength(2);
        expect(rest).not.toMatch(/[?#\s]/);
        expect(new URL(result.url).origin).toBe(new URL(baseUrl).origin);
        const [first, second] = rest.split("/").map(decodeURIComponent);
        expect([first, second]).toEqual([owner, repo]);
      }),
      { numRuns: RUNS },
    );
  });

  it("query parameters come back unchanged through URLSearchParams (all but q, whose + means space on purpose)", () => {
    const key = fc.oneof(fc.string(), fc.string({ unit: "binary" })).filter((name) => !OPTION_NAMES.has(name) && name !== "q" && name !== "");
    const value = fc.oneof(sendable, fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 5 }).filter((item) => !item.includes(",")), { minLength: 1, maxLength: 3 }));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(key, value), { selector: ([name]) => name, maxLength: 5 }), fc.constantFrom("/search", "/search?x=1", "/search#frag", "/search{?page}"), (pairs, template) => {
        const options = Object.create(null) as Record<string, unknown>;
        for (const [name, item] of pairs) options[name] = item;
        if (pairs.some(([name]) => name === "page" || name === "x")) return;
        const result = call(`GET ${template}`, options);
        const url = new URL(result.url);
        for (const [name, item] of pairs) {
          const expected = Array.isArray(item) ? item.join(",") : String(item);
          expect(url.searchParams.get(name)).toBe(expected);
        }
        if (template.includes("#")) expect(url.hash).toBe("#frag");
      }),
      { numRuns: RUNS },
    );
  });

  it("q keeps + as a separator and encodes every part between", () => {
    fc.assert(
      fc.property(fc.array(sendable, { maxLength: 5 }), (parts) => {
        const q = parts.join("+");
        const result = outcome(() => call("GET /search/issues", { q }));
        if (result === undefined) return;
        const written = result.url.slice(result.url.indexOf("?q=") + 3);
        expect(written.split("+").map(decodeURIComponent).join("+")).toBe(q);
        expect(written).not.toMatch(/[\s#&]/);
      }),
      { numRuns: RUNS },
    );
  });

  it("any previews and format give an accept header of comma-separated media types, nothing else", () => {
    const word = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 4 }),
        fc.option(fc.stringMatching(/^[A-Za-z0-9_.+-]{1,12}$/), { nil: undefined }),
        fc.option(fc.oneof(hostileString, fc.constantFrom("application/vnd.github.v3+json", "application/vnd.github.mercy-preview+json, text/plain")), { nil: undefined }),
        (previews, format, accept) => {
          const options: EndpointOptions = { mediaType: { previews, format } };
          if (accept !== undefined) options.headers = { accept };
          const result = outcome(() => call("GET /x", options));
          if (result === undefined) return;
          checkRequestOptions(result, "/x", BASE);
          const written = result.headers.accept;
          expect(typeof written).toBe("string");
          if (accept === undefined || !accept.toLowerCase().includes("application/octet-stream")) {
            for (const preview of previews) {
              const name = preview.endsWith("-preview") ? preview.slice(0, -"-preview".length) : preview;
              if (name !== "") expect(written).toContain(`application/vnd.github.${name}-preview`);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("a body appears only for POST, PUT, PATCH and DELETE, and gets a JSON content-type unless one was given", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "get", "Delete"),
        fc.dictionary(fc.constantFrom("a", "b", "data", "title"), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxKeys: 3 }),
        fc.option(fc.constantFrom("text/plain", "application/octet-stream"), { nil: undefined }),
        (method, parameters, contentType) => {
          const options: EndpointOptions = { ...parameters };
          if (contentType) options.headers = { "Content-Type": contentType };
          const result = outcome(() => call(`${method} /x`, options));
          if (result === undefined) return;
          const carries = ["post", "put", "patch", "delete"].includes(method.toLowerCase());
          if (!carries) expect("body" in result).toBe(false);
          if (contentType) expect(result.headers["content-type"]).toBe(contentType);
          else if (result.body !== undefined && result.body !== "") expect(result.headers["content-type"]).toBe("application/json; charset=utf-8");
        },
      ),
      { numRuns: RUNS },
    );
  });
});
