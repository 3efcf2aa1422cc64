// Difference 16: a url given with a call's options may not take the request to another origin than the url the
// endpoint's defaults name; what "origin" means when either url is path-only is spelt out by the cases below.
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { endpoint as octokitEntry } from "../src/octokit.js";
import { expectEndpointError, loosen, type LooseEndpoint } from "./helpers.js";

const hook = { owner: "o", repo: "r", hook_id: 1 };

for (const [entry, base] of [
  ["endpointkit", endpoint],
  ["endpointkit/octokit", octokitEntry],
] as const) {
  describe(`${entry}: a call's url against the defaults' url`, () => {
    const webhookConfig = loosen(base.defaults({ method: "PATCH", url: "/repos/{owner}/{repo}/hooks/{hook_id}/config" }));

    it("refuses a body field named url that would send the request, token and all, elsewhere (issue 22's example), in endpoint() and merge()", () => {
      const options = { ...hook, url: "https://attacker.example/x", headers: { authorization: "token SECRET" } };
      const error = expectEndpointError(() => webhookConfig(options), "ERR_INVALID_ROUTE");
      expect(error.message).toContain("pass the body through data");
      expect(error.message).toContain('"https://api.github.com"');
      expectEndpointError(() => webhookConfig.merge(options), "ERR_INVALID_ROUTE");
    });

    it("sends that body through data, to the defaults' url", () => {
      const result = webhookConfig({ ...hook, data: { url: "https://attacker.example/x" } });
      expect(result.url).toBe("https://api.github.com/repos/o/r/hooks/1/config");
      expect(result.body).toEqual({ url: "https://attacker.example/x" });
    });

    it("lets a path-only url replace a path-only default: both are joined to the same baseUrl", () => {
      expect(webhookConfig({ ...hook, url: "/other/{owner}" }).url).toBe("https://api.github.com/other/o");
    });

    it("takes an absolute url on the origin of baseUrl for a path-only default (a pagination link), scheme and host in any case", () => {
      expect(webhookConfig({ url: "https://api.github.com/repositories/1/issues?page=2" }).url).toBe("https://api.github.com/repositories/1/issues?page=2");
      expect(webhookConfig({ url: "HTTPS://API.GitHub.com/x" }).url).toBe("HTTPS://API.GitHub.com/x");
    });

    it("judges a path-only default by the baseUrl the call is joined to, the call's own when it gives one", () => {
      const ghe = webhookConfig.defaults({ baseUrl: "https://ghe.example/api/v3" });
      expect(ghe({ url: "https://ghe.example/api/v3/repositories/1" }).url).toBe("https://ghe.example/api/v3/repositories/1");
      expectEndpointError(() => ghe({ url: "https://api.github.com/repositories/1" }), "ERR_INVALID_ROUTE");
      expect(webhookConfig({ url: "https://ghe.example/x", baseUrl: "https://ghe.example/api/v3" }).url).toBe("https://ghe.example/x");
    });

    it("judges a path-only call url against an absolute default by the baseUrl it is joined to", () => {
      const upload = loosen(base.defaults({ method: "POST", url: "https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name}" }));
      expectEndpointError(() => upload({ url: "/x" }), "ERR_INVALID_ROUTE");
      expect(upload({ url: "/x", baseUrl: "https://uploads.github.com/" }).url).toBe("https://uploads.github.com/x");
      expect(upload({ url: "https://uploads.github.com/y" }).url).toBe("https://uploads.github.com/y");
    });

    it("refuses an origin written differently (a port, user info, no //) or one a value may choose", () => {
      for (const url of [
        "https://api.github.com:443/x",
        "https://api.github.com@attacker.example/x",
        "https:attacker.example/x",
        "https:/attacker.example/x",
        "http://api.github.com/x",
        "{+target}/x",
        "https://{host}/x",
        "https://api.github.com\\@attacker.example/x",
      ]) {
        expectEndpointError(() => webhookConfig({ ...hook, url, target: "https://attacker.example", host: "attacker.example" }), "ERR_INVALID_ROUTE");
      }
    });

    it("takes the defaults' own url back as it is, as Octokit's REST methods pass merge()'s result to the call", () => {
      const merged = webhookConfig.merge(hook);
      expect(webhookConfig(merged).url).toBe("https://api.github.com/repos/o/r/hooks/1/config");
    });

    it("leaves defaults() and route strings alone: both are code, not a call's data", () => {
      const moved = webhookConfig.defaults({ url: "https://elsewhere.example/{owner}" });
      expect(moved({ owner: "o" }).url).toBe("https://elsewhere.example/o");
      expect(webhookConfig("GET https://elsewhere.example/{owner}", { owner: "o" }).url).toBe("https://elsewhere.example/o");
    });

    it("has nothing to compare with when the defaults name no url", () => {
      expect(loosen(base)({ url: "https://anywhere.example/x" }).url).toBe("https://anywhere.example/x");
    });
  });
}

describe("the same call through endpoint() and parse(merge())", () => {
  it("gives the same error first: the origin after the caller's header checks, before the method check", () => {
    const target: LooseEndpoint = loosen(endpoint.defaults({ url: "/x" }));
    const options = { headers: { "bad name": "v" }, url: "https://attacker.example/", method: "not a token" };
    expectEndpointError(() => target(options), "ERR_INVALID_HEADER");
    expectEndpointError(() => target.parse(target.merge(options)), "ERR_INVALID_HEADER");
    const second = { url: "https://attacker.example/", method: "not a token" };
    expect(expectEndpointError(() => target(second), "ERR_INVALID_ROUTE").message).toBe(expectEndpointError(() => target.parse(target.merge(second)), "ERR_INVALID_ROUTE").message);
  });
});
