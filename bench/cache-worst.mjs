// The worst case of the bounded caches (SECURITY.md, "Bounded caches"): fills every cache endpoint() and
// parseTemplate() use with the largest keys they keep (1024 characters) made of nothing but expressions, the costliest
// text to compile, and prints the heap they pin. Run: npm run build && node --expose-gc bench/cache-worst.mjs [list|single]
import { endpoint, parseTemplate } from "../dist/index.js";

const KEY = 1024;
const NAMES = [];
for (const a of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_") {
  NAMES.push(a);
  for (const b of "0123456789") NAMES.push(a + b);
}

/**
 * A distinct 1024-character template of variables only, the densest form: `{a,b,c,…}` with one- and two-character
 * names, all distinct (each variable costs a compiled part, a name in the variable list and sets, and a slot).
 */
function template(n, shape) {
  let text = `/${n.toString(36)}/{`;
  for (let i = 0; text.length + 4 <= KEY - 1 && i < NAMES.length; i++) text += `${i === 0 ? "" : shape === "list" ? "," : "}{"}${NAMES[i]}`;
  return `${text}}`.padEnd(KEY, "x");
}

function heap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

const shape = process.argv[2] ?? "list";
const before = heap();
// endpoint() compiles each route into the route cache and the URL cache; parseTemplate() into its own.
for (let n = 0; n < 1000; n++) {
  const url = template(n, shape);
  try {
    endpoint(`GET ${url}`);
  } catch {
    // Missing placeholders: the compiled template is cached before the values are checked.
  }
  parseTemplate(url);
}
const after = heap();
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
console.log(`1000 distinct ${KEY}-character templates of variables only (${shape === "list" ? "{a,b,…}" : "{a}{b}…"}), through endpoint() and parseTemplate():`);
console.log(`  heap pinned by the caches: ${mib(after - before)} MiB`);
