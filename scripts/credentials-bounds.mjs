// Times what the fifth hostile review measured (docs/performance.md, "Refused routes, route keys and shared schemes"):
// a refused undescribed route on a 5,000-route table and on GitHub's routes, a 1 MB path with 400 OpenAPI 3.2
// additionalOperations, and the JSON of a table whose 600 routes share a 1 MB apiKey name.
// Usage: npm run build && node scripts/credentials-bounds.mjs [dist directory, default ./dist]
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dist = resolve(process.argv[2] ?? "dist");
const { endpoint } = await import(pathToFileURL(`${dist}/index.js`).href);
const { fromOpenApi } = await import(pathToFileURL(`${dist}/openapi/index.js`).href);

/** Milliseconds per call of `work`, the fastest of five runs of `calls` calls. */
function perCall(work, calls) {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) work(i);
    best = Math.min(best, (performance.now() - start) / calls);
  }
  return best;
}

const refused = (api, route) => (i) => {
  try {
    api(`${route}${i % 7}`, { id: 1 });
  } catch {
    // refused, as it must be
  }
};

const paths = {};
for (let i = 0; i < 5000; i++) paths[`/${"segment/".repeat(4)}resource-${i.toString(36).padStart(4, "0")}/{id}/details-of-it`] = { get: { responses: {} } };
const big = endpoint.defaults(fromOpenApi({ openapi: "3.1.0", servers: [{ url: "https://api.example" }], paths }));
console.log(`refused route, 5,000 routes of 60 characters: ${perCall(refused(big, `GET /${"segment/".repeat(4)}resource-zzzz/{id}/x`), 20).toFixed(3)} ms per call`);

const github = JSON.parse(readFileSync(new URL("../test/fixtures/github/operations.json", import.meta.url), "utf8"));
const githubPaths = {};
for (const operation of github.operations) (githubPaths[operation.path] ??= {})[operation.method.toLowerCase()] = { responses: {} };
const gh = endpoint.defaults(fromOpenApi({ openapi: "3.1.0", servers: [{ url: "https://api.github.com" }], paths: githubPaths }));
console.log(`refused route, GitHub's ${github.operations.length} routes: ${perCall(refused(gh, "GET /repos/{owner}/{repo}/isues"), 50).toFixed(3)} ms per call`);
console.log(`a described call, for comparison: ${perCall(() => gh("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }), 10000).toFixed(4)} ms per call`);

const additionalOperations = {};
for (let i = 0; i < 400; i++) additionalOperations[`M${i}`] = { responses: {} };
let start = performance.now();
let outcome;
try {
  outcome = `${Object.keys(fromOpenApi({ openapi: "3.2.0", servers: [{ url: "https://api.example" }], paths: { [`/${"a".repeat(1 << 20)}`]: { additionalOperations } } })["x-endpointkit-routes"]).length} routes`;
} catch (error) {
  outcome = error.code ?? String(error);
}
console.log(`a 1 MB path with 400 additionalOperations: ${outcome} after ${(performance.now() - start).toFixed(0)} ms`);

const shared = {};
for (let i = 0; i < 600; i++) shared[`/r${i}`] = { get: { responses: {} } };
start = performance.now();
try {
  const table = fromOpenApi({ openapi: "3.1.0", servers: [{ url: "https://api.example" }], components: { securitySchemes: { key: { type: "apiKey", in: "header", name: `x-${"k".repeat(1 << 20)}` } } }, security: [{ key: [] }], paths: shared });
  outcome = `${(JSON.stringify(table).length / 1e6).toFixed(1)} MB of JSON`;
} catch (error) {
  outcome = error instanceof RangeError ? `${error.name}: ${error.message}` : String(error);
}
console.log(`600 routes sharing a 1 MB apiKey name: ${outcome} after ${(performance.now() - start).toFixed(0)} ms`);
