// HTTPie's item syntax as endpointkit reads it, and the options object the items become.
import { describe, expect, it } from "vitest";
import { buildOptions } from "../../src/cli/options.js";
import { parseItem } from "../../src/cli/items.js";
import { UsageError } from "../../src/cli/usage-error.js";

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
    expect(parseItem("state=open")).toEqual({ kind: "parameter", name: "state", value: "open" });
    expect(parseItem("per_page=5")).toEqual({ kind: "parameter", name: "per_page", value: "5" });
    expect(parseItem("title=")).toEqual({ kind: "parameter", name: "title", value: "" });
  });

  it("reads name:=json as a parameter with a JSON value of any type", () => {
    expect(parseItem("per_page:=5")).toEqual({ kind: "json", name: "per_page", value: 5 });
    expect(parseItem("draft:=true")).toEqual({ kind: "json", name: "draft", value: true });
    expect(parseItem("milestone:=null")).toEqual({ kind: "json", name: "milestone", value: null });
    expect(parseItem('labels:=["bug","ui"]')).toEqual({ kind: "json", name: "labels", value: ["bug", "ui"] });
    expect(parseItem('config:={"url":"https://x.example","insecure_ssl":"0"}')).toEqual({
      kind: "json",
      name: "config",
      value: { url: "https://x.example", insecure_ssl: "0" },
    });
    expect(parseItem('title:="a \\"quoted\\" word"')).toEqual({ kind: "json", name: "title", value: 'a "quoted" word' });
  });

  it("reads Header-Name:value as a header, without the white space around the value", () => {
    expect(parseItem("Authorization:token abc")).toEqual({ kind: "header", name: "Authorization", value: "token abc" });
    expect(parseItem("Accept: application/json \t")).toEqual({ kind: "header", name: "Accept", value: "application/json" });
    expect(parseItem("X-Empty:")).toEqual({ kind: "header", name: "X-Empty", value: "" });
  });

  it("takes the separator that occurs first, so colons and URLs in values stay values", () => {
    expect(parseItem("q=repo:octocat/hello-world+is:open")).toEqual({ kind: "parameter", name: "q", value: "repo:octocat/hello-world+is:open" });
    expect(parseItem("homepage=https://example.com/a?b=c")).toEqual({ kind: "parameter", name: "homepage", value: "https://example.com/a?b=c" });
    expect(parseItem("expression=a=b")).toEqual({ kind: "parameter", name: "expression", value: "a=b" });
    expect(parseItem("X-Note:a=b")).toEqual({ kind: "header", name: "X-Note", value: "a=b" });
    expect(parseItem("Referer:https://example.com")).toEqual({ kind: "header", name: "Referer", value: "https://example.com" });
    expect(parseItem("X-Json::=1")).toEqual({ kind: "header", name: "X-Json", value: ":=1" });
  });

  it("prefers := to : when both start at the same character", () => {
    expect(parseItem("n:=1").kind).toBe("json");
    expect(parseItem("n:1").kind).toBe("header");
    expect(parseItem("n=:=1")).toEqual({ kind: "parameter", name: "n", value: ":=1" });
  });

  it("takes \\: and \\= as literal characters, in the name and in the value", () => {
    expect(parseItem("a\\:b=c")).toEqual({ kind: "parameter", name: "a:b", value: "c" });
    expect(parseItem("key\\=x:=1")).toEqual({ kind: "json", name: "key=x", value: 1 });
    expect(parseItem("a=\\=b")).toEqual({ kind: "parameter", name: "a", value: "=b" });
    expect(parseItem("X-A:b\\:c")).toEqual({ kind: "header", name: "X-A", value: "b:c" });
  });

  it("keeps every other backslash as written, as HTTPie does", () => {
    expect(parseItem("path=C:\\dir\\file")).toEqual({ kind: "parameter", name: "path", value: "C:\\dir\\file" });
    expect(parseItem("re=\\d+\\s")).toEqual({ kind: "parameter", name: "re", value: "\\d+\\s" });
    // "\\" is a backslash pair, so the "=" after it is a separator again.
    expect(parseItem("a\\\\=b")).toEqual({ kind: "parameter", name: "a\\\\", value: "b" });
    expect(parseItem("a=b\\")).toEqual({ kind: "parameter", name: "a", value: "b\\" });
  });

  it("refuses a word without a separator, or without a name", () => {
    expect(usageErrorOf(() => parseItem("owner"))).toMatch(/"owner" is not an item: write name=value, name:=json or Header-Name:value/);
    expect(usageErrorOf(() => parseItem("a\\=b"))).toMatch(/is not an item/);
    expect(usageErrorOf(() => parseItem("=value"))).toMatch(/has no name before "="/);
    expect(usageErrorOf(() => parseItem(":value"))).toMatch(/has no name before ":"/);
    expect(usageErrorOf(() => parseItem(":=1"))).toMatch(/has no name before ":="/);
  });

  it("refuses JSON that does not parse, with a hint to quote strings", () => {
    expect(usageErrorOf(() => parseItem("title:=hello"))).toMatch(/invalid JSON after ":=".*name:='"text"'/);
    expect(usageErrorOf(() => parseItem("n:="))).toMatch(/invalid JSON/);
  });

  it("refuses HTTPie's == instead of reading it as a value that starts with =", () => {
    expect(usageErrorOf(() => parseItem("q==octocat"))).toMatch(/HTTPie's "==".*q=\\=\.\.\./);
  });
});

describe("buildOptions: items become endpoint() options", () => {
  const items = (...texts: string[]) => texts.map(parseItem);

  it("puts parameters at the top level and headers under headers, in order", () => {
    const options = buildOptions(items("owner=octocat", "per_page:=5", "Authorization:token x", "X-A:1"), undefined);
    expect(options).toEqual({ owner: "octocat", per_page: 5, headers: { Authorization: "token x", "X-A": "1" } });
    expect(Object.keys(options)).toEqual(["owner", "per_page", "headers"]);
  });

  it("adds baseUrl only when --base-url was given, and headers only when there are some", () => {
    expect(buildOptions([], undefined)).toEqual({});
    expect(buildOptions([], "https://ghe.example/api/v3")).toEqual({ baseUrl: "https://ghe.example/api/v3" });
  });

  it("passes data, mediaType and request through as the options they are", () => {
    expect(buildOptions(items("data=**hi**", 'mediaType:={"format":"raw"}'), undefined)).toEqual({ data: "**hi**", mediaType: { format: "raw" } });
  });

  it("keeps a parameter called __proto__ as a plain key", () => {
    const options = buildOptions(items('__proto__:={"polluted":true}'), undefined);
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
    expect(usageErrorOf(() => buildOptions(items("label=a", "label:=1"), undefined))).toMatch(/"label" is given twice; pass a list as label:='\["a","b"\]'/);
    expect(usageErrorOf(() => buildOptions(items("Accept:a", "ACCEPT:b"), undefined))).toMatch(/header "ACCEPT" is given twice/);
  });

  it("lets a header and a parameter share a name: they go to different places", () => {
    expect(buildOptions(items("accept=x", "Accept:y"), undefined)).toEqual({ accept: "x", headers: { Accept: "y" } });
  });
});
