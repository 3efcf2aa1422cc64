// Editors complete a described endpoint's routes and enum values (issue 16). Runs TypeScript's language service,
// the one editors use, on a small file: the completions must list the description's routes where a route goes and
// an enum's members where its value goes. (A route parameter typed as an intersection once hid every route.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const file = join(root, "test/types/completion-fixture.ts");
const text = `import type { paths } from "@octokit/openapi-types";
import { endpoint } from "../../src/index.js";
const github = endpoint.defaults<paths>({});
github("/*route*/");
github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "/*state*/" });
github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", /*body*/ });
github.defaults({ owner: "o" }).merge("/*merge*/");
`;

const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} });
const service = ts.createLanguageService({
  getScriptFileNames: () => [file],
  getScriptVersion: () => "1",
  getScriptSnapshot: (name) => {
    if (name === file) return ts.ScriptSnapshot.fromString(text);
    return ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(readFileSync(name, "utf8")) : undefined;
  },
  getCurrentDirectory: () => root,
  getCompilationSettings: () => config!.options,
  getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
});

/** The names the editor offers at a marker such as `/*route*\/`. */
function completions(marker: string): string[] {
  const entries = service.getCompletionsAtPosition(file, text.indexOf(`/*${marker}*/`), {})?.entries ?? [];
  return entries.map((entry) => entry.name);
}

describe("completions on an endpoint typed by GitHub's description", () => {
  it("lists every route where a route goes", () => {
    const routes = completions("route");
    expect(routes).toContain("GET /repos/{owner}/{repo}/issues");
    expect(routes).toContain("POST /markdown/raw");
    expect(routes.filter((name) => /^[A-Z]+ \//.test(name)).length).toBeGreaterThan(1000);
  }, 60_000);

  it("lists an enum's members where its value goes", () => {
    expect(completions("state").sort()).toEqual(["all", "closed", "open"]);
  }, 60_000);

  it("lists the body's properties beside the path parameters", () => {
    expect(completions("body")).toEqual(expect.arrayContaining(["title", "body", "labels", "assignees", "data", "headers"]));
  }, 60_000);

  it("lists the routes on an endpoint with more defaults, in merge() too", () => {
    expect(completions("merge")).toContain("GET /repos/{owner}/{repo}");
  }, 60_000);
});
