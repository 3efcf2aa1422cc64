// compileTemplate: what a name may hold, strictly (parseTemplate) and with OpenAPI's "-" (endpoint()'s routes),
// and error messages that point at the right name and character.
import { describe, expect, it, vi } from "vitest";
import { parseTemplate } from "../../src/index.js";
import { compileTemplate, expandTemplate } from "../../src/uri-template/index.js";
import { expectEndpointError } from "../helpers.js";

const hyphens = { hyphenInNames: true };

describe("compileTemplate with hyphenInNames (OpenAPI path templating)", () => {
  it("accepts a - inside a name and reads the value under the whole name", () => {
    const template = compileTemplate("/enterprises/{enterprise}/teams/{enterprise-team}/memberships{?per-page}", hyphens);
    expect(template.variables).toEqual(["enterprise", "enterprise-team", "per-page"]);
    expect(expandTemplate(template, { enterprise: "e", "enterprise-team": "t 1", "per-page": 2 })).toBe("/enterprises/e/teams/t%201/memberships?per-page=2");
  });

  it("keeps the modifiers after a name with a -", () => {
    const template = compileTemplate("{a-b:2}{/c-d*}", hyphens);
    expect(expandTemplate(template, { "a-b": "xyz", "c-d": ["p", "q"] })).toBe("xy/p/q");
  });

  it("still refuses a name that starts with -, naming it", () => {
    const error = expectEndpointError(() => compileTemplate("{-a}", hyphens), "ERR_INVALID_TEMPLATE");
    expect(error.message).toContain('at character 2 ("-"): a variable name is letters, digits, _, %XX, - and inner dots, not "-a"');
  });
});

describe("strict RFC 6570 names (parseTemplate, and compileTemplate without options)", () => {
  it.each(["{enterprise-team}", "{default-graph-uri}", "{a-b:3}", "{?x,a-b*}"])("rejects %j, as the conformance suite does", (template) => {
    expectEndpointError(() => parseTemplate(template), "ERR_INVALID_TEMPLATE");
    expectEndpointError(() => compileTemplate(template), "ERR_INVALID_TEMPLATE");
  });

  it.each([
    ["{enterprise-team}", '"enterprise-team"', '"-"', 12],
    ["/x/{?per_page,default-graph-uri*}", '"default-graph-uri"', '"-"', 22],
    ["{a-b:3}", '"a-b"', '"-"', 3],
    ["{a*b}", '"a*b"', '"*"', 3],
    ["{a b}", '"a b"', '" "', 3],
    ["{*a}", '"*a"', '"*"', 2],
    ["{.^a}", '"^a"', '"^"', 3],
  ])("names the whole variable and the bad character in %j", (template, name, character, at) => {
    const error = expectEndpointError(() => parseTemplate(template), "ERR_INVALID_TEMPLATE");
    expect(error.message).toContain(`at character ${at} (${character}): a variable name is letters, digits, _, %XX and inner dots`);
    expect(error.message.endsWith(`, not ${name}`)).toBe(true);
  });

  it("escapes a control character it names", () => {
    const error = expectEndpointError(() => parseTemplate("{a\u001b[2Jb}"), "ERR_INVALID_TEMPLATE");
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
    expect(error.message).toContain('"\\u001b"');
  });

  it("says a name is missing for an empty varspec", () => {
    expect(expectEndpointError(() => parseTemplate("{a,}"), "ERR_INVALID_TEMPLATE").message).toMatch(/at character 4 \("}"\): a variable name is .*, not ""$/);
  });
});

describe("a template whose literal text escapes past the engine's longest string", () => {
  it("is ERR_TOO_LARGE from parseTemplate(), not a RangeError", () => {
    // What encodeURI does with a literal of 100 M "é" (6 characters each once escaped: 600 M, over V8's 2^29 - 24),
    // without the time and memory: parseTemplate() has no entry-point guard, so its own errors must be EndpointErrors.
    const spy = vi.spyOn(globalThis, "encodeURI").mockImplementation(() => {
      throw new RangeError("Invalid string length");
    });
    try {
      const error = expectEndpointError(() => parseTemplate("/é/{a}/longest-string-test"), "ERR_TOO_LARGE");
      expect(error.message).toContain("longest string");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("a template compiled while Object.prototype holds index-like keys", () => {
  it("reads each name whole: simple expansion's operator is not looked up on a prototype", () => {
    // A prototype pollution ("__proto__": {"-1": "+"}) must not make "{user}" a reserved expansion of "ser", which
    // would put another parameter in the path and send this one elsewhere.
    Object.defineProperty(Object.prototype, "-1", { value: "+", configurable: true, writable: true });
    try {
      const template = compileTemplate("/u/{user}/{a,b}/prototype-read-test");
      expect(template.variables).toEqual(["user", "a", "b"]);
      expect(expandTemplate(template, { user: "o/c", ser: "evil", a: "1", b: "2" })).toBe("/u/o%2Fc/1,2/prototype-read-test");
    } finally {
      delete (Object.prototype as Record<string, unknown>)["-1"];
    }
  });
});
