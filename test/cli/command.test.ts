// The real endpointkit command, run in a child process: what it prints, and how it exits.
import { readFileSync } from "node:fs";
import { beforeAll, describe, it } from "vitest";
import type { Endpoint } from "endpointkit";
import { endpointkit, ensureBuilt } from "./cli.js";

let endpoint: Endpoint;

beforeAll(async () => {
  ensureBuilt();
  // Imported only after the build: the command and this comparison use the same dist/.
  ({ endpoint } = await import("endpointkit"));
}, 240_000);

// Each case starts its own node process, so the cases run side by side.

/** Runs the command and parses its JSON output, failing with its stderr when it did not succeed. */
async function preview(...args: string[]): Promise<unknown> {
  const result = await endpointkit(...args);
  if (result.status !== 0 || result.stderr !== "") throw new Error(`exit ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

describe.concurrent("the default output is the request options endpoint() returns, as JSON", () => {
  it("fills placeholders and puts the rest of a GET into the query", async ({ expect }) => {
    expect(await preview("GET /repos/{owner}/{repo}/issues", "owner=octokit", "repo=rest.js", "state=open", "per_page:=5")).toEqual(
      endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 5 }),
    );
  });

  it("writes DEL, C1 controls and U+2028 as \\u escapes: the same JSON value, nothing raw for the terminal", async ({ expect }) => {
    const result = await endpointkit("POST /x", "a=\u007f\u009b[31m\u0085\u2028");
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(JSON.parse(result.stdout)).toEqual(endpoint("POST /x", { a: "\u007f\u009b[31m\u0085\u2028" }));
  });

  it("sends JSON items into a POST body with their JSON types, and headers as headers", async ({ expect }) => {
    const output = await preview(
      "POST /repos/{owner}/{repo}/issues",
      "owner=octocat",
      "repo=hello-world",
      "title=Found a bug",
      'labels:=["bug","ui"]',
      "milestone:=null",
      "draft:=false",
      'meta:={"n":1.5}',
      "Authorization:token abc",
      "X-Note:a=b",
    );
    expect(output).toEqual(
      endpoint("POST /repos/{owner}/{repo}/issues", {
        owner: "octocat",
        repo: "hello-world",
        title: "Found a bug",
        labels: ["bug", "ui"],
        milestone: null,
        draft: false,
        meta: { n: 1.5 },
        headers: { authorization: "token abc", "x-note": "a=b" },
      }),
    );
    expect(output).toMatchObject({ body: { labels: ["bug", "ui"], milestone: null, draft: false }, headers: { "x-note": "a=b" } });
  });

  it("reads the first separator: a colon or URL inside a value stays in the value", async ({ expect }) => {
    const output = await preview("GET /search/issues", "q=repo:octocat/hello-world+is:open", "next=https://example.com/?a=b", "expr=a=b");
    expect(output).toEqual(endpoint("GET /search/issues", { q: "repo:octocat/hello-world+is:open", next: "https://example.com/?a=b", expr: "a=b" }));
  });

  it("takes \\: and \\= as literal characters in names", async ({ expect }) => {
    expect(await preview("GET /x", "a\\:b\\=c=d")).toEqual(endpoint("GET /x", { "a:b=c": "d" }));
  });

  it("passes data= through as the raw body, as endpoint() does", async ({ expect }) => {
    const output = await preview("POST /markdown/raw", "data=Hello **world**", "Content-Type:text/plain; charset=utf-8");
    expect(output).toEqual(endpoint("POST /markdown/raw", { data: "Hello **world**", headers: { "content-type": "text/plain; charset=utf-8" } }));
  });

  it("gives a PATCH without parameters the empty body", async ({ expect }) => {
    expect(await preview("PATCH /notifications/threads/{id}", "id:=1")).toEqual(endpoint("PATCH /notifications/threads/{id}", { id: 1 }));
  });

  it("resolves the route against --base-url, in either spelling", async ({ expect }) => {
    const expected = endpoint("GET /orgs/{org}/repos", { org: "acme", baseUrl: "https://ghe.example/api/v3" });
    expect(await preview("--base-url", "https://ghe.example/api/v3", "GET /orgs/{org}/repos", "org=acme")).toEqual(expected);
    expect(await preview("GET /orgs/{org}/repos", "org=acme", "--base-url=https://ghe.example/api/v3")).toEqual(expected);
  });

  it("accepts a route alone, a URL-only route, and HTTPie's two-word METHOD /path", async ({ expect }) => {
    expect(await preview("GET /rate_limit")).toEqual(endpoint("GET /rate_limit"));
    expect(await preview("/rate_limit")).toEqual(endpoint("/rate_limit"));
    expect(await preview("DELETE", "/gists/{id}", "id=aa5a315d")).toEqual(endpoint("DELETE /gists/{id}", { id: "aa5a315d" }));
  });

  it("treats everything after -- as route and items, even words that look like flags", async ({ expect }) => {
    expect(await preview("--", "GET /x", "--curl=yes")).toEqual(endpoint("GET /x", { "--curl": "yes" }));
  });
});

describe.concurrent("exit status", () => {
  it("is 1 for input the library refuses, with the EndpointError's code and message on stderr and nothing on stdout", async ({ expect }) => {
    const missing = await endpointkit("GET /repos/{owner}/{repo}", "owner=octocat");
    expect(missing).toMatchObject({ status: 1, stdout: "" });
    expect(missing.stderr).toMatch(/^endpointkit: ERR_MISSING_PARAMETER: GET \/repos\/\{owner\}\/\{repo\}: .*"repo"/);

    const badHeader = await endpointkit("GET /x", "Bad Header:1");
    expect(badHeader).toMatchObject({ status: 1, stdout: "" });
    expect(badHeader.stderr).toContain("ERR_INVALID_HEADER");

    const badBase = await endpointkit("--base-url", "ghe.example", "GET /x");
    expect(badBase).toMatchObject({ status: 1, stdout: "" });
    expect(badBase.stderr).toContain("ERR_INVALID_BASE_URL");
  });

  it.for([
    ["an unknown flag", ["--verbose", "GET /x"], /unknown option "--verbose"/],
    ["no arguments", [], /no route given/],
    ["flags but no route", ["--curl"], /no route given/],
    ["--base-url without its URL", ["GET /x", "--base-url"], /--base-url needs a URL/],
    ["an item without a separator", ["GET /x", "owner"], /"owner" is not an item/],
    ["an item without a name", ["GET /x", "=v"], /has no name/],
    ["invalid JSON after :=", ["GET /x", "n:=not json"], /invalid JSON after ":="/],
    ["HTTPie's == query item", ["GET /x", "q==x"], /uses HTTPie's "=="/],
    ["an item that would replace the route's URL", ["GET /x", "url=https://evil.example"], /"url" cannot be an item/],
    ["a parameter given twice", ["GET /x", "a=1", "a=2"], /"a" is given twice/],
    ["a header given twice, in any case", ["GET /x", "Accept:a", "accept:b"], /header "accept" is given twice/],
  ] as const)("is 2 for %s, with the usage line on stderr and nothing on stdout", async ([, args, message], { expect }) => {
    const result = await endpointkit(...args);
    expect(result).toMatchObject({ status: 2, stdout: "" });
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain("Usage: endpointkit [options] <route> [item ...]");
  });
});

describe.concurrent("--help and --version", () => {
  it("prints help with the item syntax and a --curl example, and exits 0", async ({ expect }) => {
    for (const flag of ["--help", "-h"]) {
      const result = await endpointkit("GET /x", flag, "--unknown-after-help");
      expect(result.status).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^Usage: endpointkit \[options\] <route> \[item \.\.\.\]/);
      expect(result.stdout).toContain("name:=json");
      expect(result.stdout).toMatch(/endpointkit --curl "POST/);
    }
  });

  it("prints the version from package.json, the same one the user-agent carries", async ({ expect }) => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    const result = await endpointkit("--version");
    expect(result).toEqual({ status: 0, stdout: `endpointkit ${version}\n`, stderr: "" });
    expect(endpoint.DEFAULTS.headers["user-agent"]).toBe(`endpointkit/${version}`);
  });
});
