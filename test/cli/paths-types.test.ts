// One command from a description to a typed client: `endpointkit openapi FILE -o api.ts` writes the route table and
// openapi-typescript's `paths` types in one module (src/cli/paths-types.ts), for OpenAPI 3.x and Swagger 2.0 alike.
// Checked as an application meets it: the module the built command writes, imported by a consumer that tsc checks
// (typed calls compile, wrong ones do not) and that runs. The Swagger 2.0 case is NetLicensing's published description
// (test/fixtures/swagger2/netlicensing.io_2.x.json.gz, from the APIs.guru directory, CC0), which swagger2openapi
// converts only with its patch option.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, type Io } from "../../src/cli/run.js";
import { endpointkit, endpointkitWith, ensureBuilt } from "./cli.js";

const root = join(import.meta.dirname, "../..");
const work = mkdtempSync(join(tmpdir(), "endpointkit-paths-types-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const NETLICENSING = gunzipSync(readFileSync(join(root, "test/fixtures/swagger2/netlicensing.io_2.x.json.gz"))).toString("utf8");

// OpenAPI 3.2: a GET and a POST openapi-typescript types, and a query operation and an additional COPY it does not.
const OPENAPI_32 = {
  openapi: "3.2.0",
  info: { title: "notes", version: "1" },
  servers: [{ url: "https://notes.example" }],
  paths: {
    "/notes/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      get: { parameters: [{ name: "full", in: "query", schema: { type: "boolean" } }], responses: { "200": { description: "the note" } } },
      // A free-form object body: the call may send any key, and so must the type let it.
      post: { requestBody: { content: { "application/json": { schema: { type: "object" } } } }, responses: { "204": { description: "saved" } } },
      query: { responses: { "200": { description: "found" } } },
      additionalOperations: { COPY: { responses: { "201": { description: "copied" } } } },
    },
  },
};

// The application: typed calls on each generated module. Every line compiles; the marked ones must not.
const CONSUMER = `import { endpoint } from "endpointkit";
import { describedRoutes } from "endpointkit/openapi";
import pets, { type paths as Pets } from "./pets.js";
import licensing, { type paths as Licensing } from "./licensing.js";
import notes, { type paths as Notes } from "./notes.js";
import jsPets, { type paths as JsPets } from "./pets-js.js";

const petsApi = endpoint.defaults<Pets>(describedRoutes(pets));
const licensingApi = endpoint.defaults<Licensing>(describedRoutes(licensing));
const notesApi = endpoint.defaults<Notes>(describedRoutes(notes));
const jsPetsApi = endpoint.defaults<JsPets>(describedRoutes(jsPets));

export const requests = [
  petsApi("POST /pets", { name: "Rex", dryRun: true, headers: { "X-Request-Id": "r-1" } }),
  jsPetsApi("GET /pets", { tags: ["dog"], limit: 5 }),
  licensingApi("GET /licensee/{licenseeNumber}", { licenseeNumber: "L1" }),
  notesApi("GET /notes/{id}", { id: 7, full: true }),
  // Without openapi-typescript's emptyObjectsUnknown, the free-form body would be Record<string, never>.
  notesApi("POST /notes/{id}", { id: 7, data: { title: "any key", pinned: true } }),
];
// @ts-expect-error dryRun is a boolean in the description
petsApi("POST /pets", { name: "Rex", dryRun: "yes", headers: { "X-Request-Id": "r-1" } });
// @ts-expect-error licenseeNumber is required
licensingApi("GET /licensee/{licenseeNumber}", {});
// @ts-expect-error the route is not in the Swagger 2.0 description
licensingApi("GET /licensees", {});
// @ts-expect-error id is an integer
notesApi("GET /notes/{id}", { id: "seven" });
for (const request of requests) console.log(request.method, request.url);
`;

/** tsc's errors (`file(line,col): error TSnnnn`) for the consumer under `tsc`, strict, nodenext. */
async function typeErrors(tsc: string): Promise<string> {
  return promisify(execFile)(process.execPath, [tsc, "-p", join(work, "tsconfig.json"), "--pretty", "false"], { cwd: work }).then(
    () => "",
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
}

let runs: { status: number; stdout: string; stderr: string }[];

beforeAll(async () => {
  ensureBuilt();
  writeFileSync(join(work, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  mkdirSync(join(work, "node_modules"));
  symlinkSync(root, join(work, "node_modules/endpointkit"), "dir");
  writeFileSync(join(work, "netlicensing.json"), NETLICENSING);
  writeFileSync(join(work, "notes.json"), JSON.stringify(OPENAPI_32));
  writeFileSync(join(work, "consumer.ts"), CONSUMER);
  const petstore = join(root, "examples/own-api/petstore.yaml");
  runs = await Promise.all([
    endpointkit("openapi", petstore, "-o", join(work, "pets.ts")),
    endpointkit("openapi", join(work, "netlicensing.json"), "-o", join(work, "licensing.ts")),
    endpointkit("openapi", join(work, "notes.json"), "-o", join(work, "notes.ts")),
    endpointkit("openapi", petstore, "-o", join(work, "pets-js.js")),
  ]);
  const compilerOptions = { module: "nodenext", moduleResolution: "nodenext", target: "ES2022", lib: ["ES2022", "DOM"], types: [], strict: true, noEmit: true };
  writeFileSync(join(work, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["consumer.ts"] }));
}, 120_000);

describe("endpointkit openapi FILE -o api.ts", () => {
  it("writes the table and openapi-typescript's types in one module, for OpenAPI 3 and Swagger 2.0", () => {
    for (const result of runs) expect(result).toMatchObject({ status: 0, stdout: "" });
    for (const file of ["pets.ts", "licensing.ts", "notes.ts", "pets-js.d.ts"]) {
      const text = readFileSync(join(work, file), "utf8");
      expect(text, file).toMatch(/^const table: |^declare const table: /m);
      expect(text, file).toMatch(/^export interface paths \{$/m);
    }
    // The .js module stays the table alone: types have no run-time part.
    expect(readFileSync(join(work, "pets-js.js"), "utf8")).not.toContain("interface paths");
  });

  it("wrote examples/own-api/api.js and api.d.ts, the module the README's calls import (regenerate them when this fails)", async () => {
    const ownApi = join(root, "examples/own-api");
    const result = await endpointkitWith({ cwd: ownApi }, "openapi", "petstore.yaml", "-o", join(work, "own-api.js"));
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(readFileSync(join(work, "own-api.js"), "utf8")).toBe(readFileSync(join(ownApi, "api.js"), "utf8"));
    expect(readFileSync(join(work, "own-api.d.ts"), "utf8")).toBe(readFileSync(join(ownApi, "api.d.ts"), "utf8"));
  });

  it("converts NetLicensing's Swagger 2.0 with swagger2openapi's patches, and says so", async () => {
    // The description swagger2openapi refuses without --patch (a collectionFormat on a parameter that is no array).
    // By a name in a variable, as the command loads it: the package ships no types.
    const converter = "swagger2openapi";
    const { convertObj } = (await import(converter)) as { convertObj: (doc: unknown, options: object) => Promise<unknown> };
    await expect(convertObj(JSON.parse(NETLICENSING), { patch: false })).rejects.toThrow(/collectionFormat/);
    expect(runs[1]!.stderr).toMatch(/warning: the Swagger 2\.0 description ".*netlicensing\.json" needed \d+ patch\(es\) to convert for its types/);
    const types = readFileSync(join(work, "licensing.ts"), "utf8");
    expect(types).toContain('"/licensee/{licenseeNumber}": {');
  });

  it("types a 3.2 description as 3.1 and names the routes left without a type", () => {
    expect(runs[2]!.stderr).toContain('is OpenAPI 3.2, which openapi-typescript reads as 3.1: "QUERY /notes/{id}", "COPY /notes/{id}" have no type in paths');
    // The table keeps them: it is read as 3.2.
    expect(readFileSync(join(work, "notes.ts"), "utf8")).toContain('"COPY /notes/{id}"');
  });

  it("type-checks typed calls on every module, and refuses wrong ones, under TypeScript 6 and 7", async () => {
    const [six, seven] = await Promise.all([typeErrors(join(root, "node_modules/typescript/bin/tsc")), typeErrors(join(root, "node_modules/typescript7/bin/tsc"))]);
    expect(six).toBe("");
    expect(seven).toBe("");
  }, 120_000);
});

describe("what -o needs, and what it refuses", () => {
  const PETS = JSON.stringify({ openapi: "3.1.0", info: { title: "p", version: "1" }, servers: [{ url: "https://p.example" }], paths: { "/p": { get: { responses: {} } } } });

  /** Runs the command in this process with the files of `files`, recording what it writes and what it loads. */
  async function runWith(argv: string[], files: Record<string, string>, load?: Io["load"]) {
    const written = new Map<string, string>();
    const loaded: string[] = [];
    const io: Io = {
      readFile: (path) => {
        if (!(path in files)) throw Object.assign(new Error("no such file"), { code: "ENOENT" });
        return new TextEncoder().encode(files[path]);
      },
      readStdin: async () => undefined,
      writeFile: (path, text) => void written.set(path, text),
      load: async (name) => {
        loaded.push(name);
        return load === undefined ? import(name) : load(name);
      },
    };
    return { outcome: await run(argv, io), written, loaded };
  }

  const notInstalled = (name: string) => Promise.reject(Object.assign(new Error(`Cannot find package '${name}' imported from /app/node_modules/endpointkit/dist/cli/paths-types.js`), { code: "ERR_MODULE_NOT_FOUND" }));

  it("says how to add openapi-typescript when it is missing, and writes nothing", async () => {
    const { outcome, written } = await runWith(["openapi", "pets.json", "-o", "api.ts"], { "pets.json": PETS }, notInstalled);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain('openapi-typescript, which is not installed: add it with "npm install --save-dev openapi-typescript"');
    expect(outcome.stderr).toContain("--table-only");
    expect(written.size).toBe(0);
  });

  it("says how to add swagger2openapi when a Swagger 2.0 description needs it", async () => {
    const { outcome, written } = await runWith(["openapi", "nl.json", "-o", "api.ts"], { "nl.json": NETLICENSING }, notInstalled);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain('converted for its types by swagger2openapi, which is not installed: add it with "npm install --save-dev swagger2openapi"');
    expect(written.size).toBe(0);
  });

  it("refuses --table-only without -o: the printed module has no types to leave out", async () => {
    const { outcome, loaded } = await runWith(["openapi", "pets.json", "--table-only"], { "pets.json": PETS });
    expect(outcome).toMatchObject({ exitCode: 2, stdout: "" });
    expect(outcome.stderr).toContain("--table-only goes with -o FILE");
    expect(loaded).toEqual([]);
  });

  it("writes the table alone with --table-only, loading neither tool", async () => {
    const { outcome, written, loaded } = await runWith(["openapi", "nl.json", "--table-only", "-o", "api.ts"], { "nl.json": NETLICENSING }, notInstalled);
    expect(outcome).toMatchObject({ exitCode: 0, stderr: "" });
    expect(loaded).toEqual([]);
    expect(written.get("api.ts")).toMatch(/^const table: /m);
    expect(written.get("api.ts")).not.toContain("interface paths");
  });

  it("reports a conversion the converter refuses as the input refused (exit 1), naming the tool, and writes nothing", async () => {
    const failing = async (name: string) =>
      name === "swagger2openapi" ? { convertObj: () => Promise.reject(new Error("Unsupported swagger/OpenAPI version: 2.0")) } : import(name);
    const { outcome, written } = await runWith(["openapi", "nl.json", "-o", "api.ts"], { "nl.json": NETLICENSING }, failing);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toContain('swagger2openapi cannot convert the Swagger 2.0 description "nl.json" to OpenAPI 3 for its types: Unsupported swagger/OpenAPI version: 2.0');
    expect(written.size).toBe(0);
  });

  it("refuses a $ref to another file or a URL before any tool runs, so nothing is read or fetched", async () => {
    for (const ref of ["https://evil.example/schema.json", "../../secrets.yaml#/x"]) {
      const document = JSON.parse(PETS) as { paths: { "/p": { get: object } } };
      document.paths["/p"].get = { responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: ref } } } } } };
      const { outcome, written, loaded } = await runWith(["openapi", "pets.json", "-o", "api.ts"], { "pets.json": JSON.stringify(document) });
      expect(outcome.exitCode).toBe(1);
      expect(outcome.stderr).toContain(`has the $ref "${ref}", which is not local`);
      expect(loaded).toEqual([]);
      expect(written.size).toBe(0);
    }
  });

  it("writes a format character of the description as an escape in the types too", async () => {
    const document = JSON.parse(PETS) as { paths: Record<string, unknown> };
    document.paths = { "/files/\u202e{name}": { get: { description: "a\u2028b", parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }], responses: {} } } };
    const { outcome, written } = await runWith(["openapi", "f.json", "-o", "api.ts"], { "f.json": JSON.stringify(document) });
    expect(outcome.exitCode).toBe(0);
    const text = written.get("api.ts")!;
    expect(text).toMatch(/^export interface paths \{$/m);
    expect(text).not.toMatch(/[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/u);
    expect(text.split("/files/\\u202e{name}").length).toBeGreaterThan(2); // in the table and in paths
  });
});

