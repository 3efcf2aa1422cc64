// Route strings: "<METHOD> <url>" or "<url>" (SPEC 2.1, DECISIONS "Route strings").
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { splitRoute } from "../src/route.js";
import { expectEndpointError, loose } from "./helpers.js";

describe("splitRoute", () => {
  it("splits a route into its method and its URL", () => {
    expect(splitRoute("POST /repos/{owner}/{repo}/issues")).toEqual({ method: "POST", url: "/repos/{owner}/{repo}/issues" });
  });

  it("leaves the method out when the route holds only a URL", () => {
    const route = splitRoute("/orgs/{org}");
    expect(route.url).toBe("/orgs/{org}");
    expect(route.method).toBeUndefined();
  });

  it("trims white space around the route", () => {
    expect(splitRoute("  \t GET /user \n ")).toEqual({ method: "GET", url: "/user" });
    expect(splitRoute("\n/user\t")).toEqual({ url: "/user" });
  });

  it("accepts one or more spaces between method and URL", () => {
    expect(splitRoute("GET     /user")).toEqual({ method: "GET", url: "/user" });
  });

  it("keeps the method's case as written", () => {
    expect(splitRoute("pAtCh /user").method).toBe("pAtCh");
  });

  it("accepts any RFC 9110 token as a method, not only the common verbs", () => {
    expect(splitRoute("PROPFIND /x").method).toBe("PROPFIND");
    expect(splitRoute("M-SEARCH! /x").method).toBe("M-SEARCH!");
  });

  it.each([
    ["three words", "GET /user extra"],
    ["a method, a URL and a version", "GET /user HTTP/1.1"],
  ])("rejects a route of %s with ERR_INVALID_ROUTE", (_, route) => {
    const error = expectEndpointError(() => splitRoute(route), "ERR_INVALID_ROUTE");
    expect(error.message).toContain(JSON.stringify(route));
    expect(error.message).toContain(`has ${route.split(" ").length} words`);
  });

  it.each(["", "   ", "\t\n"])("rejects the empty route %j with ERR_INVALID_ROUTE", (route) => {
    const error = expectEndpointError(() => splitRoute(route), "ERR_INVALID_ROUTE");
    expect(error.message).toContain("has 0 words");
  });

  it.each(["GE(T", "GET/", "GÉT", "G\"T", "[GET]"])("rejects the method %j, which is not an RFC 9110 token, with ERR_INVALID_METHOD", (method) => {
    const error = expectEndpointError(() => splitRoute(`${method} /user`), "ERR_INVALID_METHOD");
    expect(error.message).toContain(JSON.stringify(method));
  });

  it("returns a new answer each time: changing one changes no later route", () => {
    const first = splitRoute("DELETE /gists/{gist_id}");
    (first as { url: string }).url = "/changed";
    expect(splitRoute("DELETE /gists/{gist_id}")).toEqual({ method: "DELETE", url: "/gists/{gist_id}" });
    expect(endpoint("DELETE /gists/{gist_id}", { gist_id: 1 }).url).toBe("https://api.github.com/gists/1");
  });
});

describe("routes as endpoint() reads them", () => {
  it("uses GET when the route holds only a URL (SPEC 2.1)", () => {
    expect(endpoint("/user").method).toBe("get");
  });

  it("lets a method in the options override the route's, as @octokit/endpoint does", () => {
    expect(endpoint("PUT /user/starred/{owner}/{repo}", { method: "GET", owner: "o", repo: "r" }).method).toBe("get");
  });

  it("refuses a url in the options beside a route string, pointing at data for a body field named url (difference 13)", () => {
    const hook = { owner: "o", repo: "r", hook_id: 1, url: "https://hooks.example/x", content_type: "json" };
    for (const work of [() => endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", hook), () => endpoint.merge("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", hook), () => endpoint.defaults({ headers: { "x-a": "1" } })("PATCH /x", { url: "/y" }), () => loose("/x", { url: "/y" })]) {
      const error = expectEndpointError(work, "ERR_INVALID_ROUTE");
      expect(error.message).toContain("data");
    }
    // The way to send it: the body through data, and no url beside the route.
    const { url, ...rest } = hook;
    const result = endpoint("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", { ...rest, data: { url, content_type: "json" } });
    expect(result.url).toBe("https://api.github.com/repos/o/r/hooks/1/config");
    expect(result.body).toEqual({ url: "https://hooks.example/x", content_type: "json" });
    // A url given as an option without a route string, or left undefined beside one, is no conflict.
    expect(endpoint({ method: "GET", url: "/other" }).url).toBe("https://api.github.com/other");
    expect(endpoint("GET /user", { url: undefined }).url).toBe("https://api.github.com/user");
  });

  it("keeps a method set through defaults() when the route holds only a URL", () => {
    expect(endpoint.defaults({ method: "POST" })("/markdown").method).toBe("post");
  });

  it("rejects a bad route with an EndpointError from endpoint(), merge() and defaults() alike", () => {
    expectEndpointError(() => loose("GET /a /b"), "ERR_INVALID_ROUTE");
    expectEndpointError(() => loose.merge(""), "ERR_INVALID_ROUTE");
    expectEndpointError(() => loose("G@T /a"), "ERR_INVALID_METHOD");
  });
});
