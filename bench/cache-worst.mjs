// The worst case of the bounded caches (SECURITY.md, "Bounded caches"): fills the caches endpoint() and parseTemplate()
// use with the largest keys they keep, made of nothing but expressions (the costliest text to compile), and prints the
// heap they pin. Every cache counts against one shared budget, so each way of spending it is tried: route strings of
// exactly the longest key the route cache keeps (each entry keeps its compiled URL), urls given as options (the URL
// cache), parseTemplate() (the template cache), and all three in turn, which is how a route entry's compiled URL
// outlived the URL cache before the budget was shared.
// Run: npm run build && node --expose-gc bench/cache-worst.mjs [list|single] [routes|urls|templates|mixed|all]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { endpoint, parseTemplate } from "../dist/index.js";
import { MAX_CACHED_KEY_LENGTH } from "../dist/cache.js";

const NAMES = [];
for (const a of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_") {
  NAMES.push(a);
  for (const b of "0123456789") NAMES.push(a + b);
}

/**
 * A distinct template of exactly `length` characters made of variables only, the densest form: `{a,b,c,…}` (list) or
 * `{a}{b}…` (single) with one- and two-character names, all distinct (each variable costs a compiled part, a name in
 * the variable list and sets, and a slot).
 */
function template(n, shape, length) {
  let text = `/${n.toString(36)}/{`;
  for (let i = 0; text.length + 4 <= length - 1 && i < NAMES.length; i++) text += `${i === 0 ? "" : shape === "list" ? "," : "}{"}${NAMES[i]}`;
  return `${text}}`.padEnd(length, "x");
}

function heap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

const FILL = 2000;
const ways = {
  // "GET " and a url: a route key of exactly MAX_CACHED_KEY_LENGTH characters.
  routes: (n, shape) => endpoint(`GET ${template(n, shape, MAX_CACHED_KEY_LENGTH - 4)}`),
  urls: (n, shape) => endpoint({ url: template(n, shape, MAX_CACHED_KEY_LENGTH) }),
  templates: (n, shape) => parseTemplate(template(n, shape, MAX_CACHED_KEY_LENGTH)),
};

function measure(shape, mode) {
  const before = heap();
  const kinds = mode === "mixed" ? Object.keys(ways) : [mode];
  for (let n = 0; n < FILL; n++) {
    for (const kind of kinds) {
      try {
        ways[kind](n * 3 + kinds.indexOf(kind), shape);
      } catch {
        // Missing placeholders: the compiled template is cached before the values are checked.
      }
    }
  }
  return (heap() - before) / 2 ** 20;
}

const shape = process.argv[2] ?? "list";
const mode = process.argv[3] ?? "all";
if (mode === "all") {
  // Each way in a fresh process, so no way starts with caches another has filled.
  console.log(`${FILL} distinct ${MAX_CACHED_KEY_LENGTH}-character templates of variables only (${shape === "list" ? "{a,b,…}" : "{a}{b}…"}) per way:`);
  for (const way of ["routes", "urls", "templates", "mixed"]) {
    const child = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), shape, way], { encoding: "utf8" });
    process.stdout.write(child.stdout + child.stderr);
  }
} else {
  console.log(`  ${mode.padEnd(9)} heap pinned by the caches: ${measure(shape, mode).toFixed(1)} MiB`);
}
