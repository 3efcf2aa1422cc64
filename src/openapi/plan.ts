// Described routes (DECISIONS "Described routes"): a route table entry, as fromOpenApi writes it, compiled once into
// what a call needs: a URL template holding the path styles, and where each flat key goes.
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, ownItems, type Dictionary } from "../objects.js";
import { ROUTES, type DescribedPlan } from "../described.js";
import { checkHeaderValue } from "../headers.js";
import { bodyKind, describedHeaders, describedRequest } from "./call.js";
import type { Style } from "./styles.js";

/** How one parameter is sent; what OpenAPI makes the default is left out. */
export interface DescribedParameter {
  name: string;
  /** `querystring` (OpenAPI 3.2): the whole query, written by `mediaType`. */
  in: "path" | "query" | "header" | "cookie" | "querystring";
  /** A querystring parameter's media type. */
  mediaType?: string;
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

/** Where a flat key goes on a described route: a query or cookie parameter, a path parameter, or a body property. */
type Place = SlottedStyle | "path" | "body";

/** A route table entry compiled for calls. */
export interface CompiledPlan extends DescribedPlan {
  readonly route: string;
  /** Flat keys: path, query and cookie parameters, then body properties. */
  readonly places: ReadonlyMap<string, Place>;
  readonly query: readonly SlottedStyle[];
  readonly cookies: readonly SlottedStyle[];
  /** How many names the query and cookie parameters have: the length of the values a call reads for them. */
  readonly slots: number;
  /** Header parameters, by lowercase name. */
  readonly headerStyles: readonly DescribedStyle[];
  /** The required query and cookie parameters, in the description's order. */
  readonly required: readonly SlottedStyle[];
  readonly body: { readonly mediaType: string; readonly kind: ReturnType<typeof bodyKind>; readonly flat: boolean; readonly encoding: ReadonlyMap<string, Style> } | undefined;
}

/** A parameter with its style filled in. */
export interface DescribedStyle extends Style {
  readonly required: boolean;
}

/**
 * A query or cookie parameter, with where a call keeps its value (one slot per name: a name both in the query and a
 * cookie is read once and sent to both).
 */
export interface SlottedStyle extends DescribedStyle {
  readonly in: "query" | "cookie";
  readonly slot: number;
}

/**
 * Compiled entries by table, then by url and method as a call gives them: both are strings the caller holds (a route
 * entry's url, the method written in the route), so a lookup builds no key. A table given to defaults() is frozen
 * (freezeTable), so its entries never change.
 */
const compiledTables = new WeakMap<object, Map<string, Map<string, CompiledPlan | undefined>>>();

/** The plan of `method url` in `table`, or undefined when the table does not describe it. */
export function describedPlan(table: unknown, method: string, url: string): CompiledPlan | undefined {
  if (!isPlainObject(table)) throw malformed(ROUTES);
  const byUrl = compiledTables.get(table);
  const byMethod = byUrl?.get(url);
  const cached = byMethod?.get(method);
  if (cached !== undefined) return cached;
  // Every spelling of a method shares the plan of its uppercase one: a caller's "get", "Get" or "gEt" compiles nothing new.
  const upper = method.toUpperCase();
  if (upper !== method) return describedPlan(table, upper, url);
  const key = `${method} ${url}`;
  const entry = getOwn(table, key);
  const plan = entry === undefined ? undefined : compileEntry(key, url, entry);
  // Only routes the table describes are kept: a miss must not let a caller's urls fill memory.
  if (plan !== undefined && Object.isFrozen(table)) {
    if (byUrl === undefined) compiledTables.set(table, new Map([[url, new Map([[method, plan]])]]));
    else if (byMethod === undefined) byUrl.set(url, new Map([[method, plan]]));
    else byMethod.set(method, plan);
  }
  return plan;
}

const STYLES: { readonly [where: string]: readonly string[] } = {
  path: ["simple", "label", "matrix"],
  // tabDelimited: Swagger 2.0's collectionFormat tsv (styles.ts writes it).
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject", "tabDelimited"],
  // The delimited ones: Swagger 2.0's collectionFormat ssv, pipes and tsv on a header (styles.ts headerText).
  header: ["simple", "spaceDelimited", "pipeDelimited", "tabDelimited"],
  cookie: ["form"],
};

function compileEntry(route: string, url: string, entry: unknown): CompiledPlan {
  const fail = (): never => {
    throw malformed(route);
  };
  const places = new Map<string, Place>();
  const query: SlottedStyle[] = [];
  const cookies: SlottedStyle[] = [];
  const headers: DescribedStyle[] = [];
  const required: SlottedStyle[] = [];
  const slots = new Map<string, number>();
  const pathStyles = new Map<string, string>();
  const parameters = listOf(getOwn(isPlainObject(entry) ? entry : fail(), "parameters"), fail);
  for (const parameter of parameters) {
    const where = getOwn(isPlainObject(parameter) ? parameter : fail(), "in") as string;
    const style = styleOf(parameter, STYLES[Object.prototype.hasOwnProperty.call(STYLES, where) ? where : fail()]!, fail);
    const name = style.name;
    if (where === "path") {
      // The style as an RFC 6570 operator: simple `{id}`, label `{.id}`, matrix `{;id}`, `*` when exploded.
      pathStyles.set(name, `{${style.style === "label" ? "." : style.style === "matrix" ? ";" : ""}${name}${style.explode ? "*" : ""}}`);
      places.set(name, "path");
    } else if (where === "header") {
      headers.push({ ...style, name: name.toLowerCase() });
    } else {
      let slot = slots.get(name);
      if (slot === undefined) slots.set(name, (slot = slots.size));
      const placed: SlottedStyle = { ...style, in: where as "query" | "cookie", slot };
      (where === "query" ? query : cookies).push(placed);
      places.set(name, placed);
      if (style.required) required.push(placed);
    }
  }
  const body = getOwn(entry as Dictionary, "body");
  let described: CompiledPlan["body"];
  if (body !== undefined) {
    const own = isPlainObject(body) ? body : fail();
    const mediaType = getOwn(own, "mediaType");
    const properties = getOwn(own, "properties");
    const given = getOwn(own, "encoding") ?? {};
    const encodings = isPlainObject(given) ? given : fail();
    const encoding = new Map<string, Style>();
    for (const property of Object.keys(encodings)) {
      encoding.set(property, styleOf({ ...(encodings[property] as object), name: property }, STYLES.query!, fail));
    }
    for (const property of listOf(properties, fail)) places.set(typeof property === "string" && !places.has(property) ? property : fail(), "body");
    const type = typeof mediaType === "string" ? mediaType : fail();
    described = { mediaType: type, kind: bodyKind(type), flat: properties !== undefined, encoding };
  }
  const baseUrl = getOwn(entry as Dictionary, "baseUrl");
  const accept = getOwn(entry as Dictionary, "accept");
  if ((baseUrl !== undefined && typeof baseUrl !== "string") || (accept !== undefined && typeof accept !== "string")) fail();
  // Both are sent as headers (accept, content-type) after the caller's headers were checked: checked here instead.
  if (accept !== undefined) checkHeaderValue("accept", accept);
  if (described !== undefined) checkHeaderValue("content-type", described.mediaType);
  // A fragment in a description's path (`/files/{id}#add_shared_link`, a way to describe one path twice) is never
  // sent: the request goes to the path before it.
  const fragment = fragmentStart(url);
  // Each path placeholder as the description writes it, `{name}`, becomes its style's expression.
  const path = (fragment < 0 ? url : url.slice(0, fragment)).replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    // An expression the description writes with its own operator (Google's `{+name}`) stays as written.
    const bare = name.replace(/^[+#./;?&]|\*$/g, "");
    if (!places.has(bare)) places.set(bare, "path");
    return (bare === name && pathStyles.get(name)) || whole;
  });
  const plan: CompiledPlan = {
    route,
    url: path,
    // Always required (OpenAPI), also in the styles RFC 6570 lets go without a value.
    pathParameters: new Set(pathStyles.keys()),
    baseUrl: baseUrl as string | undefined,
    accept: accept as string | undefined,
    places,
    query,
    cookies,
    slots: slots.size,
    headerStyles: headers,
    required,
    body: described,
    compiled: undefined,
    // `headers` stays the option; `data` is the body's when the route has one.
    claims: (key) => typeof places.get(key) === "object" && key !== "headers" && key !== ROUTES && !(key === "data" && described !== undefined),
    headers: (given) => describedHeaders(plan, given),
    request: (call) => describedRequest(plan, call),
  };
  return plan;
}

function listOf(value: unknown, fail: () => never): readonly unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? ownItems(value, "a route table list") : fail();
}

/** A parameter's (or form property's) style, the location's defaults filled in: form explodes, the others do not. */
function styleOf(parameter: unknown, allowed: readonly string[], fail: () => never): DescribedStyle {
  const read = (key: string, fallback: unknown, type: string): unknown => {
    const value = isPlainObject(parameter) ? (getOwn(parameter, key) ?? fallback) : fail();
    return typeof value === type ? value : fail();
  };
  const style = read("style", allowed[0], "string") as string;
  if (!allowed.includes(style)) fail();
  return {
    name: read("name", undefined, "string") as string,
    style,
    explode: read("explode", style === "form", "boolean") as boolean,
    allowReserved: read("allowReserved", false, "boolean") as boolean,
    json: read("json", false, "boolean") as boolean,
    required: read("required", false, "boolean") as boolean,
  };
}

function malformed(what: string): EndpointError {
  return new EndpointError("ERR_INVALID_ROUTE", `the route table (${ROUTES}) entry ${quote(what)} is not one that fromOpenApi() writes`);
}

/**
 * Where the fragment of a description's path starts: the first "#" outside a placeholder (one whose next brace is not
 * a "}"), or -1. A scan from the end, so a path of many "#" takes linear time, as a look-ahead per "#" would not.
 */
function fragmentStart(url: string): number {
  let start = -1;
  let insidePlaceholder = false;
  for (let i = url.length - 1; i >= 0; i--) {
    const code = url.charCodeAt(i);
    if (code === 0x7d /* } */) insidePlaceholder = true;
    else if (code === 0x7b /* { */) insidePlaceholder = false;
    else if (code === 0x23 /* # */ && !insidePlaceholder) start = i;
  }
  return start;
}
