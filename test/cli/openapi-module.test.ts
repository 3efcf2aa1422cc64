// The module `endpointkit openapi` prints (issue 30 classes 13 and 14): data only, whatever the description's file name
// and text hold, and its default export is exactly what fromOpenApi() returns, own `__proto__` keys included.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromOpenApi } from "endpointkit/openapi";
import { openapiModule } from "../../src/cli/openapi.js";
import { RAW_UNSAFE, UNSAFE_CHARS } from "./unsafe-chars.js";

// Inside the package, so that the module's import of "endpointkit/openapi" resolves (a package imports itself by name).
mkdirSync(join(process.cwd(), ".cache"), { recursive: true });
const dir = mkdtempSync(join(process.cwd(), ".cache", "endpointkit-module-"));
let imported = 0;

/** Imports module text as an ES module, as an application that ships the printed table would. */
async function importModule(text: string): Promise<unknown> {
  const file = join(dir, `table${imported++}.mjs`);
  writeFileSync(file, text);
  return ((await import(pathToFileURL(file).href)) as { default: unknown }).default;
}

/** The module printed for `document` (given as JSON text) under the file name `name`. */
function printed(name: string, documentJson: string): Promise<string> {
  return openapiModule([name], { readFile: () => new TextEncoder().encode(documentJson) });
}

/**
 * A value as a tree of own enumerable keys and values, prototypes left out: a `__proto__` key that set a prototype
 * instead of an own property shows up as a missing key.
 */
function ownTree(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(ownTree);
  return Object.keys(value).map((key) => [key, ownTree((value as Record<string, unknown>)[key])]);
}

/**
 * The module is a comment line that no character can end early, the import of routeTable and the writers its routes
 * use, then `const table = <JSON>;` where a `__proto__` key is written `["__proto__"]` (a computed key defines an own
 * property, a literal one sets the prototype), and `export default routeTable(table, …)`. Returns the JSON value, so a
 * test can check that the module holds nothing but it.
 */
function dataOf(module: string): unknown {
  const newline = module.indexOf("\n");
  const comment = module.slice(0, newline);
  expect(comment.startsWith("// ")).toBe(true);
  // A line terminator in a `//` comment ends it: what follows would be code.
  expect(comment).not.toMatch(/[\r\u2028\u2029]/);
  const rest = module.slice(newline + 1);
  const head = /^import \{ routeTable(?:, write[A-Z]\w*)* \} from "endpointkit\/openapi";\nconst table = /.exec(rest);
  expect(head).not.toBeNull();
  const tail = /;\nexport default \/\* @__PURE__ \*\/ routeTable\(table(?:, write[A-Z]\w*)*\);\n$/.exec(rest);
  expect(tail).not.toBeNull();
  return JSON.parse(rest.slice(head![0].length, tail!.index).replaceAll('["__proto__"]:', '"__proto__":'));
}

const DESCRIPTION = {
  openapi: "3.0.3",
  servers: [{ url: "https://api.example" }],
  paths: { "/pets": { get: { responses: {} } } },
};

describe("the printed module is data (class 13)", () => {
  it("keeps a file name holding U+2028 inside its comment: importing the module runs nothing", async () => {
    const name = "pets\u2028globalThis.endpointkitPwned = 1; //.json";
    const module = await printed(name, JSON.stringify(DESCRIPTION));
    await importModule(module);
    expect((globalThis as { endpointkitPwned?: unknown }).endpointkitPwned).toBeUndefined();
    expect(dataOf(module)).toEqual(JSON.parse(JSON.stringify(fromOpenApi(DESCRIPTION))));
  });

  it("holds no raw control, format or line-separator character from the file name or the description", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...UNSAFE_CHARS), fc.string(), fc.string(), async (char, before, after) => {
        const text = `${before}${char}${after}`;
        const path = `/p${text.replaceAll(/[{}]/g, "")}`;
        const document = { ...DESCRIPTION, paths: { [path]: { get: { parameters: [{ name: text, in: "query" }], responses: {} } } } };
        const module = await printed(`./${text}.json`, JSON.stringify(document));
        // Newline separates the lines; every other such character is written as a \u escape.
        expect(module).not.toMatch(RAW_UNSAFE);
        expect(ownTree(dataOf(module))).toEqual(ownTree(JSON.parse(JSON.stringify(fromOpenApi(document)))));
      }),
      { numRuns: 300 },
    );
  });
});

describe("__proto__ keys in the printed module (class 14)", () => {
  // JSON text, so the description itself holds own `__proto__` keys, as JSON.parse and YAML parsers make them.
  const document = `{"openapi":"3.0.3","servers":[{"url":"https://api.example"}],"paths":{"/up":{"post":{"requestBody":{"content":{"multipart/form-data":{"schema":{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"string"}}},"encoding":{"__proto__":{"style":"form","explode":false}}}}},"responses":{}}}}}`;

  it("are own keys of the export, which equals fromOpenApi()'s and describedRoutes() takes", async () => {
    const table = await importModule(await printed("up.json", document));
    const expected = fromOpenApi(JSON.parse(document) as object);
    expect(ownTree(table)).toEqual(ownTree(expected));
    const { describedRoutes } = await import("endpointkit/openapi");
    const { endpoint } = await import("endpointkit");
    expect(() => endpoint.defaults(describedRoutes(table as never))).not.toThrow();
  });
});
