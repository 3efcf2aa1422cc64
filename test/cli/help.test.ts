// The command line's own edges (issue 33): help that fits an 80-column terminal, one usage line per command, messages
// as text, and messages in the command line's words (its flags, not the library's options).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT_UNEXPECTED, run } from "../../src/cli/run.js";
import { endpointkit, ensureBuilt } from "./cli.js";

const dir = mkdtempSync(join(tmpdir(), "endpointkit-help-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(ensureBuilt, 240_000);

/** Writes `text` to `name` in the scratch directory and returns its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The lines of `text` wider than 80 columns (each character of the help is one column wide). */
function wide(text: string): string[] {
  return text.split("\n").filter((line) => [...line].length > 80);
}

const MAIN_USAGE = "Usage: endpointkit [options] <route> [item ...]";
const OPENAPI_USAGE = "Usage: endpointkit openapi [options] <description.json|.yaml>";

describe.concurrent("help", () => {
  it.for([
    ["endpointkit --help", ["--help"], MAIN_USAGE],
    ["endpointkit -h", ["-h"], MAIN_USAGE],
    ["endpointkit openapi --help", ["openapi", "--help"], OPENAPI_USAGE],
    ["endpointkit openapi -h, whatever follows", ["openapi", "-h", "--bogus"], OPENAPI_USAGE],
  ] as const)("%s fits 80 columns, starts with its usage line, and exits 0", async ([, args, usage], { expect }) => {
    const result = await endpointkit(...args);
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(result.stdout.startsWith(`${usage}\n`)).toBe(true);
    expect(wide(result.stdout)).toEqual([]);
  });

  it("the openapi command's help names each of its flags", async ({ expect }) => {
    const { stdout } = await endpointkit("openapi", "--help");
    for (const flag of ["-o, --output FILE", "--table-only", "--server INDEX|URL", "--base-url URL", ".d.ts", ".d.mts"]) expect(stdout).toContain(flag);
  });
});

describe.concurrent("a usage error prints one usage line, its command's", () => {
  it.for([
    ["bare endpointkit", [], MAIN_USAGE, "endpointkit --help", /no route given/],
    ["bare endpointkit openapi", ["openapi"], OPENAPI_USAGE, "endpointkit openapi --help", /the openapi command needs a description file/],
    ["two descriptions", ["openapi", "a.yaml", "b.yaml"], OPENAPI_USAGE, "endpointkit openapi --help", /takes one description file/],
    ["an unknown flag of openapi", ["openapi", "--crul", "a.yaml"], OPENAPI_USAGE, "endpointkit openapi --help", /unknown option "--crul" of the openapi command: the options are --output/],
    ["a flag of openapi without its value", ["openapi", "a.yaml", "--server"], OPENAPI_USAGE, "endpointkit openapi --help", /--server needs a value/],
  ] as const)("%s", async ([, args, usage, help, message], { expect }) => {
    const result = await endpointkit(...args);
    expect(result).toMatchObject({ status: 2, stdout: "" });
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines[0]).toMatch(message);
    expect(lines.slice(1)).toEqual([usage, `Try "${help}".`]);
    expect(wide(lines.slice(1).join("\n"))).toEqual([]);
  });
});

describe.concurrent("messages are text", () => {
  it("a YAML syntax error says where, with no escape sequence standing for its line breaks", async ({ expect }) => {
    const broken = file("broken.yaml", "openapi: 3.1.0\npaths:\n  /a: {get: {responses: {}}\n  b: [\n");
    for (const args of [["openapi", broken], ["--ignore-stdin", "--openapi", broken, "GET /a"]]) {
      const result = await endpointkit(...args);
      expect(result).toMatchObject({ status: 2, stdout: "" });
      const [message, ...rest] = result.stderr.trimEnd().split("\n");
      expect(message).toMatch(/^endpointkit: the description ".*broken\.yaml" is not valid YAML: .* at line \d+, column \d+$/);
      expect(result.stderr).not.toMatch(/\\u00|\\n/);
      expect(rest).toHaveLength(2);
    }
  });

  it("a bug's report keeps the lines of its stack trace, each with its controls escaped", async ({ expect }) => {
    const io = { readFile: () => new Uint8Array(), readStdin: () => Promise.reject(new Error("first line\nsecond \u001b[31mline")) };
    const result = await run(["GET /x"], io);
    expect(result.exitCode).toBe(EXIT_UNEXPECTED);
    expect(result.stderr).toMatch(/^endpointkit: unexpected error \(a bug, .*\): Error: first line\nsecond \\u001b\[31mline\n {4}at /);
  });

  it("a JSON syntax error is one line of text", async ({ expect }) => {
    const result = await endpointkit("openapi", file("broken.json", '{\n  "openapi": "3.1.0",\n  paths\n}'));
    expect(result).toMatchObject({ status: 2, stdout: "" });
    expect(result.stderr).toMatch(/^endpointkit: the description ".*broken\.json" is not valid JSON: \S.*\n/);
    expect(result.stderr).not.toMatch(/\\u00|\\n/);
  });
});

describe.concurrent("errors name the command line's flags", () => {
  const relative = file("relative.yaml", 'openapi: 3.1.0\nservers: [{ url: "/v1" }]\npaths:\n  /pets: { get: { responses: {} } }\n');

  it.for([
    ["endpointkit openapi", ["openapi", relative]],
    ["endpointkit --openapi", ["--ignore-stdin", "--openapi", relative, "GET /pets"]],
  ] as const)("a relative server under %s asks for --base-url, not for fromOpenApi()'s option", async ([, args], { expect }) => {
    const result = await endpointkit(...args);
    expect(result).toMatchObject({ status: 1, stdout: "" });
    expect(result.stderr).toMatch(/^endpointkit: ERR_INVALID_BASE_URL: ".*relative\.yaml": .*"\/v1" is relative: pass --base-url https:\/\/host\b/);
    expect(result.stderr).not.toMatch(/fromOpenApi|options\.|\{ baseUrl/);
  });

  it("--base-url then resolves it", async ({ expect }) => {
    const result = await endpointkit("--ignore-stdin", "--openapi", relative, "--base-url", "https://pets.example", "GET /pets");
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect((JSON.parse(result.stdout) as { url: string }).url).toBe("https://pets.example/v1/pets");
  });

  it("with every server absolute, --base-url replaces it, as it replaces the default server of any route", async ({ expect }) => {
    const absolute = file("absolute.yaml", 'openapi: 3.1.0\nservers: [{ url: "https://pets.example/v1" }]\npaths:\n  /pets: { get: { responses: {} } }\n');
    const result = await endpointkit("--ignore-stdin", "--openapi", absolute, "--base-url", "https://staging.example/v2", "GET /pets");
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect((JSON.parse(result.stdout) as { url: string }).url).toBe("https://staging.example/v2/pets");
  });

  it("a --base-url that is not absolute is named as the flag, not as the library's baseUrl", async ({ expect }) => {
    const result = await endpointkit("--ignore-stdin", "--base-url", "ghe.example/api/v3", "GET /orgs");
    expect(result).toMatchObject({ status: 1, stdout: "" });
    expect(result.stderr).toMatch(/^endpointkit: ERR_INVALID_BASE_URL: GET \/orgs: --base-url "ghe\.example\/api\/v3" is not an absolute URL/);
  });

  it("a route the description lacks says what the command line does instead of naming fromOpenApi()'s undescribed option", async ({ expect }) => {
    const absolute = file("lacks.yaml", 'openapi: 3.1.0\nservers: [{ url: "https://pets.example/v1" }]\npaths:\n  /pets: { get: { responses: {} } }\n');
    const result = await endpointkit("--ignore-stdin", "--openapi", absolute, "GET /pest");
    expect(result).toMatchObject({ status: 1, stdout: "" });
    expect(result.stderr).toMatch(/^endpointkit: ERR_INVALID_ROUTE: GET \/pest: the API description has no route "GET \/pest"; nearest: "GET \/pets" \(without --openapi, a route is built by GitHub's rules\)\n$/);
    expect(result.stderr).not.toMatch(/fromOpenApi|undescribed|defaults\(\)/);
  });

  it("credentials refused for a --base-url off the described server name no library call", async ({ expect }) => {
    const secured = file(
      "secured.yaml",
      'openapi: 3.1.0\nservers: [{ url: "https://api.example/v1" }]\ncomponents: { securitySchemes: { token: { type: http, scheme: bearer } } }\nsecurity: [{ token: [] }]\npaths:\n  /items: { get: { responses: {} } }\n',
    );
    const token = file("token.txt", "t1");
    const result = await endpointkit("--ignore-stdin", "--openapi", secured, "--auth", `token=file:${token}`, "--base-url", "https://other.example", "GET /items");
    // Whether a --base-url pins the route is the credentials' rule; if it is refused, the hint is the command line's.
    if (result.status !== 0) {
      expect(result.stderr).toMatch(/^endpointkit: ERR_INVALID_BASE_URL: /);
      expect(result.stderr).not.toMatch(/fromOpenApi|defaults\(\)/);
    }
    expect(result.stderr).not.toContain("t1");
  });

  it("a server index the description does not have names --server", async ({ expect }) => {
    const result = await endpointkit("openapi", "--server", "3", relative);
    expect(result).toMatchObject({ status: 1, stdout: "" });
    expect(result.stderr).toMatch(/^endpointkit: ERR_INVALID_BASE_URL: .*--server 3 is not an index/);
    expect(result.stderr).not.toMatch(/fromOpenApi|options\./);
  });
});
