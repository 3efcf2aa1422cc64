// endpointkit/octokit: @octokit/endpoint's contract where SPEC.md differs from it, endpointkit's checks everywhere else.
import { BASE_DEFAULTS, withDefaults } from "./endpoint.js";
import type { Contract } from "./parse.js";
import type { Endpoint } from "./types.js";

/** What octokit's callers read differently from SPEC.md: the method uppercase, previews only on "/graphql". */
const OCTOKIT: Contract = Object.freeze({
  method: uppercase,
  // Octokit looks for "/graphql" at the end of baseUrl joined to the expanded url, before any query is appended:
  // after a baseUrl, a url of "graphql" alone is one too.
  previews: (url: string, joined: boolean) => url.endsWith("/graphql") || (joined && url === "graphql"),
});

/** The method as octokit's results carry it, from the checked lowercase one; the usual ones without a new string. */
function uppercase(method: string): string {
  switch (method) {
    case "get":
      return "GET";
    case "post":
      return "POST";
    case "patch":
      return "PATCH";
    case "put":
      return "PUT";
    case "delete":
      return "DELETE";
  }
  // A token is ASCII, so no locale can make this anything but the octokit method.
  return method.toUpperCase();
}

/** A drop-in for @octokit/endpoint's `endpoint`; README, "endpointkit/octokit", lists how it differs from both. */
export const endpoint: Endpoint = /* @__PURE__ */ withDefaults(BASE_DEFAULTS, OCTOKIT);

export { EndpointError, type EndpointErrorCode } from "./errors.js";
