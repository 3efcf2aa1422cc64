// Typed as @octokit/endpoint declares its endpoint, so Octokit's packages compile unchanged against the override.
import type { EndpointInterface } from "@octokit/types";

/** endpointkit/octokit's endpoint, in @octokit/endpoint's place. */
export declare const endpoint: EndpointInterface<object>;
