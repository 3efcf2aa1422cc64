// endpointkit/octokit: @octokit/endpoint's contract where SPEC.md differs (method case, where previews apply),
// endpointkit's checks everywhere else. Compared with @octokit/endpoint itself, the user-agent aside (difference 2).
import { endpoint as reference } from "@octokit/endpoint";
import { describe, expect, it } from "vitest";
import { endpoint as core } from "../src/index.js";
import { endpoint } from "../src/octokit.js";
import { expectEndpointError, loosen } from "./helpers.js";

const ours = loosen(endpoint);
type Call = [string, Record<string, unknown>?];

function withoutUserAgent(result: { headers: Record<string, unknown> }): unknown {
  const headers = { ...result.headers };
  delete headers["user-agent"];
  return { ...result, headers };
}

function expectAsOctokit(...call: Call): void {
  const theirs = (reference as unknown as (...args: unknown[]) => { headers: Record<string, unknown> })(...call);
  expect(withoutUserAgent(ours(...call) as never)).toEqual(withoutUserAgent(theirs));
}

describe("endpointkit/octokit: octokit's contract", () => {
  it("returns the method uppercase from endpoint() and parse(), whatever case it was given in (PATCH goes out as fetch needs it)", () => {
    for (const call of [["patch /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }], ["GET /user"], ["delete /repos/{owner}/{repo}", { owner: "o", repo: "r" }]] as Call[]) {
      expectAsOctokit(...call);
    }
    expect(endpoint.parse(endpoint.merge("patch /x")).method).toBe("PATCH");
    expect(endpoint.merge("patch /x").method).toBe("patch");
    expect(ours({ method: "options", url: "/x" }).method).toBe("OPTIONS");
  });

  it("applies mediaType.previews only to a url ending in /graphql, as octokit does; the format everywhere", () => {
    const previews = { mediaType: { previews: ["machine-man"] } };
    expectAsOctokit("GET /app", previews);
    expectAsOctokit("POST /graphql", { query: "q", mediaType: { previews: ["bane", "merge-info-preview"] } });
    expectAsOctokit("POST /graphql", { query: "q", mediaType: { previews: ["bane"], format: "raw" } });
    expectAsOctokit("POST /api/graphql", { baseUrl: "https://ghe.example", query: "q", ...previews });
    expectAsOctokit("POST https://ghe.example/api/graphql", { query: "q", ...previews });
    expectAsOctokit("POST /graphqlx", { query: "q", ...previews });
    expectAsOctokit("POST /graphql/x", { query: "q", ...previews });
    // A url of "graphql" alone follows baseUrl and its "/" (endpointkit joins with one "/", octokit does not).
    expect(ours("POST graphql", { query: "q", ...previews }).headers.accept).toBe("application/vnd.github.machine-man-preview+json");
    expectAsOctokit("GET /repos/{owner}/{repo}/pulls/{number}", { owner: "o", repo: "r", number: 1, mediaType: { format: "diff", previews: ["a"] } });
    expect(ours("GET /app", previews).headers.accept).toBe("application/vnd.github.v3+json");
    // endpointkit itself applies them on every route (difference 9).
    expect(loosen(core)("GET /app", previews).headers.accept).toBe("application/vnd.github.machine-man-preview+json");
  });

  it("keeps the contract through defaults()", () => {
    const graphql = loosen(endpoint.defaults({ method: "POST", url: "/graphql", mediaType: { previews: ["bane"] } }));
    const result = graphql({ query: "q" });
    expect(result.method).toBe("POST");
    expect(result.headers.accept).toBe("application/vnd.github.bane-preview+json");
    expect(loosen(endpoint.defaults({ mediaType: { previews: ["bane"] } }))("get /x").headers.accept).toBe("application/vnd.github.v3+json");
  });
});

describe("endpointkit/octokit: endpointkit's checks stay", () => {
  it("keeps the error codes of differences 4, 11, 12, 13 and 14", () => {
    expectEndpointError(() => ours("GET /repos/{owner}/{repo}", { owner: "o" }), "ERR_MISSING_PARAMETER");
    expectEndpointError(() => ours("GET /repos/{owner}/{repo}", { owner: "", repo: "r" }), "ERR_MISSING_PARAMETER");
    expectEndpointError(() => ours("GET /x", { headers: { "x-a": "1\r\nx-b: 2" } }), "ERR_INVALID_HEADER");
    expectEndpointError(() => ours("GE(T /x"), "ERR_INVALID_METHOD");
    expectEndpointError(() => ours("GET /x{"), "ERR_INVALID_TEMPLATE");
    expectEndpointError(() => ours("PATCH /repos/{owner}/hooks", { owner: "o", url: "https://attacker.example" }), "ERR_INVALID_ROUTE");
    expectEndpointError(() => ours("GET /repos/{owner}/{repo}", { owner: "..", repo: "r" }), "ERR_INVALID_PARAMETER");
  });
});
