// endpointkit/octokit: @octokit/endpoint's contract where SPEC.md differs from it, endpointkit's checks everywhere else.
import { BASE_DEFAULTS, withDefaults } from "./endpoint.js";
import type { Contract } from "./run.js";
import type { Endpoint } from "./types/index.js";

/** What octokit's callers read differently from SPEC.md: the method uppercase, previews only on "/graphql". */
const OCTOKIT: Contract = /* @__PURE__ */ Object.freeze({
  method: uppercase,
  // Octokit looks for "/graphql" at the end of baseUrl joined to the expanded url, before any query is appended:
  // after a baseUrl, a url of "graphql" alone is one too.
  previews: (url: string, joined: boolean) => url.endsWith("/graphql") || (joined && url === "graphql"),
});

/** The usual methods uppercase by their checked lowercase spelling: answered without making a new string. */
const UPPERCASE = /* @__PURE__ */ new Map(["GET", "POST", "PATCH", "PUT", "DELETE"].map((method) => [method.toLowerCase(), method]));

/** The method as octokit's results carry it, from the checked lowercase one. */
function uppercase(method: string): string {
  // A token is ASCII, so no locale can make this anything but the octokit method.
  return UPPERCASE.get(method) ?? method.toUpperCase();
}

/** A drop-in for @octokit/endpoint's `endpoint`; README, "endpointkit/octokit", lists how it differs from both. */
export const endpoint: Endpoint = /* @__PURE__ */ withDefaults(BASE_DEFAULTS, OCTOKIT);

export { EndpointError, type EndpointErrorCode } from "./errors.js";
