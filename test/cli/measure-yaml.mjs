// Times the openapi command on the YAML inputs of issue 30 (classes 15 and 16); a script, not a test:
//   npm run build && node test/cli/measure-yaml.mjs
// 1. merge.yaml: %YAML 1.1, one anchored map of 27,000 entries merged by 1,000 `<<: *A` keys (about 250 kB).
// 2. paths.yaml: 60,000 paths in one map (and the same document as paths.json, for comparison).
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "endpointkit-measure-"));

const entries = Array.from({ length: 27_000 }, (_, i) => `k${i.toString(36)}: 0`).join(", ");
const merges = Array.from({ length: 1000 }, (_, i) => `  m${i}: {<<: *A}`).join("\n");
writeFileSync(join(dir, "merge.yaml"), `%YAML 1.1\n---\nopenapi: 3.0.3\nx-a: &A {${entries}}\nx-m:\n${merges}\npaths: {}\n`);
const paths = Array.from({ length: 60_000 }, (_, i) => `  /p${i}: {get: {responses: {}}}`).join("\n");
writeFileSync(join(dir, "paths.yaml"), `openapi: 3.0.3\npaths:\n${paths}\n`);
const json = { openapi: "3.0.3", paths: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`/p${i}`, { get: { responses: {} } }])) };
writeFileSync(join(dir, "paths.json"), JSON.stringify(json));

for (const name of ["merge.yaml", "paths.yaml", "paths.json"]) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, "openapi", "--base-url", "https://api.example", join(dir, name)], { encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${name}: exit ${result.status} in ${seconds.toFixed(2)} s${result.stderr ? `: ${result.stderr.split("\n")[0].slice(0, 160)}` : ""}`);
}
