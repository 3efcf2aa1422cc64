// endpointkit/octokit: @octokit/endpoint's contract where SPEC.md differs from it, endpointkit's checks everywhere else.
import { BASE_DEFAULTS, withDefaults } from "./endpoint.js";
import type { Contract } from "./parse.js";
import type { Endpoint } from "./types.js";

/** What octokit's callers read differently from SPEC.md: the method uppercase, previews only on "/graphql". */
const OCTOKIT: Contract = Object.freeze({
  // A token is ASCII, so no locale can make this anything but the octokit method.
  method: (method: string) => method.toUpperCase(),
  // Octokit looks for "/graphql" at the end of baseUrl joined to the expanded url, before any query is appended.
  previews: (url: string, joined: boolean) => (joined ? `/${url}` : url).endsWith("/graphql"),
});

/** A drop-in for @octokit/endpoint's `endpoint`; README, "endpointkit/octokit", lists how it differs from both. */
export const endpoint: Endpoint = /* @__PURE__ */ withDefaults(BASE_DEFAULTS, OCTOKIT);

export { EndpointError, type EndpointErrorCode } from "./errors.js";
