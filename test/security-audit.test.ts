// docs/regex-audit.md lists every regular expression in src/, one row per place: this test finds them
// with TypeScript's parser (regex literals, and RegExp(...) or new RegExp(...) calls) and fails when the table and the
// source differ, printing the rows to add or remove, so the audit cannot drift.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Every .ts file under `dir`, as paths relative to the repository ("src/cli/curl.ts"). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** "file expression" for each regular expression in the source: a literal as written, a RegExp call as its text. */
function regexesInSource(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles("src")) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) found.push(`${relative(".", file)} ${node.getText()}`);
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
        found.push(`${relative(".", file)} ${node.getText()}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort();
}

/** "file expression" for each row of docs/regex-audit.md's table (`\|` in a cell is a `|` of the expression). */
function regexesInAudit(): string[] {
  const section = readFileSync(join(root, "docs/regex-audit.md"), "utf8");
  const rows: string[] = [];
  for (const line of section.split("\n")) {
    if (!line.startsWith("| `src/")) continue;
    const cells = line.slice(1).split(/(?<!\\) \| /);
    const file = /^ ?`([^`]+)`/.exec(cells[0] ?? "")?.[1];
    const expression = /^`(.+)`$/.exec((cells[1] ?? "").trim())?.[1]?.replaceAll("\\|", "|");
    if (file === undefined || expression === undefined) throw new Error(`docs/regex-audit.md: an audit row it cannot read: ${line}`);
    rows.push(`${file} ${expression}`);
  }
  return rows.sort();
}

/** The items of `list` that `other` lacks, counting repeats (one row per place). */
function missingFrom(list: readonly string[], other: readonly string[]): string[] {
  const left = [...other];
  return list.filter((item) => {
    const at = left.indexOf(item);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

describe("docs/regex-audit.md, the regular-expression audit", () => {
  const inSource = regexesInSource();
  const inAudit = regexesInAudit();

  it("finds the expressions it is about (the scan works)", () => {
    expect(inSource).toContain("src/uri-template/compile.ts /^[1-9]\\d{0,3}$/");
    expect(inAudit.length).toBeGreaterThan(10);
  });

  it("lists every regular expression in src/, one row per place", () => {
    const missing = missingFrom(inSource, inAudit);
    expect(missing, `add these rows to docs/regex-audit.md:\n${missing.map((row) => `| \`${row.slice(0, row.indexOf(" "))}\` | \`${row.slice(row.indexOf(" ") + 1).replaceAll("|", "\\|")}\` | … | … |`).join("\n")}`).toEqual([]);
  });

  it("lists nothing that is gone from src/", () => {
    expect(missingFrom(inAudit, inSource), "remove these rows from docs/regex-audit.md").toEqual([]);
  });
});
