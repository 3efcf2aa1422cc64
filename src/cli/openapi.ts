// `endpointkit openapi <description>` and `--openapi <description>`: an OpenAPI description (JSON or YAML) read
// through the public `endpointkit/openapi` entry. YAML is parsed here, so the library itself needs no parser.
import { endpoint, EndpointError, type Endpoint } from "endpointkit";
import { ROUTES, fromOpenApi, tableWriters, type DescribedDefaults, type FromOpenApiOptions, type RouteTable } from "endpointkit/openapi";
import { baseUrlInFlagWords, describedInFlagWords } from "./flag-words.js";
import { openapiHelpText } from "./help.js";
import { moduleData, moduleKey } from "./module-data.js";
import { pathsTypes } from "./paths-types.js";
import type { ReadFile } from "./options.js";
import type { Io } from "./options.js";
import { show } from "./show.js";
import { tableCall, tableFiles, tableImport } from "./table-types.js";
import { UsageError } from "./usage-error.js";
import { readYaml } from "./yaml.js";

/**
 * The parsed description in `path`: JSON, or YAML (a superset of JSON, used for any file not ending in .json). The
 * YAML parser's warnings are added to `warnings`, to be printed escaped (a tag is percent-decoded into its warning).
 */
export function readDescription(path: string, readFile: ReadFile, warnings: string[] = []): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(readFile(path));
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "not UTF-8 text";
    throw new UsageError(`cannot read the description ${show(path)} (${code})`);
  }
  try {
    if (path.toLowerCase().endsWith(".json")) return JSON.parse(text);
    const yaml = readYaml(text);
    for (const warning of yaml.warnings) warnings.push(`the description ${show(path)}: ${warning}`);
    return yaml.value;
  } catch (error) {
    throw new UsageError(`the description ${show(path)} is not valid ${path.toLowerCase().endsWith(".json") ? "JSON" : "YAML"}: ${parserMessage(error)}`);
  }
}

/**
 * The endpoint whose defaults are what fromOpenApi() reads from the description in `path`, and the baseUrl its calls
 * are given (none: the endpoint's). `--base-url` is a pin when the description names its own server: the endpoint's
 * baseUrl, every route goes there (a mock, staging, localhost) and credentials with it. When the description's server
 * is relative (or it has none, or a Swagger 2.0 one has no host), `--base-url` says where it is served: its servers
 * are resolved against it, "/v1" under it.
 */
export function describedEndpoint(
  path: string,
  readFile: ReadFile,
  baseUrl: string | undefined,
  warnings: string[] = [],
  server?: string,
  serverVars: readonly string[] = [],
  trust?: readonly string[],
): { api: Endpoint; baseUrl: string | undefined } {
  const document = readDescription(path, readFile, warnings);
  const options: FromOpenApiOptions = trust === undefined ? {} : { trust };
  const chosen = serverOption(document, server, serverVars);
  if (chosen !== undefined) options.server = chosen;
  if (baseUrl === undefined) return { api: endpoint.defaults(readTable(path, document, options)), baseUrl };
  let table: DescribedDefaults;
  try {
    table = fromOpenApi(document, options);
  } catch (error) {
    // A description that cannot be read without a base (a relative server): --base-url says where it is served.
    if (!(error instanceof EndpointError && error.code === "ERR_INVALID_BASE_URL")) throw describedInFlagWords(error, show(path));
    return { api: endpoint.defaults(readTable(path, document, { ...options, baseUrl })), baseUrl: undefined };
  }
  try {
    return { api: endpoint.defaults(table).defaults({ baseUrl }), baseUrl: undefined };
  } catch (error) {
    throw baseUrlInFlagWords(error);
  }
}

/**
 * fromOpenApi()'s `server` option of `--server N|URL` and `--server-var name=value` (each): an index or a URL, or with
 * variables `{ url, variables }` of the server the index or URL names (the first by default).
 */
export function serverOption(document: unknown, server: string | undefined, serverVars: readonly string[]): FromOpenApiOptions["server"] {
  const choice = server === undefined ? undefined : /^\d+$/.test(server) ? Number(server) : server;
  if (serverVars.length === 0) return choice;
  const variables: { [name: string]: string } = {};
  for (const item of serverVars) {
    const at = item.indexOf("=");
    if (at <= 0) throw new UsageError(`--server-var ${show(item)} is not NAME=VALUE`);
    Object.defineProperty(variables, item.slice(0, at), { value: item.slice(at + 1), enumerable: true, writable: true, configurable: true });
  }
  if (typeof choice === "string") return { url: choice, variables };
  const servers = typeof document === "object" && document !== null ? (document as { servers?: unknown }).servers : undefined;
  const listed = Array.isArray(servers) ? (servers[choice ?? 0] as { url?: unknown } | undefined) : undefined;
  if (typeof listed?.url !== "string") {
    throw new UsageError(choice === undefined ? "--server-var needs a server with variables, and the description lists none" : `--server ${choice} is not an index of the description's servers`);
  }
  return { url: listed.url, variables };
}

/**
 * The names the description gives the route's flat keys: its path, query, querystring and cookie parameters and its
 * body's properties (none when the table does not describe the route). An item of such a name is that parameter.
 */
export function describedNames(api: Endpoint, route: string): ReadonlySet<string> {
  const names = new Set<string>();
  const table = (api.DEFAULTS as { [key: string]: unknown })[ROUTES];
  if (typeof table !== "object" || table === null) return names;
  // A route without a method is a GET (SPEC 2.1), as endpoint() reads it.
  const space = route.indexOf(" ");
  // The route as written first (a 3.2 additionalOperations key is a method in its own case), then uppercase, as
  // endpoint() looks it up.
  const written = space < 0 ? `GET ${route}` : route;
  const key = Object.prototype.hasOwnProperty.call(table, written) ? written : `${route.slice(0, space).toUpperCase()} ${route.slice(space + 1)}`;
  const entry = Object.prototype.hasOwnProperty.call(table, key) ? (table as RouteTable)[key] : undefined;
  // By their qualified keys too (`query:id`, written `query\:id=2` on the command line).
  for (const parameter of entry?.parameters ?? []) if (parameter.in !== "header") names.add(parameter.name).add(`${parameter.in}:${parameter.name}`);
  for (const property of entry?.body?.properties ?? []) names.add(property);
  return names;
}

/**
 * A parser's message as one line of text: YAML's ends in a frame of the source ("at line 4, column 3:", a blank line,
 * the line and a caret), which a one-line message would show as escapes; the position says where to look.
 */
function parserMessage(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split("\n").map((line) => line.trim());
  const end = lines.indexOf("");
  const text = (end === -1 ? lines : lines.slice(0, end)).join(" ");
  return text.endsWith(":") ? text.slice(0, -1) : text;
}

/**
 * fromOpenApi() of the description in `path`, its messages in the command line's words: the options it names are the
 * flags --base-url and --server here (the library's message stays as it is for code that calls it).
 */
function readTable(path: string, document: unknown, options: FromOpenApiOptions): DescribedDefaults {
  try {
    return fromOpenApi(document, options);
  } catch (error) {
    throw describedInFlagWords(error, show(path));
  }
}

/**
 * The openapi command: an ES module whose default export is what fromOpenApi() returns, printed; or with `-o FILE`
 * written to FILE, typed (table-types.ts), with openapi-typescript's `paths` types beside it unless `--table-only`
 * (paths-types.ts). Returns what to print.
 */
export async function openapiModule(argv: readonly string[], io: Pick<Io, "readFile" | "writeFile" | "load">, warnings: string[] = []): Promise<string> {
  const options: FromOpenApiOptions = {};
  const files: string[] = [];
  let output: string | undefined;
  let tableOnly = false;
  let server: string | undefined;
  const serverVars: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "-h" || flag === "--help") return openapiHelpText();
    if (arg === "--table-only") {
      tableOnly = true;
      continue;
    }
    if (flag === "--server" || flag === "--server-var" || flag === "--base-url" || flag === "--trust" || flag === "--output" || flag === "-o") {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      if (flag === "--base-url") options.baseUrl = value;
      else if (flag === "--trust") options.trust = [...(options.trust ?? []), value];
      else if (flag === "--server") server = value;
      else if (flag === "--server-var") serverVars.push(value);
      else output = value;
    } else if (arg.startsWith("-") && arg !== "-") {
      throw new UsageError(`unknown option ${show(arg)} of the openapi command: the options are --output (-o), --table-only, --server, --server-var, --base-url, --trust, --help`);
    } else {
      files.push(arg);
    }
  }
  if (files.length !== 1) throw new UsageError(files.length === 0 ? "the openapi command needs a description file" : "the openapi command takes one description file");
  if (tableOnly && output === undefined) throw new UsageError("--table-only goes with -o FILE: without -o the table is printed, with no types");
  const document = readDescription(files[0]!, io.readFile, warnings);
  const chosen = serverOption(document, server, serverVars);
  if (chosen !== undefined) options.server = chosen;
  const table = readTable(files[0]!, document, options);
  const expression = tableExpression(table);
  // The call-time writers its routes use, imported by name: a bundler drops the others.
  const writers = tableWriters(table);
  if (output === undefined) return tableModule(expression, files[0]!, writers);
  if (io.writeFile === undefined) throw new Error("this run cannot write files");
  const written = tableFiles(output, files[0]!, tableModule(expression, files[0]!, writers), expression, writers);
  // The types go into the TypeScript file: the .ts module, or the declaration beside a .js one. They are made before
  // anything is written, so a description the type tools refuse leaves no file behind.
  const types = tableOnly ? "" : TYPES_HEADER + await pathsTypes(document, files[0]!, Object.keys(table[ROUTES]), warnings, io.load ?? ((name) => import(name)));
  // Every file is made before any is written, so a refused name leaves nothing half-written.
  for (const file of written.map((each) => (types !== "" && each.path.endsWith("ts") ? { ...each, text: `${each.text}\n${types}` } : each))) {
    try {
      io.writeFile(file.path, file.text);
    } catch (error) {
      const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : String(error);
      throw new UsageError(`cannot write ${show(file.path)} (${code})`);
    }
  }
  return "";
}

/** What comes before openapi-typescript's types in the file `-o` writes. */
const TYPES_HEADER = "// The description's types, by openapi-typescript: endpoint.defaults<paths>(table) checks each call against paths.\n";

/**
 * The ES module `endpointkit openapi` prints: the table (as tableExpression() writes it) with the writers its routes
 * use (tableWriters), as its default export, ready for `endpoint.defaults(table)`.
 */
function tableModule(expression: string, file: string, writers: readonly string[]): string {
  // The file name is escaped like the data: a U+2028 in it would end the comment and make the rest of the line code.
  return `// Generated by \`endpointkit openapi\` from ${moduleData(file)}: endpoint.defaults(table) sends its routes as described.\n${tableImport(writers)}const table = ${expression};\nexport default /* @__PURE__ */ ${tableCall(writers)};\n`;
}

/**
 * The table as a JavaScript expression that is data and nothing else (moduleData): the printed module and the typed
 * files `-o` writes hold the same text.
 */
function tableExpression(table: DescribedDefaults): string {
  const { [ROUTES]: routes, ...rest } = table;
  // JSON is an ES module expression; one route a line keeps it compact and still readable in a diff.
  const lines = Object.keys(routes).map((route) => `    ${moduleKey(route)}: ${moduleData(routes[route])}`);
  const head = moduleData(rest, 2).slice(0, -2);
  return `${head},\n  ${moduleKey(ROUTES)}: {\n${lines.join(",\n")}\n  }\n}`;
}
