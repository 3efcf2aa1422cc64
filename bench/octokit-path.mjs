// The path Octokit takes: @octokit/core sets `request` and `mediaType` in its endpoint's defaults, and
// @octokit/request calls `endpoint.merge(route, parameters)` then `endpoint.parse(merged)`. endpointkit/octokit against
// @octokit/endpoint on that path, and on `endpoint(route, parameters)` over the same defaults, side by side.
import { endpoint as octokit } from "@octokit/endpoint";
import { endpoint as ours } from "../dist/octokit.js";
import { compare, consume } from "./harness.mjs";

/** Defaults of the shape @octokit/core gives its endpoint. */
const DEFAULTS = {
  baseUrl: "https://api.github.com",
  headers: { "user-agent": "octokit-core.js/7.0.0 Node.js/20" },
  request: { hook: () => undefined },
  mediaType: { previews: [], format: "" },
};
const CALLS = [
  ["GET /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world", per_page: 100, request: { signal: null } }],
  ["POST /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world", title: "Found a bug", labels: ["bug"] }],
  ["GET /repos/{owner}/{repo}/pulls/{pull_number}", { owner: "octocat", repo: "hello-world", pull_number: 7, mediaType: { format: "diff" } }],
];

/** One pass over CALLS with `endpoint`'s defaults, through merge() and parse() or through the call itself. */
function runner(endpoint, throughMerge) {
  const custom = endpoint.defaults(DEFAULTS);
  return throughMerge
    ? () => {
        for (const [route, options] of CALLS) consume(custom.parse(custom.merge(route, options)));
      }
    : () => {
        for (const [route, options] of CALLS) consume(custom(route, options));
      };
}

for (const throughMerge of [true, false]) {
  compare({
    title: throughMerge ? "merge() then parse() over Octokit's defaults" : "endpoint() over Octokit's defaults",
    contestants: { "endpointkit/octokit": runner(ours, throughMerge), "@octokit/endpoint": runner(octokit, throughMerge) },
    ours: "endpointkit/octokit",
    callsPerRun: CALLS.length,
  });
  console.log();
}
