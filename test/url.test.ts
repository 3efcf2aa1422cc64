// URL templates as endpoint() reads them: ":name" placeholders, required placeholders, scheme detection,
// joining to baseUrl (DECISIONS "URL and placeholders").
import { describe, expect, it } from "vitest";
import { endpoint, parseTemplate } from "../src/index.js";
import { colonPlaceholdersToTemplate, compileUrlText as compileUrl, joinUrl, schemeLength } from "../src/url.js";
import { githubPlans } from "../src/plan.js";
import { expectEndpointError, loose } from "./helpers.js";

const api = "https://api.github.com";

describe("colonPlaceholdersToTemplate: `:name` is the older form of `{name}`", () => {
  it("rewrites :name after a slash", () => {
    expect(colonPlaceholdersToTemplate("/orgs/:org/repos")).toBe("/orgs/{org}/repos");
  });

  it("rewrites :name after a dot", () => {
    expect(colonPlaceholdersToTemplate("/repos/:owner/:repo/tarball/:ref.:format")).toBe("/repos/{owner}/{repo}/tarball/{ref}.{format}");
  });

  it("accepts one-letter names and capitals (unlike @octokit/endpoint)", () => {
    expect(colonPlaceholdersToTemplate("/a/:b/:Owner/:X_1")).toBe("/a/{b}/{Owner}/{X_1}");
  });

  it("takes the longest [A-Za-z_][A-Za-z0-9_]* run as the name and leaves what follows", () => {
    expect(colonPlaceholdersToTemplate("/a/:name-suffix")).toBe("/a/{name}-suffix");
    expect(colonPlaceholdersToTemplate("/a/:_n9")).toBe("/a/{_n9}");
  });

  it("leaves a colon that is not followed by a name start alone", () => {
    expect(colonPlaceholdersToTemplate("/a/:1b")).toBe("/a/:1b");
    expect(colonPlaceholdersToTemplate("/a/:-b")).toBe("/a/:-b");
    expect(colonPlaceholdersToTemplate("/a/:")).toBe("/a/:");
  });

  it("leaves a colon in the middle of a segment alone", () => {
    expect(colonPlaceholdersToTemplate("/search/user:octocat")).toBe("/search/user:octocat");
  });

  it("never touches the scheme, host or port", () => {
    expect(colonPlaceholdersToTemplate("http://localhost:8080/")).toBe("http://localhost:8080/");
    expect(colonPlaceholdersToTemplate("http://user:pw@host:8080/a/:b")).toBe("http://user:pw@host:8080/a/{b}");
  });

  it("never touches the query", () => {
    expect(colonPlaceholdersToTemplate("/search/issues?q=user:octocat")).toBe("/search/issues?q=user:octocat");
    expect(colonPlaceholdersToTemplate("/a?/:b")).toBe("/a?/:b");
  });

  it("never touches the fragment", () => {
    expect(colonPlaceholdersToTemplate("/a#/:b")).toBe("/a#/:b");
  });

  it("never touches a colon inside a {…} expression such as a prefix modifier", () => {
    expect(colonPlaceholdersToTemplate("/commits/{sha:7}/:path")).toBe("/commits/{sha:7}/{path}");
  });

  it("returns the URL unchanged when it has no placeholder", () => {
    expect(colonPlaceholdersToTemplate("/rate_limit")).toBe("/rate_limit");
  });
});

describe("schemeLength: a URL with a scheme (^[A-Za-z][A-Za-z0-9+.-]*:) is used as it stands", () => {
  it.each([
    ["https://uploads.github.com/x", 6],
    ["HTTP://EXAMPLE.COM", 5],
    ["git+ssh://host/x", 8],
    ["a.b-c+d:rest", 8],
    ["urn:isbn:1", 4],
  ])("finds the scheme of %j", (url, length) => {
    expect(schemeLength(url)).toBe(length);
  });

  it.each(["/repos/x", "repos/x", "1http://x", "+a:b", ".a:b", "", "/a:b", "a b:c", "a_b:c"])("finds no scheme in %j", (url) => {
    expect(schemeLength(url)).toBe(0);
  });
});

describe("joinUrl: path-only URLs are joined to baseUrl with exactly one slash", () => {
  const bases = ["https://ghe.example/api/v3", "https://ghe.example/api/v3/", "https://ghe.example/api/v3///"];
  const paths = ["orgs", "/orgs", "//orgs"];
  for (const base of bases) {
    for (const path of paths) {
      it(`joins ${JSON.stringify(base)} and ${JSON.stringify(path)} with exactly one slash`, () => {
        expect(joinUrl(base, path)).toBe("https://ghe.example/api/v3/orgs");
      });
    }
  }

  it("keeps a trailing slash of the path", () => {
    expect(joinUrl("https://ghe.example/api/v3/", "/orgs/")).toBe("https://ghe.example/api/v3/orgs/");
  });

  it("gives baseUrl plus one slash for an empty path", () => {
    expect(joinUrl(api, "")).toBe(`${api}/`);
  });

  it("keeps slashes inside the path as they are", () => {
    expect(joinUrl(api, "/a//b")).toBe(`${api}/a//b`);
  });
});

describe("URLs through endpoint()", () => {
  it("joins a path to baseUrl with exactly one slash, whatever slashes either side has", () => {
    for (const baseUrl of ["https://ghe.example/api/v3", "https://ghe.example/api/v3/"]) {
      for (const url of ["orgs", "/orgs"]) {
        expect(endpoint({ method: "GET", url, baseUrl }).url).toBe("https://ghe.example/api/v3/orgs");
      }
    }
  });

  it("uses a URL with a scheme as it stands, without joining it to baseUrl (SPEC 4.6)", () => {
    expect(endpoint("GET https://uploads.github.com/x", { baseUrl: "https://ghe.example/api/v3" }).url).toBe("https://uploads.github.com/x");
    expect(endpoint("GET http://localhost:8080/x").url).toBe("http://localhost:8080/x");
  });

  it("lets a value supply the scheme and host only through a leading {+name} (the upload_url idiom)", () => {
    expect(endpoint("GET {+origin}/x", { origin: "https://uploads.github.com" }).url).toBe("https://uploads.github.com/x");
    expect(endpoint("GET {+origin}/x", { origin: "/api" }).url).toBe(`${api}/api/x`);
  });

  it("keeps every other path-only template under baseUrl whatever its values (a value never chooses the host)", () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["GET {a}:{b}", { a: "https", b: "evil.example" }, `${api}/https:evil.example`],
      ["GET {a}{+b}", { a: "https", b: "://evil.example/" }, `${api}/https://evil.example/`],
      ["GET api{+b}", { b: "://evil.example/" }, `${api}/api://evil.example/`],
      ["GET /{+b}", { b: "https://evil.example/" }, `${api}/https://evil.example/`],
      ["GET {/a}{+b}", { a: "x", b: ":y" }, `${api}/x:y`],
      ["GET {.a}{+b}", { a: "https", b: ":evil" }, `${api}/.https:evil`],
      ["GET {a}", { a: "https:evil.example" }, `${api}/https%3Aevil.example`],
    ];
    for (const [route, values, expected] of cases) {
      const result = endpoint(route, values);
      expect(result.url).toBe(expected);
      expect(new URL(result.url).origin).toBe(api);
      expect(endpoint.parse(endpoint.merge(route, values)).url).toBe(expected);
    }
  });

  it("refuses a value that would write a '.' or '..' segment into a path-only URL: clients resolve it, out of baseUrl's path", () => {
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3" });
    const cases: [string, Record<string, unknown>][] = [
      ["GET /repos/{owner}/{repo}", { owner: "..", repo: "." }],
      ["GET /repos/{owner}/{repo}", { owner: "o", repo: ".." }],
      ["GET /repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r", path: "docs/../../../x" }],
      ["GET /repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r", path: "a/%2E%2e/b" }],
      ["GET /repos/{owner}/{repo}/contents{/path*}", { owner: "o", repo: "r", path: ["a", ".."] }],
      ["GET /a/:b/c", { b: ".." }],
      // A dot segment with long values around it, and ones a long value is cut or split into.
      ["GET /repos/../{owner}/{repo}", { owner: "owner", repo: "repo" }],
      ["GET /repos/%2e%2E/{owner}", { owner: "owner" }],
      ["GET /repos/{owner:2}/x", { owner: "..owner" }],
      ["GET /repos/{owner}/x", { owner: [".."] }],
      ["GET /repos/{owner}{repo}/x", { owner: ".", repo: "." }],
    ];
    for (const [route, values] of cases) {
      // WHATWG URL (fetch, undici, browsers) would resolve each of these above /api/v3/.
      expect(expectEndpointError(() => ghe(route, values), "ERR_INVALID_PARAMETER").message).toContain('"." or ".." segment');
      expectEndpointError(() => ghe.parse(ghe.merge(route, values)), "ERR_INVALID_PARAMETER");
    }
    // Dots that are not a whole segment, and dots in the query or fragment, are ordinary text.
    expect(ghe("GET /repos/{owner}/{repo}", { owner: "...", repo: "endpoint.js" }).url).toBe("https://ghe.example/api/v3/repos/.../endpoint.js");
    expect(ghe("GET /search/code{?q}{#frag}", { q: "..", frag: ".." }).url).toBe("https://ghe.example/api/v3/search/code?q=..#..");
    expect(ghe("GET /a/{b}/c", { b: ".x" }).url).toBe("https://ghe.example/api/v3/a/.x/c");
  });

  it("never strips a trailing slash: the URL keeps the slashes its template has", () => {
    expect(endpoint("GET /repos/{owner}/", { owner: "o" }).url).toBe(`${api}/repos/o/`);
    expect(endpoint("GET https://example.com/a/").url).toBe("https://example.com/a/");
    expect(endpoint("GET /").url).toBe(`${api}/`);
  });

  it("rejects a baseUrl without a scheme with ERR_INVALID_BASE_URL", () => {
    const error = expectEndpointError(() => endpoint("GET /x", { baseUrl: "api.github.com" }), "ERR_INVALID_BASE_URL");
    expect(error.message).toContain("api.github.com");
    expectEndpointError(() => endpoint("GET /x", { baseUrl: "/api/v3" }), "ERR_INVALID_BASE_URL");
    expectEndpointError(() => endpoint("GET /x", { baseUrl: 42 as unknown as string }), "ERR_INVALID_BASE_URL");
  });

  it("rejects a bad baseUrl already in defaults(), where it was written", () => {
    expectEndpointError(() => endpoint.defaults({ baseUrl: "ghe.example" }), "ERR_INVALID_BASE_URL");
  });

  it("does not need a valid baseUrl when the URL has a scheme", () => {
    expect(endpoint.parse({ method: "GET", url: "https://example.com/x", headers: {} } as never).url).toBe("https://example.com/x");
  });
});

describe("`:name` placeholders through endpoint()", () => {
  it("fills :name like {name}", () => {
    expect(endpoint("GET /orgs/:org/repos", { org: "octokit" }).url).toBe(`${api}/orgs/octokit/repos`);
  });

  it("fills one-letter and capitalised names", () => {
    expect(endpoint("GET /a/:b/:Owner", { b: "1", Owner: "x" }).url).toBe(`${api}/a/1/x`);
  });

  it("keeps a colon in the query as text", () => {
    expect(endpoint("GET /search/issues?q=user:octocat").url).toBe(`${api}/search/issues?q=user:octocat`);
  });

  it("keeps the port of a full URL", () => {
    expect(endpoint("GET http://localhost:8080/a/:b", { b: "c" }).url).toBe("http://localhost:8080/a/c");
  });

  it("consumes a :name parameter, so it reaches neither the query nor the body", () => {
    expect(endpoint("GET /orgs/:org", { org: "o" }).url).toBe(`${api}/orgs/o`);
    expect(endpoint("POST /orgs/:org", { org: "o", x: 1 }).body).toEqual({ x: 1 });
  });
});

describe("required placeholders: {name}, {+name}, {#name} and :name", () => {
  const requiredForms: [string, string][] = [
    ["{name}", "/a/{name}"],
    ["{+name}", "/a/{+name}"],
    ["{#name}", "/a{#name}"],
    [":name", "/a/:name"],
  ];
  const undefinedValues: [string, unknown][] = [
    ["missing", Symbol("missing")],
    ["undefined", undefined],
    ["null", null],
    ["an empty list", []],
    ["a list of only null", [null, undefined]],
    ["an empty map", {}],
    ["a map of only null", { a: null }],
  ];
  for (const [form, url] of requiredForms) {
    for (const [label, value] of undefinedValues) {
      it(`throws ERR_MISSING_PARAMETER for ${form} when its value is ${label}`, () => {
        const parameters = typeof value === "symbol" ? {} : { name: value };
        const error = expectEndpointError(() => endpoint({ method: "GET", url, ...parameters }), "ERR_MISSING_PARAMETER");
        expect(error.message).toContain('"name"');
      });
    }
  }

  it("names every missing placeholder in one error, not just the first", () => {
    const error = expectEndpointError(() => loose("GET /repos/{owner}/:repo/issues/{issue_number}{#frag}", { repo: null }), "ERR_MISSING_PARAMETER");
    for (const name of ["owner", "repo", "issue_number", "frag"]) expect(error.message).toContain(`"${name}"`);
  });

  it("names a placeholder used twice only once", () => {
    const error = expectEndpointError(() => loose("GET /{a}/{a}"), "ERR_MISSING_PARAMETER");
    expect(error.message.match(/"a"/g)).toHaveLength(1);
  });

  it("treats an empty string as a value, which expands to nothing, where it leaves no empty segment inside the path", () => {
    expect(endpoint("GET /contents/{path}", { path: "" }).url).toBe(`${api}/contents/`);
    expect(endpoint("GET /contents/:path", { path: "" }).url).toBe(`${api}/contents/`);
    expect(endpoint("GET /a/{name}b/c", { name: "" }).url).toBe(`${api}/a/b/c`);
    expect(endpoint("GET /a/{x}{y}/c", { x: "", y: "z" }).url).toBe(`${api}/a/z/c`);
    expect(endpoint("GET /a/{x,y}/c", { x: "", y: "" }).url).toBe(`${api}/a/,/c`);
    expect(endpoint("GET /a/{name}?q=1", { name: "" }).url).toBe(`${api}/a/?q=1`);
    expect(endpoint("GET /a/{name}#top", { name: "" }).url).toBe(`${api}/a/#top`);
    expect(endpoint("GET /a{/name}", { name: "" }).url).toBe(`${api}/a/`);
    expect(endpoint("GET /search{?q}", { q: "" }).url).toBe(`${api}/search?q=`);
    expect(endpoint("GET /a/b?x={x}&y=1", { x: "" }).url).toBe(`${api}/a/b?x=&y=1`);
  });

  it("refuses an empty string that would leave an empty segment in the middle of the path (difference 12)", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["GET /repos/{owner}/{repo}", { owner: "", repo: "r" }],
      ["GET /repos/:owner/:repo", { owner: "", repo: "r" }],
      ["GET /repos/{+owner}/{repo}", { owner: "", repo: "r" }],
      ["GET /a/{x}{y}/c", { x: "", y: "" }],
      ["GET /a{/name}/b", { name: "" }],
      ["GET /a/{name}/?q=1", { name: "" }],
      // The start of a path-only URL follows baseUrl's "/": an empty first segment would vanish or double the slash.
      ["GET /{owner}/repos", { owner: "" }],
      ["GET {owner}/repos", { owner: "" }],
      ["GET {+owner}/repos", { owner: "" }],
      ["GET https://uploads.github.com/repos/{owner}/{repo}/assets", { owner: "", repo: "r" }],
    ];
    for (const [route, values] of cases) {
      const error = expectEndpointError(() => endpoint(route, values), "ERR_MISSING_PARAMETER");
      expect(error.message).toContain("empty segment");
      expectEndpointError(() => endpoint.parse(endpoint.merge(route, values)), "ERR_MISSING_PARAMETER");
    }
  });

  it("treats 0, false and a list with one defined member as values", () => {
    expect(endpoint("GET /a/{n}", { n: 0 }).url).toBe(`${api}/a/0`);
    expect(endpoint("GET /a/{n}", { n: false }).url).toBe(`${api}/a/false`);
    expect(endpoint("GET /a/{n}", { n: [null, "x"] }).url).toBe(`${api}/a/x`);
  });

  it("is checked by parse() too, not only by endpoint()", () => {
    expectEndpointError(() => endpoint.parse(endpoint.merge("GET /a/{b}")), "ERR_MISSING_PARAMETER");
  });

  it("is not checked by merge() or defaults(), which only combine options", () => {
    expect(endpoint.merge("GET /a/{b}").url).toBe("/a/{b}");
    expect(() => endpoint.defaults({ url: "/a/{b}" })).not.toThrow();
  });

  it.each([
    ["{/name}", "/a{/name}", `${api}/a`],
    ["{?a,b}", "/a{?a,b}", `${api}/a`],
    ["{&a}", "/a?x=1{&a}", `${api}/a?x=1`],
    ["{.ext}", "/a{.ext}", `${api}/a`],
    ["{;p}", "/a{;p}", `${api}/a`],
  ])("leaves an optional %s out when its value is missing", (_, url, expected) => {
    expect(endpoint({ method: "GET", url }).url).toBe(expected);
  });

  it("leaves no stray & when some of the variables of {?a,b} are undefined", () => {
    expect(endpoint("GET /a{?a,b,c}", { b: "2" }).url).toBe(`${api}/a?b=2`);
  });
});

describe("template values", () => {
  it("writes strings as they are, encoded for their position", () => {
    expect(endpoint("GET /repos/{owner}/{repo}", { owner: "a b", repo: "x/y" }).url).toBe(`${api}/repos/a%20b/x%2Fy`);
  });

  it("writes numbers, bigints and booleans via String()", () => {
    expect(endpoint("GET /{a}/{b}/{c}/{d}", { a: 42, b: 1.5, c: 12345678901234567890n, d: true }).url).toBe(`${api}/42/1.5/12345678901234567890/true`);
  });

  it("writes a Date as its ISO 8601 form in the path", () => {
    const date = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6));
    expect(endpoint("GET /a/{since}", { since: date }).url).toBe(`${api}/a/2024-01-02T03%3A04%3A05.006Z`);
    expect(endpoint("GET /a/{+since}", { since: date }).url).toBe(`${api}/a/2024-01-02T03:04:05.006Z`);
  });

  it("rejects an invalid Date with ERR_INVALID_PARAMETER instead of writing 'Invalid Date'", () => {
    expectEndpointError(() => endpoint("GET /a/{since}", { since: new Date(Number.NaN) }), "ERR_INVALID_PARAMETER");
  });

  it("rejects a value RFC 6570 cannot express with ERR_INVALID_PARAMETER", () => {
    expectEndpointError(() => loose("GET /a/{x}", { x: Symbol("s") }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /a/{x}", { x: () => 1 }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => loose("GET /a/{x}", { x: [[1]] }), "ERR_INVALID_PARAMETER");
  });

  it("keeps parameters named in the template out of the query, even optional ones left undefined", () => {
    expect(endpoint("GET /a{?per_page}", { per_page: 10, page: 2 }).url).toBe(`${api}/a?per_page=10&page=2`);
  });

  it("keeps parameters named in the template out of the body", () => {
    const result = endpoint("POST /repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
      owner: "o",
      repo: "r",
      id: 1,
      name: "n",
      label: "l",
      extra: true,
    });
    expect(result.body).toEqual({ extra: true });
  });

  it("never lets an option name (url, headers, …) fill a template variable of the same name", () => {
    expectEndpointError(() => loose("GET /{headers}"), "ERR_MISSING_PARAMETER");
  });
});

describe("templates", () => {
  it("are full RFC 6570 Level 4: explode, prefix and lists work in routes", () => {
    expect(endpoint("GET /repos{/path*}{?params*}", { path: ["a", "b"], params: { per_page: 1, sort: "asc" } }).url).toBe(
      `${api}/repos/a/b?per_page=1&sort=asc`,
    );
    expect(endpoint("GET /commits/{sha:7}", { sha: "0123456789abcdef" }).url).toBe(`${api}/commits/0123456`);
  });

  it.each([
    ["an unclosed {", "/repos/{owner"],
    ["a stray }", "/repos/owner}"],
    ["a reserved operator", "/repos/{=owner}"],
    ["a bad variable name", "/repos/{own er}"],
    ["an empty expression", "/repos/{}"],
    ["a bad prefix", "/repos/{owner:0}"],
    ["a nested {", "/repos/{a{b}}"],
    ["a space in a literal", "/repos/a b"],
    ["a lone %", "/repos/100%"],
  ])("rejects a malformed template (%s) with ERR_INVALID_TEMPLATE", (_, url) => {
    const error = expectEndpointError(() => endpoint({ method: "GET", url }), "ERR_INVALID_TEMPLATE");
    expect(error.message).toContain(url);
  });

  it("takes names with a '-' inside, as OpenAPI path templates write them (12 GitHub operations), in every operator", () => {
    const result = loose("GET /enterprises/{enterprise}/teams/{enterprise-team}/memberships", { enterprise: "e", "enterprise-team": "t" });
    expect(result.url).toBe(`${api}/enterprises/e/teams/t/memberships`);
    expect(loose("GET /a{?per-page}", { "per-page": 5 }).url).toBe(`${api}/a?per-page=5`);
    // The name is a template variable: it never reaches the query as well.
    expect(loose("GET /t/{a-b}", { "a-b": "x", c: 1 }).url).toBe(`${api}/t/x?c=1`);
    const error = expectEndpointError(() => loose("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e" }), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('"enterprise-team"');
    // parseTemplate() stays strict RFC 6570, and a bad name is named whole.
    expectEndpointError(() => parseTemplate("/{default-graph-uri}"), "ERR_INVALID_TEMPLATE");
    expect(expectEndpointError(() => loose("GET /a/{team!x}"), "ERR_INVALID_TEMPLATE").message).toContain("team!x");
  });

  it("compiles each URL once, in its route's plan, and knows which of its variables are required", () => {
    const url = "/a/:b/{c}{+d}{#e}{/f}{?g}";
    const error = expectEndpointError(() => loose(`GET ${url}`), "ERR_MISSING_PARAMETER");
    expect(error.message).toContain('placeholders "b", "c", "d", "e"');
    const compiled = githubPlans(url).get("GET")!.compiled!;
    expect(compiled.template.variables).toEqual(["b", "c", "d", "e", "f", "g"]);
    expectEndpointError(() => loose({ method: "GET", url }), "ERR_MISSING_PARAMETER");
    expect(githubPlans(url).get("GET")!.compiled).toBe(compiled);
  });

  it("knows when no expansion can write a query or fragment, so the expanded URL is not searched for one", () => {
    for (const url of ["/orgs/{org}/repos", "/a/{b}{/c}{.d}{;e}", "/a/:b"]) expect(compileUrl(url).mayHoldQueryOrFragment).toBe(false);
    for (const url of ["/a{?b}", "/a/{+b}", "/a{#b}", "/a?x=1", "/a#top"]) expect(compileUrl(url).mayHoldQueryOrFragment).toBe(true);
  });
});
