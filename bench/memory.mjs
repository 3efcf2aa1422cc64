// Issue 5 memory: a million calls over 100,000 distinct URL templates leave the heap flat, because every cache is bounded.
// Needs --expose-gc; run directly, it starts itself again with the flag.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { endpoint, parseTemplate } from "../dist/index.js";
import { headerName } from "../dist/headers.js";
import { parseCached } from "../dist/uri-template/index.js";
// A route's URL is compiled into its plan (run.ts), so the plan caches stand where the URL cache stood.
import { githubPlans, routeEntry } from "../dist/plan.js";
import { consume, sinkValue } from "./harness.mjs";

const CALLS = 1_000_000;
const TEMPLATES = 100_000;
const CHECKPOINTS = 4;

function heapMiB() {
  global.gc();
  global.gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function cacheSizes() {
  return `route ${routeEntry.size}, plans by url ${githubPlans.size}, template ${parseCached.size}, header name ${headerName.size}`;
}

/** Runs `call(i)` CALLS times over TEMPLATES distinct templates, printing the heap after gc at each checkpoint. */
function measure(title, call) {
  for (let i = 0; i < 20_000; i++) call(i % 1000); // warm-up: compiled code and the caches filled
  const before = heapMiB();
  const start = performance.now();
  const line = [`${before.toFixed(2)}`];
  for (let checkpoint = 1; checkpoint <= CHECKPOINTS; checkpoint++) {
    for (let i = ((checkpoint - 1) * CALLS) / CHECKPOINTS; i < (checkpoint * CALLS) / CHECKPOINTS; i++) call(i % TEMPLATES);
    line.push(heapMiB().toFixed(2));
  }
  const seconds = (performance.now() - start) / 1000;
  const after = Number(line[line.length - 1]);
  console.log(`\n${title}: ${CALLS.toLocaleString("en")} calls over ${TEMPLATES.toLocaleString("en")} distinct templates (${seconds.toFixed(1)} s)`);
  console.log(`  heapUsed after gc, MiB: before ${before.toFixed(2)}, after ${after.toFixed(2)} (${(after - before >= 0 ? "+" : "") + (after - before).toFixed(2)})`);
  console.log(`  at each quarter: ${line.join(" -> ")}`);
  console.log(`  cache entries: ${cacheSizes()} (each bounded: 1000, 1000, 1000, 500)`);
  return { before, after };
}

export function benchMemory() {
  const values = { owner: "octocat", repo: "hello-world", n: 7, per_page: 100 };
  const endpointResult = measure("endpoint() memory", (i) => consume(endpoint(`GET /repos/{owner}/{repo}/issues/${i}/{n}`, values)));
  const templateResult = measure("parseTemplate().expand() memory", (i) => consume(parseTemplate(`/repos/{owner}/{repo}/issues/${i}/{n}{?per_page}`).expand(values)));
  return { endpoint: endpointResult, templates: templateResult, sink: sinkValue() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (typeof global.gc === "function") {
    benchMemory();
  } else {
    const child = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url)], { stdio: "inherit" });
    process.exitCode = child.status ?? 1;
  }
}
