// Type tests for an endpoint typed by GitHub's description (issue 16): `endpoint.defaults<paths>()` with
// @octokit/openapi-types' `paths`. Every `@ts-expect-error` line is a call the description rules out; every other
// line must compile. test/types/github-operations.types.ts calls every operation; this file checks the rules.
import type { paths } from "@octokit/openapi-types";
import { endpoint, type DescribedRoute, type Endpoint, type RequestOptions } from "../../src/index.js";
import { expectTrue, type Equal } from "./assert.js";

const github = endpoint.defaults<paths>({ headers: { authorization: "token secret" } });

// ---------------------------------------------------------------------------------------------------------------
// Routes: those of the description, "<METHOD> <path>"; a literal route it lacks fails; plain string is unchecked.

github("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "endpoint.js" });
// @ts-expect-error a typo in the route: not a route of the description
github("GET /repos/{owner}/{repo}/isues", { owner: "octokit", repo: "endpoint.js" });
// @ts-expect-error a method the path does not have
github("DELETE /rate_limit");
// @ts-expect-error the route must name the method
github("/rate_limit");
declare const route: string;
github(route, { owner: "octokit", anything: 1 });
github(route);
const routes: DescribedRoute<paths> = "POST /repos/{owner}/{repo}/issues";
// @ts-expect-error the description's routes have no trailing slash
const noRoute: DescribedRoute<paths> = "POST /repos/{owner}/{repo}/issues/";

// ---------------------------------------------------------------------------------------------------------------
// Path parameters: required, with their schema types.

github("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 1 });
// @ts-expect-error repo is a required path parameter
github("GET /repos/{owner}/{repo}", { owner: "octokit" });
// @ts-expect-error issue_number is an integer
github("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: "1" });
// @ts-expect-error without options, the route's required parameters are missing (MissingParameters<"owner" | "repo">)
github("GET /repos/{owner}/{repo}");
github("GET /rate_limit");
// A "-" in a path parameter's name, as GitHub writes {enterprise-team}.
github("GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships", { enterprise: "e", "enterprise-team": "t" });

// ---------------------------------------------------------------------------------------------------------------
// Query parameters: enums, integers; required ones required; a name the operation does not have is an error.

github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "closed", per_page: 100, sort: "updated" });
// @ts-expect-error state is "open", "closed" or "all"
github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "opne" });
// @ts-expect-error per_page is an integer
github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "100" });
// @ts-expect-error a misspelt parameter is no parameter of the operation
github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_pgae: 100 });
github("GET /search/issues", { q: "repo:octokit/endpoint.js is:open" });
// @ts-expect-error q is a required query parameter
github("GET /search/issues", { per_page: 10 });

// ---------------------------------------------------------------------------------------------------------------
// The JSON body's properties are parameters, required ones required; data takes the body whole.

github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Found a bug", labels: ["bug", { name: "p1" }] });
// @ts-expect-error title is a required body property
github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "no title" });
// @ts-expect-error assignees is a list of strings
github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", assignees: "octocat" });
github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", data: { title: "Found a bug" } });
// @ts-expect-error data is the body as the description has it: title is required there too
github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", data: { body: "no title" } });
// @ts-expect-error a body goes either flat or whole, not both
github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", data: { title: "t" } });
// Raw, non-JSON bodies go through data.
github("POST /markdown/raw", { data: "Hello **world**", headers: { "content-type": "text/plain; charset=utf-8" } });
// @ts-expect-error the raw body is text
github("POST /markdown/raw", { data: 42 });
// A body property named like an option (the webhook config's url) is that property on a described route string
// (DECISIONS "Described routes": the route claims it), flat or in data.
github("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { owner: "o", repo: "r", hook_id: 1, data: { url: "https://example.com/hook" } });
github("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { owner: "o", repo: "r", hook_id: 1, url: "https://example.com/hook", content_type: "json" });
// @ts-expect-error the url property is a string
github("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { owner: "o", repo: "r", hook_id: 1, url: 42 });
// A body property named like a path parameter (the new name of a variable): the body goes whole through data.
github("PATCH /repos/{owner}/{repo}/actions/variables/{name}", { owner: "o", repo: "r", name: "OLD", data: { name: "NEW", value: "1" } });
// @ts-expect-error value is a property of that body, not a flat key
github("PATCH /repos/{owner}/{repo}/actions/variables/{name}", { owner: "o", repo: "r", name: "OLD", value: "1" });

// Query parameters of a DELETE and of an upload are flat keys; the upload's bytes go in data.
github("DELETE /repos/{owner}/{repo}/actions/caches", { owner: "o", repo: "r", key: "npm-linux", ref: "refs/heads/main" });
// @ts-expect-error key is a required query parameter
github("DELETE /repos/{owner}/{repo}/actions/caches", { owner: "o", repo: "r", ref: "refs/heads/main" });
declare const asset: Uint8Array;
github("POST /repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", label: "A", data: asset });
github("POST /repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: new Blob(["zip"]) });
// @ts-expect-error name is a required query parameter
github("POST /repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, label: "A", data: asset });
// @ts-expect-error label is a string
github("POST /repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", label: 1, data: asset });
// @ts-expect-error an upload is bytes, not a form
github("POST /repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", data: new FormData() });

// ---------------------------------------------------------------------------------------------------------------
// Named options work as everywhere; the result is the usual request options.

const result = github("GET /repos/{owner}/{repo}/contents/{path}", {
  owner: "o",
  repo: "r",
  path: "README.md",
  ref: "main",
  baseUrl: "https://ghe.example/api/v3",
  headers: { "if-none-match": '"etag"' },
  mediaType: { format: "raw" },
  request: { signal: undefined },
});
expectTrue<Equal<typeof result, RequestOptions>>();
// @ts-expect-error headers keep their type
github("GET /rate_limit", { headers: { "x-a": true } });

// ---------------------------------------------------------------------------------------------------------------
// defaults() keeps the description and makes what it fills optional; merge() and parse() keep working.

const forRepo = github.defaults({ owner: "octokit", repo: "endpoint.js" });
forRepo("GET /repos/{owner}/{repo}");
forRepo("GET /repos/{owner}/{repo}/issues", { state: "all" });
forRepo("POST /repos/{owner}/{repo}/issues", { title: "From defaults" });
// @ts-expect-error the description is kept: still an enum
forRepo("GET /repos/{owner}/{repo}/issues", { state: "opne" });
// @ts-expect-error and routes are still checked
forRepo("GET /repos/{owner}/{repo}/isues");
// @ts-expect-error issue_number is filled by no default
forRepo("GET /repos/{owner}/{repo}/issues/{issue_number}");
const withIssue = forRepo.defaults({ issue_number: 1 });
withIssue("GET /repos/{owner}/{repo}/issues/{issue_number}");
const merged = github.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
expectTrue<Equal<typeof merged.url, string>>();
expectTrue<Equal<typeof merged.mediaType.format, string>>();
// @ts-expect-error merge() checks the route too
github.merge("GET /repos/{owner}/{repo}/isues");
expectTrue<Equal<ReturnType<typeof github.parse>, RequestOptions>>();
github.parse(merged);
// With a default url, no arguments at all; without one, that is an error.
github.defaults({ method: "GET", url: "/rate_limit" })();
// @ts-expect-error no default url
github();

// A described endpoint on top of other defaults; the untyped endpoint is unchanged.
const ghe: Endpoint<"owner"> = endpoint.defaults({ owner: "octokit", baseUrl: "https://ghe.example/api/v3" });
ghe.defaults<paths>({})("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
endpoint("GET /whatever/{x}", { x: 1, anything: true });

export { routes, noRoute };
