// Every JavaScript and TypeScript block of README.md and of docs/*.md, run as a user would paste it: against the built
// package through its public name (`endpointkit`, resolved by the package's self-reference), in its own Node process,
// with requests sent to a loopback server. A value shown in a comment after a statement (`expr; // "value"`) is
// asserted. A block marked `<!-- readme-test: in (dir) -->` runs in that directory of the repository (an example's
// files beside it) and, when it is TypeScript, is first type-checked there, strict, under the module resolutions
// node16, nodenext and bundler: a block that only transpiles could name a module or a type that does not exist.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRecordingServer, type RecordingServer } from "./clients/server.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const preload = fileURLToPath(new URL("./readme/loopback-preload.mjs", import.meta.url));
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
/** The documents whose blocks run: the README and every page of docs/. */
const DOCUMENTS = ["README.md", ...readdirSync(new URL("../docs/", import.meta.url)).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

interface Block {
  language: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The reason given by a `<!-- readme-test: skip (reason) -->` line right above the fence, if any. */
  skip: string | undefined;
  /** The directory given by a `<!-- readme-test: in (dir) -->` line right above the fence, if any. */
  directory: string | undefined;
}

const RUNNABLE = new Set(["js", "javascript", "mjs", "ts", "typescript"]);
const NOT_CODE = new Set(["", "sh", "json", "text", "yaml"]);
const SKIP_MARKER = /^<!-- readme-test: skip \((.+)\) -->$/;
const IN_MARKER = /^<!-- readme-test: in \(([\w./-]+)\) -->$/;

/** The fenced blocks of a Markdown text, with the marker above each. */
function fencedBlocks(markdown: string, name = "README.md"): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)$/.exec(lines[i]!);
    if (open === null) continue;
    const close = lines.indexOf("```", i + 1);
    if (close === -1) throw new Error(`${name}:${i + 1}: unclosed code fence`);
    const above = i > 0 ? lines[i - 1]! : "";
    blocks.push({ language: open[1]!, code: lines.slice(i + 1, close).join("\n"), line: i + 1, skip: SKIP_MARKER.exec(above)?.[1], directory: IN_MARKER.exec(above)?.[1] });
    i = close;
  }
  return blocks;
}

const LITERAL_START = /^(["'`[{\d-]|true\b|false\b|null\b|undefined\b)/;

/** The comment that states a statement's result: on its own line, or on the lines right below it. */
function resultComment(code: string, end: number): string | undefined {
  const rest = code.slice(end);
  const sameLine = /^[ \t]*\/\/ ?(.*)/.exec(rest.slice(0, rest.indexOf("\n") === -1 ? undefined : rest.indexOf("\n")));
  let text: string;
  if (sameLine !== null) text = sameLine[1]!;
  else {
    const below: string[] = [];
    for (const line of rest.split("\n").slice(1)) {
      const comment = /^\/\/ ?(.*)$/.exec(line);
      if (comment === null) break;
      below.push(comment[1]!);
    }
    text = below.join("\n");
  }
  text = text.trim();
  return LITERAL_START.test(text) ? text : undefined;
}

/** Rewrites `expr; // value` (and a variable declared with a value shown below it) into an assertion. */
function withAssertions(code: string, typescript: boolean): { code: string; assertions: number } {
  const source = ts.createSourceFile(typescript ? "block.ts" : "block.js", code, ts.ScriptTarget.Latest, true, typescript ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  let out = "";
  let from = 0;
  let assertions = 0;
  for (const statement of source.statements) {
    const expected = resultComment(code, statement.end);
    if (expected === undefined) continue;
    const line = source.getLineAndCharacterOfPosition(statement.getStart()).line + 1;
    if (ts.isExpressionStatement(statement)) {
      out += code.slice(from, statement.getStart()) + `__expectResult((${statement.expression.getText()}), (${expected}), ${line});`;
    } else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1 && ts.isIdentifier(statement.declarationList.declarations[0]!.name)) {
      out += code.slice(from, statement.end) + ` __expectResult(${statement.declarationList.declarations[0]!.name.text}, (${expected}), ${line});`;
    } else continue;
    from = statement.end;
    assertions++;
  }
  return { code: out + code.slice(from), assertions };
}

const PRELUDE = `import { deepStrictEqual as __deepStrictEqual } from "node:assert";
const __expectResult = (actual, expected, line) => __deepStrictEqual(actual, expected, \`block line \${line}: the result differs from its comment\`);
`;

/** Runs module code in a child Node process started in `directory`; resolves with its exit status and output. */
function runModule(code: string, loopback: string, directory = root): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", preload, "--input-type=module"], {
      cwd: directory,
      env: { ...process.env, README_LOOPBACK: loopback, GITHUB_TOKEN: "ghp_readme_test" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output }));
    child.stdin.end(code);
  });
}

const RESOLUTIONS = [
  { moduleResolution: ts.ModuleResolutionKind.Node16, module: ts.ModuleKind.Node16 },
  { moduleResolution: ts.ModuleResolutionKind.NodeNext, module: ts.ModuleKind.NodeNext },
  { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext },
];

/** Type-checks a TypeScript block as a file of `directory` (never written to disk); returns tsc's messages. */
function typeCheck(code: string, directory: string, resolution: (typeof RESOLUTIONS)[number]): string[] {
  const file = `${directory}/readme-block.ts`;
  const options: ts.CompilerOptions = {
    ...resolution,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) => (name === file ? ts.createSourceFile(name, code, version) : getSourceFile.call(host, name, version, ...rest));
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? code : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => `${diagnostic.file?.fileName.slice(root.length) ?? ""} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
}

for (const document of DOCUMENTS) {
  const text = document === "README.md" ? readme : readFileSync(root + document, "utf8");
  const blocks = fencedBlocks(text, document);

  describe(`${document} code blocks`, () => {
    let server: RecordingServer;
    beforeAll(async () => {
      server = await startRecordingServer();
    });
    afterAll(() => server.close());

    it("has only blocks this test knows how to treat, and a reason on every skip", () => {
      for (const block of blocks) {
        expect(RUNNABLE.has(block.language) || NOT_CODE.has(block.language), `${document}:${block.line}: language "${block.language}"`).toBe(true);
      }
      expect(text.split("\n").filter((line) => line.startsWith("<!-- readme-test") && !SKIP_MARKER.test(line) && !IN_MARKER.test(line))).toEqual([]);
      if (document === "README.md") expect(blocks.filter((block) => RUNNABLE.has(block.language) && block.skip === undefined).length).toBeGreaterThanOrEqual(5);
    });

    for (const block of blocks.filter((candidate) => RUNNABLE.has(candidate.language))) {
      const title = `${document}:${block.line} (${block.language}) ${block.code.split("\n").find((line) => line !== "" && !line.startsWith("import "))?.slice(0, 60)}`;
      if (block.skip !== undefined) {
        it.skip(`${title} -- skipped: ${block.skip}`, () => {});
        continue;
      }
      const typescript = block.language === "ts" || block.language === "typescript";
      const directory = block.directory === undefined ? root : `${root}${block.directory}`;
      if (typescript && block.directory !== undefined) {
        it(`type-checks ${title} in ${block.directory}`, { timeout: 60_000 }, () => {
          for (const resolution of RESOLUTIONS) {
            expect(typeCheck(block.code, directory, resolution), `moduleResolution ${ts.ModuleResolutionKind[resolution.moduleResolution]}`).toEqual([]);
          }
        });
      }
      it(`runs ${title}`, { timeout: 20_000 }, async () => {
        const asserted = withAssertions(block.code, typescript);
        const code = typescript
          ? ts.transpileModule(asserted.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } }).outputText
          : asserted.code;
        const sends = /\bfetch\(|from "node:https?"|from "undici"/.test(block.code);
        const { status, output } = await runModule(PRELUDE + code, server.origin, directory);
        expect(output).toBe("");
        expect(status).toBe(0);
        if (sends) {
          const arrived = server.take();
          expect(arrived.path).toMatch(/^\/[^{}]*$/);
          expect(arrived.headers["user-agent"]).toMatch(/^endpointkit\//);
        }
      });
    }

    if (document === "README.md") {
      it("checks the results its blocks show in comments", () => {
        const assertions = blocks
          .filter((block) => RUNNABLE.has(block.language) && block.skip === undefined)
          .reduce((sum, block) => sum + withAssertions(block.code, block.language.startsWith("t")).assertions, 0);
        expect(assertions).toBeGreaterThanOrEqual(4);
      });
    }
  });
}

describe("the README's Quick start", () => {
  const section = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("\n## ", readme.indexOf("## Quick start") + 1));
  const shellBlocks = fencedBlocks(section).filter((block) => block.language === "sh");

  it("is one sh block: install, the CLI on a real route, the tests", () => {
    expect(shellBlocks).toHaveLength(1);
    const lines = shellBlocks[0]!.code.split("\n");
    expect(lines[0]).toBe("npm install");
    expect(lines[2]).toBe("npm test");
    expect(lines).toHaveLength(3);
  });

  it("runs the CLI without npx (whose first run rebuilds the package), printing request options", () => {
    const command = shellBlocks[0]!.code.split("\n")[1]!;
    expect(command).toMatch(/^node dist\/cli\/main\.js "GET \/repos\//);
    const result = spawnSync("sh", ["-c", command], { cwd: root, encoding: "utf8" });
    expect(result.stderr).toBe("");
    const printed = JSON.parse(result.stdout) as { method: string; url: string };
    expect(printed.method).toBe("get");
    expect(printed.url).toMatch(/^https:\/\/api\.github\.com\/repos\/[^{}]+$/);
  });
});

describe("the README's CommonJS statement", () => {
  // require(esm) is on by default from Node 20.19 (20.x) and 22.12; earlier versions throw ERR_REQUIRE_ESM.
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  const unflagged = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 23;

  it(`require("endpointkit") ${unflagged ? "works" : "fails"} on Node ${process.versions.node}`, () => {
    const result = spawnSync(process.execPath, ["-e", `const { endpoint } = require("endpointkit"); process.stdout.write(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url);`], { cwd: root, encoding: "utf8" });
    if (unflagged) expect(result.stdout).toBe("https://api.github.com/repos/o/r");
    else expect(result.stderr).toContain("ERR_REQUIRE_ESM");
  });
});

describe("the documentation's links", () => {
  /** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens. */
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
  const anchors = (path: string) =>
    new Set(
      readFileSync(root + path, "utf8")
        .replace(/^```[\s\S]*?^```$/gm, "")
        .split("\n")
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => slug(line.replace(/^#+ /, ""))),
    );
  const pages = [...DOCUMENTS, "examples/README.md", ...["github-fetch", "own-api", "octokit"].map((name) => `examples/${name}/README.md`), "CHANGELOG.md"];

  it.each(pages)("%s links only to files and headings the repository holds", (page) => {
    // Code is not a link: fenced blocks, and inline code (docs/regex-audit.md's expressions hold "](").
    const text = readFileSync(root + page, "utf8")
      .replace(/^```[\s\S]*?^```$/gm, "")
      .replace(/`[^`\n]*`/g, "");
    const base = page.includes("/") ? page.slice(0, page.lastIndexOf("/") + 1) : "";
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [file, anchor] = target!.split("#") as [string, string | undefined];
      const path = file === "" ? page : new URL(file, `file:///${base}`).pathname.slice(1).replace(/\/$/, "");
      const exists = spawnSync("test", ["-e", root + path]).status === 0;
      if (!exists) broken.push(`${target} (no ${path})`);
      else if (anchor !== undefined && path.endsWith(".md") && !anchors(path).has(anchor)) broken.push(`${target} (no heading #${anchor})`);
    }
    expect(broken).toEqual([]);
  });

  // The maintainers' working documents and issue tracker numbers are outside the package: a reader cannot follow them.
  // Every shipped document states the rule itself, or links a file of the repository.
  it.each([...DOCUMENTS, "SECURITY.md", "CHANGELOG.md"])("%s names no document or issue a user cannot open", (page) => {
    expect(readFileSync(root + page, "utf8")).not.toMatch(/DECISIONS|SPEC\.md|\.\.\/shared|\bissues? #?[0-9]+\b/);
  });
});

describe("the shipped documents' size and place", () => {
  // A reader wants the promises and today's figures; the history of each is in git.
  it.each([
    ["SECURITY.md", 20_000],
    ["docs/performance.md", 15_000],
  ] as const)("%s stays under %i bytes", (page, limit) => {
    expect(Buffer.byteLength(readFileSync(root + page, "utf8"))).toBeLessThanOrEqual(limit);
  });

  it("holds no working notes at the root: of .md and .txt files, only README, CHANGELOG and SECURITY", () => {
    const tracked = spawnSync("git", ["ls-files"], { cwd: root, encoding: "utf8" });
    const files = tracked.status === 0 ? tracked.stdout.split("\n") : readdirSync(root);
    const notes = files.filter((name) => !name.includes("/") && /\.(md|txt)$/i.test(name));
    expect(notes.sort()).toEqual(["CHANGELOG.md", "README.md", "SECURITY.md"]);
  });
});

describe("the README's layout", () => {
  const headings = readme.split("\n").filter((line) => line.startsWith("## ")).map((line) => line.slice(3));

  it("stays under 25,000 bytes: a way in, with the reference in docs/", () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(25_000);
  });

  it("opens with a table of contents that links every section", () => {
    const contents = readme.slice(0, readme.indexOf("\n## "));
    for (const heading of headings) {
      const anchor = heading.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
      expect(contents, heading).toContain(`(#${anchor})`);
    }
  });

  it("lists the deliberate differences from @octokit/endpoint, numbered 1 to 17 without a gap", () => {
    const start = readme.indexOf("## Deliberate differences from `@octokit/endpoint`");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    const numbers = [...section.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1]));
    expect(numbers).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
  });

  it("states the TypeScript floor that scripts/test-consumer.mjs checks", () => {
    const script = readFileSync(new URL("../scripts/test-consumer.mjs", import.meta.url), "utf8");
    const floor = /"typescript-(\d+\.\d+)": "npm:typescript@\1\.\d+"[^\n]*\n\s*"typescript-(\d+\.\d+)"/.exec(script);
    expect(floor?.[2]).toBe("5.4");
    expect(readme).toContain(`**TypeScript ${floor![2]} or later**`);
  });
});
