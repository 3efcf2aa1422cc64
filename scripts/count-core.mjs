// The core's size in lines of code: every line of src/ that holds a token by TypeScript's own scanner (comments and
// blank lines aside), less src/cli/, src/openapi/, src/tools/ and the type-only modules (those whose JavaScript is empty once
// their types are erased). `node scripts/count-core.mjs` prints each module's count and the total;
// `--max N` exits 1 above N.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = "src";
const excluded = ["src/cli", "src/openapi", "src/tools"];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return excluded.includes(path) ? [] : files(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** True when the module holds types only: nothing is left of it once TypeScript erases them. */
function typeOnly(text) {
  const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  return js.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "").replace(/export \{\};?/g, "").trim() === "";
}

/** Lines that hold at least one token, by TypeScript's scanner (comments and white space skipped). */
function linesOfCode(text) {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, /* skipTrivia */ true, ts.LanguageVariant.Standard, text);
  const lines = new Set();
  const starts = ts.computeLineStarts(text);
  const lineOf = (position) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= position) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    // A token may span lines (a template literal): each of its lines holds code.
    const first = lineOf(scanner.getTokenStart());
    const last = lineOf(Math.max(scanner.getTokenStart(), scanner.getTokenEnd() - 1));
    for (let line = first; line <= last; line++) lines.add(line);
    // Template literals continue past a `}`: rescan so the scanner reads their tails as template text.
    if (token === ts.SyntaxKind.CloseBraceToken && templateDepth > 0) {
      const rescanned = scanner.reScanTemplateToken(false);
      if (rescanned === ts.SyntaxKind.TemplateTail) templateDepth--;
      const end = lineOf(Math.max(scanner.getTokenStart(), scanner.getTokenEnd() - 1));
      for (let line = lineOf(scanner.getTokenStart()); line <= end; line++) lines.add(line);
    } else if (token === ts.SyntaxKind.TemplateHead) templateDepth++;
    else if (token === ts.SyntaxKind.OpenBraceToken && templateDepth > 0) braces.push(templateDepth), (templateDepth = 0);
    else if (token === ts.SyntaxKind.CloseBraceToken && braces.length > 0) templateDepth = braces.pop();
  }
  return lines.size;
}
let templateDepth = 0;
const braces = [];

const max = process.argv.includes("--max") ? Number(process.argv[process.argv.indexOf("--max") + 1]) : undefined;
let total = 0;
const rows = [];
for (const file of files(root).sort()) {
  const text = readFileSync(file, "utf8");
  if (typeOnly(text)) continue;
  templateDepth = 0;
  braces.length = 0;
  const count = linesOfCode(text);
  total += count;
  rows.push(`${String(count).padStart(5)}  ${relative(".", file)}`);
}
console.log(rows.join("\n"));
console.log(`${String(total).padStart(5)}  the core (src/ less src/cli/, src/openapi/, src/tools/ and type-only modules)`);
if (max !== undefined && total > max) {
  console.error(`the core is ${total} lines of code, above ${max}`);
  process.exitCode = 1;
}
