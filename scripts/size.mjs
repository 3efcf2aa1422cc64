// `npm run size`: what a user's bundle gains from endpointkit. Bundles `import { endpoint }`, `import { parseTemplate }` and
// `import { fromOpenApi }` (the endpointkit/openapi entry)
// from the built package (by its public name) with esbuild, minified ESM for a neutral platform, side by side with
// @octokit/endpoint's `endpoint`, and shows where the bytes go. With --check it exits 1 when a target is missed.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

const check = process.argv.includes("--check");
const KB = 1024;
const cases = [
  { name: "endpointkit: import { endpoint }", source: `export { endpoint } from "endpointkit";`, target: 8000 },
  { name: "endpointkit: import { parseTemplate }", source: `export { parseTemplate } from "endpointkit";`, target: 3000 },
  { name: "endpointkit/openapi: import { fromOpenApi }", source: `export { fromOpenApi } from "endpointkit/openapi";`, target: 6000 },
  { name: "endpointkit: import { toFetchArgs }", source: `export { toFetchArgs } from "endpointkit";`, target: 3000 },
  {
    name: "endpointkit + endpointkit/openapi: import { endpoint } and { fromOpenApi }",
    source: `export { endpoint } from "endpointkit"; export { fromOpenApi } from "endpointkit/openapi";`,
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
  const verdict = entry.target === undefined ? "" : gz <= entry.target ? `  target ${kb(entry.target)} met` : `  target ${kb(entry.target)} MISSED`;
  if (entry.target !== undefined && gz > entry.target) missed++;
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
  console.error(`${missed} size target(s) missed`);
  process.exitCode = 1;
}
