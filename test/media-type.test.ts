// mediaType.format and mediaType.previews: how they amend accept (SPEC 2.1, 2.3, 9; DECISIONS "mediaType").
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { applyMediaType, mergeMediaType, normalizeMediaType } from "../src/media-type.js";
import { expectEndpointError } from "./helpers.js";

const V3 = "application/vnd.github.v3+json";

describe("applyMediaType: format", () => {
  it.each([
    ["application/vnd.github.v3+json", "raw", "application/vnd.github.v3.raw"],
    ["application/vnd.github.v3+json", "text+json", "application/vnd.github.v3.text+json"],
    ["application/vnd.github+json", "diff", "application/vnd.github.diff"],
    ["application/vnd.github.v3", "patch", "application/vnd.github.v3.patch"],
    ["application/vnd.github.v3.full+json", "html", "application/vnd.github.v3.html"],
    ["application/vnd.github.raw", "sha", "application/vnd.github.sha"],
    ["application/vnd.github.html+json", "raw", "application/vnd.github.raw"],
    ["application/vnd.acme.v2+json", "raw", "application/vnd.acme.v2.raw"],
  ])("turns %s with format %s into %s", (accept, format, expected) => {
    expect(applyMediaType(accept, format, undefined)).toBe(expected);
  });

  it("answers from its cache for the pair of accept header and format, never for either alone", () => {
    // Every pair asked twice, crossed, and more accept headers and formats than the cache keeps for each.
    const accepts = Array.from({ length: 30 }, (_, i) => `application/vnd.a${i}.v${i + 2}+json`);
    const formats = Array.from({ length: 30 }, (_, i) => `f${i}`);
    for (let round = 0; round < 2; round++) {
      for (const accept of accepts) {
        for (const format of formats) {
          expect(applyMediaType(accept, format, undefined)).toBe(accept.replace("+json", `.${format}`));
        }
      }
    }
  });

  it("rewrites every vendor media type in a list and leaves the others", () => {
    expect(applyMediaType("application/vnd.github.v3+json, application/json,application/vnd.github.full+json", "raw", undefined)).toBe(
      "application/vnd.github.v3.raw, application/json,application/vnd.github.raw",
    );
  });

  it.each([
    "application/json",
    "text/plain",
    "application/vnd.github.v3.full.extra+json",
    "application/vnd.github.squirrel-girl-preview+json",
    "application/vnd.github.v3+json; charset=utf-8",
    "text/application/vnd.github.v3+json",
  ])("leaves %s alone, since it is not application/vnd.<vendor>[.<version>][.<x>][+json]", (accept) => {
    expect(applyMediaType(accept, "raw", undefined)).toBe(accept);
  });
});

describe("applyMediaType: previews", () => {
  it("replaces accept with one preview media type per name, joined with ,", () => {
    expect(applyMediaType(V3, undefined, ["mercy", "symmetra"])).toBe("application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json");
  });

  it("writes …-preview.<format> when a format is set", () => {
    expect(applyMediaType(V3, "raw", ["mercy"])).toBe("application/vnd.github.mercy-preview.raw");
  });

  it("keeps the previews already named in accept first, then the given ones, without repeats", () => {
    const accept = "application/vnd.github.squirrel-girl-preview+json,application/vnd.github.mercy-preview+json";
    expect(applyMediaType(accept, undefined, ["symmetra", "mercy"])).toBe(
      "application/vnd.github.squirrel-girl-preview+json,application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json",
    );
  });

  it("leaves accept alone for an empty list of previews and no format", () => {
    expect(applyMediaType(V3, undefined, [])).toBe(V3);
  });
});

describe("application/octet-stream switches both off", () => {
  it("applies neither format nor previews when accept contains application/octet-stream, in any case", () => {
    expect(applyMediaType("application/octet-stream", "raw", ["mercy"])).toBe("application/octet-stream");
    expect(applyMediaType("application/vnd.github.v3+json, Application/Octet-Stream", "raw", undefined)).toBe(
      "application/vnd.github.v3+json, Application/Octet-Stream",
    );
  });

  it("keeps the accept header of a release-asset download through endpoint()", () => {
    const result = endpoint("GET /repos/{owner}/{repo}/releases/assets/{asset_id}", {
      owner: "o",
      repo: "r",
      asset_id: 1,
      headers: { accept: "application/octet-stream" },
      mediaType: { format: "raw", previews: ["mercy"] },
    });
    expect(result.headers.accept).toBe("application/octet-stream");
  });
});

describe("mediaType through endpoint()", () => {
  it("format amends the default accept header (SPEC 2.1)", () => {
    expect(endpoint("GET /repos/{o}/{r}/contents/{path}", { o: "o", r: "r", path: "README.md", mediaType: { format: "raw" } }).headers.accept).toBe(
      "application/vnd.github.v3.raw",
    );
  });

  it("format amends an accept header the caller passed", () => {
    expect(endpoint("GET /x", { headers: { accept: "application/vnd.github+json" }, mediaType: { format: "diff" } }).headers.accept).toBe(
      "application/vnd.github.diff",
    );
  });

  it("previews apply on every route, not only /graphql (octokit applies them only there)", () => {
    expect(endpoint("GET /repos/{o}/{r}/topics", { o: "o", r: "r", mediaType: { previews: ["mercy"] } }).headers.accept).toBe(
      "application/vnd.github.mercy-preview+json",
    );
    expect(endpoint("POST /graphql", { query: "{}", mediaType: { previews: ["mercy"] } }).headers.accept).toBe("application/vnd.github.mercy-preview+json");
  });

  it("drops a -preview suffix from a given name", () => {
    expect(endpoint("GET /x", { mediaType: { previews: ["symmetra-preview"] } }).headers.accept).toBe("application/vnd.github.symmetra-preview+json");
  });

  it("puts previews set through defaults() first, then new ones, with no repeats (SPEC 2.3)", () => {
    const base = endpoint.defaults({ mediaType: { previews: ["mercy", "symmetra"] } });
    expect(base("GET /x", { mediaType: { previews: ["scarlet-witch", "mercy-preview"] } }).headers.accept).toBe(
      "application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json,application/vnd.github.scarlet-witch-preview+json",
    );
  });

  it("cascades previews through several defaults() calls", () => {
    const base = endpoint.defaults({ mediaType: { previews: ["a"] } }).defaults({ mediaType: { previews: ["b"] } });
    expect(base.DEFAULTS.mediaType?.previews).toEqual(["a", "b"]);
    expect(base("GET /x", { mediaType: { previews: ["c"] } }).headers.accept).toBe(
      "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json,application/vnd.github.c-preview+json",
    );
  });

  it("combines format and previews: each preview is written with the format", () => {
    expect(endpoint("GET /x", { mediaType: { format: "raw", previews: ["mercy", "symmetra"] } }).headers.accept).toBe(
      "application/vnd.github.mercy-preview.raw,application/vnd.github.symmetra-preview.raw",
    );
  });

  it("leaves accept alone when mediaType sets nothing", () => {
    expect(endpoint("GET /x", { mediaType: {} }).headers.accept).toBe(V3);
    expect(endpoint("GET /x", { mediaType: { previews: [] } }).headers.accept).toBe(V3);
  });

  it("treats an empty format as no format, as @octokit/endpoint does (its own default is format: \"\")", () => {
    expect(endpoint("GET /x", { mediaType: { format: "" } }).headers.accept).toBe(V3);
    expect(endpoint("GET /x", { mediaType: { format: "", previews: ["mercy"] } }).headers.accept).toBe("application/vnd.github.mercy-preview+json");
  });

  it("does not send mediaType as a parameter", () => {
    expect(endpoint("GET /x", { mediaType: { format: "raw" } }).url).toBe("https://api.github.com/x");
  });

  it.each([
    ["a format that is not a string", { format: 1 }],
    ["a format with a space", { format: "raw json" }],
    ["a format with CR/LF", { format: "raw\r\nx-injected: 1" }],
    ["previews that are not an array", { previews: "mercy" }],
    ["a preview that is not a string", { previews: [1] }],
    ["a preview with a comma", { previews: ["a,b"] }],
    ["mediaType that is not an object", "raw"],
  ])("rejects %s with ERR_INVALID_PARAMETER", (_, mediaType) => {
    expectEndpointError(() => endpoint("GET /x", { mediaType: mediaType as never }), "ERR_INVALID_PARAMETER");
  });
});

describe("a mediaType whose values change between reads", () => {
  // A getter or a proxy could answer a check with one value and the later copy with another; the check must see what
  // is used. Each of these hands out a CR LF the second time it is read.
  const changing = () => {
    let reads = 0;
    return { get format() { return reads++ === 0 ? "raw" : "raw\r\nx-injected: 1"; } };
  };
  const proxied = () => {
    let reads = 0;
    return new Proxy({ format: "raw" } as Record<string, unknown>, {
      get: (target, key) => (key === "format" && reads++ > 0 ? "raw\r\nx-injected: 1" : target[key as string]),
    });
  };

  for (const [kind, make] of [["a getter", changing], ["a proxy", proxied]] as const) {
    it(`never lets ${kind} put a line break into accept, through endpoint() or parse()`, () => {
      const results = [
        endpoint("GET /repos/{o}", { o: "a", mediaType: make() } as never),
        endpoint.parse({ method: "GET", url: "/x", baseUrl: "https://api.github.com", headers: { accept: V3 }, mediaType: make() } as never),
      ];
      for (const { headers } of results) expect(headers.accept).toBe("application/vnd.github.v3.raw");
    });
  }
});

describe("mediaType helpers", () => {
  it("normalizeMediaType drops -preview suffixes and repeats without changing its input", () => {
    const input = { format: "raw", previews: ["a-preview", "a", "b"] };
    expect(normalizeMediaType(input, true)).toEqual({ format: "raw", previews: ["a", "b"] });
    expect(input.previews).toEqual(["a-preview", "a", "b"]);
  });

  it("mergeMediaType keeps earlier names first and adds later ones once, without changing either side", () => {
    const earlier = { format: "raw", previews: ["a", "b"] };
    const later = { previews: ["b", "c", "c-preview", "a"] };
    expect(mergeMediaType(earlier, later)).toEqual({ format: "raw", previews: ["a", "b", "c"] });
    expect(mergeMediaType(earlier, { format: "diff" })).toEqual({ format: "diff", previews: ["a", "b"] });
    expect(mergeMediaType(undefined, later)).toEqual({ previews: ["b", "c", "a"] });
    expect([earlier, later]).toEqual([{ format: "raw", previews: ["a", "b"] }, { previews: ["b", "c", "c-preview", "a"] }]);
  });

  it("drops a -preview suffix once, where the caller gives the name: endpoint() and parse(merge()) agree (issue 24, class 4)", () => {
    for (const given of ["x-preview-preview", "x-preview", "x", "a-preview-b-preview"]) {
      const options = { mediaType: { previews: [given, "y"] } };
      const direct = endpoint("GET /x", options).headers.accept;
      expect(endpoint.parse(endpoint.merge("GET /x", options)).headers.accept).toBe(direct);
      const withDefaults = endpoint.defaults({ mediaType: { previews: ["z"] } });
      const layered = withDefaults("GET /x", options).headers.accept;
      expect(withDefaults.parse(withDefaults.merge("GET /x", options)).headers.accept).toBe(layered);
      expect(direct).toContain(`application/vnd.github.${given.replace(/-preview$/, "")}-preview+json`);
      expect(layered).toContain(`application/vnd.github.${given.replace(/-preview$/, "")}-preview+json`);
    }
  });
});
