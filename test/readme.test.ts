// Every JavaScript and TypeScript block of README.md, run as a user would paste it: against the built package through
// its public name (`endpointkit`, resolved by the package's self-reference), in its own Node process, with requests
// sent to a loopback server. A value shown in a comment after a statement (`expr; // "value"`) is asserted.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRecordingServer, type RecordingServer } from "./clients/server.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const preload = fileURLToPath(new URL("./readme/loopback-preload.mjs", import.meta.url));
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

interface Block {
  language: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The reason given by a `<!-- readme-test: skip (reason) -->` line right above the fence, if any. */
  skip: string | undefined;
}

const RUNNABLE = new Set(["js", "javascript", "mjs", "ts", "typescript"]);
const NOT_CODE = new Set(["", "sh", "json", "text"]);
const SKIP_MARKER = /^<!-- readme-test: skip \((.+)\) -->$/;

/** The fenced blocks of a Markdown text, with the skip marker above each. */
function fencedBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)$/.exec(lines[i]!);
    if (open === null) continue;
    const close = lines.indexOf("```", i + 1);
    if (close === -1) throw new Error(`README.md:${i + 1}: unclosed code fence`);
    const above = i > 0 ? lines[i - 1]! : "";
    blocks.push({ language: open[1]!, code: lines.slice(i + 1, close).join("\n"), line: i + 1, skip: SKIP_MARKER.exec(above)?.[1] });
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

/** Runs module code in a child Node process started in the package root; resolves with its exit status and output. */
function runModule(code: string, loopback: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", preload, "--input-type=module"], {
      cwd: root,
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

const blocks = fencedBlocks(readme);

describe("README.md code blocks", () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());

  it("has only blocks this test knows how to treat, and a reason on every skip", () => {
    for (const block of blocks) {
      expect(RUNNABLE.has(block.language) || NOT_CODE.has(block.language), `README.md:${block.line}: language "${block.language}"`).toBe(true);
    }
    expect(readme.split("\n").filter((line) => line.startsWith("<!-- readme-test") && !SKIP_MARKER.test(line))).toEqual([]);
    expect(blocks.filter((block) => RUNNABLE.has(block.language) && block.skip === undefined).length).toBeGreaterThanOrEqual(5);
  });

  for (const block of blocks.filter((candidate) => RUNNABLE.has(candidate.language))) {
    const title = `README.md:${block.line} (${block.language}) ${block.code.split("\n").find((line) => line !== "" && !line.startsWith("import "))?.slice(0, 60)}`;
    if (block.skip !== undefined) {
      it.skip(`${title} -- skipped: ${block.skip}`, () => {});
      continue;
    }
    it(`runs ${title}`, { timeout: 20_000 }, async () => {
      const typescript = block.language === "ts" || block.language === "typescript";
      const asserted = withAssertions(block.code, typescript);
      const code = typescript
        ? ts.transpileModule(asserted.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } }).outputText
        : asserted.code;
      const sends = /\bfetch\(|from "node:https?"|from "undici"/.test(block.code);
      const { status, output } = await runModule(PRELUDE + code, server.origin);
      expect(output).toBe("");
      expect(status).toBe(0);
      if (sends) {
        const arrived = server.take();
        expect(arrived.path).toMatch(/^\/[^{}]*$/);
        expect(arrived.headers["user-agent"]).toMatch(/^endpointkit\//);
      }
    });
  }

  it("checks the results its blocks show in comments", () => {
    const assertions = blocks
      .filter((block) => RUNNABLE.has(block.language) && block.skip === undefined)
      .reduce((sum, block) => sum + withAssertions(block.code, block.language.startsWith("t")).assertions, 0);
    expect(assertions).toBeGreaterThanOrEqual(4);
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
