// Flags and positionals: `endpointkit [options] <route> [item ...]`.
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../src/cli/args.js";
import { UsageError } from "../../src/cli/usage-error.js";

const preview = (route: string, items: string[] = [], extra: { baseUrl?: string; curl?: boolean } = {}) => ({
  action: "preview",
  route,
  items,
  baseUrl: extra.baseUrl,
  curl: extra.curl ?? false,
  ignoreStdin: false,
});

describe("parseArgs", () => {
  it("takes the first positional as the route and the rest as items", () => {
    expect(parseArgs(["GET /repos/{owner}/{repo}", "owner=o", "repo=r"])).toEqual(preview("GET /repos/{owner}/{repo}", ["owner=o", "repo=r"]));
    expect(parseArgs(["/rate_limit"])).toEqual(preview("/rate_limit"));
  });

  it("accepts flags before, between and after the positionals", () => {
    expect(parseArgs(["--curl", "GET /x", "a=1", "--base-url", "https://h.example", "b=2"])).toEqual(
      preview("GET /x", ["a=1", "b=2"], { curl: true, baseUrl: "https://h.example" }),
    );
    expect(parseArgs(["GET /x", "--base-url=https://h.example/api?x=1"])).toEqual(preview("GET /x", [], { baseUrl: "https://h.example/api?x=1" }));
  });

  it("lets the last --base-url win", () => {
    expect(parseArgs(["--base-url=https://a.example", "--base-url", "https://b.example", "/x"])).toEqual(preview("/x", [], { baseUrl: "https://b.example" }));
  });

  it("ends the flags at --: what follows is route and items even when it starts with -", () => {
    expect(parseArgs(["--curl", "--", "GET /x", "--curl", "-n=1"])).toEqual(preview("GET /x", ["--curl", "-n=1"], { curl: true }));
    expect(parseArgs(["--", "--help"])).toEqual(preview("--help"));
  });

  it("joins HTTPie's two-word form METHOD /path into one route, but only when the second word is a URL", () => {
    expect(parseArgs(["POST", "/markdown", "text=hi"])).toEqual(preview("POST /markdown", ["text=hi"]));
    expect(parseArgs(["get", "https://uploads.example/x"])).toEqual(preview("get https://uploads.example/x"));
    expect(parseArgs(["repos", "a=1"])).toEqual(preview("repos", ["a=1"]));
    expect(parseArgs(["GET /x", "/y"])).toEqual(preview("GET /x", ["/y"]));
  });

  it("answers --help and --version at once, whatever else is on the line", () => {
    expect(parseArgs(["GET /x", "--help", "--bogus"])).toEqual({ action: "help" });
    expect(parseArgs(["-h"])).toEqual({ action: "help" });
    expect(parseArgs(["--version"])).toEqual({ action: "version" });
  });

  it("takes --ignore-stdin, and suggests the nearest flag for a typo", () => {
    expect(parseArgs(["--ignore-stdin", "POST /x"])).toEqual({ ...preview("POST /x"), ignoreStdin: true });
    expect(() => parseArgs(["--ignore-stdn", "/x"])).toThrow(/unknown option "--ignore-stdn": did you mean --ignore-stdin\?/);
    expect(() => parseArgs(["--verbose", "/x"])).toThrow(/the options are --curl, --base-url, --openapi, --auth, --trust, --server, --server-var, --ignore-stdin, --help, --version/);
  });

  it("reads a lone - as a positional", () => {
    expect(parseArgs(["-"])).toEqual(preview("-"));
  });

  it.each([
    [[], "no route given"],
    [["--curl"], "no route given"],
    [["--", ], "no route given"],
    [["--verbose", "/x"], 'unknown option "--verbose"'],
    [["-X", "POST", "/x"], 'unknown option "-X"'],
    [["--curl=yes", "/x"], 'unknown option "--curl=yes"'],
    [["/x", "--base-url"], "--base-url needs a URL"],
  ])("refuses %j: %s", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
