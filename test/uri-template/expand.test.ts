// RFC 6570 examples, written out here from the RFC itself (sections 1.2 and 3.2.1-3.2.9), so the engine's
// conformance does not depend on ../shared. The RFC's variables are used as it defines them.
import { describe, expect, it } from "vitest";
import { parseTemplate } from "../../src/index.js";
import { compileTemplate, expandTemplate } from "../../src/uri-template/index.js";
import { expectEndpointError } from "../helpers.js";

/** RFC 6570 section 3.2: the variables of every example in sections 3.2.1-3.2.9. */
const rfc = {
  count: ["one", "two", "three"],
  dom: ["example", "com"],
  dub: "me/too",
  hello: "Hello World!",
  half: "50%",
  var: "value",
  who: "fred",
  base: "http://example.com/home/",
  path: "/foo/bar",
  list: ["red", "green", "blue"],
  keys: { semi: ";", dot: ".", comma: "," },
  v: "6",
  x: "1024",
  y: "768",
  empty: "",
  empty_keys: {},
  undef: null,
};

type Table = [template: string, expansion: string][];

function expandsAsTheRfcSays(table: Table): void {
  it.each(table)("%s expands to %s", (template, expansion) => {
    expect(parseTemplate(template).expand(rfc)).toBe(expansion);
  });
}

describe("RFC 6570 section 1.2: the examples of each level", () => {
  describe("Level 1: simple string expansion", () => {
    expandsAsTheRfcSays([
      ["{var}", "value"],
      ["{hello}", "Hello%20World%21"],
    ]);
  });

  describe("Level 2: reserved and fragment expansion", () => {
    expandsAsTheRfcSays([
      ["{+var}", "value"],
      ["{+hello}", "Hello%20World!"],
      ["{+path}/here", "/foo/bar/here"],
      ["here?ref={+path}", "here?ref=/foo/bar"],
      ["X{#var}", "X#value"],
      ["X{#hello}", "X#Hello%20World!"],
    ]);
  });

  describe("Level 3: multiple variables and the label, path, matrix and query operators", () => {
    expandsAsTheRfcSays([
      ["map?{x,y}", "map?1024,768"],
      ["{x,hello,y}", "1024,Hello%20World%21,768"],
      ["{+x,hello,y}", "1024,Hello%20World!,768"],
      ["{+path,x}/here", "/foo/bar,1024/here"],
      ["{#x,hello,y}", "#1024,Hello%20World!,768"],
      ["{#path,x}/here", "#/foo/bar,1024/here"],
      ["X{.var}", "X.value"],
      ["X{.x,y}", "X.1024.768"],
      ["{/var}", "/value"],
      ["{/var,x}/here", "/value/1024/here"],
      ["{;x,y}", ";x=1024;y=768"],
      ["{;x,y,empty}", ";x=1024;y=768;empty"],
      ["{?x,y}", "?x=1024&y=768"],
      ["{?x,y,empty}", "?x=1024&y=768&empty="],
      ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
      ["{&x,y,empty}", "&x=1024&y=768&empty="],
    ]);
  });

  describe("Level 4: prefix and explode modifiers, lists and maps", () => {
    expandsAsTheRfcSays([
      ["{var:3}", "val"],
      ["{var:30}", "value"],
      ["{list}", "red,green,blue"],
      ["{list*}", "red,green,blue"],
      ["{keys}", "semi,%3B,dot,.,comma,%2C"],
      ["{keys*}", "semi=%3B,dot=.,comma=%2C"],
      ["{+path:6}/here", "/foo/b/here"],
      ["{+list}", "red,green,blue"],
      ["{+list*}", "red,green,blue"],
      ["{+keys}", "semi,;,dot,.,comma,,"],
      ["{+keys*}", "semi=;,dot=.,comma=,"],
      ["{#path:6}/here", "#/foo/b/here"],
      ["{#list}", "#red,green,blue"],
      ["{#list*}", "#red,green,blue"],
      ["{#keys}", "#semi,;,dot,.,comma,,"],
      ["{#keys*}", "#semi=;,dot=.,comma=,"],
      ["X{.var:3}", "X.val"],
      ["X{.list}", "X.red,green,blue"],
      ["X{.list*}", "X.red.green.blue"],
      ["X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
      ["X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
      ["{/var:1,var}", "/v/value"],
      ["{/list}", "/red,green,blue"],
      ["{/list*}", "/red/green/blue"],
      ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
      ["{/keys}", "/semi,%3B,dot,.,comma,%2C"],
      ["{/keys*}", "/semi=%3B/dot=./comma=%2C"],
      ["{;hello:5}", ";hello=Hello"],
      ["{;list}", ";list=red,green,blue"],
      ["{;list*}", ";list=red;list=green;list=blue"],
      ["{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
      ["{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
      ["{?var:3}", "?var=val"],
      ["{?list}", "?list=red,green,blue"],
      ["{?list*}", "?list=red&list=green&list=blue"],
      ["{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
      ["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
      ["{&var:3}", "&var=val"],
      ["{&list}", "&list=red,green,blue"],
      ["{&list*}", "&list=red&list=green&list=blue"],
      ["{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
      ["{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
    ]);
  });
});

describe("RFC 6570 section 3.2", () => {
  describe("3.2.1 Variable Expansion", () => {
    expandsAsTheRfcSays([
      ["{count}", "one,two,three"],
      ["{count*}", "one,two,three"],
      ["{/count}", "/one,two,three"],
      ["{/count*}", "/one/two/three"],
      ["{;count}", ";count=one,two,three"],
      ["{;count*}", ";count=one;count=two;count=three"],
      ["{?count}", "?count=one,two,three"],
      ["{?count*}", "?count=one&count=two&count=three"],
      ["{&count*}", "&count=one&count=two&count=three"],
    ]);
  });

  describe("3.2.2 Simple String Expansion: {var}", () => {
    expandsAsTheRfcSays([
      ["{var}", "value"],
      ["{hello}", "Hello%20World%21"],
      ["{half}", "50%25"],
      ["O{empty}X", "OX"],
      ["O{undef}X", "OX"],
      ["{x,y}", "1024,768"],
      ["{x,hello,y}", "1024,Hello%20World%21,768"],
      ["?{x,empty}", "?1024,"],
      ["?{x,undef}", "?1024"],
      ["?{undef,y}", "?768"],
      ["{var:3}", "val"],
      ["{var:30}", "value"],
      ["{list}", "red,green,blue"],
      ["{list*}", "red,green,blue"],
      ["{keys}", "semi,%3B,dot,.,comma,%2C"],
      ["{keys*}", "semi=%3B,dot=.,comma=%2C"],
    ]);
  });

  describe("3.2.3 Reserved Expansion: {+var}", () => {
    expandsAsTheRfcSays([
      ["{+var}", "value"],
      ["{+hello}", "Hello%20World!"],
      ["{+half}", "50%25"],
      ["{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"],
      ["{+base}index", "http://example.com/home/index"],
      ["O{+empty}X", "OX"],
      ["O{+undef}X", "OX"],
      ["{+path}/here", "/foo/bar/here"],
      ["here?ref={+path}", "here?ref=/foo/bar"],
      ["up{+path}{var}/here", "up/foo/barvalue/here"],
      ["{+x,hello,y}", "1024,Hello%20World!,768"],
      ["{+path,x}/here", "/foo/bar,1024/here"],
      ["{+path:6}/here", "/foo/b/here"],
      ["{+list}", "red,green,blue"],
      ["{+list*}", "red,green,blue"],
      ["{+keys}", "semi,;,dot,.,comma,,"],
      ["{+keys*}", "semi=;,dot=.,comma=,"],
    ]);
  });

  describe("3.2.4 Fragment Expansion: {#var}", () => {
    expandsAsTheRfcSays([
      ["{#var}", "#value"],
      ["{#hello}", "#Hello%20World!"],
      ["{#half}", "#50%25"],
      ["foo{#empty}", "foo#"],
      ["foo{#undef}", "foo"],
      ["{#x,hello,y}", "#1024,Hello%20World!,768"],
      ["{#path,x}/here", "#/foo/bar,1024/here"],
      ["{#path:6}/here", "#/foo/b/here"],
      ["{#list}", "#red,green,blue"],
      ["{#list*}", "#red,green,blue"],
      ["{#keys}", "#semi,;,dot,.,comma,,"],
      ["{#keys*}", "#semi=;,dot=.,comma=,"],
    ]);
  });

  describe("3.2.5 Label Expansion with Dot-Prefix: {.var}", () => {
    expandsAsTheRfcSays([
      ["{.who}", ".fred"],
      ["{.who,who}", ".fred.fred"],
      ["{.half,who}", ".50%25.fred"],
      ["www{.dom*}", "www.example.com"],
      ["X{.var}", "X.value"],
      ["X{.empty}", "X."],
      ["X{.undef}", "X"],
      ["X{.var:3}", "X.val"],
      ["X{.list}", "X.red,green,blue"],
      ["X{.list*}", "X.red.green.blue"],
      ["X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
      ["X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
      ["X{.empty_keys}", "X"],
      ["X{.empty_keys*}", "X"],
    ]);
  });

  describe("3.2.6 Path Segment Expansion: {/var}", () => {
    expandsAsTheRfcSays([
      ["{/who}", "/fred"],
      ["{/who,who}", "/fred/fred"],
      ["{/half,who}", "/50%25/fred"],
      ["{/who,dub}", "/fred/me%2Ftoo"],
      ["{/var}", "/value"],
      ["{/var,empty}", "/value/"],
      ["{/var,undef}", "/value"],
      ["{/var,x}/here", "/value/1024/here"],
      ["{/var:1,var}", "/v/value"],
      ["{/list}", "/red,green,blue"],
      ["{/list*}", "/red/green/blue"],
      ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
      ["{/keys}", "/semi,%3B,dot,.,comma,%2C"],
      ["{/keys*}", "/semi=%3B/dot=./comma=%2C"],
    ]);
  });

  describe("3.2.7 Path-Style Parameter Expansion: {;var}", () => {
    expandsAsTheRfcSays([
      ["{;who}", ";who=fred"],
      ["{;half}", ";half=50%25"],
      ["{;empty}", ";empty"],
      ["{;v,empty,who}", ";v=6;empty;who=fred"],
      ["{;v,bar,who}", ";v=6;who=fred"],
      ["{;x,y}", ";x=1024;y=768"],
      ["{;x,y,empty}", ";x=1024;y=768;empty"],
      ["{;x,y,undef}", ";x=1024;y=768"],
      ["{;hello:5}", ";hello=Hello"],
      ["{;list}", ";list=red,green,blue"],
      ["{;list*}", ";list=red;list=green;list=blue"],
      ["{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
      ["{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
    ]);
  });

  describe("3.2.8 Form-Style Query Expansion: {?var}", () => {
    expandsAsTheRfcSays([
      ["{?who}", "?who=fred"],
      ["{?half}", "?half=50%25"],
      ["{?x,y}", "?x=1024&y=768"],
      ["{?x,y,empty}", "?x=1024&y=768&empty="],
      ["{?x,y,undef}", "?x=1024&y=768"],
      ["{?var:3}", "?var=val"],
      ["{?list}", "?list=red,green,blue"],
      ["{?list*}", "?list=red&list=green&list=blue"],
      ["{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
      ["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
    ]);
  });

  describe("3.2.9 Form-Style Query Continuation: {&var}", () => {
    expandsAsTheRfcSays([
      ["{&who}", "&who=fred"],
      ["{&half}", "&half=50%25"],
      ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
      ["{&x,y,empty}", "&x=1024&y=768&empty="],
      ["{&var:3}", "&var=val"],
      ["{&list}", "&list=red,green,blue"],
      ["{&list*}", "&list=red&list=green&list=blue"],
      ["{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
      ["{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
    ]);
  });
});

describe("expansion beyond the RFC's tables", () => {
  it("treats null, undefined, an empty list and an empty map alike as undefined (RFC 6570 section 2.3)", () => {
    for (const value of [null, undefined, [], {}, [null], { a: null }]) {
      expect(parseTemplate("a{/v}{?v}{&v}{.v}{;v}b").expand({ v: value })).toBe("ab");
    }
  });

  it("keeps %XX triplets in reserved expansion and encodes a lone %", () => {
    expect(parseTemplate("{+v}").expand({ v: "%20%zz" })).toBe("%20%25zz");
  });

  it("never splits a surrogate pair with a prefix", () => {
    expect(parseTemplate("{v:1}").expand({ v: "😀x" })).toBe("%F0%9F%98%80");
  });

  it("writes numbers, bigints, booleans and Dates as text", () => {
    expect(parseTemplate("{a},{b},{c},{d}").expand({ a: 1.5, b: 2n, c: false, d: new Date(0) })).toBe("1.5,2,false,1970-01-01T00%3A00%3A00.000Z");
  });

  it("reads only own properties, so names like constructor and toString are undefined unless given", () => {
    expect(parseTemplate("{constructor}{toString}{__proto__}").expand({})).toBe("");
    expect(parseTemplate("{constructor}").expand({ constructor: "c" })).toBe("c");
  });

  it("lists the template's variables in order of first appearance, without repeats", () => {
    expect(parseTemplate("{a}{/b,a}{?c*,b}").variables).toEqual(["a", "b", "c"]);
  });

  it("expands the same compiled template many times with different values", () => {
    const compiled = compileTemplate("/users/{user}");
    expect(expandTemplate(compiled, { user: "a" })).toBe("/users/a");
    expect(expandTemplate(compiled, { user: "b" })).toBe("/users/b");
  });

  it("rejects a prefix on a list or map value", () => {
    expectEndpointError(() => parseTemplate("{list:3}").expand(rfc), "ERR_INVALID_TEMPLATE");
  });

  it("rejects nested lists and objects inside lists", () => {
    expectEndpointError(() => parseTemplate("{v}").expand({ v: [["a"]] }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => parseTemplate("{v*}").expand({ v: { a: { b: 1 } } }), "ERR_INVALID_PARAMETER");
  });

  it("rejects values that are not an object", () => {
    expectEndpointError(() => parseTemplate("{v}").expand("v" as never), "ERR_INVALID_PARAMETER");
  });

  it.each(["{", "}", "{}", "{a", "{a}}", "{=a}", "{,a}", "{a,}", "{a.}", "{a..b}", "{a:0}", "{a:10000}", "{a*b}", "{a b}", "a b", "%", "%1"])(
    "rejects the malformed template %j with ERR_INVALID_TEMPLATE",
    (template) => {
      expectEndpointError(() => parseTemplate(template), "ERR_INVALID_TEMPLATE");
    },
  );
});
