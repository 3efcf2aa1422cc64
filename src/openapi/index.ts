// `endpointkit/openapi`: an OpenAPI 3.0, 3.1 or 3.2 or a Swagger 2.0 description read once into the defaults of an
// endpoint, so that `endpoint.defaults<paths>(fromOpenApi(document))` sends every parameter where the description
// puts it.
import { EndpointError, guarded, quote } from "../errors.js";
import { isToken } from "../token.js";
import { isPlainObject, setOwn, type Dictionary } from "../objects.js";
import { ROUTES } from "../option-names.js";
import type { PlanSource } from "../plan.js";
import { PATH_ITEM_METHODS } from "./plan.js";
import { TABLE_SETTINGS } from "./undescribed.js";
import { planSource, withSource } from "./table.js";
import { ALL_WRITERS } from "./writers.js";
import type { Writers } from "../types/route-table.js";
import type { RouteTable } from "../types/route-table.js";
import { describeValue, own, ownString, Reader, setProperty } from "./document.js";
import { readSwagger2 } from "./swagger2.js";
import { operationEntry, placeholderNames, setTemplatePath } from "./routes.js";
import { isJson } from "./media.js";
import { chosenServer, firstServer, serverUrl, serversOf, type ServerChoice } from "./servers.js";
import { addSecurity, checkAuthFor, readSchemes, trustedOrigins, usedSchemes } from "./security.js";
import type { DescribedOperationEntry, DescribedScheme } from "../types/route-table.js";
import type { Auth } from "../types/options.js";

export type { Auth, BasicCredentials, Credential } from "../types/options.js";

export { ROUTES };
export type { DescribedBody, DescribedEncoding, DescribedOperationEntry, DescribedParameter, DescribedScheme, RouteTable, SchemeNames, Writers } from "../types/route-table.js";
export { tableWriters, writeCookieStyle, writeCredentials, writeDates, writeDeepObject, writeFormBody, writeMultipart, writeOptionNamed, writeQuerystring } from "./writers.js";

/**
 * What fromOpenApi() returns: plain JSON, ready for `endpoint.defaults()` or to be written out as a module. (A type
 * alias, not an interface, so that it is assignable to the options `defaults()` takes.)
 */
export type DescribedDefaults = {
  baseUrl: string;
  headers: { accept: string };
  /** The route table: `"<METHOD> <path>"` to where each of its parameters goes. */
  "x-endpointkit-routes": RouteTable;
  /** The credentials given to fromOpenApi(), by security scheme name (DECISIONS "Credentials: `auth`"). */
  auth?: Auth;
};

/** How fromOpenApi() reads the description. */
export interface FromOpenApiOptions {
  /**
   * The server to send requests to: an index into the description's `servers`, one of their URLs, or `{ url,
   * variables }`: that server with values for its server variables, the others at their defaults (an `enum` variable
   * takes one of its values). Swagger 2.0: an index into its `schemes`, or the URL one of them makes with `host` and
   * `basePath`.
   */
  server?: number | string | { url: string; variables?: { [name: string]: string } };
  /**
   * Where the description is served: what a relative server URL ("/v1", or no servers at all) is resolved against;
   * for Swagger 2.0, the host and scheme used when the description names none.
   */
  baseUrl?: string;
  /**
   * What a route the description does not hold does: "refuse" (the default), ERR_INVALID_ROUTE naming the nearest
   * described routes; "github", it follows GitHub's rules (SPEC.md), as on the base endpoint.
   */
  undescribed?: "refuse" | "github";
  /** Credentials by the description's security scheme names, checked against them and kept in the defaults. */
  auth?: Auth;
  /**
   * Origins (`"https://uploads.example"`) that a route's own server may be on and still be sent the credentials of
   * `auth`: without it, credentials go only to the origin of the endpoint's base URL, and a route whose own server is
   * elsewhere is ERR_INVALID_ROUTE when a call has credentials for it. Headers you set are sent as given.
   */
  trust?: readonly string[];
}

/**
 * Reads a parsed OpenAPI 3.0, 3.1 or 3.2 or Swagger 2.0 document into an endpoint's defaults: baseUrl, accept and the
 * route table.
 */
export const fromOpenApi: (document: unknown, options?: FromOpenApiOptions) => DescribedDefaults = /* @__PURE__ */ guarded(
  "fromOpenApi()",
  (document: unknown, options?: FromOpenApiOptions) => read(document, options, readSwagger2),
);

/**
 * fromOpenApi() for OpenAPI 3.0, 3.1 and 3.2 only: the same table from the same document, without the Swagger 2.0
 * reader in the bundle. A Swagger 2.0 document is ERR_INVALID_PARAMETER (read it with fromOpenApi()).
 */
export const fromOpenApi3: (document: unknown, options?: FromOpenApiOptions) => DescribedDefaults = /* @__PURE__ */ guarded(
  "fromOpenApi3()",
  (document: unknown, options?: FromOpenApiOptions) => read(document, options, undefined),
);

/**
 * `defaults` with its route table ready for `endpoint.defaults()`: for a table that `endpointkit openapi` wrote out
 * as JSON (fromOpenApi()'s tables are ready as they are). Brings every writer. The table itself is not changed: a
 * frozen or shared one is copied.
 */
export const describedRoutes: <Defaults>(defaults: Defaults) => Defaults = /* @__PURE__ */ guarded("describedRoutes()", <Defaults>(defaults: Defaults): Defaults => withTable(defaults, ALL_SOURCE, "describedRoutes()"));

/**
 * `defaults` (a table's data, as `endpointkit openapi` writes it in a module) ready for `endpoint.defaults()`, with
 * the call-time writers its routes use and no others (writeMultipart, writeCredentials…): what a module written by
 * `endpointkit openapi` exports, so that a bundler keeps only those. A route that needs another is ERR_INVALID_ROUTE.
 */
export const routeTable: <Defaults>(defaults: Defaults, ...writers: Writers[]) => Defaults = /* @__PURE__ */ guarded(
  "routeTable()",
  <Defaults>(defaults: Defaults, ...writers: Writers[]): Defaults => {
    const kit: { -readonly [K in keyof Writers]: Writers[K] } = {};
    for (const writer of writers) {
      if (!isPlainObject(writer)) throw new EndpointError("ERR_INVALID_PARAMETER", "routeTable(): give it the writers of \"endpointkit/openapi\" its routes use (writeMultipart, …)");
      Object.assign(kit, writer);
    }
    return withTable(defaults, planSource(kit), "routeTable()");
  },
);

/** A copy of `defaults` whose route table carries `source`. */
function withTable<Defaults>(defaults: Defaults, source: PlanSource, what: string): Defaults {
  if (!isPlainObject(defaults)) throw new EndpointError("ERR_INVALID_PARAMETER", `${what}: give it the defaults that fromOpenApi() returns (an object)`);
  const table = own(defaults, ROUTES);
  if (!isPlainObject(table)) throw new EndpointError("ERR_INVALID_ROUTE", `${what}: the defaults have no route table (${ROUTES})`);
  const copy: Dictionary = {};
  for (const key of Object.keys(defaults)) setOwn(copy, key, key === ROUTES ? withSource({ ...table }, source) : defaults[key]);
  return copy as Defaults;
}

/** The plan source of tables that may use every writer: fromOpenApi()'s and describedRoutes()'. */
const ALL_SOURCE = /* @__PURE__ */ planSource(ALL_WRITERS);

/** A document read into defaults; `swagger2`: the Swagger 2.0 reader, when the entry reads that format too. */
function read(document: unknown, options: FromOpenApiOptions = {}, swagger2: typeof readSwagger2 | undefined): DescribedDefaults {
  if (!isPlainObject(document)) throw new EndpointError("ERR_INVALID_PARAMETER", "fromOpenApi(): the description must be a parsed OpenAPI or Swagger 2.0 document (an object)");
  if (!isPlainObject(options)) throw new EndpointError("ERR_INVALID_PARAMETER", "fromOpenApi(): options must be an object");
  const base = own(options, "baseUrl");
  const given = own(options, "server");
  const choice = given === undefined || typeof given === "string" || typeof given === "number" ? given : serverChoice(given);
  if ((base !== undefined && typeof base !== "string") || (choice !== undefined && typeof choice !== "string" && typeof choice !== "number" && typeof choice !== "object")) {
    throw new EndpointError("ERR_INVALID_PARAMETER", "fromOpenApi(): options.baseUrl must be a string and options.server an index, a URL or { url, variables }");
  }
  const undescribed = own(options, "undescribed");
  if (undescribed !== undefined && undescribed !== "refuse" && undescribed !== "github") {
    throw new EndpointError("ERR_INVALID_PARAMETER", 'fromOpenApi(): options.undescribed must be "refuse" or "github"');
  }
  const trustOption = own(options, "trust");
  const trust = trustOption === undefined ? undefined : trustedOrigins(trustOption);
  const version = ownString(document, "openapi");
  const reader = new Reader(document, version !== undefined && /^3\.2(\.|$)/.test(version));
  const swagger = own(document, "swagger");
  let read: { baseUrl: string; routes: RouteTable; accepts: Map<string, string> };
  let schemes: Map<string, DescribedScheme>;
  if (version !== undefined && /^3\.[012](\.|$)/.test(version)) {
    schemes = readSchemes(reader, document, false);
    read = readOpenApi3(reader, document, choice, base);
  } else if (version === undefined && swagger === "2.0") {
    if (swagger2 === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", 'fromOpenApi3(): the description is Swagger 2.0 ("swagger": "2.0"), which fromOpenApi3() does not read: read it with fromOpenApi()');
    schemes = readSchemes(reader, document, true);
    read = swagger2(reader, document, swagger2Choice(choice), base);
  } else {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      version !== undefined || swagger === undefined
        ? `fromOpenApi(): the description is not OpenAPI 3.0, 3.1 or 3.2 (its "openapi" field is ${version === undefined ? "missing" : JSON.stringify(version)})`
        : `fromOpenApi(): the description's "swagger" field is ${typeof swagger === "string" ? JSON.stringify(swagger) : describeValue(swagger)}: Swagger 2.0 is read, other versions are not`,
    );
  }
  const { baseUrl, routes, accepts } = read;
  const accept = commonAccept(accepts);
  for (const [route, type] of accepts) if (type !== accept) routes[route]!.accept = type;
  // The table's settings: how undescribed routes go, the trusted origins, and each security scheme the routes name,
  // written once (an entry names its schemes in `security`).
  const settings: DescribedOperationEntry = {};
  if (undescribed === "github") settings.undescribed = undescribed;
  if (trust !== undefined) settings.trust = trust;
  const used = usedSchemes(routes, schemes);
  if (used !== undefined) settings.schemes = used;
  if (Object.keys(settings).length > 0) routes[TABLE_SETTINGS] = settings;
  const auth = own(options, "auth");
  const defaults: DescribedDefaults = { baseUrl, headers: { accept }, [ROUTES]: withSource(routes, ALL_SOURCE) };
  // A copy: the caller's object is theirs (a later change to it must not reach the endpoint).
  if (auth !== undefined) defaults.auth = { ...checkAuthFor(auth, schemes) } as Auth;
  return defaults;
}

/** Swagger 2.0 has no server variables: `{ url }` is its URL, and a variable is one it does not have. */
function swagger2Choice(choice: number | string | ServerChoice | undefined): number | string | undefined {
  if (typeof choice !== "object") return choice;
  const names = Object.keys(choice.variables ?? {});
  if (names.length > 0) throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): a Swagger 2.0 description has no server variables (options.server.variables names ${quote(names[0]!)})`);
  return choice.url;
}

/** `{ url, variables }` of options.server, read as own properties into a copy; undefined when it is not one. */
function serverChoice(given: unknown): ServerChoice | undefined {
  if (!isPlainObject(given)) return undefined;
  const url = own(given, "url");
  const variables = own(given, "variables");
  if (typeof url !== "string" || (variables !== undefined && !isPlainObject(variables))) {
    throw new EndpointError("ERR_INVALID_PARAMETER", "fromOpenApi(): options.server must be an index, a URL or { url, variables } (a URL string and a map of names to values)");
  }
  const values: { [name: string]: string } = {};
  for (const name of Object.keys(variables ?? {})) setProperty(values, name, (variables as Dictionary)[name] as string);
  return { url, variables: values };
}

/** An OpenAPI 3.0, 3.1 or 3.2 document's server, routes and each route's accept type. */
function readOpenApi3(reader: Reader, document: Dictionary, choice: number | string | ServerChoice | undefined, base: string | undefined): { baseUrl: string; routes: RouteTable; accepts: Map<string, string> } {
  const baseUrl = chosenServer(serversOf(document), choice, base, reader);
  const routes: RouteTable = {};
  const accepts = new Map<string, string>();
  const urls = new Map<object, string>();
  const paths = own(document, "paths");
  const pathItems = isPlainObject(paths) ? paths : {};
  for (const path of reader.keys(pathItems)) {
    if (!path.startsWith("/")) continue;
    const item = reader.resolve(pathItems[path]);
    if (!isPlainObject(item)) continue;
    const names = placeholderNames(path);
    const pathServer = firstServer(item);
    for (const [method, value] of operationsOf(reader, path, item)) {
      const operation = reader.resolve(value);
      if (!isPlainObject(operation)) continue;
      const route = reader.routeKey(method, path);
      const entry = operationEntry(reader, names, own(item, "parameters"), operation);
      addSecurity(reader, entry, operation, document);
      setTemplatePath(entry, path);
      // A path's or an operation's own servers take its routes elsewhere (uploads often do); `options.server` picks
      // among the document's servers only.
      const chosen = firstServer(operation) ?? pathServer;
      if (chosen !== undefined) {
        // A relative one is resolved as the document's servers are, or against the document's server. Each server
        // object is filled in once, however many operations share it (through a $ref'd path item or operation).
        let own = isPlainObject(chosen.server) ? urls.get(chosen.server) : undefined;
        if (own === undefined) {
          own = serverUrl(chosen.server, base ?? baseUrl);
          if (isPlainObject(chosen.server)) urls.set(chosen.server, own);
        }
        // Compared with the document's URL at each reference: its text counted at each.
        if (reader.text(own) !== baseUrl) Object.assign(entry, { baseUrl: own, replaces: baseUrl });
      }
      const accept = acceptOf(reader, operation);
      if (accept !== undefined) accepts.set(route, accept);
      setProperty(routes, route, entry);
    }
  }
  return { baseUrl, routes, accepts };
}

/**
 * A path item's operations as [method, operation]: the fixed fields, uppercase; in OpenAPI 3.2 also `query` (QUERY)
 * and each of `additionalOperations`, whose key is the method in the case it is sent (OpenAPI 3.2.0, Path Item
 * Object). A key that is no HTTP token, or that names a method a fixed field holds, is an EndpointError.
 */
function operationsOf(reader: Reader, path: string, item: Dictionary): [string, unknown][] {
  const fixed = reader.openapi32 ? [...PATH_ITEM_METHODS, "query"] : PATH_ITEM_METHODS;
  const operations: [string, unknown][] = fixed.map((method) => [method.toUpperCase(), own(item, method)]);
  if (!reader.openapi32) return operations;
  const additional = own(item, "additionalOperations");
  for (const method of reader.keys(additional)) {
    if (!isToken(method) || fixed.includes(method.toLowerCase())) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `fromOpenApi(): the path ${quote(path)} has additionalOperations ${quote(method)}, which is ${fixed.includes(method.toLowerCase()) ? "a method its own field describes" : "not an HTTP method token"}`,
      );
    }
    operations.push([method, (additional as Dictionary)[method]]);
  }
  return operations;
}

/**
 * The response media type an operation asks for, one type (DECISIONS "Described routes"): its success response's JSON
 * type, else that response's first type; a success response is a 2XX one (else the first that has content: `default`).
 */
function acceptOf(reader: Reader, operation: unknown): string | undefined {
  const responses = own(operation, "responses");
  if (!isPlainObject(responses)) return undefined;
  let found: string | undefined;
  for (const status of reader.keys(responses)) {
    const content = own(reader.resolve(responses[status]), "content");
    const types = reader.keys(content);
    if (types.length === 0) continue;
    const type = types.find((type) => isJson(type.toLowerCase())) ?? types[0];
    if (status.startsWith("2")) return type;
    found ??= type;
  }
  return found;
}

/** The document's accept header: application/json, unless most operations ask for another type. */
function commonAccept(accepts: ReadonlyMap<string, string>): string {
  const counts = new Map<string, number>();
  for (const type of accepts.values()) counts.set(type, (counts.get(type) ?? 0) + 1);
  let best = "application/json";
  for (const [type, count] of counts) if (count > (counts.get(best) ?? 0)) best = type;
  return best;
}
