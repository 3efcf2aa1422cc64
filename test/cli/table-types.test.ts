// Typed route tables (issue 33, src/cli/table-types.ts): `endpointkit openapi -o FILE` writes the table where the
// application keeps it, typed, so that strict TypeScript imports it with no `allowJs`. Checked the way an application
// meets it: a scratch project that depends on the built package, type-checked (not transpiled) by tsc under
// moduleResolution node16, nodenext and bundler, with TypeScript 6 and 7.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { parse as parseYaml } from "yaml";
import { openapiModule } from "../../src/cli/openapi.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpointkit, ensureBuilt } from "./cli.js";

const root = join(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "endpointkit-table-types-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// A description with what the types must carry: a query parameter on a POST, a required header, a JSON body, a path
// parameter, a deepObject and a form body.
const DESCRIPTION = `openapi: 3.1.0
servers: [{ url: "https://pets.example/v1" }]
paths:
  /pets:
    post:
      parameters:
        - { name: dryRun, in: query, schema: { type: boolean } }
        - { name: X-Request-Id, in: header, required: true, schema: { type: string } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [name], properties: { name: { type: string }, tags: { type: array, items: { type: string } } } }
      responses: { "201": { description: created } }
    get:
      parameters:
        - { name: tags, in: query, schema: { type: array, items: { type: string } } }
        - { name: filter, in: query, style: deepObject, schema: { type: object, properties: { age: { type: integer } } } }
      responses: { "200": { description: the pets } }
  /pets/{petId}:
    get:
      parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
      responses: { "200": { description: the pet } }
  /login:
    post:
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: { type: object, properties: { user: { type: string }, password: { type: string } } }
      responses: { "204": { description: signed in } }
`;

// What openapi-typescript 7 writes for DESCRIPTION (\`npx openapi-typescript pets.yaml -o pets.d.ts\`), trimmed of
// its comments.
const PATHS = `export interface paths {
  "/pets": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: { tags?: string[]; filter?: { age?: number } }; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content?: never } };
    };
    put?: never;
    post: {
      parameters: { query?: { dryRun?: boolean }; header: { "X-Request-Id": string }; path?: never; cookie?: never };
      requestBody: { content: { "application/json": { name: string; tags?: string[] } } };
      responses: { 201: { headers: { [name: string]: unknown }; content?: never } };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pets/{petId}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content?: never } };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never;
    put?: never;
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: { content: { "application/x-www-form-urlencoded": { user?: string; password?: string } } };
      responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
`;

// The application: the README's flow with each kind of table. Every line of it must compile, and the marked lines
// must fail: a value of the wrong type, a route the table does not have.
const CONSUMER = `import { endpoint, type RequestOptions } from "endpointkit";
import { describedRoutes, type DescribedDefaults } from "endpointkit/openapi";
import type { paths } from "./pets.js";
import tsTable from "./table-ts.js";
import jsTable from "./table-js.js";
import mjsTable from "./table-mjs.mjs";
import hostileTable from "./hostile.js";

// Each is the value fromOpenApi() returns, typed as such.
export const tables: DescribedDefaults[] = [tsTable, jsTable, mjsTable, hostileTable];

const pets = endpoint.defaults<paths>(describedRoutes(tsTable));
const fromJs = endpoint.defaults<paths>(describedRoutes(jsTable));
const fromMjs = endpoint.defaults<paths>(describedRoutes(mjsTable));
export const requests: RequestOptions[] = [
  pets("POST /pets", { name: "Rex", tags: ["dog"], dryRun: true, headers: { "X-Request-Id": "r-1" } }),
  fromJs("GET /pets", { tags: ["dog", "small"], filter: { age: 2 } }),
  fromMjs("GET /pets/{petId}", { petId: 7 }),
  pets("POST /login", { user: "me", password: "s3cret!" }),
];
// @ts-expect-error dryRun is a boolean in the description
pets("POST /pets", { name: "Rex", dryRun: "yes", headers: { "X-Request-Id": "r-1" } });

// The table's own type is its value: the server it names and the routes it has, no more.
export const server: "https://pets.example/v1" = jsTable.baseUrl;
export const described: object = mjsTable["x-endpointkit-routes"]["POST /login"];
// @ts-expect-error a route the table does not have
tsTable["x-endpointkit-routes"]["DELETE /pets"];
`;

// Names a description may hold that a source file must not show raw: a bidi override in a path, a `__proto__`
// property of a form body (a key of the table's encoding map).
const HOSTILE = {
  openapi: "3.1.0",
  servers: [{ url: "https://hostile.example" }],
  paths: {
    "/files/\u202e{name}": {
      post: {
        parameters: [{ name: "name", in: "path", required: true }],
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: { ["__proto__"]: { type: "object" } } },
              encoding: { ["__proto__"]: { style: "deepObject", explode: true } },
            },
          },
        },
        responses: {},
      },
    },
  },
};

// docs/cli.md's TypeScript block (run by readme.test.ts in examples/own-api): type-checked here against the file its
// sh block writes from this description.
const DOCS_BLOCK = /\n```ts\n([\s\S]*?)\n```\n/.exec(readFileSync(join(root, "docs/cli.md"), "utf8"))?.[1];

// The control: the module printed without -o has no declaration, which strict TypeScript refuses (TS7016).
const UNTYPED = `import plain from "./plain.js";
export const table: unknown = plain;
`;

const RESOLUTIONS = {
  node16: { module: "node16", moduleResolution: "node16" },
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
} as const;

const COMPILERS = {
  "TypeScript 6": join(root, "node_modules/typescript/bin/tsc"),
  "TypeScript 7": join(root, "node_modules/typescript7/bin/tsc"),
} as const;

/** Each compiler's errors under each resolution, as `file TSnnnn` lines: all runs side by side. */
let errors: Map<string, string[]>;

beforeAll(async () => {
  ensureBuilt();
  writeFileSync(join(work, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  mkdirSync(join(work, "node_modules"));
  symlinkSync(root, join(work, "node_modules/endpointkit"), "dir");
  writeFileSync(join(work, "pets.yaml"), DESCRIPTION);
  writeFileSync(join(work, "pets.d.ts"), PATHS);
  writeFileSync(join(work, "hostile.json"), JSON.stringify(HOSTILE));
  writeFileSync(join(work, "consumer.ts"), CONSUMER);
  writeFileSync(join(work, "untyped.ts"), UNTYPED);
  if (DOCS_BLOCK === undefined) throw new Error("docs/cli.md has no ts block");
  writeFileSync(join(work, "docs-cli.ts"), DOCS_BLOCK);
  const runs = await Promise.all([
    endpointkit("openapi", join(work, "pets.yaml"), "-o", join(work, "table-ts.ts")),
    endpointkit("openapi", join(work, "pets.yaml"), "--output", join(work, "table-js.js")),
    endpointkit("openapi", `--output=${join(work, "table-mjs.mjs")}`, join(work, "pets.yaml")),
    endpointkit("openapi", join(work, "pets.yaml")),
    // docs/cli.md's block imports the table and openapi-typescript's types from the one module -o writes.
    endpointkit("openapi", join(work, "pets.yaml"), "-o", join(work, "api.ts")),
    endpointkit("openapi", join(work, "hostile.json"), "-o", join(work, "hostile.js")),
    endpointkit("openapi", join(work, "hostile.json"), "-o", join(work, "hostile-ts.ts")),
  ]);
  for (const run of runs) expect(run).toMatchObject({ status: 0, stderr: "" });
  writeFileSync(join(work, "plain.js"), runs[3]!.stdout);
  const jobs = Object.entries(COMPILERS).flatMap(([compiler, tsc]) =>
    Object.entries(RESOLUTIONS).map(async ([resolution, options]) => {
      const config = join(work, `tsconfig.${resolution}.${compiler.replace(/\D/g, "")}.json`);
      writeFileSync(
        config,
        JSON.stringify({
          compilerOptions: {
            ...options,
            target: "ES2022",
            lib: ["ES2022"],
            types: [],
            strict: true,
            noUncheckedIndexedAccess: true,
            verbatimModuleSyntax: true,
            skipLibCheck: false,
            noEmit: true,
          },
          files: ["consumer.ts", "docs-cli.ts", "untyped.ts"],
        }),
      );
      const output = await promisify(execFile)(process.execPath, [tsc, "-p", config, "--pretty", "false"], { cwd: work }).then(
        ({ stdout }) => stdout,
        (error: { stdout?: string }) => error.stdout ?? "",
      );
      const found = output.split("\n").flatMap((line) => {
        const error = /^(.+?)\(\d+,\d+\): error (TS\d+)/.exec(line);
        return error ? [`${error[1]} ${error[2]}`] : [];
      });
      return [`${compiler} ${resolution}`, found.length > 0 ? found : [output.trim()]] as const;
    }),
  );
  errors = new Map(await Promise.all(jobs));
}, 240_000);

describe("endpointkit openapi -o FILE", () => {
  it("writes a TypeScript module for .ts, the ES module and its .d.ts for .js, and its .d.mts for .mjs", () => {
    expect(readFileSync(join(work, "table-ts.ts"), "utf8")).toMatch(/^const table: \{$/m);
    expect(existsSync(join(work, "table-js.d.ts"))).toBe(true);
    expect(existsSync(join(work, "table-mjs.d.mts"))).toBe(true);
    expect(existsSync(join(work, "table-ts.d.ts"))).toBe(false);
  });

  it("writes the characters a source file must not show raw as \\u escapes, in the types as in the module", () => {
    for (const file of ["hostile.js", "hostile.d.ts", "hostile-ts.ts"]) {
      const text = readFileSync(join(work, file), "utf8");
      expect(text).not.toMatch(/[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/u);
      expect(text).toContain("/files/\\u202e{name}");
    }
  });

  it("writes a __proto__ key of the TypeScript module as an own property, never the object's prototype", async () => {
    // Run as the application's compiler would emit it; the type-checks below check the source itself.
    const ts = (await import("typescript")).default;
    const source = readFileSync(join(work, "hostile-ts.ts"), "utf8");
    writeFileSync(join(work, "hostile-ts.mjs"), ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    type Table = { "x-endpointkit-routes": Record<string, { body: { encoding: object } }> };
    // hostile.js is the ES module `-o` writes beside its .d.ts, the text the command prints.
    for (const file of ["hostile.js", "hostile-ts.mjs"]) {
      const table = (await import(pathToFileURL(join(work, file)).href) as { default: Table }).default;
      const encoding = table["x-endpointkit-routes"]["POST /files/\u202e{name}"]!.body.encoding;
      expect(Object.getPrototypeOf(encoding), file).toBe(Object.prototype);
      expect(Object.keys(encoding), file).toEqual(["__proto__"]);
    }
  });

  it("writes the table fromOpenApi() returns, as the printed module does", async () => {
    const { fromOpenApi } = await import("endpointkit/openapi");
    const expected = fromOpenApi(parseYaml(DESCRIPTION));
    for (const file of ["table-js.js", "table-mjs.mjs", "plain.js"]) {
      expect((await import(pathToFileURL(join(work, file)).href) as { default: unknown }).default).toEqual(expected);
    }
  });

  for (const compiler of Object.keys(COMPILERS)) {
    for (const resolution of Object.keys(RESOLUTIONS)) {
      it(`type-checks the application and docs/cli.md's block under ${compiler}, strict, moduleResolution ${resolution}; only the untyped module is TS7016`, () => {
        expect(errors.get(`${compiler} ${resolution}`)).toEqual(["untyped.ts TS7016"]);
      });
    }
  }

  it.for([
    ["a declaration file", "table.d.ts", /names a declaration file: name the module instead/],
    ["a CommonJS name", "table.cjs", /the table is an ES module, written to a \.ts or \.mts file/],
    ["the description itself", "pets.yaml", /is an ES module|would overwrite the description/],
    ["a directory that does not exist", "none/table.js", /cannot write ".*none\/table\.js" \(ENOENT\)/],
  ] as const)("refuses %s with the usage of the openapi command", async ([, name, message]) => {
    const result = await endpointkit("openapi", join(work, "pets.yaml"), "-o", join(work, name));
    expect(result).toMatchObject({ status: 2, stdout: "" });
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain("Usage: endpointkit openapi [options]");
  });

  it("refuses an output that is the description, whatever its extension", async () => {
    const description = join(work, "same.js");
    writeFileSync(description, JSON.stringify({ openapi: "3.1.0", paths: {} }));
    const result = await endpointkit("openapi", "--base-url", "https://pets.example", description, "-o", description);
    expect(result).toMatchObject({ status: 2, stdout: "" });
    expect(result.stderr).toMatch(/would overwrite the description/);
    expect(JSON.parse(readFileSync(description, "utf8"))).toEqual({ openapi: "3.1.0", paths: {} });
  });
});

describe("the tables of real APIs (test/fixtures/openapi/)", () => {
  it("type-check as what fromOpenApi() returns, as a TypeScript module and as a .d.ts beside the module", async () => {
    const fixtures = join(root, "test/fixtures/openapi");
    const real = join(work, "real");
    mkdirSync(join(real, "ts"), { recursive: true });
    const names = readdirSync(fixtures).filter((name) => name.endsWith(".json.gz"));
    const lines = ['import type { DescribedDefaults } from "endpointkit/openapi";', "export const tables: DescribedDefaults[] = [];"];
    for (const [i, name] of names.entries()) {
      const { document } = JSON.parse(gunzipSync(readFileSync(join(fixtures, name))).toString("utf8")) as { document: unknown };
      // In this process: 35 descriptions, twice, would be 70 node processes.
      const io = { readFile: () => new TextEncoder().encode(JSON.stringify(document)), writeFile: (path: string, text: string) => writeFileSync(path, text) };
      for (const output of [join(real, `t${i}.js`), join(real, "ts", `t${i}.ts`)]) {
        // The table's own type is what is checked here; openapi-typescript's types have their own test (paths-types).
        expect(await openapiModule(["--base-url", "https://api.example", "--table-only", `${name}.json`, "-o", output], io)).toBe("");
      }
      lines.push(`import js${i} from "./t${i}.js";`, `import ts${i} from "./ts/t${i}.js";`, `tables.push(js${i}, ts${i});`);
    }
    expect(names.length).toBeGreaterThanOrEqual(30);
    writeFileSync(join(real, "all.ts"), lines.join("\n"));
    const config = join(real, "tsconfig.json");
    const compilerOptions = { module: "nodenext", moduleResolution: "nodenext", target: "ES2022", lib: ["ES2022"], types: [], strict: true, noEmit: true };
    writeFileSync(config, JSON.stringify({ compilerOptions, files: ["all.ts"] }));
    symlinkSync(join(work, "node_modules"), join(real, "node_modules"), "dir");
    writeFileSync(join(real, "package.json"), JSON.stringify({ private: true, type: "module" }));
    const output = await promisify(execFile)(process.execPath, [COMPILERS["TypeScript 7"], "-p", config, "--pretty", "false"], { cwd: real }).then(
      () => "",
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(output).toBe("");
  }, 120_000);
});
