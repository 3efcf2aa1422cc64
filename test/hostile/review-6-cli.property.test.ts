// The command-line findings of a sixth adversarial review (issue 30's request for a review of fromOpenApi and the
// command line by someone who did not write them): its first four describe blocks, each failing on the code it was
// written against. Each states the promise it checks: SECURITY.md (aliases resolve at most 1,000 times per document)
// and docs/cli.md (the printed module "holds data only", merge keys "may copy at most 100,000 values", -o never
// overwrites the description). Its fromOpenApi() findings are in review-6.property.test.ts.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromOpenApi } from "../../src/openapi/index.js";
import { run, type Io } from "../../src/cli/run.js";

// Inside the package, so that the module's import of "endpointkit/openapi" resolves (a package imports itself by name).
mkdirSync(join(process.cwd(), ".cache"), { recursive: true });
const dir = mkdtempSync(join(process.cwd(), ".cache", "endpointkit-review6-"));
let imported = 0;

/** The io of a run where every path names `text`. */
function ioOf(text: string): Io {
  return { readFile: () => new TextEncoder().encode(text), readStdin: async () => undefined };
}

/** Imports module text as an ES module, as an application shipping the printed table would. */
async function importModule(text: string): Promise<unknown> {
  const file = join(dir, `table${imported++}.mjs`);
  writeFileSync(file, text);
  return ((await import(pathToFileURL(file).href)) as { default: unknown }).default;
}

/** A value as a tree of own enumerable keys, prototypes left out (a `__proto__` that set one shows up missing). */
function ownTree(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(ownTree);
  return Object.keys(value).map((key) => [key, ownTree((value as Record<string, unknown>)[key])]);
}

describe("the printed module is the table fromOpenApi() returns (docs/cli.md: data only, `__proto__` a key)", () => {
  const base = { openapi: "3.0.3", servers: [{ url: "https://api.example" }] };

  it('a path ending in `"__proto__` makes a module that imports, and equals fromOpenApi()', async () => {
    // The key is JSON `"GET /a\"__proto__":`, whose end moduleData() rewrites to `\["__proto__"]:`: the backslash
    // then escapes "[" and the string closes early, a SyntaxError on import.
    const document = { ...base, paths: { '/a"__proto__': { get: { responses: {} } } } };
    const { exitCode, stdout } = await run(["openapi", "api.json"], ioOf(JSON.stringify(document)));
    expect(exitCode).toBe(0);
    const table = await importModule(stdout);
    expect(ownTree(table)).toEqual(ownTree(fromOpenApi(document)));
  });

  it("property: any key made of quotes, backslashes, colons and `__proto__` (paths, encoding entries) round-trips", async () => {
    const piece = fc.constantFrom('"', "\\", ":", "__proto__", '"__proto__', "a", "]", "[", "\u2028", "\ud800", "\u202e", "\\u2028");
    const key = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(key, key, async (path, field) => {
        const document = {
          ...base,
          paths: {
            [`/${path.replaceAll(/[{}]/g, "")}`]: {
              post: {
                requestBody: { content: { "multipart/form-data": { schema: { type: "object" }, encoding: { [field]: { contentType: "application/json" } } } } },
                responses: {},
              },
            },
          },
        };
        const { exitCode, stdout } = await run(["openapi", "api.json"], ioOf(JSON.stringify(document)));
        expect(exitCode).toBe(0);
        expect(ownTree(await importModule(stdout))).toEqual(ownTree(fromOpenApi(document)));
      }),
      { numRuns: 40 },
    );
  });
});

describe("-o never overwrites the description (docs/cli.md: the description's own file is refused)", () => {
  it("-o api.js beside a description named api.d.ts (and .mjs beside .d.mts) is refused before anything is written", async () => {
    for (const [output, description] of [["api.js", "api.d.ts"], ["api.mjs", "./api.d.mts"]] as const) {
      const written: string[] = [];
      const io: Io = { ...ioOf('openapi: 3.0.3\nservers: [{url: "https://api.example"}]\npaths: {}\n'), writeFile: (path) => void written.push(path) };
      const { exitCode, stderr } = await run(["openapi", "-o", output, description], io);
      expect(exitCode).toBe(2);
      expect(stderr).toMatch(/overwrite the description/);
      expect(written).toEqual([]);
    }
  });
});

describe("YAML merge keys through an alias of a list (docs/cli.md: at most 100,000 values copied, refused at once)", () => {
  it("`<<: *S` where S is a list of aliases of one map copies that map once per alias at every merge: refused", async () => {
    // 10 aliases of a 2,000-value map, merged 60 times through one alias of the list: 1,200,000 values copied (610
    // alias resolutions, within the parser's 1,000). The walk counts each merge as the list's 11 nodes.
    const entries = Array.from({ length: 2000 }, (_, i) => `k${i}: ${i}`).join(", ");
    const merges = Array.from({ length: 60 }, (_, i) => `  m${i}: {<<: *S}`).join("\n");
    const yaml = `%YAML 1.1\n---\nopenapi: 3.0.3\nx-a: &A {${entries}}\nx-s: &S [${Array(10).fill("*A").join(", ")}]\nx-m:\n${merges}\nservers: [{url: "https://api.example"}]\npaths: {}\n`;
    const { exitCode, stderr } = await run(["openapi", "api.yaml"], ioOf(yaml));
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/merge keys \(<<\) copy \d+ values/);
  });
});

describe("YAML aliases (SECURITY.md: aliases resolve at most 1,000 times)", () => {
  it("two anchored lists of 600 aliases each, each aliased once, resolve 1,202 aliases: refused", async () => {
    // The parser's maxAliasCount bounds the uses of each anchor (times the aliases inside it), not of the document:
    // here every anchor is used twice (1,202 resolutions). Each alias inside an anchored list also makes the parser
    // walk the whole document once (its alias count), so the time grows with the square of the lists: 0.8 s for this
    // file; with lists of 1,000, 6.2 s for five (45 kB), 19.7 s for ten (80 kB), 85.5 s for twenty (149 kB). One
    // list of 999 aliases after 100,000 anchors (1.8 MB, within the limit) takes 28 s.
    const anchors = Array.from({ length: 600 }, (_, i) => `&a${i} ${i}`).join(", ");
    const list = Array.from({ length: 600 }, (_, i) => `*a${i}`).join(", ");
    const lists = [0, 1].map((j) => `x-s${j}: &S${j} [${list}]\nx-t${j}: *S${j}\n`).join("");
    const yaml = `openapi: 3.0.3\nservers: [{url: "https://api.example"}]\nx-a: [${anchors}]\n${lists}paths: {}\n`;
    const { exitCode, stderr } = await run(["openapi", "api.yaml"], ioOf(yaml));
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(/alias/i);
  });
});
