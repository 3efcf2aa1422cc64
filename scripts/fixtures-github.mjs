// Derives the compact GitHub fixture (test/fixtures/github/operations.json) from GitHub's own OpenAPI
// description of api.github.com, and the route type check (test/types/github-routes.types.ts) from the fixture.
//
// The description ships in @octokit/openapi, which unpacks to about 385 MB, so it is never a dependency:
// this script installs the pinned version into a temporary directory, reads it, and removes it again.
//
//   npm run fixtures:github                 # download, rewrite the fixture, regenerate the types
//   npm run fixtures:github -- --types-only # regenerate the types from the committed fixture
//   npm run fixtures:github -- --from <dir> # use an already installed @octokit/openapi in <dir>
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The description version the committed fixture comes from; bump it and rerun to refresh. */
const OPENAPI_VERSION = "23.0.2";
const DESCRIPTION_FILE = "generated/api.github.com.deref.json";
const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
/** Longest JSON text of an example kept in the fixture: long prose and object samples are not needed to build values. */
const MAX_EXAMPLE_LENGTH = 120;

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fixturePath = join(root, "test/fixtures/github/operations.json");
const typesPath = join(root, "test/types/github-routes.types.ts");

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));

function main(args) {
  if (!args.includes("--types-only")) {
    const fromIndex = args.indexOf("--from");
    const description = fromIndex >= 0 ? readDescription(args[fromIndex + 1]) : downloadDescription();
    const fixture = { package: "@octokit/openapi", version: OPENAPI_VERSION, file: DESCRIPTION_FILE, ...compact(description) };
    mkdirSync(dirname(fixturePath), { recursive: true });
    writeFileSync(fixturePath, formatFixture(fixture));
    console.log(`wrote ${fixturePath}: ${fixture.operations.length} operations`);
  }
  const fixture = JSON.parse(readFileSync(fixturePath, "utf8"));
  writeFileSync(typesPath, routeTypes(fixture));
  console.log(`wrote ${typesPath}`);
}

/** Installs the pinned @octokit/openapi into a temporary directory and reads the description from it. */
function downloadDescription() {
  const dir = mkdtempSync(join(tmpdir(), "endpointkit-openapi-"));
  try {
    execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", dir, `@octokit/openapi@${OPENAPI_VERSION}`], {
      stdio: "inherit",
    });
    return readDescription(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads the dereferenced api.github.com description from an install prefix, checking its version. */
function readDescription(prefix) {
  const packageDir = join(prefix, "node_modules/@octokit/openapi");
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  if (version !== OPENAPI_VERSION) throw new Error(`expected @octokit/openapi@${OPENAPI_VERSION}, found ${version} in ${prefix}`);
  return JSON.parse(readFileSync(join(packageDir, DESCRIPTION_FILE), "utf8"));
}

/** Every operation with what a test needs to build its values: method, path, parameters, JSON body properties. */
function compact(description) {
  const operations = [];
  for (const [path, item] of Object.entries(description.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const byKey = new Map();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        byKey.set(`${parameter.in} ${parameter.name}`, parameter);
      }
      const parameters = [...byKey.values()].filter((p) => p.in === "path" || p.in === "query").map(compactParameter);
      const entry = { method: method.toUpperCase(), path, operationId: operation.operationId, parameters };
      if (operation.requestBody) entry.body = compactBody(operation.requestBody);
      operations.push(entry);
    }
  }
  return { descriptionVersion: description.info?.version ?? null, operations };
}

function compactParameter(parameter) {
  const schema = parameter.schema ?? {};
  const out = { name: parameter.name, in: parameter.in, required: parameter.required === true, ...describeSchema(schema) };
  const example = pickExample(parameter.example ?? schema.example ?? firstExample(parameter.examples));
  if (example !== undefined) out.example = example;
  if (parameter["x-multi-segment"]) out["x-multi-segment"] = true;
  return out;
}

/** The body's media type and, for JSON, its top-level properties (the union over oneOf/anyOf variants). */
function compactBody(requestBody) {
  const [contentType, media] = Object.entries(requestBody.content ?? {})[0] ?? ["", {}];
  const json = /^application\/(.+\+)?json$/.test(contentType);
  const out = { contentType, json, required: requestBody.required === true };
  if (!json) return out;
  const schema = media.schema ?? {};
  const sampleValue = firstExample(media.examples) ?? media.example;
  const sample = sampleValue && typeof sampleValue === "object" && !Array.isArray(sampleValue) ? sampleValue : {};
  const variants = objectVariants(schema);
  out.type = variants.length > 0 ? "object" : typeOf(schema);
  const properties = new Map();
  variants.forEach((variant, index) => {
    const required = new Set(variant.required ?? []);
    for (const [name, property] of Object.entries(variant.properties ?? {})) {
      if (properties.has(name)) continue;
      const entry = { name, required: index === 0 && required.has(name), ...describeSchema(property) };
      const example = pickExample(property.example ?? sample[name]);
      if (example !== undefined) entry.example = example;
      properties.set(name, entry);
    }
  });
  if (variants.length > 0) out.properties = [...properties.values()];
  return out;
}

function objectVariants(schema) {
  if (schema.properties) return [schema];
  const options = schema.oneOf ?? schema.anyOf ?? schema.allOf ?? [];
  return options.flatMap(objectVariants);
}

/** type ("string", "integer|null", ...), enum and array item type of a schema, compactly. */
function describeSchema(schema) {
  const out = { type: typeOf(schema) };
  const values = enumOf(schema);
  if (values) out.enum = values;
  if (schema.type === "array" && schema.items) {
    out.items = { type: typeOf(schema.items) };
    const itemValues = enumOf(schema.items);
    if (itemValues) out.items.enum = itemValues;
  }
  if (schema.default !== undefined) {
    const value = pickExample(schema.default);
    if (value !== undefined) out.default = value;
  }
  return out;
}

function typeOf(schema) {
  if (Array.isArray(schema.type)) return schema.type.join("|");
  if (schema.type) return schema.nullable ? `${schema.type}|null` : schema.type;
  const options = schema.oneOf ?? schema.anyOf;
  if (options) return [...new Set(options.map(typeOf).flatMap((t) => t.split("|")))].join("|");
  if (schema.allOf) return typeOf(schema.allOf[0]);
  if (schema.properties) return "object";
  return "any";
}

function enumOf(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  const options = schema.oneOf ?? schema.anyOf;
  if (!options) return undefined;
  const values = options.flatMap((o) => o.enum ?? []);
  return values.length > 0 ? values : undefined;
}

function firstExample(examples) {
  if (!examples || typeof examples !== "object") return undefined;
  const first = Object.values(examples)[0];
  return first && typeof first === "object" ? first.value : undefined;
}

/** Keeps scalar examples and short lists; drops long prose and object samples. */
function pickExample(value) {
  if (value === undefined) return undefined;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) return undefined;
  const text = JSON.stringify(value);
  return text.length <= MAX_EXAMPLE_LENGTH ? value : undefined;
}

/** One operation per line: small diffs when the description changes, a file a person can read. */
function formatFixture({ operations, ...header }) {
  const head = JSON.stringify(header).slice(0, -1);
  return `${head},"operations":[\n${operations.map((o) => JSON.stringify(o)).join(",\n")}\n]}\n`;
}

/**
 * For every route string: a call with exactly its path parameters compiles, and leaving any one out is an
 * error the compiler reports (checked by @ts-expect-error); routes without path parameters need no options.
 */
export function routeTypes({ package: name, version, operations }) {
  const lines = [
    "// Generated by scripts/fixtures-github.mjs from test/fixtures/github/operations.json: do not edit.",
    `// Every route string of GitHub's REST description (${name}@${version}) type-checks with exactly its path`,
    "// parameters required: all of them compile, leaving out any one is a compile error.",
    'import { endpoint } from "../../src/index.js";',
    "",
    "export function everyGitHubRoute(): void {",
  ];
  for (const { method, path, parameters } of operations) {
    const route = JSON.stringify(`${method} ${path}`);
    const names = parameters.filter((p) => p.in === "path").map((p) => p.name);
    const props = (omit) => names.filter((n) => n !== omit).map((n) => `${JSON.stringify(n)}: "x"`).join(", ");
    if (names.length === 0) {
      lines.push(`  endpoint(${route});`);
      continue;
    }
    lines.push(`  endpoint(${route}, { ${props()} });`);
    for (const name of names) {
      lines.push("  // @ts-expect-error", `  endpoint(${route}, { ${props(name)} });`);
    }
  }
  lines.push("}", "");
  return lines.join("\n");
}
