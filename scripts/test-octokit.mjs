// `npm run test:octokit`: endpointkit under the real Octokit stack. Installs pinned Octokit packages on demand into
// .cache/octokit (git-ignored) twice: "stock", as published, and "ours", with @octokit/endpoint replaced by
// packages/endpointkit-octokit through npm overrides and file: tarballs, the way a user would. Then, in both:
//   1. probes REST, pagination, GraphQL and upload calls through @octokit/core and its plugins against a loopback
//      recorder, and fails when ours sends anything the stock stack does not (besides the user-agent), or when the
//      webhook-config call with a body `url` is not refused before anything is sent;
//   2. replays every recording of @octokit/fixtures through @octokit/request against @octokit/fixtures-server on
//      127.0.0.1, and fails when ours passes fewer than the stock stack;
//   3. runs @octokit/request's and @octokit/core's own test suites when checkouts of them are named by
//      OCTOKIT_REQUEST_DIR / OCTOKIT_CORE_DIR (npm tarballs ship no tests), with their dependencies installed: once as
//      they are, once with every @octokit/endpoint in them replaced, and fails on a test that fails only with ours.
// Needs dist/ (npm run build). Network: the npm registry only, for the first install.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { packTarballs, run, scratchProject } from "./scratch-projects.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = join(ROOT, ".cache", "octokit");
/** The versions tested; change them here only. */
const PINS = {
  "@octokit/core": "7.0.6",
  "@octokit/request": "10.0.16",
  "@octokit/endpoint": "11.0.5",
  "@octokit/plugin-rest-endpoint-methods": "17.0.0",
  "@octokit/plugin-paginate-rest": "14.0.0",
  "@octokit/graphql": "9.0.5",
  "@octokit/types": "16.0.0",
  "@octokit/fixtures": "23.1.2",
  "@octokit/fixtures-server": "8.1.7",
  typescript: "5.9.3",
};
const started = Date.now();
let failed = 0;

function log(line) {
  console.log(`[test:octokit ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
}
function fail(line) {
  failed++;
  console.log(`  FAIL ${line}`);
}

if (!existsSync(join(ROOT, "dist", "octokit.js"))) throw new Error("dist/octokit.js is missing: run npm run build first");

// ---- the two scratch projects ----------------------------------------------------------------------------------

const { libraryTarball, overrideTarball } = packTarballs(ROOT, CACHE);

/** Installs a scratch project (scratch-projects.mjs), with the probe scripts copied in. */
function scratch(name, manifest, fresh = []) {
  const dir = scratchProject(CACHE, name, manifest, fresh, log);
  cpSync(join(ROOT, "scripts", "octokit"), dir, { recursive: true });
  return dir;
}

const base = { name: "octokit-scratch", private: true, type: "module", dependencies: { ...PINS } };
const stock = scratch("stock", base);
const ours = scratch(
  "ours",
  {
    ...base,
    // endpointkit is not listed: endpointkit-octokit depends on it, so npm installs it as it would from the
    // registry; the second override only stands in for the registry, where endpointkit is not published yet.
    dependencies: { ...PINS, "@octokit/endpoint": `file:${overrideTarball}` },
    overrides: { "@octokit/endpoint": `file:${overrideTarball}`, endpointkit: `file:${libraryTarball}` },
  },
  // A tarball of the same name and version is new code: npm would keep the copy it installed.
  ["node_modules/endpointkit", "node_modules/@octokit/endpoint", "package-lock.json"],
);

/** Every installed copy of @octokit/endpoint under `dir`, as the package.json name it holds. */
function endpointCopies(dir) {
  const copies = [];
  const walk = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith(".")) continue;
      if (entry.startsWith("@")) {
        for (const inner of readdirSync(join(modules, entry))) visit(join(modules, entry, inner), `${entry}/${inner}`);
      } else visit(join(modules, entry), entry);
    }
  };
  const visit = (pkg, name) => {
    if (name === "@octokit/endpoint") copies.push({ path: pkg, name: JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).name });
    walk(join(pkg, "node_modules"));
  };
  walk(join(dir, "node_modules"));
  return copies;
}

const installedLibrary = join(ours, "node_modules", "endpointkit", "dist", "octokit.js");
if (!existsSync(installedLibrary)) fail("endpointkit was not installed with endpointkit-octokit, its dependency");
const copies = endpointCopies(ours);
const foreign = copies.filter((copy) => copy.name !== "endpointkit-octokit");
log(`ours: ${copies.length} copies of @octokit/endpoint installed, ${copies.length - foreign.length} of them endpointkit-octokit`);
for (const copy of foreign) fail(`${copy.path} is ${copy.name}, not the override`);

// ---- 1. types: the override against @octokit/types' EndpointInterface, and Octokit's packages compiled with it --

log("types: tsc over the override");
try {
  run(process.execPath, [join(ours, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.types.json"], { cwd: ours });
} catch (error) {
  fail(`tsc: ${error.stdout}${error.stderr}`);
}

// ---- 2. probes through @octokit/core -----------------------------------------------------------------------------

function node(dir, script) {
  return JSON.parse(run(process.execPath, [script], { cwd: dir }));
}

log("probes: REST, pagination, GraphQL, upload, webhook config");
const stockProbes = node(stock, "probe.mjs");
const ourProbes = node(ours, "probe.mjs");
for (const name of Object.keys(stockProbes)) {
  const theirs = JSON.stringify(stockProbes[name]);
  const mine = JSON.stringify(ourProbes[name]);
  if (name === "webhookConfigWithUrl") continue;
  if (theirs !== mine) fail(`${name}: stock sent ${theirs}\n       ours sent  ${mine}`);
  else log(`  ${name}: ${ourProbes[name].sent.length} request(s), the same as stock`);
}
const webhook = ourProbes.webhookConfigWithUrl;
if (webhook.sent.length !== 0 || webhook.error?.code !== "ERR_INVALID_ROUTE" || !webhook.error.synchronous) {
  fail(`webhookConfigWithUrl: expected a synchronous ERR_INVALID_ROUTE and nothing sent, got ${JSON.stringify(webhook)}`);
} else {
  log(`  webhookConfigWithUrl: refused (${webhook.error.code}); stock sent ${stockProbes.webhookConfigWithUrl.sent.length} request(s) to the body's url`);
}

// ---- 2b. examples/octokit: the README's Octokit app, with the override, against a loopback server --------------

log("example: examples/octokit/app.mjs with the override");
cpSync(join(ROOT, "examples", "octokit", "app.mjs"), join(ours, "example-app.mjs"));
const example = node(ours, "example.mjs");
const exampleSent = example.sent.map((request) => `${request.method} ${request.url}`);
const expectedSent = [
  "POST /repos/octocat/hello-world/issues",
  "GET /repos/octocat/hello-world/contents/docs%2FREADME.md?ref=main",
  "PATCH /repos/octocat/hello-world/hooks/1/config",
];
if (JSON.stringify(example.printed) !== JSON.stringify({ issue: 42, file: "README.md", refused: "ERR_INVALID_ROUTE" })) {
  fail(`example printed ${JSON.stringify(example.printed)}`);
} else if (JSON.stringify(exampleSent) !== JSON.stringify(expectedSent) || example.sent.some((request) => request.authorization !== "token ghp_example")) {
  fail(`example sent ${JSON.stringify(example.sent)}`);
} else if (JSON.parse(example.sent[2].body).url !== "https://ci.example/hook") {
  fail(`example's webhook config body: ${example.sent[2].body}`);
} else {
  log(`  ${exampleSent.length} requests as expected, the body \`url\` refused before anything was sent`);
}

// ---- 3. @octokit/fixtures replayed against @octokit/fixtures-server ------------------------------------------------

log("replay: @octokit/fixtures through @octokit/request against @octokit/fixtures-server on 127.0.0.1");
const stockReplay = node(stock, "replay.mjs");
const ourReplay = node(ours, "replay.mjs");
log(`  stock: ${stockReplay.passed} of ${stockReplay.total} requests answered as recorded`);
log(`  ours:  ${ourReplay.passed} of ${ourReplay.total} requests answered as recorded`);
for (const failure of ourReplay.failures) {
  if (!stockReplay.failures.some((other) => other.id === failure.id)) fail(`replay ${failure.id}: ${failure.problem}`);
}

// ---- 4. the suites of @octokit/request and @octokit/core, when checkouts are given ------------------------------------

/** Runs vitest in `dir` and returns each test's status by its file and full name. */
function suite(dir) {
  const out = join(CACHE, "suite.json");
  rmSync(out, { force: true });
  try {
    run(process.execPath, [join(dir, "node_modules", "vitest", "vitest.mjs"), "run", "--reporter=json", `--outputFile=${out}`], { cwd: dir, timeout: 240_000 });
  } catch (error) {
    // Failing tests make vitest exit 1 and the report says which; without a report, vitest did not run at all.
    if (!existsSync(out)) throw new Error(`vitest did not run in ${dir}: ${error.stderr?.slice(-2000)}`);
  }
  const report = JSON.parse(readFileSync(out, "utf8"));
  const statuses = new Map();
  for (const file of report.testResults) {
    for (const test of file.assertionResults) statuses.set(`${file.name.slice(dir.length + 1)} > ${test.fullName}`, test.status);
  }
  return statuses;
}

/** Replaces every @octokit/endpoint in `dir` by the override (and adds endpointkit), runs `action`, then restores. */
function withOverride(dir, action) {
  const replaced = endpointCopies(dir).map((copy) => copy.path);
  const library = join(dir, "node_modules", "endpointkit");
  if (existsSync(library)) throw new Error(`${library} exists already`);
  try {
    for (const path of replaced) {
      renameSync(path, `${path}.stock`);
      mkdirSync(path);
      run("tar", ["-xzf", overrideTarball, "-C", path, "--strip-components=1"]);
    }
    mkdirSync(library);
    run("tar", ["-xzf", libraryTarball, "-C", library, "--strip-components=1"]);
    return action();
  } finally {
    rmSync(library, { recursive: true, force: true });
    for (const path of replaced) {
      rmSync(path, { recursive: true, force: true });
      renameSync(`${path}.stock`, path);
    }
  }
}

for (const [name, variable] of [
  ["@octokit/request", "OCTOKIT_REQUEST_DIR"],
  ["@octokit/core", "OCTOKIT_CORE_DIR"],
]) {
  const dir = process.env[variable];
  if (!dir) {
    log(`${name}'s own suite: skipped (set ${variable} to a checkout with its dependencies installed)`);
    continue;
  }
  log(`${name}'s own suite in ${dir}`);
  const before = suite(dir);
  const after = withOverride(dir, () => suite(dir));
  const count = (statuses, status) => [...statuses.values()].filter((value) => value === status).length;
  log(`  stock: ${count(before, "passed")} passed, ${count(before, "failed")} failed, ${count(before, "skipped") + count(before, "pending")} skipped`);
  log(`  ours:  ${count(after, "passed")} passed, ${count(after, "failed")} failed, ${count(after, "skipped") + count(after, "pending")} skipped`);
  for (const [test, status] of after) {
    if (status === "failed" && before.get(test) !== "failed") fail(`${name}: ${test} fails only with the override`);
    else if (status === "failed") log(`  fails in both: ${test}`);
  }
}

log(failed === 0 ? "all checks passed" : `${failed} check(s) failed`);
process.exitCode = failed === 0 ? 0 : 1;
