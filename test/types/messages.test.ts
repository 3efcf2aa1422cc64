// Typed-route errors must say which parameter is wrong, under TypeScript 6 (`typescript`) and TypeScript 7 (the
// native port, installed as `typescript7`): an error that only says "not assignable to string" leaves the user
// guessing (issue 14). Compiles the fixtures in test/types/messages/ and checks each marked line's diagnostics.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const fixtures = join(root, "test/types/messages");
const files = readdirSync(fixtures).filter((name) => name.endsWith(".ts")).map((name) => join(fixtures, name));
const work = mkdtempSync(join(tmpdir(), "endpointkit-messages-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const compilers = {
  "TypeScript 6": join(root, "node_modules/typescript/bin/tsc"),
  "TypeScript 7": join(root, "node_modules/typescript7/bin/tsc"),
};

/** The lines marked `// @names a b`: the line after the marker (1-based) and the names its error must quote. */
function expectations(file: string): { line: number; names: string[] }[] {
  const lines = readFileSync(file, "utf8").split("\n");
  return lines.flatMap((text, index) => {
    const marker = /^\s*\/\/ @names (.+)$/.exec(text);
    // Several names are separated by commas when one of them holds a space ("GET /pet"), by spaces otherwise.
    const list = marker?.[1]!.trim();
    return list ? [{ line: index + 2, names: list.includes(",") || !list.includes(" /") ? list.split(/\s*,\s*|\s+/) : [list] }] : [];
  });
}

/**
 * Runs one compiler over the fixtures; returns each diagnostic's text by file and line, with its elaboration and
 * related information ("The expected type comes from property 'petId'"), which only the pretty output prints.
 */
async function diagnostics(tsc: string): Promise<Map<string, string>> {
  const config = join(work, `tsconfig.${tsc.includes("typescript7") ? 7 : 6}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(root, "tsconfig.base.json"),
      compilerOptions: { noEmit: true, lib: ["ES2022"], types: [], pretty: true },
      files,
    }),
  );
  const output = await promisify(execFile)(process.execPath, [tsc, "-p", config, "--pretty"], { cwd: root }).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? "",
  );
  const byLine = new Map<string, string>();
  let key = "";
  // eslint-disable-next-line no-control-regex
  for (const text of output.replace(/\u001b\[[0-9;]*m/g, "").split("\n")) {
    const start = /^(\S.*?):(\d+):\d+ - error TS\d+: /.exec(text);
    if (/^Found \d+ error/.test(text)) key = "";
    if (start) key = `${join(root, start[1]!)}:${start[2]}`;
    // The quoted source lines ("13 petstore(...)") and their underlines would name anything the code names.
    if (/^\s*\d+ /.test(text) || /^\s*~+\s*$/.test(text)) continue;
    if (key) byLine.set(key, `${byLine.get(key) ?? ""}${text}\n`);
  }
  return byLine;
}

for (const [compiler, tsc] of Object.entries(compilers)) {
  describe(`typed-route errors under ${compiler}`, () => {
    const found = diagnostics(tsc);
    for (const file of files) {
      for (const { line, names } of expectations(file)) {
        it(`${file.slice(root.length + 1)}:${line} names ${names.join(" ")}`, async () => {
          const message = (await found).get(`${file}:${line}`);
          expect(message, "the line compiles, but it should fail").toBeDefined();
          for (const name of names) expect(message).toMatch(new RegExp(`['"]${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}['"]`));
        }, 60_000);
      }
    }
    it("reports a route the description lacks on the route argument, as that route, not on a 'this' context", async () => {
      const described = files.find((file) => file.endsWith("described.ts"))!;
      const misspelt = expectations(described).filter(({ names }) => names.length === 1 && names[0] === "GET /pet");
      expect(misspelt.length).toBeGreaterThan(0);
      for (const { line } of misspelt) {
        const message = (await found).get(`${described}:${line}`)!;
        expect(message).toMatch(/Argument of type '"GET \/pet"' is not assignable/);
        expect(message).toContain('NotInDescription<"GET /pet">');
        expect(message).not.toMatch(/'this' context/);
      }
    }, 60_000);
    it("reports no error on an unmarked line", async () => {
      const marked = new Set(files.flatMap((file) => expectations(file).map(({ line }) => `${file}:${line}`)));
      expect([...(await found).keys()].filter((key) => !marked.has(key))).toEqual([]);
    }, 60_000);
  });
}
