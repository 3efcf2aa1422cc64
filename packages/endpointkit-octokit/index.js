// What @octokit/request imports from @octokit/endpoint, served by endpointkit/octokit (README, "endpointkit/octokit").
export { endpoint } from "endpointkit/octokit";
