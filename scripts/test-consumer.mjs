// `node scripts/test-consumer.mjs` (run by `npm run test:octokit`, after the Octokit checks): endpointkit as an app
// receives it, from the packed tarballs, with tools installed on demand into .cache/consumer (git-ignored):
//   1. TypeScript's floor: a consumer app (every entry, a typed route, and examples/own-api's calls typed by
//      openapi-typescript's output) type-checks under TypeScript 5.4 with moduleResolution node10, node16, nodenext
//      and bundler, and under the repository's TypeScript 6 and 7; TypeScript 5.3 fails (no NoInfer), which is what
//      makes 5.4 the floor the README states;
//   2. arethetypeswrong passes for both packages with its esm-only profile, and publint finds nothing to report;
//   3. endpointkit-octokit installed alone brings endpointkit (its dependency) and answers a request;
//   4. examples/own-api/petstore.d.ts is what the pinned openapi-typescript writes from petstore.yaml today.
// Needs dist/ (npm run build). Network: the npm registry only, for the first install (about 20 s); then 30-60 s.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { packTarballs, run, scratchProject } from "./scratch-projects.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = join(ROOT, ".cache", "consumer");
/** The versions used; change them here only. 5.4 is the floor the README states; 5.3 is the last version below it. */
const TOOLS = {
  "typescript-5.3": "npm:typescript@5.3.3",
  "typescript-5.4": "npm:typescript@5.4.5",
  "@arethetypeswrong/cli": "0.18.5",
  publint: "0.3.25",
  "openapi-typescript": "7.13.0",
};
const started = Date.now();
let failed = 0;

function log(line) {
  console.log(`[test:consumer ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
}
function fail(line) {
  failed++;
  console.log(`  FAIL ${line}`);
}
/** Runs and returns { ok, output } instead of throwing on a non-zero exit status. */
function attempt(command, args, options = {}) {
  try {
    return { ok: true, output: run(command, args, options) };
  } catch (error) {
    if (error.code === "ETIMEDOUT") throw error;
    return { ok: false, output: `${error.stdout ?? ""}${error.stderr ?? ""}` };
  }
}

if (!existsSync(join(ROOT, "dist", "index.js"))) throw new Error("dist/index.js is missing: run npm run build first");

// ---- the tarballs and the scratch projects ---------------------------------------------------------------------

const { libraryTarball, overrideTarball } = packTarballs(ROOT, CACHE);

/** Installs a scratch project (scratch-projects.mjs). */
function scratch(name, manifest, fresh = []) {
  return scratchProject(CACHE, name, manifest, fresh, log);
}

const tools = scratch("tools", { name: "consumer-tools", private: true, dependencies: TOOLS });
// A tarball of the same name and version is new code: npm would keep the copy it installed.
const app = scratch("app", { name: "consumer-app", private: true, type: "module", dependencies: { endpointkit: `file:${libraryTarball}` } }, [
  "node_modules/endpointkit",
  "package-lock.json",
]);
// endpointkit is only in overrides, standing in for the registry (where it is not published yet): the dependency of
// endpointkit-octokit is what installs it.
const alone = scratch(
  "override-alone",
  { name: "consumer-override", private: true, type: "module", dependencies: { "endpointkit-octokit": `file:${overrideTarball}` }, overrides: { endpointkit: `file:${libraryTarball}` } },
  ["node_modules/endpointkit", "node_modules/endpointkit-octokit", "package-lock.json"],
);

// ---- 1. TypeScript: the floor and the module resolutions ----------------------------------------------------------

// Every entry, the types a consumer names, and a typed route; strict, with the package's declarations checked.
writeFileSync(
  join(app, "app.ts"),
  `import { endpoint, toFetchArgs, EndpointError, type RequestOptions } from "endpointkit";
import { fromOpenApi, describedRoutes } from "endpointkit/openapi";
import { endpoint as octokitEndpoint } from "endpointkit/octokit";

const options: RequestOptions = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
const [url, init] = toFetchArgs(options);
const method: string = octokitEndpoint("GET /").method;
const table = describedRoutes(fromOpenApi({ openapi: "3.1.0", paths: {} }, { baseUrl: "https://api.example" }));
// @ts-expect-error the route needs repo
endpoint("GET /repos/{owner}/{repo}", { owner: "o" });
export { url, init, method, table, EndpointError };
`,
);
// The own-api example's typed calls (types only: no node: or yaml import), with openapi-typescript's output.
for (const file of ["mistakes.ts", "petstore.d.ts"]) cpSync(join(ROOT, "examples", "own-api", file), join(app, file));
const RESOLUTIONS = [
  ["node10", "esnext"],
  ["node16", "node16"],
  ["nodenext", "nodenext"],
  ["bundler", "esnext"],
];
const compilers = [
  ["TypeScript 5.4", join(tools, "node_modules", "typescript-5.4", "bin", "tsc"), true],
  ["TypeScript 5.3", join(tools, "node_modules", "typescript-5.3", "bin", "tsc"), false],
  ["TypeScript 6 (the repository's)", join(ROOT, "node_modules", "typescript", "bin", "tsc"), true],
  ["TypeScript 7 (the repository's)", join(ROOT, "node_modules", "typescript7", "bin", "tsc"), true],
];
for (const [name, tsc, expected] of compilers) {
  if (!existsSync(tsc)) {
    fail(`${name}: ${tsc} is missing`);
    continue;
  }
  for (const [resolution, module] of RESOLUTIONS) {
    // TypeScript 7 dropped node10 (moduleResolution "node"); 6 deprecates it. 5.3 fails on the declarations
    // whatever the resolution: one is enough to show it (each tsc run costs 3-5 s on CI's machine).
    if (name.startsWith("TypeScript 7") && resolution === "node10") continue;
    if (!expected && resolution !== "nodenext") continue;
    const compilerOptions = { noEmit: true, strict: true, skipLibCheck: false, target: "es2022", lib: ["es2022", "dom"], types: [], module, moduleResolution: resolution };
    writeFileSync(join(app, `tsconfig.${resolution}.json`), JSON.stringify({ compilerOptions, files: ["app.ts", "mistakes.ts"] }));
    const flags = ["-p", `tsconfig.${resolution}.json`];
    if (name.startsWith("TypeScript 6") && resolution === "node10") flags.push("--ignoreDeprecations", "6.0");
    const result = attempt(process.execPath, [tsc, ...flags], { cwd: app });
    if (result.ok === expected) log(`  ${name}, ${resolution}: ${expected ? "compiles" : "fails, as expected"}`);
    else fail(`${name}, ${resolution}: expected it to ${expected ? "compile" : "fail"}\n${result.output.slice(0, 2000)}`);
    // The floor fails for the reason the README gives, not for another.
    if (!expected && !result.output.includes("Cannot find name 'NoInfer'")) fail(`${name}, ${resolution}: failed for another reason than NoInfer\n${result.output.slice(0, 2000)}`);
  }
}

// ---- 2. arethetypeswrong (esm-only profile) and publint -----------------------------------------------------------

for (const [name, tarball] of [
  ["endpointkit", libraryTarball],
  ["endpointkit-octokit", overrideTarball],
]) {
  const attw = attempt(process.execPath, [join(tools, "node_modules", "@arethetypeswrong", "cli", "dist", "index.js"), tarball, "--profile", "esm-only", "--format", "ascii", "--no-color"], { cwd: CACHE });
  if (attw.ok) log(`  arethetypeswrong --profile esm-only ${name}: no problems`);
  else fail(`arethetypeswrong ${name}:\n${attw.output.slice(0, 3000)}`);
  // publint on exactly what the tarball holds, unpacked.
  const unpacked = join(CACHE, "unpacked", name);
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked, { recursive: true });
  run("tar", ["-xzf", tarball, "-C", unpacked, "--strip-components=1"]);
  const lint = attempt(process.execPath, [join(tools, "node_modules", "publint", "src", "cli.js"), unpacked, "--pack", "false", "--strict"], { cwd: CACHE });
  if (lint.ok && /All good/.test(lint.output)) log(`  publint --strict ${name}: all good`);
  else fail(`publint ${name}:\n${lint.output.slice(0, 3000)}`);
}

// ---- 3. endpointkit-octokit alone ---------------------------------------------------------------------------------

const probe = attempt(process.execPath, ["--input-type=module", "-e", `import { endpoint } from "endpointkit-octokit"; process.stdout.write(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).method);`], { cwd: alone });
if (probe.ok && probe.output === "GET") log("  endpointkit-octokit installed alone: endpointkit came with it, and it answers");
else fail(`endpointkit-octokit installed alone: ${probe.output.slice(0, 2000)}`);

// ---- 4. the example's generated types are current -----------------------------------------------------------------

const generated = join(CACHE, "petstore.d.ts");
run(process.execPath, [join(tools, "node_modules", "openapi-typescript", "bin", "cli.js"), join(ROOT, "examples", "own-api", "petstore.yaml"), "-o", generated]);
if (readFileSync(generated, "utf8") === readFileSync(join(ROOT, "examples", "own-api", "petstore.d.ts"), "utf8")) {
  log("  examples/own-api/petstore.d.ts: what openapi-typescript writes today");
} else {
  fail(`examples/own-api/petstore.d.ts is stale: regenerate it (examples/own-api/README.md)`);
}

log(failed === 0 ? "all checks passed" : `${failed} check(s) failed`);
process.exitCode = failed === 0 ? 0 : 1;
