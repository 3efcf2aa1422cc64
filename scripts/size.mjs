// `npm run size`: what a user's bundle gains from endpointkit. Bundles each public entry a user imports, and a typed app
// on a table module that `endpointkit openapi` writes, from the built package (by its public name) with esbuild,
// minified ESM for a neutral platform, side by side with @octokit/endpoint's `endpoint`, and shows where the bytes go.
// With --check it exits 1 when an enforced budget is missed.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

const check = process.argv.includes("--check");
const KB = 1024;

// The table a typed app imports: `endpointkit openapi` run on a small OpenAPI 3.0 petstore (form queries exploded and
// not, a deepObject, a cookie, header and path parameters, JSON, multipart and form bodies), then the same module with
// its data emptied, so the figure is the library's and not the table's own data.
mkdirSync(".cache/size", { recursive: true });
const tableModule = execFileSync(process.execPath, ["dist/cli/main.js", "openapi", "test/fixtures/petstore/petstore-3.0.json"], { encoding: "utf8" });
const dataStart = tableModule.indexOf("const table = ") + "const table = ".length;
const dataEnd = tableModule.lastIndexOf(";\nexport default ");
writeFileSync(".cache/size/petstore-table.js", `${tableModule.slice(0, dataStart)}{ "baseUrl": "https://petstore.example/v1", "x-endpointkit-routes": {} }${tableModule.slice(dataEnd)}`);

// Budgets (gzip -9 bytes). `enforced`: held by --check, which CI runs; the others are reported until they are met
// (docs/performance.md says where their bytes go).
const cases = [
  { name: "endpointkit: import { endpoint }", source: `export { endpoint } from "endpointkit";`, target: 10000, enforced: false },
  { name: "endpointkit/octokit: import { endpoint }", source: `export { endpoint } from "endpointkit/octokit";`, target: 10100, enforced: false },
  { name: "endpointkit: import { parseTemplate }", source: `export { parseTemplate } from "endpointkit";`, target: 3000, enforced: false },
  { name: "endpointkit: import { toFetchArgs }", source: `export { toFetchArgs } from "endpointkit";`, target: 3000, enforced: true },
  { name: "endpointkit/openapi: import { fromOpenApi }", source: `export { fromOpenApi } from "endpointkit/openapi";`, target: 14000, enforced: false },
  { name: "endpointkit/openapi: import { fromOpenApi3 } (OpenAPI 3.x only, no Swagger 2.0 reader)", source: `export { fromOpenApi3 } from "endpointkit/openapi";` },
  {
    name: "endpointkit + endpointkit/openapi: import { endpoint } and { fromOpenApi }",
    source: `export { endpoint } from "endpointkit"; export { fromOpenApi } from "endpointkit/openapi";`,
    target: 22000,
    enforced: false,
  },
  {
    name: "endpointkit + petstore's table module (endpointkit openapi), endpoint.defaults(table), its data taken off",
    source: `import { endpoint } from "endpointkit"; import table from "./.cache/size/petstore-table.js"; export const api = endpoint.defaults(table);`,
    target: 12000,
    enforced: false,
  },
  { name: "@octokit/endpoint: import { endpoint }", source: `export { endpoint } from "@octokit/endpoint";` },
];

/** Bundles one entry the way an application bundler would, returning the minified code and esbuild's metafile. */
async function bundle(source) {
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    metafile: true,
    logLevel: "error",
  });
  return { code: result.outputFiles[0].contents, metafile: result.metafile };
}

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(2)} KB`;

let missed = 0;
const lines = [];
for (const entry of cases) {
  const { code, metafile } = await bundle(entry.source);
  const gz = gzip(code);
  const held = entry.enforced ? "budget" : "target (not enforced)";
  const verdict = entry.target === undefined ? "" : gz <= entry.target ? `  ${held} ${entry.target} B met` : `  ${held} ${entry.target} B MISSED`;
  if (entry.target !== undefined && entry.enforced && gz > entry.target) missed++;
  lines.push(`${entry.name}`);
  lines.push(`  minified ${kb(code.length)}, gzip -9 ${kb(gz)} (${gz} B), brotli ${kb(brotli(code))}${verdict}`);
  // Minified bytes each module contributes to the output, largest first (the split that gzip's figure follows).
  const inputs = Object.entries(Object.values(metafile.outputs)[0].inputs)
    .filter(([, info]) => info.bytesInOutput > 0)
    .sort(([, a], [, b]) => b.bytesInOutput - a.bytesInOutput);
  for (const [path, info] of inputs) {
    const share = ((info.bytesInOutput / code.length) * 100).toFixed(0).padStart(3);
    lines.push(`    ${String(info.bytesInOutput).padStart(6)} B ${share}%  ${path.replace(/^.*node_modules\//, "")}`);
  }
  lines.push("");
}
console.log(lines.join("\n"));
if (check && missed > 0) {
  console.error(`${missed} size budget(s) missed`);
  process.exitCode = 1;
}
