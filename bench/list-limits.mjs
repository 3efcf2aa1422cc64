// The time a list inside the 2^20-item limit takes to reach ERR_TOO_LARGE (SECURITY.md, "Linear time, bounded work"):
// its text is bounded as it grows, at the engine's longest string (2^29 - 24 characters in V8).
// Run: npm run build && node bench/list-limits.mjs
import { endpoint, parseTemplate } from "../dist/index.js";

const bigints = new Array(2 ** 20).fill(10n ** 999n);
const mebibytes = new Array(600).fill("a".repeat(2 ** 20));
const cases = [
  ["2^20 items of one 1,000-digit bigint, query", () => endpoint("GET /x", { l: bigints })],
  ["2^20 items of one 1,000-digit bigint, {/l*}", () => endpoint("GET /x{/l*}", { l: bigints })],
  ["2^20 items of one 1,000-digit bigint, {?l*}", () => endpoint("GET /x{?l*}", { l: bigints })],
  ["2^20 items of one 1,000-digit bigint, parseTemplate {/l*}", () => parseTemplate("{/l*}").expand({ l: bigints })],
  ["600 items of 1 MiB, query", () => endpoint("GET /x", { l: mebibytes })],
  ["600 items of 1 MiB, {/l*}", () => endpoint("GET /x{/l*}", { l: mebibytes })],
];
for (const [label, run] of cases) {
  const start = performance.now();
  let code = "no error";
  try {
    run();
  } catch (error) {
    code = error.code ?? String(error);
  }
  console.log(`${label.padEnd(60)} ${code.padEnd(16)} ${((performance.now() - start) / 1000).toFixed(2)} s`);
}
