// Type tests for typed routes (issue 4): which keys a literal route makes required, optional or leaves free.
// Every `@ts-expect-error` line is a call the runtime would reject (or a value it cannot write); every other line
// must compile. Checked by `npm run typecheck`; never run.
import { endpoint } from "../../src/index.js";
import type { RouteParameterNames, RouteParameters } from "../../src/types/index.js";
import { expectTrue, type Equal } from "./assert.js";

// ---------------------------------------------------------------------------------------------------------------
// The three calls named by the issue.

// @ts-expect-error repo is missing (the message names "repo")
endpoint("GET /repos/{owner}/{repo}", { owner: "o" });
// @ts-expect-error owner and repo are missing (MissingParameters<"owner" | "repo">)
endpoint("GET /repos/{owner}/{repo}");
// @ts-expect-error owner is missing in the options form
endpoint({ method: "GET", url: "/repos/{owner}" });

endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
endpoint({ method: "GET", url: "/repos/{owner}", owner: "o" });

// ---------------------------------------------------------------------------------------------------------------
// Simple placeholders are required: {name}, {+name}, {#name}, and every variable of such an expression.

endpoint("GET /a/{x}/{+y}/{#z}", { x: 1, y: 2, z: 3 });
// @ts-expect-error {+y} is required
endpoint("GET /a/{x}/{+y}", { x: 1 });
// @ts-expect-error {#z} is required
endpoint("GET /a/{x}{#z}", { x: 1 });
endpoint("GET /a/{x,y}", { x: 1, y: 2 });
// @ts-expect-error y of {x,y} is required
endpoint("GET /a/{x,y}", { x: 1 });
endpoint("GET /a/{name:3}/{list*}", { name: "octocat", list: ["a", "b"] });
// @ts-expect-error the modifier is not part of the name: "list" is required
endpoint("GET /a/{name:3}/{list*}", { name: "octocat" });
endpoint("GET /a/{+path:10}{#frag*}", { path: "a/b", frag: { a: "1" } });
endpoint("GET /a/{foo.bar}/{%41b}", { "foo.bar": 1, "%41b": 2 });
// A "-" inside a name, as OpenAPI writes GitHub's {enterprise-team} (issue 12): the whole name is required.
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships", { enterprise: "e", "enterprise-team": "t" });
// @ts-expect-error enterprise-team is required, under its full name
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships", { enterprise: "e", team: "t" });
// @ts-expect-error likewise in the options form
endpoint({ url: "/enterprises/{enterprise}/teams/{enterprise-team}", enterprise: "e" });
expectTrue<Equal<RouteParameters<"GET /a/{b-c}{?d-e}">, RouteParameterNames<"b-c", "d-e">>>();
// As endpoint() reads names: a "-" may also end one or follow a dot.
expectTrue<Equal<RouteParameters<"GET /a/{b-}/{c.-d}">, RouteParameterNames<"b-" | "c.-d", never>>>();

// ---------------------------------------------------------------------------------------------------------------
// :name is required, in the path only, right after "/" or "."; one letter and capitals are enough.

endpoint("GET /orgs/:org/repos", { org: "octokit" });
// @ts-expect-error :org is required
endpoint("GET /orgs/:org/repos", { type: "public" });
endpoint("GET /a/:b/:C/:_d/:e9", { b: 1, C: 2, _d: 3, e9: 4 });
// @ts-expect-error :C (a capital) is required
endpoint("GET /a/:b/:C", { b: 1 });
endpoint("GET /files/:name.:ext", { name: "a", ext: "txt" });
// @ts-expect-error :ext after "." is required
endpoint("GET /files/:name.:ext", { name: "a" });
// A ":" not after "/" or ".", or not followed by a name character, is literal text.
endpoint("GET /a:b/c:d/:9/x-:y");
endpoint("GET :a/b");
// Never in scheme, host or port...
endpoint("GET http://localhost:8080/");
endpoint("GET http://localhost:8080/:a", { a: 1 });
endpoint("GET https://user:pass@example.com.:x/");
// ...nor in the query or the fragment.
endpoint("GET /search/issues?q=user:octocat");
endpoint("GET /a#/:b");
endpoint("GET /a/:b?c=/:d", { b: 1 });
// @ts-expect-error :b before the query is still required
endpoint("GET /a/:b?c=/:d");
// A name stops at the first character that is not a letter, digit or "_".
endpoint("GET /a/:b-c", { b: 1 });
// Expressions in the authority count (they are RFC 6570, not :name).
endpoint("GET https://{host}.example.com:{port}/x", { host: "api", port: 443 });
// @ts-expect-error {port} in the authority is required
endpoint("GET https://{host}.example.com:{port}/x", { host: "api" });
endpoint("POST {+upload_url}/repos/:owner/:repo/releases/:release_id/assets{?name,label}", {
  upload_url: "https://uploads.github.com",
  owner: "o",
  repo: "r",
  release_id: 1,
  data: "bytes",
});

// ---------------------------------------------------------------------------------------------------------------
// Operator expressions are optional: {/name}, {?a,b}, {&a}, {.a}, {;a}. null and undefined leave them out.

endpoint("GET /a{/b}{?c,d}{&e}{.f}{;g}");
endpoint("GET /a{/b}{?c,d}{&e}{.f}{;g}", { b: 1, c: "x", d: null, e: undefined, f: ["x"], g: { k: "v" } });
// @ts-expect-error an optional placeholder still takes only values a URL can hold
endpoint("GET /a{?since}", { since: { nested: { deep: 1 } } });
// A name that is both simple and in an operator expression is required.
// @ts-expect-error x of {x} is required even though {?x} names it too
endpoint("GET /a/{x}{?x}");

// ---------------------------------------------------------------------------------------------------------------
// Any other key is allowed, with any value: it becomes a query or body parameter. So are the named options.

endpoint("GET /orgs/{org}/repos", { org: "o", type: "all", per_page: 100, sort: undefined, filter: { a: [1] } });
endpoint("POST /markdown/raw", {
  data: "Hello **world**",
  headers: { "content-type": "text/plain; charset=utf-8", "content-length": 15, "x-remove": undefined },
  mediaType: { format: "raw", previews: ["symmetra"] },
  baseUrl: "https://ghe.example/api/v3",
  request: { signal: undefined, retries: 2 },
});
// @ts-expect-error the named options keep their own types
endpoint("GET /user", { headers: { accept: true } });

// ---------------------------------------------------------------------------------------------------------------
// Placeholder values: scalars, lists and maps of them; never undefined or null for a required one.

endpoint("GET /a/{s}/{n}/{b}/{big}/{d}", { s: "x", n: 1, b: false, big: 10n, d: new Date() });
endpoint("GET /a/{list}/{map}", { list: ["a", 1, null], map: { k: "v", gone: undefined } });
endpoint("GET /a/{s}", { s: "" });
// @ts-expect-error undefined: the runtime throws ERR_MISSING_PARAMETER
endpoint("GET /a/{s}", { s: undefined });
// @ts-expect-error null: the runtime throws ERR_MISSING_PARAMETER
endpoint("GET /a/{s}", { s: null });
declare const maybe: string | undefined;
// @ts-expect-error a value that may be undefined may be missing
endpoint("GET /a/{s}", { s: maybe });
// @ts-expect-error nested lists cannot be written into a URL
endpoint("GET /a/{s}", { s: [["a"]] });
// @ts-expect-error nor can functions
endpoint("GET /a/{s}", { s: () => "a" });
// @ts-expect-error nor symbols
endpoint("GET /a/{s}", { s: Symbol("a") });

// ---------------------------------------------------------------------------------------------------------------
// Route shapes: method optional, any case, white space around and between.

endpoint("/user");
endpoint("/users/{username}", { username: "octocat" });
// @ts-expect-error a URL-only route has required placeholders too
endpoint("/users/{username}");
endpoint("get /users/{username}", { username: "octocat" });
endpoint("  PATCH    /user  ", { name: "x" });
endpoint("\tDELETE /a/{b}\n", { b: 1 });
endpoint("GET https://api.example.com/{x}", { x: 1 });
endpoint("GET /a", undefined);
// @ts-expect-error undefined options leave required placeholders empty
endpoint("GET /a/{b}", undefined);

// ---------------------------------------------------------------------------------------------------------------
// Routes the runtime rejects are compile errors too (with the reason in the message).

// @ts-expect-error three words: ERR_INVALID_ROUTE
endpoint("GET /a /b");
// @ts-expect-error empty: ERR_INVALID_ROUTE
endpoint("  ");
// @ts-expect-error a method that is not a token: ERR_INVALID_METHOD
endpoint("GE:T /user");
// @ts-expect-error an unclosed expression: ERR_INVALID_TEMPLATE
endpoint("GET /repos/{owner");
// @ts-expect-error an expression opened inside another: ERR_INVALID_TEMPLATE
endpoint("GET /a/{b{c}}");
// @ts-expect-error a } outside an expression: ERR_INVALID_TEMPLATE
endpoint("GET /a/b}");
// @ts-expect-error an empty expression: ERR_INVALID_TEMPLATE
endpoint("GET /a/{}");
// @ts-expect-error a reserved operator: ERR_INVALID_TEMPLATE
endpoint("GET /a/{=b}", { b: 1 });
// @ts-expect-error a "-" may stand anywhere in a variable name but first: ERR_INVALID_TEMPLATE
endpoint("GET /a/{-team}", { "-team": 1 });
// @ts-expect-error a trailing dot in a variable name: ERR_INVALID_TEMPLATE
endpoint("GET /a/{b.}");
// @ts-expect-error a prefix that is not a number: ERR_INVALID_TEMPLATE
endpoint("GET /a/{b:x}", { b: 1 });
// @ts-expect-error {url} names an option, so no parameter can ever fill it: ERR_MISSING_PARAMETER every time
endpoint("GET /a/{url}", { url: "x" });
// @ts-expect-error the options form checks its url template the same way
endpoint({ url: "/repos/{owner" });

// ---------------------------------------------------------------------------------------------------------------
// A route whose type is plain string (built at run time) is accepted without checks; so is a pattern type.

declare const route: string;
endpoint(route);
endpoint(route, { anything: 1 });
endpoint(route, undefined);
declare const pattern: `GET /repos/${string}`;
endpoint(pattern);
endpoint({ url: route });
// A union of literal routes needs what every member needs.
declare const either: "GET /a/{x}" | "GET /b/{y}";
endpoint(either, { x: 1, y: 2 });
// @ts-expect-error y is needed when the route is "GET /b/{y}"
endpoint(either, { x: 1 });

// ---------------------------------------------------------------------------------------------------------------
// The options form.

endpoint({ url: "/user" });
endpoint({ method: "POST", url: "/orgs/:org/repos", org: "o", name: "r", private: true });
// @ts-expect-error :org in the options form is required too
endpoint({ method: "POST", url: "/orgs/:org/repos", name: "r" });
endpoint({ url: "/search{?q}" });
// @ts-expect-error url is required when no default sets one: ERR_URL_REQUIRED
endpoint({ method: "GET" });
// @ts-expect-error a required placeholder in the options form cannot be null either
endpoint({ url: "/a/{b}", b: null });

// ---------------------------------------------------------------------------------------------------------------
// What the parser finds, as a type.

expectTrue<Equal<RouteParameters<"GET /repos/{owner}/{repo}/issues{?state,per_page}">["required"], "owner" | "repo">>();
expectTrue<Equal<RouteParameters<"GET /repos/{owner}/{repo}/issues{?state,per_page}">["optional"], "state" | "per_page">>();
expectTrue<Equal<RouteParameters<"GET http://localhost:8080/:a/:B.:c?q=x:y#:z">["required"], "a" | "B" | "c">>();
expectTrue<Equal<RouteParameters<"/a/{x}{?x,y}">["optional"], "y">>();
expectTrue<Equal<RouteParameters<string>, never>>();
