// The openapi command and --openapi (src/cli/openapi.ts), run as the built command.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { endpointkit, ensureBuilt } from "./cli.js";

const dir = mkdtempSync(join(tmpdir(), "endpointkit-openapi-"));
const yamlFile = join(dir, "pets.yaml");
// YAML with an anchor and alias, which only a YAML parser reads.
writeFileSync(
  yamlFile,
  `openapi: 3.0.3
servers: [{ url: "https://api.example" }]
paths:
  /pets:
    post:
      parameters: [{ name: dryRun, in: query }]
      requestBody: &body { content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } } }
      responses: {}
  /cats:
    post: { requestBody: *body, responses: {} }
`,
);
const swagger = join(dir, "swagger.json");
writeFileSync(swagger, JSON.stringify({ swagger: "2.0", paths: {} }));

beforeAll(ensureBuilt, 240_000);

describe("endpointkit openapi", () => {
  it("prints an ES module whose default export endpoint.defaults() takes", async () => {
    const { status, stdout } = await endpointkit("openapi", yamlFile);
    expect(status).toBe(0);
    // Inside the package, so that the module's import of "endpointkit/openapi" resolves (a package imports itself).
    mkdirSync(join(process.cwd(), ".cache"), { recursive: true });
    const moduleFile = join(mkdtempSync(join(process.cwd(), ".cache", "openapi-")), "table.mjs");
    writeFileSync(moduleFile, stdout);
    const table = ((await import(pathToFileURL(moduleFile).href)) as { default: { baseUrl: string } }).default;
    expect(table.baseUrl).toBe("https://api.example");
    const { endpoint } = await import("endpointkit");
    const { describedRoutes } = await import("endpointkit/openapi");
    expect(endpoint.defaults(table)("POST /cats", { name: "Tom" }).body).toEqual({ name: "Tom" });
    expect(endpoint.defaults(describedRoutes(table))("POST /cats", { name: "Tom" }).body).toEqual({ name: "Tom" });
  });

  it("reports a Swagger 2.0 description and a missing file", async () => {
    const refused = await endpointkit("openapi", swagger);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("Swagger 2.0");
    expect((await endpointkit("openapi", join(dir, "none.yaml"))).status).toBe(2);
    expect((await endpointkit("openapi")).status).toBe(2);
  });
});

describe("endpointkit --openapi", () => {
  it("builds a described route: a query parameter of a POST goes to the query", async () => {
    const { status, stdout } = await endpointkit("--ignore-stdin", "--openapi", yamlFile, "POST /pets", "name=Rex", "dryRun:=true");
    expect(status).toBe(0);
    const request = JSON.parse(stdout) as { url: string; body: unknown };
    expect(request.url).toBe("https://api.example/pets?dryRun=true");
    expect(request.body).toEqual({ name: "Rex" });
  });

  it("refuses a key the description does not have", async () => {
    const { status, stderr } = await endpointkit("--ignore-stdin", "--openapi", yamlFile, "POST /pets", "nope=1");
    expect(status).toBe(1);
    expect(stderr).toContain('"nope"');
  });
});
