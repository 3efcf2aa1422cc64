// Derives test/fixtures/openapi/security.json, the real descriptions test/openapi/credentials.test.ts reads: the
// security parts (schemes, requirements) and a few operations of descriptions nobody here wrote, cut down to what a
// call reads. Swagger 2.0 ones come from ../shared/data/swagger2/ (the APIs.guru OpenAPI Directory as published);
// @readme/oas-examples' security descriptions (every scheme type and place, a cookie API key, AND and OR groups) are
// installed on demand into the git-ignored .cache/creds/.
//
//   node scripts/fixtures-security.mjs
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cache = join(root, ".cache", "creds");
const EXAMPLES = "@readme/oas-examples@8.2.2";
const SWAGGER2 = join(root, "..", "shared", "data", "swagger2");

/** Directory descriptions and the operations kept of each (all when the list is empty). */
const DIRECTORY = [
  ["circleci.com_v1", ["GET /me", "GET /project/{username}/{project}", "POST /project/{username}/{project}/envvar"]],
  ["bitbucket.org_2.0", ["GET /addon/linkers", "GET /repositories/{username}/{repo_slug}", "GET /repositories"]],
  ["bbc.com_1.0.0", ["GET /availabilities", "GET /services"]],
];

function examples() {
  const file = (name) => join(cache, "package", "3.0", "json", `${name}.json`);
  if (!existsSync(file("security"))) {
    mkdirSync(cache, { recursive: true });
    const tarball = execFileSync("npm", ["pack", EXAMPLES, "--silent"], { cwd: cache, encoding: "utf8" }).trim().split("\n").pop();
    execFileSync("tar", ["xzf", tarball, "package/3.0/json/security.json", "package/3.0/json/security-multiple.json"], { cwd: cache });
  }
  return ["security", "security-multiple"].map((name) => ({ source: `${EXAMPLES} 3.0/json/${name}.json`, document: withoutProse(JSON.parse(readFileSync(file(name), "utf8"))) }));
}

/** A Swagger 2.0 description with only `keep`'s operations, their non-body parameters and what security reads. */
function directory(name, keep) {
  const document = JSON.parse(gunzipSync(readFileSync(join(SWAGGER2, `${name}.json.gz`))).toString());
  const paths = {};
  for (const route of keep) {
    const [method, path] = route.split(" ");
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (operation === undefined) throw new Error(`${name}: no ${route}`);
    const parameters = [...(operation.parameters ?? []), ...(document.paths[path].parameters ?? [])]
      .map((parameter) => (parameter.$ref ? document.parameters[parameter.$ref.split("/").pop()] : parameter))
      .filter((parameter) => parameter.in !== "body")
      .map(({ name, in: where, required, type, collectionFormat }) => ({ name, in: where, required, type, collectionFormat }));
    const kept = { parameters };
    if (operation.security !== undefined) kept.security = operation.security;
    (paths[path] ??= {})[method.toLowerCase()] = kept;
  }
  const { swagger, host, basePath, schemes, securityDefinitions, security } = document;
  return { source: `../shared/data/swagger2/${name}.json.gz (APIs.guru OpenAPI Directory)`, document: withoutProse({ swagger, info: { title: document.info.title, version: document.info.version }, host, basePath, schemes, securityDefinitions, security, paths }) };
}

/** `value` without `description` and `summary` fields: the fixture keeps what a call reads. */
function withoutProse(value) {
  if (Array.isArray(value)) return value.map(withoutProse);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "description" && key !== "summary").map(([key, item]) => [key, withoutProse(item)]));
}

const fixtures = [...examples(), ...DIRECTORY.map(([name, keep]) => directory(name, keep))];
writeFileSync(join(root, "test", "fixtures", "openapi", "security.json"), `${JSON.stringify(fixtures, null, 1)}\n`);
