// `node scripts/size-functions.mjs [entry]`: where the bytes of one bundle go, function by function. Bundles the entry as
// `npm run size` does, but with names kept (whitespace and syntax minified, identifiers not), and lists each top-level
// declaration with its share of the bundle; the gzip column spreads the whole bundle's gzip size by those shares.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import ts from "typescript";

const source = process.argv[2] ?? `export { endpoint } from "endpointkit";`;
const top = Number(process.argv[3] ?? 40);

async function bundle(minifyIdentifiers) {
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    logLevel: "error",
  });
  return result.outputFiles[0].text;
}

const named = await bundle(false);
const minified = await bundle(true);
const gzip = gzipSync(minified, { level: 9 }).length;
const file = ts.createSourceFile("bundle.js", named, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
const rows = [];
for (const statement of file.statements) {
  const text = statement.getText(file);
  let name = "(statement)";
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) name = statement.name.text;
  else if (ts.isVariableStatement(statement)) name = statement.declarationList.declarations.map((d) => d.name.getText(file)).join(", ").slice(0, 60);
  rows.push([name, text.length]);
}
const total = rows.reduce((sum, [, length]) => sum + length, 0);
console.log(`${source}\n  ${minified.length} B minified, ${gzip} B gzip -9; by top-level declaration (names kept: ${named.length} B):`);
for (const [name, length] of rows.sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${String(Math.round((gzip * length) / total)).padStart(5)} B gzip  ${String(length).padStart(5)} B  ${name}`);
}
