// HTTPie's item syntax as endpointkit reads it, and the options object the items become.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildOptions } from "../../src/cli/options.js";
import { parseItem } from "../../src/cli/items.js";
import { UsageError } from "../../src/cli/usage-error.js";

/** The item a plain `name=value` becomes. */
const text = (name: string, value: string) => ({ kind: "parameter", name, path: [{ key: name }], value: { type: "string", text: value } });
/** The item a plain `name:=json` becomes. */
const json = (name: string, value: unknown) => ({ kind: "parameter", name, path: [{ key: name }], value: { type: "json", value } });

function usageErrorOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error("expected a UsageError, but nothing was thrown");
}

describe("parseItem: the separator decides the kind", () => {
  it("reads name=value as a string parameter, whatever the value looks like", () => {
    expect(parseItem("state=open")).toEqual(text("state", "open"));
    expect(parseItem("per_page=5")).toEqual(text("per_page", "5"));
    expect(parseItem("title=")).toEqual(text("title", ""));
  });

  it("reads name:=json as a parameter with a JSON value of any type", () => {
    expect(parseItem("per_page:=5")).toEqual(json("per_page", 5));
    expect(parseItem("draft:=true")).toEqual(json("draft", true));
    expect(parseItem("milestone:=null")).toEqual(json("milestone", null));
    expect(parseItem('labels:=["bug","ui"]')).toEqual(json("labels", ["bug", "ui"]));
    expect(parseItem('config:={"url":"https://x.example","insecure_ssl":"0"}')).toEqual(json("config", { url: "https://x.example", insecure_ssl: "0" }));
    expect(parseItem('title:="a \\"quoted\\" word"')).toEqual(json("title", 'a "quoted" word'));
  });

  it("reads Header-Name:value as a header, without the white space around the value", () => {
    expect(parseItem("Authorization:token abc")).toEqual({ kind: "header", name: "Authorization", value: "token abc" });
    expect(parseItem("Accept: application/json \t")).toEqual({ kind: "header", name: "Accept", value: "application/json" });
    expect(parseItem("X-Empty;")).toEqual({ kind: "header", name: "X-Empty", value: "" });
    expect(parseItem("Accept:")).toEqual({ kind: "header", name: "Accept", value: undefined });
    expect(parseItem("Accept: \t")).toEqual({ kind: "header", name: "Accept", value: undefined });
  });

  it("takes the separator that occurs first, so colons and URLs in values stay values", () => {
    expect(parseItem("q=repo:octocat/hello-world+is:open")).toEqual(text("q", "repo:octocat/hello-world+is:open"));
    expect(parseItem("homepage=https://example.com/a?b=c")).toEqual(text("homepage", "https://example.com/a?b=c"));
    expect(parseItem("expression=a=b")).toEqual(text("expression", "a=b"));
    expect(parseItem("X-Note:a=b")).toEqual({ kind: "header", name: "X-Note", value: "a=b" });
    expect(parseItem("Referer:https://example.com")).toEqual({ kind: "header", name: "Referer", value: "https://example.com" });
    expect(parseItem("X-Json::=1")).toEqual({ kind: "header", name: "X-Json", value: ":=1" });
  });

  it("prefers := to : when both start at the same character", () => {
    expect(parseItem("n:=1")).toEqual(json("n", 1));
    expect(parseItem("n:1").kind).toBe("header");
    expect(parseItem("n=:=1")).toEqual(text("n", ":=1"));
  });

  it("takes \\: and \\= as literal characters, in the name and in the value", () => {
    expect(parseItem("a\\:b=c")).toEqual(text("a:b", "c"));
    expect(parseItem("key\\=x:=1")).toEqual(json("key=x", 1));
    expect(parseItem("a=\\=b")).toEqual(text("a", "=b"));
    expect(parseItem("X-A:b\\:c")).toEqual({ kind: "header", name: "X-A", value: "b:c" });
  });

  it("keeps every other backslash as written, as HTTPie does", () => {
    expect(parseItem("path=C:\\dir\\file")).toEqual(text("path", "C:\\dir\\file"));
    expect(parseItem("re=\\d+\\s")).toEqual(text("re", "\\d+\\s"));
    // "\\" is a backslash pair, so the "=" after it is a separator again.
    expect(parseItem("a\\\\=b")).toEqual({ kind: "parameter", name: "a\\\\", path: [{ key: "a\\" }], value: { type: "string", text: "b" } });
    expect(parseItem("a=b\\")).toEqual(text("a", "b\\"));
  });

  it("refuses a word without a separator, or without a name", () => {
    expect(usageErrorOf(() => parseItem("owner"))).toMatch(/"owner" is not an item: write name=value, name:=json, Header:value or @file/);
    expect(usageErrorOf(() => parseItem("a\\=b"))).toMatch(/is not an item/);
    expect(usageErrorOf(() => parseItem("=value"))).toMatch(/has no name before "="/);
    expect(usageErrorOf(() => parseItem(":value"))).toMatch(/has no name before ":"/);
    expect(usageErrorOf(() => parseItem(":=1"))).toMatch(/has no name before ":="/);
    expect(usageErrorOf(() => parseItem(";"))).toMatch(/has no name before ";"/);
  });

  it("refuses JSON that does not parse, with a hint to quote strings", () => {
    expect(usageErrorOf(() => parseItem("title:=hello"))).toMatch(/invalid JSON after ":=".*name:='"text"'/);
    expect(usageErrorOf(() => parseItem("n:="))).toMatch(/invalid JSON/);
  });

  it("refuses a JSON number a JavaScript number cannot hold, rather than send null or other digits", () => {
    // JSON.parse reads 1e400 as Infinity (sent as null) and 12345678901234567890 as 12345678901234567000.
    for (const number of ["1e400", "-1e309", "12345678901234567890", "9007199254740993", '{"id":[1,-12345678901234567890]}']) {
      expect(usageErrorOf(() => parseItem(`id:=${number}`))).toMatch(/would be sent as .*quote it as a string/);
    }
    expect(parseItem("id:=9007199254740992")).toEqual(json("id", 9007199254740992));
    expect(parseItem("id:=0.1")).toEqual(json("id", 0.1));
    expect(parseItem('id:="12345678901234567890"')).toEqual(json("id", "12345678901234567890"));
    expect(parseItem('id:=["1e400\\"", 2]')).toEqual(json("id", ['1e400"', 2]));
  });

  it("refuses every number whose text would not be sent as the same decimal value (issue 24 class 14)", () => {
    const refused: [string, string][] = [
      ["12345678901234567890.5", "12345678901234567000"],
      ["12345678901234567890e0", "12345678901234567000"],
      ["1e-400", "0"],
      ["-1e-400", "0"],
      ["2e-324", "0"],
      ["0.1000000000000000055511151231257827", "0.1"],
      ["0.30000000000000004441", "0.30000000000000004"],
      ["1.7976931348623159e308", "null"],
      ["9007199254740993.0", "9007199254740992"],
      ["123456789012345678e2", "12345678901234567000"],
    ];
    for (const [number, sent] of refused) {
      expect(usageErrorOf(() => parseItem(`id:=${number}`))).toContain(`would be sent as ${sent} `);
    }
    const kept: [string, number][] = [
      ["1.0", 1],
      ["1.10", 1.1],
      ["1E+2", 100],
      ["-0", -0],
      ["0.0e5", 0],
      ["0e-999999", 0],
      ["1e21", 1e21],
      ["5e-324", 5e-324],
      ["1.7976931348623157e308", 1.7976931348623157e308],
      ["0.30000000000000004", 0.30000000000000004],
      ["12345678901234567e3", 12345678901234567000],
      ["9007199254740992", 9007199254740992],
    ];
    for (const [number, value] of kept) expect(parseItem(`id:=${number}`)).toEqual(json("id", value));
  });

  it("takes a number exactly when the text it is sent as has the same decimal value (checked with BigInt arithmetic)", () => {
    /** The value of a decimal text as mantissa × 10^exponent, in BigInt. */
    const exact = (text: string): [bigint, number] => {
      const [significand = "", exponent = "0"] = text.toLowerCase().split("e");
      const [whole = "", fraction = ""] = significand.split(".");
      return [BigInt(whole + fraction), Number(exponent) - fraction.length];
    };
    const same = (a: string, b: string): boolean => {
      const [m1, e1] = exact(a);
      const [m2, e2] = exact(b);
      const low = Math.min(e1, e2);
      return m1 * 10n ** BigInt(e1 - low) === m2 * 10n ** BigInt(e2 - low);
    };
    const digits = (max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: max });
    const token = fc
      .tuple(fc.boolean(), fc.oneof(fc.constant("0"), digits(25).map((d) => `1${d}`)), fc.option(digits(25)), fc.option(fc.integer({ min: -330, max: 330 })))
      .map(([negative, whole, fraction, exponent]) => `${negative ? "-" : ""}${whole}${fraction === null ? "" : `.${fraction}`}${exponent === null ? "" : `e${exponent}`}`);
    fc.assert(
      fc.property(fc.oneof(token, fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)), (text) => {
        const number = Number(text);
        const exactlySent = Number.isFinite(number) && same(text, String(number));
        let accepted = true;
        try {
          parseItem(`id:=${text}`);
        } catch (error) {
          if (!(error instanceof UsageError)) throw error;
          accepted = false;
        }
        expect(accepted, text).toBe(exactlySent);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses HTTPie's == instead of reading it as a value that starts with =", () => {
    expect(usageErrorOf(() => parseItem("q==octocat"))).toMatch(/HTTPie's "==".*name=\\=\.\.\./);
  });
});

describe("buildOptions: items become endpoint() options", () => {
  const items = (...texts: string[]) => texts.map(parseItem);

  it("puts parameters at the top level and headers under headers, in order", () => {
    const { options } = buildOptions(items("owner=octocat", "per_page:=5", "Authorization:token x", "X-A:1"), undefined);
    expect(options).toEqual({ owner: "octocat", per_page: 5, headers: { Authorization: "token x", "X-A": "1" } });
    expect(Object.keys(options)).toEqual(["owner", "per_page", "headers"]);
  });

  it("adds baseUrl only when --base-url was given, and headers only when there are some", () => {
    expect(buildOptions([], undefined).options).toEqual({});
    expect(buildOptions([], "https://ghe.example/api/v3").options).toEqual({ baseUrl: "https://ghe.example/api/v3" });
  });

  it("passes data, mediaType and request through as the options they are", () => {
    expect(buildOptions(items("data=**hi**", 'mediaType:={"format":"raw"}'), undefined).options).toEqual({ data: "**hi**", mediaType: { format: "raw" } });
  });

  it("keeps a parameter called __proto__ as a plain key", () => {
    const { options } = buildOptions(items('__proto__:={"polluted":true}'), undefined);
    expect(Object.getPrototypeOf(options)).toBe(Object.prototype);
    expect(Object.keys(options)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses the option names the route, --base-url and header items already say", () => {
    expect(usageErrorOf(() => buildOptions(items("method=POST"), undefined))).toMatch(/"method" cannot be an item: the method is part of the route/);
    expect(usageErrorOf(() => buildOptions(items("url=https://evil.example"), undefined))).toMatch(/"url" cannot be an item/);
    expect(usageErrorOf(() => buildOptions(items("baseUrl=https://x"), undefined))).toMatch(/use --base-url URL/);
    expect(usageErrorOf(() => buildOptions(items('headers:={"a":"b"}'), undefined))).toMatch(/Header-Name:value/);
  });

  it("refuses a name given twice rather than guessing which one was meant", () => {
    expect(usageErrorOf(() => buildOptions(items("label=a", "label:=1"), undefined))).toMatch(/"label" is given twice; pass a list as label:='\["a","b"\]' or as label\[\]=a label\[\]=b/);
    expect(usageErrorOf(() => buildOptions(items("Accept:a", "ACCEPT:b"), undefined))).toMatch(/header "ACCEPT" is given twice/);
  });

  it("lets a header and a parameter share a name: they go to different places", () => {
    // A parameter named like a header is given as JSON: accept=x would be refused as a mistyped header.
    expect(buildOptions(items(`accept:="x"`, "Accept:y"), undefined).options).toEqual({ accept: "x", headers: { Accept: "y" } });
  });
});
