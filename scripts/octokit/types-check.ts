// Compiled by tsc in the scratch project with the override installed: the override's endpoint is @octokit/types'
// EndpointInterface, and @octokit/request and @octokit/core type-check against it (skipLibCheck is off).
import type { EndpointInterface, RequestMethod } from "@octokit/types";
import { endpoint } from "@octokit/endpoint";
import { request } from "@octokit/request";
import { Octokit } from "@octokit/core";

const asOctokit: EndpointInterface = endpoint;
const method: RequestMethod = asOctokit("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method;
const octokit = new Octokit();
export const used = [method, request.endpoint.DEFAULTS.baseUrl, octokit.request.endpoint === request.endpoint];
