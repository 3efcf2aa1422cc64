// What @octokit/request imports from @octokit/endpoint, served by endpointkit/octokit (docs/migrating-from-octokit.md).
export { endpoint } from "endpointkit/octokit";
