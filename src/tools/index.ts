// `endpointkit/tools`: every operation of an API description as a tool an LLM can call (OpenAI function calling,
// Anthropic tool use, MCP), whose call becomes exactly the request endpoint() builds on the described routes.
import { EndpointError, guarded, quote } from "../errors.js";
import { isPlainObject, setOwn, type Dictionary } from "../objects.js";
import { OPTION_NAMES, ROUTES } from "../option-names.js";
import { isToken } from "../token.js";
import { endpoint } from "../index.js";
import { fromOpenApi, type FromOpenApiOptions } from "../openapi/index.js";
import { own, ownString, Reader } from "../openapi/document.js";
import { isIgnoredHeader } from "../openapi/routes.js";
import type { Auth } from "../types/options.js";
import type { RequestOptions } from "../types/index.js";
import { mapObject, Mismatch, type Walk } from "./args.js";
import { emitSchema, type JsonSchema } from "./emit.js";
import { propertyKeys, toolNames } from "./keys.js";
import { ANY, described, objectNode, SchemaBuilder, type Node, type Property } from "./schema.js";

export type { JsonSchema } from "./emit.js";

/** The provider shape of the tool definitions. */
export type ToolFormat = "openai" | "anthropic" | "mcp";

/** What `include` is asked of each operation. */
export interface ToolOperation {
  /** `"POST /pets/{id}"`, as endpoint() takes it. */
  route: string;
  operationId: string | undefined;
  tags: readonly string[];
}

export interface ToToolsOptions {
  /** The provider's tool shape: required. */
  format: ToolFormat;
  /** Credentials by security scheme name, as fromOpenApi() takes them: applied by call(), never a tool input. */
  auth?: Auth;
  /** fromOpenApi()'s `server`: which of the description's servers requests go to (and its variables' values). */
  server?: FromOpenApiOptions["server"];
  /** fromOpenApi()'s `baseUrl`: where the description is served (what relative servers are resolved against). */
  baseUrl?: string;
  /** fromOpenApi()'s `trust`: other origins credentials may go to. */
  trust?: readonly string[];
  /** Which operations become tools: route strings, operationIds and tags, or a function of each operation. */
  include?: readonly string[] | ((operation: ToolOperation) => boolean);
  /** Longest tool name (1 to 64; 48 by default, room for a client's prefix). */
  nameLength?: number;
}

/** An OpenAI function tool (Responses API shape; Chat Completions takes `{ type, function: { name, ... } }`). */
export interface OpenAiTool {
  type: "function";
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export type Tool<Format extends ToolFormat = ToolFormat> = Format extends "openai" ? OpenAiTool : Format extends "anthropic" ? AnthropicTool : McpTool;

/** The tools of a description, and the way back from a tool call to its request. */
export interface ToolKit<Format extends ToolFormat = ToolFormat> {
  /** One definition per operation included, in the description's order. */
  readonly tools: Tool<Format>[];
  /** The request options endpoint(route, params) builds, params being `args` with the tool's keys mapped back. */
  call(name: string, args: unknown): RequestOptions;
  /** The tool arguments that stand for endpoint parameters (the inverse of call's mapping). */
  toArgs(name: string, params: unknown): { [key: string]: unknown };
  /** The route a tool calls: `"POST /pets/{id}"`. */
  route(name: string): string;
}

/** Options that are always the call's own (a query or cookie parameter so named is given by its qualified key). */
const ALWAYS_OPTIONS = new Set(["headers", "data", "request", "auth"]);
/** The longest tool description kept. */
const MAX_DESCRIPTION = 1024;

interface Built {
  readonly name: string;
  readonly route: string;
  readonly root: Node;
  readonly strict: boolean;
  /** A parameter name shared by several locations: its qualified keys, which call() gives as one flat key when equal. */
  readonly shared: ReadonlyMap<string, readonly string[]>;
  /** Body properties given flat (data given as an object is spread into them by toArgs). */
  readonly flatBody: boolean;
  /** The root's tool keys (what a call may give besides an open body's other properties). */
  readonly toolKeys: ReadonlySet<string>;
  /** The names the operation already uses, which no other key of an open body may be (parameters, qualified keys, properties). */
  readonly taken: ReadonlySet<string>;
  /** The body properties among the root's properties, by their names as endpoint() takes them. */
  readonly bodyNames: ReadonlySet<string>;
  /** Header parameters left out of the schema: their names are not HTTP tokens, so no request could carry them. */
  readonly leftOut: readonly string[];
  definition: Tool;
}

type Described = (route: string, params: Dictionary) => RequestOptions;

/** Reads `document` as fromOpenApi() does and gives one tool per operation in `options.format`. */
export const toTools: <Format extends ToolFormat>(document: unknown, options: ToToolsOptions & { format: Format }) => ToolKit<Format> = /* @__PURE__ */ guarded("toTools()", read) as never;

function read(document: unknown, options: unknown): ToolKit {
  if (!isPlainObject(options)) throw new EndpointError("ERR_INVALID_PARAMETER", 'toTools(): options must be an object with a format ("openai", "anthropic" or "mcp")');
  const format = own(options, "format");
  if (format !== "openai" && format !== "anthropic" && format !== "mcp") {
    throw new EndpointError("ERR_INVALID_PARAMETER", `toTools(): options.format must be "openai", "anthropic" or "mcp"${typeof format === "string" ? `, not ${quote(format)}` : ""}`);
  }
  const length = own(options, "nameLength") ?? 48;
  if (typeof length !== "number" || !Number.isInteger(length) || length < 1 || length > 64) throw new EndpointError("ERR_INVALID_PARAMETER", "toTools(): options.nameLength must be an integer from 1 to 64");
  const include = own(options, "include");
  if (include !== undefined && typeof include !== "function" && !(Array.isArray(include) && include.every((item) => typeof item === "string"))) {
    throw new EndpointError("ERR_INVALID_PARAMETER", "toTools(): options.include must be a list of routes, operationIds and tags, or a function");
  }
  const readOptions: Dictionary = {};
  for (const key of ["auth", "server", "baseUrl", "trust"]) if (own(options, key) !== undefined) readOptions[key] = own(options, key);
  const defaults = fromOpenApi(document, readOptions as FromOpenApiOptions);
  const root = document as Dictionary;
  const version = ownString(root, "openapi");
  const swagger2 = version === undefined;
  const reader = new Reader(root, version !== undefined && /^3\.2(\.|$)/.test(version));
  const builder = new SchemaBuilder(reader, swagger2);
  const apiKeys = apiKeyParameters(reader, root, swagger2);

  // Every operation of the description, in the table's order (the names are worked out over all of them).
  const table = defaults[ROUTES] as Dictionary;
  const paths = own(root, "paths");
  const operations: { route: string; method: string; path: string; operation: Dictionary; item: Dictionary; operationId: string | undefined; tags: string[] }[] = [];
  for (const route of Object.keys(table)) {
    const space = route.indexOf(" ");
    if (space < 0) continue;
    const method = route.slice(0, space);
    const path = route.slice(space + 1);
    const item = reader.resolve(own(paths, path));
    if (!isPlainObject(item)) continue;
    const lower = method.toLowerCase();
    let operation = method === method.toUpperCase() ? reader.resolve(own(item, lower)) : undefined;
    if (!isPlainObject(operation)) operation = reader.resolve(own(own(item, "additionalOperations"), method));
    if (!isPlainObject(operation)) continue;
    const operationId = ownString(operation, "operationId");
    const tags = reader.items(own(operation, "tags")).filter((tag): tag is string => typeof tag === "string");
    operations.push({ route, method, path, operation, item, operationId, tags });
  }
  const names = toolNames(operations, length);

  let described: Described | undefined;
  const endpointOf = (): Described => (described ??= (endpoint.defaults as unknown as (options: object) => Described)(defaults));
  const byName = new Map<string, Built>();
  const tools: Tool[] = [];
  const wanted = typeof include === "function" ? (include as (operation: ToolOperation) => unknown) : include === undefined ? undefined : new Set(include as string[]);
  operations.forEach((entry, index) => {
    const { route, operationId, tags } = entry;
    if (wanted !== undefined) {
      const chosen =
        typeof wanted === "function"
          ? wanted({ route, operationId, tags: [...tags] }) === true
          : wanted.has(route) || wanted.has(`${entry.method.toLowerCase()} ${entry.path}`) || (operationId !== undefined && wanted.has(operationId)) || tags.some((tag) => wanted.has(tag));
      if (!chosen) return;
    }
    const name = names[index]!;
    builder.startTool();
    const built = buildTool(reader, builder, swagger2, apiKeys, name, table[route] as Dictionary, entry);
    const { schema, strict } = emitSchema(built.root, format === "openai", reader);
    const text = description(route, entry.operation, built.leftOut);
    const definition: Tool =
      format === "openai"
        ? { type: "function", name, description: text, parameters: schema, strict }
        : format === "anthropic"
          ? { name, description: text, input_schema: schema }
          : { name, description: text, inputSchema: schema };
    const tool: Built = { ...built, strict, definition };
    byName.set(name, tool);
    tools.push(definition);
  });

  const toolNamed = (name: unknown, where: string): Built => {
    const tool = typeof name === "string" ? byName.get(name) : undefined;
    if (tool === undefined) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `${where}: no tool is named ${typeof name === "string" ? quote(name) : "so (the name is not a string)"}${byName.size === 0 ? " (no operation was included)" : ""}`);
    }
    return tool;
  };
  const kit: ToolKit = {
    tools,
    call: guarded("call()", (name: string, args: unknown): RequestOptions => {
      const tool = toolNamed(name, "call()");
      const params = toParams(tool, args);
      return endpointOf()(tool.route, params);
    }),
    toArgs: guarded("toArgs()", (name: string, params: unknown) => toArgs(toolNamed(name, "toArgs()"), params)),
    route: guarded("route()", (name: string) => toolNamed(name, "route()").route),
  };
  return kit;
}

const CALL_STRICT: Walk = { direction: "call", closed: true, fill: false };
const CALL_LOOSE: Walk = { direction: "call", closed: false, fill: false };

/** The tool's arguments as endpoint() parameters: checked against the tool's schema, keys mapped back. */
function toParams(tool: Built, args: unknown): Dictionary {
  if (!isPlainObject(args)) throw new EndpointError("ERR_INVALID_PARAMETER", "the arguments must be an object (the tool call's JSON input)", `${tool.name} (${tool.route})`);
  // An open body's other keys are body properties only: never a name the operation already uses (which endpoint()
  // would read as that parameter, unchecked), and one named like an option sends the body whole as `data`, since
  // endpoint() reads such a key as the option (another origin, headers, credentials), not as the property the
  // tool's schema says it is.
  let whole = false;
  if (tool.root.additional !== undefined && tool.root.additional !== false) {
    for (const key of Object.keys(args)) {
      if (args[key] === undefined || tool.toolKeys.has(key)) continue;
      if (tool.taken.has(key)) {
        throw new EndpointError("ERR_INVALID_PARAMETER", `the argument ${quote(key)} is not a key of this tool: the operation names it already (a parameter, a qualified key or a renamed property), and the body's other properties cannot take it`, `${tool.name} (${tool.route})`);
      }
      if ((OPTION_NAMES as ReadonlySet<string>).has(key) || key === "data") whole = true;
    }
  }
  let params: Dictionary;
  try {
    params = mapObject(tool.root, args, tool.strict ? CALL_STRICT : CALL_LOOSE);
  } catch (error) {
    throw mismatch(tool, error);
  }
  if (whole) params = bodyAsData(tool, params);
  if (tool.shared.size === 0) return params;
  // One value for every place a shared name has: given as the flat key, which fills them all.
  for (const [flat, qualified] of tool.shared) {
    if (!qualified.every((key) => Object.prototype.hasOwnProperty.call(params, key))) continue;
    const first = JSON.stringify(params[qualified[0]!]);
    if (!qualified.every((key) => JSON.stringify(params[key]) === first)) continue;
    const value = params[qualified[0]!];
    const copy: Dictionary = {};
    for (const key of Object.keys(params)) {
      if (key === qualified[0]) setOwn(copy, flat, value);
      else if (!qualified.includes(key)) setOwn(copy, key, params[key]);
    }
    params = copy;
  }
  return params;
}

/** `params` with the body's properties (declared and other) moved into `data`, the body given whole. */
function bodyAsData(tool: Built, params: Dictionary): Dictionary {
  if (Object.prototype.hasOwnProperty.call(params, "data") && tool.toolKeys.has("data")) {
    throw new EndpointError("ERR_INVALID_PARAMETER", 'the argument "data" gives the body whole: the body\'s properties cannot be given beside it', `${tool.name} (${tool.route})`);
  }
  const rest: Dictionary = {};
  const data: Dictionary = {};
  for (const key of Object.keys(params)) {
    if (tool.bodyNames.has(key) || !tool.taken.has(key)) setOwn(data, key, params[key]);
    else setOwn(rest, key, params[key]);
  }
  setOwn(rest, "data", data);
  return rest;
}

/** Endpoint parameters as the tool's arguments (the inverse of toParams). */
function toArgs(tool: Built, params: unknown): Dictionary {
  if (!isPlainObject(params)) throw new EndpointError("ERR_INVALID_PARAMETER", "the parameters must be an object", `${tool.name} (${tool.route})`);
  let given: Dictionary = {};
  for (const key of Object.keys(params)) setOwn(given, key, params[key]);
  // A flat key of a shared name fills every place that has no qualified key of its own.
  for (const [flat, qualified] of tool.shared) {
    if (!Object.prototype.hasOwnProperty.call(given, flat)) continue;
    const value = given[flat];
    const copy: Dictionary = {};
    for (const key of Object.keys(given)) {
      if (key !== flat) setOwn(copy, key, given[key]);
      else for (const name of qualified) if (!Object.prototype.hasOwnProperty.call(given, name)) setOwn(copy, name, value);
    }
    given = copy;
  }
  // A body given whole as an object, where the tool takes its properties flat.
  const data = given.data;
  if (tool.flatBody && isPlainObject(data) && Object.prototype.hasOwnProperty.call(given, "data")) {
    const copy: Dictionary = {};
    for (const key of Object.keys(given)) if (key !== "data") setOwn(copy, key, given[key]);
    for (const key of Object.keys(data)) setOwn(copy, key, data[key]);
    given = copy;
  }
  // Header names in any case, as endpoint() takes them.
  const headers = given.headers;
  const headerNode = tool.root.properties?.find((property) => property.name === "headers");
  if (isPlainObject(headers) && headerNode !== undefined) {
    const byLower = new Map((headerNode.node.properties ?? []).map((property) => [property.name.toLowerCase(), property.name]));
    const copy: Dictionary = {};
    for (const key of Object.keys(headers)) setOwn(copy, byLower.get(key.toLowerCase()) ?? key, headers[key]);
    given = { ...given, headers: copy };
  }
  const walk: Walk = { direction: "args", closed: tool.strict, fill: tool.strict };
  try {
    return mapObject(tool.root, given, walk);
  } catch (error) {
    throw mismatch(tool, error);
  }
}

function mismatch(tool: Built, error: unknown): unknown {
  if (!(error instanceof Mismatch)) return error;
  return new EndpointError("ERR_INVALID_PARAMETER", `the argument ${quote(error.path)} ${error.problem}`, `${tool.name} (${tool.route})`);
}

/** The route, summary and description of an operation, as the tool's description. */
function description(route: string, operation: Dictionary, leftOut: readonly string[] = []): string {
  const parts = [route];
  for (const key of ["summary", "description"]) {
    const value = ownString(operation, key)?.trim();
    if (value !== undefined && value !== "" && !parts.includes(value)) parts.push(value);
  }
  if (own(operation, "deprecated") === true) parts.push("Deprecated.");
  if (leftOut.length > 0) {
    parts.push(`Not in this tool (their names are not HTTP header names, so no request can carry them): the header parameter${leftOut.length > 1 ? "s" : ""} ${leftOut.map((name) => JSON.stringify(name)).join(", ")}.`);
  }
  const text = parts.join("\n\n");
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

/** Where the description's apiKey schemes put their credential: such parameters are never a tool input. */
function apiKeyParameters(reader: Reader, document: Dictionary, swagger2: boolean): Set<string> {
  const found = new Set<string>();
  const schemes = swagger2 ? own(document, "securityDefinitions") : own(own(document, "components"), "securitySchemes");
  for (const name of reader.keys(schemes)) {
    const scheme = reader.resolve((schemes as Dictionary)[name]);
    const where = ownString(scheme, "in");
    const key = ownString(scheme, "name");
    if (ownString(scheme, "type") === "apiKey" && where !== undefined && key !== undefined) found.add(`${where} ${where === "header" ? key.toLowerCase() : key}`);
  }
  return found;
}

/** The parameters of an operation and its path item, by location and name (the operation's first). */
function parameterObjects(reader: Reader, operation: Dictionary, item: Dictionary): Map<string, Dictionary> {
  const found = new Map<string, Dictionary>();
  for (const list of [own(operation, "parameters"), own(item, "parameters")]) {
    for (const value of reader.items(list)) {
      const parameter = reader.resolve(value);
      const name = ownString(parameter, "name");
      const where = ownString(parameter, "in");
      if (name === undefined || where === undefined) continue;
      const key = `${where} ${where === "header" ? name.toLowerCase() : name}`;
      if (!found.has(key)) found.set(key, parameter as Dictionary);
    }
  }
  return found;
}

function buildTool(
  reader: Reader,
  builder: SchemaBuilder,
  swagger2: boolean,
  apiKeys: ReadonlySet<string>,
  name: string,
  entry: Dictionary,
  { route, operation, item }: { route: string; operation: Dictionary; item: Dictionary },
): Omit<Built, "strict" | "definition"> {
  const objects = parameterObjects(reader, operation, item);
  const parameters = (own(entry, "parameters") as { name: string; in: string; required?: boolean }[] | undefined) ?? [];
  const counts = new Map<string, number>();
  for (const parameter of parameters) if (parameter.in !== "header") counts.set(parameter.name, (counts.get(parameter.name) ?? 0) + 1);
  const root: Property[] = [];
  const headers: Property[] = [];
  const headerAt = new Map<string, number>();
  const shared = new Map<string, string[]>();
  const taken = new Set<string>();
  const leftOut: string[] = [];
  for (const parameter of parameters) {
    if (parameter.in !== "header") {
      taken.add(parameter.name);
      taken.add(`${parameter.in}:${parameter.name}`);
    }
  }
  for (const parameter of parameters) {
    const lowerKey = `${parameter.in} ${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`;
    // A credential goes by `auth`, never as an argument a model fills in.
    if (apiKeys.has(lowerKey) || (parameter.in === "header" && isIgnoredHeader(parameter.name))) continue;
    const object = objects.get(lowerKey) ?? {};
    const required = parameter.in === "path" || parameter.required === true;
    const node = parameterNode(reader, builder, swagger2, object);
    const property: Property = { name: parameter.name, node, required, nullIsAbsent: true };
    if (parameter.in === "header") {
      // A name that is not an HTTP token: endpoint() refuses every request that carries it, so it is left out (and
      // the description says so).
      if (!isToken(parameter.name)) {
        if (!leftOut.includes(parameter.name)) leftOut.push(parameter.name);
        continue;
      }
      // One header of a name, whatever the case each part of the description writes it in (the first: the operation's).
      const lower = parameter.name.toLowerCase();
      const same = headerAt.get(lower);
      if (same === undefined) {
        headerAt.set(lower, headers.length);
        headers.push(property);
      } else if (required && !headers[same]!.required) headers[same] = { ...headers[same]!, required: true };
      continue;
    }
    if ((counts.get(parameter.name) ?? 0) > 1 || ALWAYS_OPTIONS.has(parameter.name)) {
      // Named like another location's parameter, or like an option: given by its qualified key.
      const qualified = `${parameter.in}:${parameter.name}`;
      root.push({ ...property, name: qualified, node: described(node, `The ${parameter.in} parameter ${JSON.stringify(parameter.name)}.`) });
      if (!ALWAYS_OPTIONS.has(parameter.name)) {
        const list = shared.get(parameter.name) ?? [];
        list.push(qualified);
        shared.set(parameter.name, list);
      }
      continue;
    }
    root.push(property);
  }
  if (headers.length > 0) {
    root.push({ name: "headers", node: objectNode(headers, false, "Request headers."), required: headers.some((header) => header.required) });
  }
  let flatBody = false;
  const bodyNames = new Set<string>();
  let additional: boolean | Node = false;
  const body = own(entry, "body") as { mediaType: string; properties?: string[]; additional?: boolean } | undefined;
  if (body !== undefined) {
    const { node, required } = bodyNode(reader, builder, swagger2, operation, item, body.mediaType);
    if (body.properties !== undefined) {
      flatBody = true;
      const listed = flatProperties(node);
      for (const property of body.properties) {
        const found = listed.get(property);
        if (found === null) continue; // read-only: never sent
        bodyNames.add(property);
        root.push(found === undefined ? { name: property, node: ANY, required: false } : { ...found, required: required && found.required });
      }
      if (body.additional === true) additional = openPart(node) ?? true;
      // A body that may also be something else than an object (`oneOf: [{}, {...}]`, a string or an object) can be
      // given whole too, as `data`.
      if (admitsOthers(node)) root.push({ name: "data", node: described(node, "The request body given whole, in place of its properties."), required: false });
    } else {
      root.push({ name: "data", node: described(node, node.description === undefined ? "The request body." : undefined), required });
    }
  }
  // Keys are fixed per node: the root's are worked out once here.
  const rootNode = objectNode(root, additional);
  const toolKeys = new Set(propertyKeys(rootNode).key.values());
  for (const property of root) taken.add(property.name);
  return { name, route, root: rootNode, shared, flatBody, toolKeys, taken, bodyNames, leftOut };
}

/** The node of a parameter: its schema (or `content`'s; Swagger 2.0: the parameter itself), with its description. */
function parameterNode(reader: Reader, builder: SchemaBuilder, swagger2: boolean, parameter: Dictionary): Node {
  let schema = own(parameter, "schema");
  if (schema === undefined) {
    const content = own(parameter, "content");
    const first = reader.keys(content)[0];
    if (first !== undefined) schema = own(reader.resolve((content as Dictionary)[first]), "schema");
  }
  const node = schema !== undefined ? builder.node(schema) : swagger2 ? builder.node(parameterSchema(parameter)) : ANY;
  const example = own(parameter, "example");
  const text = ownString(parameter, "description");
  return described(node, text === undefined || text.trim() === "" ? undefined : text, example === undefined ? undefined : [["examples", [example]]]);
}

/** A Swagger 2.0 parameter's schema keywords (it is its own schema), without its own name, location and description. */
function parameterSchema(parameter: Dictionary): Dictionary {
  const schema: Dictionary = {};
  for (const key of Object.keys(parameter)) if (key !== "name" && key !== "in" && key !== "required" && key !== "description") setOwn(schema, key, parameter[key]);
  return schema;
}

/** The request body's node and whether the operation requires a body. */
function bodyNode(reader: Reader, builder: SchemaBuilder, swagger2: boolean, operation: Dictionary, item: Dictionary, mediaType: string): { node: Node; required: boolean } {
  if (swagger2) {
    const objects = [...parameterObjects(reader, operation, item).values()];
    const bodyParameter = objects.find((parameter) => own(parameter, "in") === "body");
    if (bodyParameter !== undefined) return { node: described(builder.node(own(bodyParameter, "schema")), ownString(bodyParameter, "description")), required: own(bodyParameter, "required") === true };
    const properties: Property[] = [];
    for (const parameter of objects) {
      if (own(parameter, "in") !== "formData") continue;
      const text = ownString(parameter, "description");
      properties.push({ name: ownString(parameter, "name")!, node: described(builder.node(parameterSchema(parameter)), text), required: own(parameter, "required") === true });
    }
    return { node: objectNode(properties, true), required: properties.some((property) => property.required) };
  }
  const requestBody = reader.resolve(own(operation, "requestBody"));
  const media = reader.resolve(own(own(requestBody, "content"), mediaType));
  const schema = own(media, "schema");
  const node = schema === undefined ? ANY : builder.node(schema);
  return { node: described(node, ownString(requestBody, "description")), required: own(requestBody, "required") === true };
}

/**
 * A body's properties by name: its own, and its alternatives' (each optional there, as a union lets a call give
 * them); null for a read-only one (the description's, never sent).
 */
function flatProperties(node: Node): Map<string, Property | null> {
  const found = new Map<string, Property | null>();
  for (const property of node.properties ?? []) found.set(property.name, property);
  for (const name of node.readOnly ?? []) if (!found.has(name)) found.set(name, null);
  for (const branch of node.anyOf ?? []) {
    for (const [name, property] of flatProperties(branch)) if (!found.has(name)) found.set(name, property === null ? null : { ...property, required: false });
  }
  return found;
}

/** The schema of a body's other keys (its additionalProperties), when it names one. */
function openPart(node: Node): Node | undefined {
  if (typeof node.additional === "object") return node.additional;
  for (const branch of node.anyOf ?? []) {
    const found = openPart(branch);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** True when a body's schema admits a value that is not an object (any value, a string, a list). */
function admitsOthers(node: Node): boolean {
  if (node.anyOf !== undefined) return node.anyOf.some(admitsOthers);
  if (node.cut !== undefined || node.types === undefined) return node.properties === undefined;
  return node.types.some((type) => type !== "object");
}
