// Described routes (DECISIONS "Described routes"): a route table entry, as fromOpenApi writes it, compiled once into
// what a call needs: a URL template holding the path styles, and where each flat key goes.
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, ownItems, type Dictionary } from "../objects.js";
import { ROUTES } from "../option-names.js";
import { hasOwn } from "../values.js";
import { checkHeaderValue } from "../headers.js";
import { checkAuth } from "./auth.js";
import { describedHeaders, describedRequest, isFlatKey, isTransportHeader } from "./call.js";
import { bodyKind, bodyWriters, jsonContentType } from "./media.js";
import { Seen, isEmptyValue, jsonText, type EncodingStyle } from "./styles.js";
import type { Call } from "../plan.js";
import type { CompiledPlan, DescribedStyle, Place, SlottedStyle, Writers } from "../types/route-table.js";

/**
 * Compiled entries by table, then by url and method as a call gives them: both are strings the caller holds (a route
 * entry's url, the method written in the route), so a lookup builds no key. A table given to defaults() is frozen
 * (freezeTable), so its entries never change.
 */
const compiledTables = /* @__PURE__ */ new WeakMap<object, Map<string, Map<string, CompiledPlan | undefined>>>();

/** How many spellings of a method a url keeps, beyond those the table writes: "get", "Get"... */
const MAX_SPELLINGS = 8;

/**
 * The plan of `method url` in `table`, or undefined when the table does not describe it: the tables' plan source. The
 * route as written wins (OpenAPI 3.2's additionalOperations key a method in the case it is sent: `Purge`, `COPY`);
 * else the uppercase one, as fromOpenApi() writes the fixed fields' methods (`get` finds "GET /pets").
 */
export function describedPlan(table: Dictionary, method: string, url: string, writers: Writers): CompiledPlan | undefined {
  const cached = compiledTables.get(table)?.get(url)?.get(method);
  if (cached !== undefined) return cached;
  const key = `${method} ${url}`;
  const entry = getOwn(table, key);
  let plan: CompiledPlan | undefined;
  if (entry !== undefined) plan = compileEntry(key, url, entry, writers);
  else {
    // Every other spelling of a method shares the plan of its uppercase one: a caller's "get" or "gEt" compiles nothing
    // new, and a few spellings per url are kept, so that the next call finds its own at once.
    const upper = method.toUpperCase();
    plan = upper === method ? undefined : describedPlan(table, upper, url, writers);
  }
  // Only routes the table describes are kept: a miss must not let a caller's urls fill memory. (Read again: the
  // uppercase spelling's lookup above may have made the maps.)
  if (plan !== undefined && Object.isFrozen(table)) {
    let byUrl = compiledTables.get(table);
    if (byUrl === undefined) compiledTables.set(table, (byUrl = new Map()));
    let byMethod = byUrl.get(url);
    if (byMethod === undefined) byUrl.set(url, (byMethod = new Map()));
    if (entry !== undefined || byMethod.size < MAX_SPELLINGS) byMethod.set(method, plan);
  }
  return plan;
}

const STYLES: { readonly [where: string]: readonly string[] } = {
  path: ["simple", "label", "matrix"],
  // tabDelimited: Swagger 2.0's collectionFormat tsv (styles.ts writes it).
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject", "tabDelimited"],
  // The delimited ones: Swagger 2.0's collectionFormat ssv, pipes and tsv on a header (styles.ts headerText).
  header: ["simple", "spaceDelimited", "pipeDelimited", "tabDelimited"],
  // OpenAPI 3.2's `cookie` style: form's pairs joined by "; ", not percent-encoded (Style Values).
  cookie: ["form", "cookie"],
  // OpenAPI 3.2: one value, the whole query, written as its media type says (compileEntry); no style of its own.
  querystring: ["form"],
};

/** The methods of an OpenAPI 3.0 and 3.1 Path Item's fixed fields, in the order fromOpenApi() writes their routes. */
export const PATH_ITEM_METHODS: readonly string[] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The fixed fields' methods, OpenAPI 3.2's `query` among them: sent lowercase; any other method as written. */
const FIXED_METHODS = /* @__PURE__ */ new Set([...PATH_ITEM_METHODS, "query"]);


function compileEntry(route: string, url: string, entry: unknown, writers: Writers): CompiledPlan {
  const fail = (): never => {
    throw malformed(route);
  };
  // A writer the route needs and its table's module does not import (an entry edited by hand, or a module written
  // for another table): said when the route is first called, naming the writer.
  const need = (writer: keyof Writers): void => {
    if (writers[writer] === undefined) throw missingWriter(route, writer);
  };
  const places = new Map<string, Place>();
  const query: SlottedStyle[] = [];
  const cookies: SlottedStyle[] = [];
  const headers: DescribedStyle[] = [];
  // By lowercase name, the first of a name: a caller's header is one lookup, however many the route describes.
  const headerStyles = new Map<string, DescribedStyle>();
  const required: SlottedStyle[] = [];
  const slots = new Map<string, number>();
  const pathStyles = new Map<string, (variable: string) => string>();
  const datedPath = new Set<string>();
  let querystring: SlottedStyle | undefined;
  let parameterSlots = 0;
  // Each parameter's qualified key (`query:id`, `path:id`; DECISIONS "Described routes"), kept where no parameter or
  // property is literally named so (once every name is known).
  const qualifiedKeys: [string, SlottedStyle | "path"][] = [];
  const jsonPath = new Set<string>();
  const parameters = listOf(getOwn(isPlainObject(entry) ? entry : fail(), "parameters"), fail);
  for (const parameter of parameters) {
    const where = getOwn(isPlainObject(parameter) ? parameter : fail(), "in") as string;
    const style = styleOf(parameter, STYLES[Object.prototype.hasOwnProperty.call(STYLES, where) ? where : fail()]!, fail);
    const name = style.name;
    // A `format: date` value: its Dates are written as days by the table's writer.
    if (style.date) need("dates");
    if (where === "path") {
      // The style as an RFC 6570 operator: simple `{id}`, label `{.id}`, matrix `{;id}`, `*` when exploded.
      pathStyles.set(name, (variable) => `{${style.style === "label" ? "." : style.style === "matrix" ? ";" : ""}${variable}${style.explode ? "*" : ""}}`);
      // The URL reads a path parameter through the call's view, whatever its place: a query or cookie parameter of the
      // same name listed before it (SendGrid's operation-level `?list_id=` beside the path item's `{list_id}`) keeps
      // its place, so the one value goes to both.
      if (!places.has(name)) places.set(name, "path");
      if (style.date) datedPath.add(name);
      // Described by `content`: its JSON text, which the path's expression then percent-encodes.
      if (style.json) jsonPath.add(name);
      qualifiedKeys.push([`path:${name}`, "path"]);
    } else if (where === "header") {
      const lower = name.toLowerCase();
      const header = { ...style, name: lower, required: style.required && !isTransportHeader(lower) };
      headers.push(header);
      if (!headerStyles.has(header.name)) headerStyles.set(header.name, header);
    } else {
      // allowReserved would keep ";" and "=" in a cookie, which split the cookie header: fromOpenApi() writes it for
      // query parameters only (OpenAPI gives it no meaning elsewhere), and a hand-edited entry holding it is refused.
      if (where === "cookie" && style.allowReserved) fail();
      let slot = slots.get(name);
      if (slot === undefined) slots.set(name, (slot = slots.size));
      let placed: SlottedStyle;
      // Its own slot too, for the value of its qualified key (`query:id`), which only it takes.
      const own = parameterSlots++;
      if (where === "querystring") {
        // Its style is the kind of its media type: how call.ts writes the value (querystringText).
        const mediaType = getOwn(parameter as Dictionary, "mediaType");
        if (querystring !== undefined || typeof mediaType !== "string") fail();
        const kind = bodyKind(mediaType as string);
        need("querystring");
        placed = querystring = { ...style, in: where, slot, own, style: kind, json: style.json || kind === "json", encoding: encodingOf(parameter as Dictionary, fail) };
      } else {
        if (style.style === "cookie") need("cookieStyle");
        if (style.style === "deepObject" && !style.json) need("deepObject");
        placed = { ...style, in: where as "query" | "cookie", slot, own };
        (where === "query" ? query : cookies).push(placed);
      }
      places.set(name, placed);
      qualifiedKeys.push([`${where}:${name}`, placed]);
      if (style.required) required.push(placed);
    }
  }
  // OpenAPI 3.2: the querystring parameter is the whole query, so no query parameter can stand beside it.
  if (querystring !== undefined && query.length > 0) fail();
  const body = getOwn(entry as Dictionary, "body");
  let described: CompiledPlan["body"];
  if (body !== undefined) {
    const own = isPlainObject(body) ? body : fail();
    const mediaType = getOwn(own, "mediaType");
    const properties = getOwn(own, "properties");
    const encoding = encodingOf(own, fail);
    for (const property of listOf(properties, fail)) places.set(typeof property === "string" && !places.has(property) ? property : fail(), "body");
    const text = (key: string): string | undefined => {
      const value = getOwn(own, key);
      return value === undefined || typeof value === "string" ? value : fail();
    };
    const names = (key: string): string[] => listOf(getOwn(own, key), fail).map((name) => (typeof name === "string" ? name : fail()));
    const type = typeof mediaType === "string" ? mediaType : fail();
    const kind = bodyKind(type);
    const flag = (key: string): boolean => {
      const value = getOwn(own, key) ?? false;
      return typeof value === "boolean" ? value : fail();
    };
    const additional = flag("additional");
    const dates = new Set(names("dates"));
    if (dates.size > 0) need("dates");
    // A JSON body is labelled as JSON (a media range or none: application/json), a multipart one by the client (its
    // boundary), any other as described, unless it is a range: no one label says what such a body is.
    const contentType = kind === "json" ? jsonContentType(type) : kind === "multipart" || type.includes("*") ? undefined : type;
    // The other media types the operation describes, which a call's content-type may choose (media.ts chooseMedia).
    const others = names("mediaTypes");
    for (const other of others) checkHeaderValue("content-type", other);
    // The writers of every kind a call may write this body as: its media type's, and those a content-type may choose.
    for (const described of [type, ...others]) for (const writer of bodyWriters(described)) need(writer);
    described = {
      kind,
      mediaType: type,
      contentType,
      additional,
      dates,
      jsonString: flag("jsonString"),
      encoding,
      mediaTypes: others.length === 0 ? undefined : [type, ...others],
      required: flag("required"),
      requiredProperties: names("requiredProperties"),
      name: text("name"),
    };
  }
  const baseUrl = getOwn(entry as Dictionary, "baseUrl");
  const replaces = getOwn(entry as Dictionary, "replaces");
  const accept = getOwn(entry as Dictionary, "accept");
  for (const text of [baseUrl, replaces, accept]) if (text !== undefined && typeof text !== "string") fail();
  // Both are sent as headers (accept, content-type) after the caller's headers were checked: checked here instead.
  if (accept !== undefined) checkHeaderValue("accept", accept);
  if (described?.contentType !== undefined) checkHeaderValue("content-type", described.contentType);
  // A fragment in a description's path (`/files/{id}#add_shared_link`, a way to describe one path twice) is never
  // sent: the request goes to the path before it.
  // The entry's own path, when fromOpenApi() wrote one: the description's path as the core must read it (OpenAPI path
  // templating: a literal `:id` written %3A; src/openapi/path-template.ts on the reading side).
  const written = getOwn(entry as Dictionary, "path") ?? url;
  const source = typeof written === "string" ? written : fail();
  const fragment = fragmentStart(source);
  // Each path placeholder as the description writes it, `{name}`, becomes its style's expression.
  // In an entry's own path, a parameter name no RFC 6570 variable can spell (`{insight_id:}`) is written by its %XX
  // escapes: the variable reads the parameter of the name it decodes to.
  const variables = new Map<string, string>();
  const path = (fragment < 0 ? source : source.slice(0, fragment)).replace(/\{([^{}]*)\}/g, (whole, variable: string) => {
    const name = source !== url && variable.includes("%") ? decoded(variable, fail) : variable;
    if (name !== variable) variables.set(variable, name);
    // An expression the description writes with its own operator (Google's `{+name}`) stays as written.
    const bare = name === variable ? name.replace(/^[+#./;?&]|\*$/g, "") : name;
    if (!places.has(bare)) places.set(bare, "path");
    const styled = bare === name ? pathStyles.get(name) : undefined;
    return styled === undefined ? whole : styled(variable);
  });
  const variableOf = new Map([...variables].map(([variable, name]) => [name, variable]));
  const routeMethod = route.slice(0, route.indexOf(" "));
  // Query, querystring and cookie parameters named like an option that is always the option (`data`, `headers`).
  const optionNamed = [...places].filter(([name, place]) => typeof place === "object" && !isFlatKey(name)).map(([name, place]) => [name, (place as SlottedStyle).in] as const);
  if (optionNamed.length > 0) need("optionNamed");
  // Qualified keys name one parameter each; a parameter or property literally named so keeps its name.
  const qualified = new Map<string, SlottedStyle | "path">();
  for (const [key, place] of qualifiedKeys) if (!places.has(key) && !qualified.has(key)) qualified.set(key, place);
  // Each path variable's qualified key, by the variable's name as the template writes it.
  const pathKeys = new Map<string, string>();
  for (const [key, place] of qualified) {
    if (place !== "path") continue;
    const name = key.slice("path:".length);
    pathKeys.set(variableOf.get(name) ?? name, key);
  }
  const plan: CompiledPlan = {
    route,
    writers,
    secured: getOwn(entry as Dictionary, "security") !== undefined,
    url: path,
    // The fixed fields' methods are sent lowercase, as on every route; any other (3.2's additionalOperations) as written.
    method: FIXED_METHODS.has(routeMethod.toLowerCase()) ? undefined : routeMethod,
    // Always required (OpenAPI), also in the styles RFC 6570 lets go without a value.
    required: new Set([...pathStyles.keys()].map((name) => variableOf.get(name) ?? name)),
    keyOf: variables.size === 0 ? undefined : (variable: string) => variables.get(variable) ?? variable,
    urlValue:
      datedPath.size === 0 && jsonPath.size === 0 && pathKeys.size === 0
        ? undefined
        : (variable: string, value: unknown, call: Call) => {
            // A path parameter's own qualified key (`path:id`) over the flat key it shares with other places.
            // Looked up before it is read: most calls give none, and a read merges over the defaults.
            const key = pathKeys.get(variable);
            if (key !== undefined && (hasOwn.call(call.options, key) || call.defaults.keySet.has(key))) {
              const own = call.read(key);
              if (own !== undefined) value = own;
            }
            if (datedPath.size === 0 && jsonPath.size === 0) return value;
            const name = variables.get(variable) ?? variable;
            if (datedPath.has(name)) value = writers.dates!(name, value);
            return jsonPath.has(name) && value != null && !isEmptyValue(value) ? jsonText(name, value, new Seen()) : value;
          },
    // A name may be a path parameter and a query parameter or body property at once: the URL reads it through the
    // call's view, so it is read once.
    sharesKeys: true,
    // OpenAPI path templating: `:id` is literal text.
    colonPlaceholders: false,
    ownServer: baseUrl as string | undefined,
    replaces: replaces as string | undefined,
    // The route's own server (a path's or an operation's `servers`) stands in for the description's, the endpoint's
    // baseUrl unless the caller or defaults() set another.
    server: baseUrl === undefined ? undefined : (inForce: unknown) => (inForce === undefined || inForce === replaces ? baseUrl : inForce),
    sameOperation,
    checkAuth,
    accept: accept as string | undefined,
    places,
    query,
    cookies,
    slots: slots.size,
    headerStyles: headers,
    requiredParameters: required,
    qualified,
    parameterSlots,
    querystring,
    body: described,
    // `headers` stays the option; `data` is the body's when the route has one. A body that takes any key takes the
    // defaults' parameters too, but those always options (isFlatKey).
    takes: (key: string) => (key === "data" ? described !== undefined : places.has(key) || qualified.has(key) || (described?.additional === true && isFlatKey(key))),
    // `headers`, `data`, `request` and `auth` are always the options (DECISIONS "Described routes").
    claims: (key: string) => places.has(key) && isFlatKey(key),
    headers: (given: unknown) => describedHeaders(headerStyles, given, writers),
    explain: optionNamed.length === 0 ? undefined : (error: EndpointError, keys: readonly string[]) => writers.optionNamed!(error, keys, optionNamed),
    request: (call: Call) => describedRequest(plan, call),
  };
  return plan;
}

/**
 * DECISIONS "Described routes": a query or cookie parameter named `headers`, `data`, `request` or `auth` cannot be given
 * as a key, since those are always the options; a call that tried is told so beside what went wrong.
 */
export function explainOptionNamed(error: EndpointError, keys: readonly string[], optionNamed: readonly (readonly [string, string])[]): EndpointError {
  const given = optionNamed.filter(([name]) => keys.includes(name));
  if (given.length === 0) return error;
  const names = given.map(([name, where]) => `the ${where} parameter ${quote(name)}`).join(" and ");
  const qualified = given.map(([name, where]) => quote(`${where}:${name}`)).join(" and ");
  return new EndpointError(error.code, `${error.message} (${names} of this route cannot be given as a key: that name is always the option; give it by its qualified key ${qualified})`, undefined, error.cause);
}

/** `text` with its %XX escapes decoded; a malformed one is a table fromOpenApi() did not write. */
function decoded(text: string, fail: () => never): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return fail();
  }
}

/** How each property of a form body (or of a 3.2 querystring's form) is written: its Encoding Object, defaults filled in. */
function encodingOf(own: Dictionary, fail: () => never): ReadonlyMap<string, EncodingStyle> {
  const given = getOwn(own, "encoding") ?? {};
  const encodings = isPlainObject(given) ? given : fail();
  const encoding = new Map<string, EncodingStyle>();
  for (const property of Object.keys(encodings)) {
    const entry = encodings[property];
    const style: EncodingStyle = styleOf({ ...(isPlainObject(entry) ? entry : fail()), name: property }, STYLES.query!, fail);
    const contentType = getOwn(entry as Dictionary, "contentType");
    if (contentType !== undefined) {
      // A multipart part's own content-type, sent as its part's type: checked as a header value.
      checkHeaderValue("content-type", typeof contentType === "string" ? contentType : fail());
      encoding.set(property, { ...style, contentType: contentType as string });
    } else encoding.set(property, style);
  }
  return encoding;
}

function listOf(value: unknown, fail: () => never): readonly unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? ownItems(value, "a route table list") : fail();
}

/** A parameter's (or form property's) style, the location's defaults filled in: form and cookie explode, the others do not. */
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
    // OpenAPI 3.2: "When style is form or cookie, the default value is true".
    explode: read("explode", style === "form" || style === "cookie", "boolean") as boolean,
    allowReserved: read("allowReserved", false, "boolean") as boolean,
    json: read("json", false, "boolean") as boolean,
    required: read("required", false, "boolean") as boolean,
    date: read("date", false, "boolean") as boolean,
  };
}

export function missingWriter(route: string, writer: string): EndpointError {
  return new EndpointError("ERR_INVALID_ROUTE", `the route ${quote(route)} needs the writer ${quote(writer)} of "endpointkit/openapi", which its table does not bring: write the table again with endpointkit openapi`);
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

/**
 * On a described route string, a `method` option naming another method is ERR_INVALID_ROUTE: it would take the call to
 * another operation (another server, other parameters) than the route whose parameters were read.
 */
function sameOperation(routeMethod: unknown, method: unknown): void {
  if (method !== undefined && (typeof method !== "string" || typeof routeMethod !== "string" || method.toLowerCase() !== routeMethod.toLowerCase())) {
    throw new EndpointError("ERR_INVALID_ROUTE", "options hold a method beside a described route string, which names the operation: write the method in the route");
  }
}
