// Type tests for what the library hands back (issue 4): request options, merged options, DEFAULTS,
// parseTemplate and EndpointError. No `any` anywhere. Checked by `npm run typecheck`; never run.
import {
  endpoint,
  EndpointError,
  parseTemplate,
  type EndpointDefaults,
  type EndpointErrorCode,
  type HeaderValue,
  type MergedOptions,
  type RequestMeta,
  type RequestOptions,
  type ResponseHeaders,
  type UriTemplate,
} from "../../src/index.js";
import { expectTrue, type Equal } from "./assert.js";

/** True when T is `any`. */
type IsAny<T> = 0 extends 1 & T ? true : false;

// ---------------------------------------------------------------------------------------------------------------
// The result of endpoint() and parse() (SPEC 2.4).

const result = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
expectTrue<Equal<typeof result, RequestOptions>>();
expectTrue<Equal<typeof result.method, string>>();
expectTrue<Equal<typeof result.url, string>>();
expectTrue<Equal<typeof result.headers, ResponseHeaders>>();
expectTrue<Equal<ResponseHeaders[string], string | number>>();
expectTrue<Equal<HeaderValue, string | number>>();
expectTrue<Equal<typeof result.body, unknown>>();
expectTrue<Equal<typeof result.request, RequestMeta | undefined>>();
expectTrue<Equal<IsAny<typeof result.body>, false>>();
// @ts-expect-error header values are strings or numbers, never undefined
result.headers.accept = undefined;
expectTrue<Equal<typeof endpoint.parse, (options: MergedOptions) => RequestOptions>>();

// ---------------------------------------------------------------------------------------------------------------
// merge() (SPEC 2.5): the route form always has a url; placeholders are not required yet.

const merged = endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o" });
expectTrue<Equal<typeof merged.url, string>>();
expectTrue<Equal<typeof merged.method, string>>();
expectTrue<Equal<typeof merged.baseUrl, string>>();
expectTrue<Equal<typeof merged.headers, ResponseHeaders>>();
expectTrue<Equal<typeof merged.owner, unknown>>();
const mergedOptions = endpoint.merge({ method: "POST", url: "/markdown", text: "Hi" });
expectTrue<Equal<typeof mergedOptions.url, string | undefined>>();
endpoint.merge({ headers: { "x-a": "1" } });
// mediaType is always there, { format: "" } at least, so code written for octokit reads it without a guard.
expectTrue<Equal<typeof merged.mediaType.format, string>>();
expectTrue<Equal<typeof mergedOptions.mediaType.format, string>>();
// With no arguments merge() returns the defaults (issue 12).
const mergedDefaults: MergedOptions = endpoint.merge();
expectTrue<Equal<typeof mergedDefaults.mediaType, MergedOptions["mediaType"]>>();
endpoint.parse(merged);
endpoint.parse(mergedOptions);
// @ts-expect-error merge() reads the route too: three words are ERR_INVALID_ROUTE there as well
endpoint.merge("GET /a /b");
// @ts-expect-error parse() takes merged options: method, baseUrl and headers are missing
endpoint.parse({ url: "/user" });

// ---------------------------------------------------------------------------------------------------------------
// DEFAULTS (SPEC 4.4): read-only all the way down, since it is a copy and changing it changes nothing.

const defaults = endpoint.DEFAULTS;
expectTrue<Equal<typeof defaults, EndpointDefaults>>();
expectTrue<Equal<typeof defaults.method, string>>();
expectTrue<Equal<typeof defaults.baseUrl, string>>();
expectTrue<Equal<typeof defaults.url, string | undefined>>();
expectTrue<Equal<(typeof defaults.headers)[string], HeaderValue>>();
expectTrue<Equal<(typeof defaults.mediaType)["previews"], readonly string[] | undefined>>();
expectTrue<Equal<typeof defaults.mediaType.format, string>>();
// @ts-expect-error DEFAULTS is read-only
endpoint.DEFAULTS = defaults;
// @ts-expect-error its fields are read-only
defaults.baseUrl = "https://ghe.example/api/v3";
// @ts-expect-error and so are its headers
defaults.headers.accept = "text/html";
// @ts-expect-error and its previews
defaults.mediaType.previews?.push("mercy");
const perPage = endpoint.defaults({ per_page: 100 });
expectTrue<Equal<typeof perPage.DEFAULTS, EndpointDefaults>>();

// ---------------------------------------------------------------------------------------------------------------
// parseTemplate.

const template = parseTemplate("/repos/{owner}/{repo}{?per_page}");
expectTrue<Equal<typeof template, UriTemplate>>();
expectTrue<Equal<typeof template.variables, readonly string[]>>();
expectTrue<Equal<ReturnType<typeof template.expand>, string>>();
template.expand();
template.expand({ owner: "o", repo: "r", per_page: 100 });
// @ts-expect-error the variable list is read-only
template.variables.push("x");
// @ts-expect-error a template is a string
parseTemplate(42);

// ---------------------------------------------------------------------------------------------------------------
// EndpointError and its code union.

expectTrue<
  Equal<
    EndpointErrorCode,
    | "ERR_INVALID_ROUTE"
    | "ERR_INVALID_METHOD"
    | "ERR_URL_REQUIRED"
    | "ERR_INVALID_BASE_URL"
    | "ERR_INVALID_TEMPLATE"
    | "ERR_MISSING_PARAMETER"
    | "ERR_INVALID_HEADER"
    | "ERR_INVALID_PARAMETER"
    | "ERR_TOO_LARGE"
  >
>();

function describe(error: unknown): string {
  if (!(error instanceof EndpointError)) return "not ours";
  expectTrue<Equal<typeof error.code, EndpointErrorCode>>();
  expectTrue<Equal<typeof error.route, string | undefined>>();
  const asError: Error = error;
  // @ts-expect-error no such code: the comparison can never be true
  if (error.code === "ERR_NOT_A_CODE") return asError.message;
  switch (error.code) {
    case "ERR_INVALID_ROUTE":
    case "ERR_INVALID_METHOD":
    case "ERR_URL_REQUIRED":
    case "ERR_INVALID_BASE_URL":
    case "ERR_INVALID_TEMPLATE":
    case "ERR_MISSING_PARAMETER":
    case "ERR_INVALID_HEADER":
    case "ERR_INVALID_PARAMETER":
    case "ERR_TOO_LARGE":
      return error.code;
    default: {
      // Exhaustive: a new code would make this assignment fail.
      const unreachable: never = error.code;
      return unreachable;
    }
  }
}
// @ts-expect-error code is read-only
new EndpointError("ERR_INVALID_ROUTE", "x").code = "ERR_URL_REQUIRED";
// @ts-expect-error only known codes can be thrown
new EndpointError("ERR_SOMETHING", "x");
export { describe };
