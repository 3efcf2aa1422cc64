// Times the openapi command on the YAML inputs of issue 30 (classes 15 and 16); a script, not a test:
//   npm run build && node test/cli/measure-yaml.mjs
// 1. merge.yaml: %YAML 1.1, one anchored map of 27,000 entries merged by 1,000 `<<: *A` keys (about 250 kB).
// 2. paths.yaml: 60,000 paths in one map (and the same document as paths.json, for comparison).
// 3. aliases.yaml: twenty anchored lists of 1,000 aliases, each list aliased once (review 6: 85.5 s, 149 kB).
// 4. late-aliases.yaml: one list of 999 aliases after 100,000 anchors (review 6: 28 s, 1.8 MB).
// 5. merge-list.yaml: %YAML 1.1, 60 `<<: *S` where S lists ten aliases of a 2,000-entry map (review 6).
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

const anchors = Array.from({ length: 1000 }, (_, i) => `&a${i} ${i}`).join(", ");
const list = Array.from({ length: 1000 }, (_, i) => `*a${i}`).join(", ");
const lists = Array.from({ length: 20 }, (_, j) => `x-s${j}: &S${j} [${list}]\nx-t${j}: *S${j}\n`).join("");
writeFileSync(join(dir, "aliases.yaml"), `openapi: 3.0.3\nx-a: [${anchors}]\n${lists}paths: {}\n`);
const many = Array.from({ length: 100_000 }, (_, i) => `&b${i} ${i}`).join(", ");
const late = Array.from({ length: 999 }, (_, i) => `*b${i}`).join(", ");
writeFileSync(join(dir, "late-aliases.yaml"), `openapi: 3.0.3\nx-a: [${many}]\nx-s: [${late}]\npaths: {}\n`);
const wide = Array.from({ length: 2000 }, (_, i) => `k${i}: ${i}`).join(", ");
const listMerges = Array.from({ length: 60 }, (_, i) => `  m${i}: {<<: *S}`).join("\n");
writeFileSync(join(dir, "merge-list.yaml"), `%YAML 1.1\n---\nopenapi: 3.0.3\nx-a: &A {${wide}}\nx-s: &S [${Array(10).fill("*A").join(", ")}]\nx-m:\n${listMerges}\npaths: {}\n`);

for (const name of ["merge.yaml", "paths.yaml", "paths.json", "aliases.yaml", "late-aliases.yaml", "merge-list.yaml"]) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, "openapi", "--base-url", "https://api.example", join(dir, name)], { encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${name}: exit ${result.status} in ${seconds.toFixed(2)} s${result.stderr ? `: ${result.stderr.split("\n")[0].slice(0, 160)}` : ""}`);
}
