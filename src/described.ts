// Described routes (DECISIONS "Described routes"): a route table entry, as fromOpenApi writes it, compiled once into
// what a call needs: a URL template holding the path styles, and where each flat key goes.
import { EndpointError, quote } from "./errors.js";
import { checkDepth, getOwn, isPlainObject, ownItems, type Dictionary } from "./objects.js";
import type { Style } from "./styles.js";
import type { CompiledUrl } from "./url.js";

/**
 * The option that holds the route table: a name no API gives a parameter (OpenAPI's own `x-` prefix for extensions,
 * with a hyphen no JS identifier or query convention uses), so it is never taken for a parameter.
 */
export const ROUTES = "x-endpointkit-routes";

/** How one parameter is sent; what OpenAPI makes the default is left out. */
export interface DescribedParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  required?: boolean;
  /** Described by `content` of a JSON media type: sent as its JSON text. */
  json?: boolean;
}

/** How one property of a form body is written (OpenAPI's Encoding object), defaults left out. */
export interface DescribedEncoding {
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  json?: boolean;
}

/** The request body of an operation: its media type, and its property names when they are flat keys. */
export interface DescribedBody {
  mediaType: string;
  /** Present when the body is an object whose properties are given as flat keys; else the body goes in `data`. */
  properties?: string[];
  encoding?: { [property: string]: DescribedEncoding };
}

/** One operation of the route table. */
export interface DescribedOperationEntry {
  parameters?: DescribedParameter[];
  body?: DescribedBody;
  /** The operation's own server (a path's or operation's `servers`), in place of the endpoint's baseUrl. */
  baseUrl?: string;
  /** The accept header of this operation when it is not the document's. */
  accept?: string;
}

/** The route table: `"<METHOD> <path>"` to its operation. */
export interface RouteTable {
  [route: string]: DescribedOperationEntry;
}

/** Where a flat key goes on a described route. */
type Place = { readonly in: "query" | "cookie"; readonly style: Style } | "path" | "body";

/** A route table entry compiled for calls. */
export interface DescribedPlan {
  readonly route: string;
  /** The path with each path parameter's style as an RFC 6570 expression: `/pets/{petId}`, `/a/{;matrix*}`. */
  readonly url: string;
  readonly baseUrl: string | undefined;
  readonly accept: string | undefined;
  /** Flat keys: path, query and cookie parameters, then body properties. */
  readonly places: ReadonlyMap<string, Place>;
  readonly query: readonly DescribedStyle[];
  readonly cookies: readonly DescribedStyle[];
  /** Header parameters, by lowercase name. */
  readonly headers: readonly DescribedStyle[];
  readonly required: readonly string[];
  readonly body: { readonly mediaType: string; readonly flat: boolean; readonly encoding: ReadonlyMap<string, Style> } | undefined;
  /** `url` compiled, by the first call that got that far. */
  compiled: CompiledUrl | undefined;
}

/** A parameter with its style filled in. */
export interface DescribedStyle extends Style {
  readonly required: boolean;
}

/** Compiled entries by table: a table given to defaults() is frozen (freezeTable), so its entries never change. */
const compiledTables = new WeakMap<object, Map<string, DescribedPlan>>();

/** The plan of `method url` in `table`, or undefined when the table does not describe it. */
export function describedRoute(table: unknown, method: string, url: string): DescribedPlan | undefined {
  if (!isPlainObject(table)) throw new EndpointError("ERR_INVALID_ROUTE", `${ROUTES} must be the route table fromOpenApi() returns`);
  const key = `${method.toUpperCase()} ${url}`;
  let plans = compiledTables.get(table);
  const known = plans?.get(key);
  if (known !== undefined) return known;
  const entry = getOwn(table, key);
  if (entry === undefined) return undefined;
  const plan = compileEntry(key, url, entry);
  if (Object.isFrozen(table)) {
    if (plans === undefined) compiledTables.set(table, (plans = new Map()));
    plans.set(key, plan);
  }
  return plan;
}

const STYLES: { readonly [where: string]: readonly string[] } = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
};
const PATH_OPERATORS: { readonly [style: string]: string } = { simple: "", label: ".", matrix: ";" };

function compileEntry(route: string, url: string, entry: unknown): DescribedPlan {
  if (!isPlainObject(entry)) throw malformed(route, "is not an object");
  const places = new Map<string, Place>();
  const query: DescribedStyle[] = [];
  const cookies: DescribedStyle[] = [];
  const headers: DescribedStyle[] = [];
  const required: string[] = [];
  const pathStyles = new Map<string, string>();
  const parameters = getOwn(entry, "parameters");
  if (parameters !== undefined && !Array.isArray(parameters)) throw malformed(route, "has parameters that are not a list");
  for (const parameter of parameters === undefined ? [] : ownItems(parameters, "the parameters of", route)) {
    if (!isPlainObject(parameter)) throw malformed(route, "has a parameter that is not an object");
    const name = getOwn(parameter, "name");
    const where = getOwn(parameter, "in");
    if (typeof name !== "string" || typeof where !== "string" || !Object.prototype.hasOwnProperty.call(STYLES, where)) {
      throw malformed(route, "has a parameter without a string name and a location (path, query, header or cookie)");
    }
    const style = styleOf(route, name, parameter, STYLES[where]!);
    if (where === "path") {
      pathStyles.set(name, `${PATH_OPERATORS[style.style]}${name}${style.explode ? "*" : ""}`);
      places.set(name, "path");
    } else if (where === "header") {
      headers.push({ ...style, name: name.toLowerCase() });
    } else {
      (where === "query" ? query : cookies).push(style);
      if (places.has(name)) throw malformed(route, `names the parameter ${quote(name)} twice`);
      places.set(name, { in: where as "query" | "cookie", style });
    }
    if (style.required && (where === "query" || where === "cookie")) required.push(name);
  }
  const body = bodyOf(route, getOwn(entry, "body"), places);
  const baseUrl = getOwn(entry, "baseUrl");
  const accept = getOwn(entry, "accept");
  if ((baseUrl !== undefined && typeof baseUrl !== "string") || (accept !== undefined && typeof accept !== "string")) {
    throw malformed(route, "has a baseUrl or accept that is not a string");
  }
  // A fragment in a description's path (`/files/{id}#add_shared_link`, a way to describe one path twice) is never
  // sent: the request goes to the path before it.
  const fragment = url.search(/#(?![^{]*\})/);
  const sent = fragment < 0 ? url : url.slice(0, fragment);
  // Each path placeholder as the description writes it, `{name}`, becomes its style's expression.
  const path = sent.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const expression = pathStyles.get(name);
    if (expression === undefined) places.set(name, "path");
    return expression === undefined ? whole : `{${expression}}`;
  });
  return { route, url: path, baseUrl, accept, places, query, cookies, headers, required, body, compiled: undefined };
}

function styleOf(route: string, name: string, parameter: Dictionary, allowed: readonly string[]): DescribedStyle {
  const style = getOwn(parameter, "style") ?? allowed[0];
  const explode = getOwn(parameter, "explode") ?? style === "form";
  const allowReserved = getOwn(parameter, "allowReserved") ?? false;
  const json = getOwn(parameter, "json") ?? false;
  const required = getOwn(parameter, "required") ?? false;
  if (typeof style !== "string" || !allowed.includes(style)) throw malformed(route, `gives the parameter ${quote(name)} a style it cannot have here`);
  if (typeof explode !== "boolean" || typeof allowReserved !== "boolean" || typeof json !== "boolean" || typeof required !== "boolean") {
    throw malformed(route, `gives the parameter ${quote(name)} a flag that is not a boolean`);
  }
  return { name, style, explode, allowReserved, json, required };
}

function bodyOf(route: string, body: unknown, places: Map<string, Place>): DescribedPlan["body"] {
  if (body === undefined) return undefined;
  if (!isPlainObject(body) || typeof getOwn(body, "mediaType") !== "string") throw malformed(route, "has a body without a media type");
  const properties = getOwn(body, "properties");
  const encodingEntries = getOwn(body, "encoding") ?? {};
  if ((properties !== undefined && !Array.isArray(properties)) || !isPlainObject(encodingEntries)) {
    throw malformed(route, "has body properties that are not a list, or an encoding that is not an object");
  }
  const encoding = new Map<string, Style>();
  for (const property of Object.keys(encodingEntries)) {
    const entry = encodingEntries[property];
    if (!isPlainObject(entry)) throw malformed(route, `has an encoding for ${quote(property)} that is not an object`);
    encoding.set(property, styleOf(route, property, entry, STYLES.query!));
  }
  if (properties !== undefined) {
    for (const property of ownItems(properties, "the body properties of", route)) {
      if (typeof property !== "string" || places.has(property)) throw malformed(route, `has a body property ${typeof property === "string" ? quote(property) : ""} that is not a free string key`);
      places.set(property, "body");
    }
  }
  return { mediaType: getOwn(body, "mediaType") as string, flat: properties !== undefined, encoding };
}

function malformed(route: string, what: string): EndpointError {
  return new EndpointError("ERR_INVALID_ROUTE", `the route table's entry for ${quote(route)} ${what}`);
}

/**
 * Freezes a route table copy that defaults() keeps, so calls share it (merge() does not copy it per call) and its
 * compiled entries stay true to it.
 */
export function freezeTable(value: unknown, depth = 0): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  checkDepth(depth);
  Object.freeze(value);
  for (const key of Object.keys(value)) freezeTable((value as Dictionary)[key], depth + 1);
}
