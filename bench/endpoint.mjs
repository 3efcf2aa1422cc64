// Issue 5: endpointkit's endpoint() against @octokit/endpoint on the same mix of GitHub calls, side by side.
import { endpoint as octokit } from "@octokit/endpoint";
import { endpoint as ours } from "../dist/index.js";
import { fromOpenApi } from "../dist/openapi/index.js";
import { compare, consume } from "./harness.mjs";

export const GHE = { baseUrl: "https://ghe.example.com/api/v3", headers: { authorization: "token ghp_0123456789abcdef" }, per_page: 100 };
const asset = new Uint8Array(1024);

/**
 * A described route (endpointkit/openapi): a small API of the kind users bring, with a path parameter, an exploded
 * query list, a header parameter and a JSON body. Octokit cannot read a description, so it gets the same route and
 * options and builds them by GitHub's rules: the same amount of work, not the same request.
 */
export const DESCRIBED = fromOpenApi({
  openapi: "3.0.3",
  info: { title: "Shop", version: "1" },
  servers: [{ url: "https://shop.example/v2" }],
  paths: {
    "/stores/{storeId}/orders": {
      parameters: [{ name: "storeId", in: "path", required: true, schema: { type: "string" } }],
      get: {
        parameters: [
          { name: "status", in: "query", explode: true, schema: { type: "array", items: { type: "string" } } },
          { name: "limit", in: "query", schema: { type: "integer" } },
          { name: "X-Trace", in: "header", schema: { type: "string" } },
        ],
        responses: { 200: { description: "ok" } },
      },
      post: {
        requestBody: { content: { "application/json": { schema: { type: "object", properties: { items: { type: "array" }, note: { type: "string" } } } } } },
        responses: { 201: { description: "created" } },
      },
    },
  },
});

/**
 * The mix: [route, options, through which endpoint: undefined for the plain one, "ghe" for the GHE defaults,
 * "described" for the described API's]. Both libraries get exactly these arguments.
 */
export const MIX = [
  ["GET /orgs/{org}/repos", { org: "octokit", type: "public", per_page: 50 }],
  ["POST /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world", title: "Found a bug", body: "It crashes on start.", labels: ["bug", "triage"] }],
  ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "octocat", repo: "hello-world", path: "docs/getting started/read me.md" }],
  ["GET /repos/{owner}/{repo}/contents/{+path}", { owner: "octocat", repo: "hello-world", path: "docs/getting started/read me.md", ref: "main" }],
  [
    "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    {
      owner: "octocat",
      repo: "hello-world",
      release_id: 1234567,
      name: "app v1.0.zip",
      label: "App (macOS)",
      data: asset,
      headers: { "content-type": "application/zip", "content-length": asset.length, authorization: "token ghp_0123456789abcdef" },
    },
  ],
  // A list and a Date in the query: the first costs a join, the second an ISO 8601 conversion.
  ["GET /repos/{owner}/{repo}/issues", { owner: "octocat", repo: "hello-world", labels: ["bug", "ui", "good first issue"], since: new Date("2026-01-01T00:00:00Z"), per_page: 100 }],
  ["GET /search/issues", { q: "repo:octocat/hello-world+is:open+label:bug", sort: "created", per_page: 30 }],
  ["PATCH /repos/{owner}/{repo}/issues/{issue_number}", { owner: "octocat", repo: "hello-world", issue_number: 42, state: "closed", headers: { authorization: "token ghp_0123456789abcdef" } }],
  ["GET /repos/{owner}/{repo}/pulls/{pull_number}", { owner: "octocat", repo: "hello-world", pull_number: 7, mediaType: { format: "diff" } }],
  ["DELETE /repos/{owner}/{repo}/git/refs/{ref}", { owner: "octocat", repo: "hello-world", ref: "heads/feature-a" }],
  ["GET /orgs/{org}/repos", { org: "acme", type: "private" }, "ghe"],
  ["GET /repos/{owner}/{repo}/issues", { owner: "acme", repo: "widgets", state: "open", since: new Date("2026-03-01T12:00:00Z") }, "ghe"],
  ["POST /repos/{owner}/{repo}/pulls", { owner: "acme", repo: "widgets", title: "Add feature", head: "feature", base: "main" }, "ghe"],
  ["POST /repos/{owner}/{repo}/labels", { owner: "acme", repo: "widgets", name: "ui", color: "f29513", aliases: ["frontend", "css"] }, "ghe"],
  ["GET /stores/{storeId}/orders", { storeId: "s-17", status: ["open", "paid"], limit: 20, headers: { "x-trace": "t-1" } }, "described"],
  ["POST /stores/{storeId}/orders", { storeId: "s-17", items: [{ sku: "A-1", quantity: 2 }], note: "gift wrap" }, "described"],
];

/** The endpoint functions of one library: the plain one, the GHE defaults' and the described API's. */
function endpoints(endpoint, table = DESCRIBED) {
  // Octokit gets the described API's server as its baseUrl, without the table it cannot read; every endpointkit build
  // (bench/versus.mjs compares two, each with the table its own endpointkit/openapi made) gets the table.
  const described = endpoint === octokit ? { baseUrl: DESCRIBED.baseUrl } : table;
  return { undefined: endpoint, ghe: endpoint.defaults(GHE), described: endpoint.defaults(described) };
}

/** One pass over the mix with one library's `endpoint` (shared by versus.mjs and floor.mjs). */
export function runner(endpoint, table) {
  const through = endpoints(endpoint, table);
  const fns = MIX.map(([, , which]) => through[which]);
  const routes = MIX.map(([route]) => route);
  const options = MIX.map(([, callOptions]) => callOptions);
  return () => {
    for (let i = 0; i < fns.length; i++) consume(fns[i](routes[i], options[i]));
  };
}

/** Prints what both libraries build for each call, so a reader sees the work is the same. */
function showMix() {
  const oursThrough = endpoints(ours);
  const octokitThrough = endpoints(octokit);
  console.log("The mix (endpointkit's url; octokit's where it differs):");
  for (const [route, options, which] of MIX) {
    const a = oursThrough[which](route, options);
    const b = octokitThrough[which](route, options);
    console.log(`  ${a.method.toUpperCase().padEnd(6)} ${a.url}${a.url === b.url ? "" : `\n         octokit: ${b.url}`}`);
  }
}

/** endpointkit's side alone, for bench/profile.mjs. */
export function endpointkitMix() {
  return runner(ours);
}

export function benchEndpoint({ rounds = 40, roundMs = 15 } = {}) {
  showMix();
  return compare({
    title: `endpoint(route, options): mix of ${MIX.length} calls`,
    contestants: { endpointkit: runner(ours), "@octokit/endpoint": runner(octokit) },
    ours: "endpointkit",
    callsPerRun: MIX.length,
    rounds,
    roundMs,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) benchEndpoint();
