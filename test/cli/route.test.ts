// Where the route is among the positionals, HTTPie's URL shorthands, and the slips refused there.
import { describe, expect, it } from "vitest";
import { expandShorthand, readRoute } from "../../src/cli/route.js";
import { UsageError } from "../../src/cli/usage-error.js";

describe("readRoute", () => {
  it("joins METHOD and a path, a URL or a shorthand given as two words", () => {
    expect(readRoute(["DELETE", "/gists/{id}", "id=1"], false)).toEqual({ route: "DELETE /gists/{id}", items: ["id=1"] });
    expect(readRoute(["GET", "localhost:8080/api"], false)).toEqual({ route: "GET http://localhost:8080/api", items: [] });
    expect(readRoute(["post", "example.com/x"], false)).toEqual({ route: "post https://example.com/x", items: [] });
    expect(readRoute(["GET", "user"], false)).toEqual({ route: "GET user", items: [] });
  });

  it("expands a shorthand inside a one-word route, and a URL alone", () => {
    expect(readRoute(["GET :3000/x"], false).route).toBe("GET http://localhost:3000/x");
    expect(readRoute([":/x", "a=1"], false)).toEqual({ route: "http://localhost/x", items: ["a=1"] });
  });

  it("leaves a word that is neither method, URL nor item for endpoint() to judge", () => {
    expect(readRoute(["repos", "a=1"], false)).toEqual({ route: "repos", items: ["a=1"] });
  });

  it.each([
    [["GET"], /"GET" is a method with no path/],
    [["delete", "a=1"], /the path is missing after the method "delete": "a=1" is an item/],
    [["PATCH", "@body.json"], /the path is missing after the method "PATCH"/],
    [["owner=o"], /"owner=o" is an item, but the route comes first/],
    [["Accept:text/plain", "/x"], /the route comes before the items: write "\/x" first/],
    [["GET \t"], /"GET" is a method with no path/],
  ])("refuses %j", (positionals, message) => {
    expect(() => readRoute(positionals, false)).toThrow(UsageError);
    expect(() => readRoute(positionals, false)).toThrow(message);
  });
});

describe("expandShorthand", () => {
  it("writes loopback hosts with http and other dotted hosts with https", () => {
    expect(expandShorthand(":8080/x", false)).toBe("http://localhost:8080/x");
    expect(expandShorthand(":", false)).toBe("http://localhost");
    expect(expandShorthand("127.0.0.1:9/x", false)).toBe("http://127.0.0.1:9/x");
    expect(expandShorthand("[::1]:9/x", false)).toBe("http://[::1]:9/x");
    expect(expandShorthand("api.example.com:8443/v1?x=1", false)).toBe("https://api.example.com:8443/v1?x=1");
  });

  it("leaves paths, templates, full URLs and dotless words alone", () => {
    for (const path of ["/x", "{+base}/x", "https://a.example/x", "user", "repos/o/r", "a.b=c"]) expect(expandShorthand(path, false)).toBe(path);
  });

  it("refuses a dotted host under --base-url, where it could be a path", () => {
    expect(() => expandShorthand("example.com/x", true)).toThrow(/could be a host or a path under --base-url/);
    expect(expandShorthand("localhost:1/x", true)).toBe("http://localhost:1/x");
  });
});
