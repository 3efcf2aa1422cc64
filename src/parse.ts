// Turns options into request options (SPEC 2.4) in one pass: the named options read once, the URL expanded and
// checked, the other parameters walked once into the query or the body, then headers and request.
import { nativeBodyKind } from "./body-kind.js";
import { EndpointError, describeRoute, quote, withRoute } from "./errors.js";
import { addCheckedHeaders, headersCopier } from "./headers.js";
import { applyMediaType, mergeMediaType, normalizeMediaType } from "./media-type.js";
import { ROUTES, describedRoute, type DescribedPlan } from "./described.js";
import { checkSameOrigin } from "./origin.js";
import { checkNoUrlBesideRoute } from "./route.js";
import { deepCopy, getOwn, isPlainObject, mergeValue, ownValue, setOwn, type Dictionary } from "./objects.js";
import { appendQuery, queryPair } from "./query.js";
import { isToken } from "./token.js";
import { expandTemplate, expandedPlainValues, type VarSpec } from "./uri-template/index.js";
import { OPTION_NAMES, baseUrlPrefix, compileUrl, compileUrlText, emptySegmentNames, hasDotSegment, isRequired, schemeLength, withoutLeadingSlashes, type CompiledUrl } from "./url.js";
import type { MergedOptions, RequestOptions, ResponseHeaders } from "./types.js";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Where an entry's results follow another contract than SPEC.md's (endpointkit/octokit: @octokit/endpoint's); undefined:
 * SPEC.md's. Functions, so that the core bundle carries only the calls to them.
 */
export interface Contract {
  /** The method the result carries, from the checked lowercase one. */
  readonly method: (method: string) => string;
  /** True when mediaType.previews apply to `url`, expanded, before its query; `joined`: it follows baseUrl and a "/". */
  readonly previews: (url: string, joined: boolean) => boolean;
}

/**
 * What a call reads beneath the caller's options, compiled once per endpoint: nothing for parse(), whose options are
 * merged already; for endpoint(), its defaults, when they are of the kind it can read without merging (endpoint.ts).
 */
export interface DefaultsPlan {
  readonly method: string | undefined;
  readonly url: unknown;
  readonly baseUrl: string | undefined;
  /** baseUrl checked, with one trailing "/": the part of every path-only URL that is the same for each call. */
  readonly basePrefix: string | undefined;
  /** A new copy of the defaults' headers, for the result to own (headersCopier). */
  readonly copyHeaders: () => ResponseHeaders;
  /** The route table of described routes (fromOpenApi), frozen; undefined when the defaults hold none. */
  readonly routes: unknown;
  /** The defaults' parameters (scalars only: they are shared, never copied), read beneath the caller's. */
  readonly values: Dictionary;
  readonly keys: readonly string[];
  readonly keySet: ReadonlySet<string>;
  /** True when a key is an array index ("0", "17"), which a JS object, and so merge(), lists before its other keys. */
  readonly hasIndexKey: boolean;
  /** The defaults' mediaType, which a call's merges over; undefined for `{ format: "" }`, which changes nothing. */
  readonly mediaType: unknown;
  /** The defaults' request meta, which a call's merges over. */
  readonly request: unknown;
}

/** A route string as a call reads it: its method and URL, and the URL compiled by the first call that got that far. */
export interface RouteEntry {
  readonly method: string | undefined;
  readonly url: string;
  compiled: CompiledUrl | undefined;
}

/** The plan of defaults of the options named, scalar parameters in `values` (own keys `keys`): the one place plans are made. */
export function defaultsPlan(options: Omit<DefaultsPlan, "keySet" | "hasIndexKey">): DefaultsPlan {
  return { ...options, keySet: new Set(options.keys), hasIndexKey: options.keys.some(isArrayIndex) };
}

const NO_PLAN = defaultsPlan({ method: undefined, url: undefined, baseUrl: undefined, basePrefix: undefined, copyHeaders: headersCopier({}), routes: undefined, values: {}, keys: [], mediaType: undefined, request: undefined });

/** Builds request options from merged options; stateless, and it never changes its input. */
export function parse(options: MergedOptions, contract?: Contract): RequestOptions {
  if (!isPlainObject(options)) {
    throw new EndpointError("ERR_INVALID_PARAMETER", "parse() takes the merged options object that merge() returns");
  }
  return parseOver(NO_PLAN, undefined, options, contract);
}

/**
 * The request options of `options` read over `plan`, after the route string's parts when there is one: what
 * parse(merge(route, options)) returns, with the same checks in the same order, without building merged options.
 */
export function parseOver(plan: DefaultsPlan, route: RouteEntry | undefined, options: Dictionary, contract?: Contract): RequestOptions {
  const keys = Object.keys(options);
  let named = namedOptions(options, keys);
  const routes = named[ROUTES] !== undefined ? named[ROUTES] : plan.routes;
  // A described route string whose parameters are named like options (a query parameter `url` or `method`): those
  // keys are its parameters, not options. (merge() cannot tell, so parse(merge()) reads them as options.)
  const lookedUp = routes !== undefined && route !== undefined && named !== NO_NAMED_OPTIONS;
  const routeMethod = lookedUp ? String(route.method ?? plan.method) : undefined;
  const claimed = lookedUp ? describedRoute(routes, routeMethod!, route.url) : undefined;
  let isOption: (key: string) => boolean = isNamedOption;
  // Most described routes claim none of the names a call gives (`headers` never): then nothing changes.
  if (claimed !== undefined && keys.some((key) => isNamedOption(key) && claimed.claims(key))) {
    const own: NamedOptions = { ...named };
    for (const key of keys) if (isNamedOption(key) && claimed.claims(key)) own[key] = undefined;
    named = own;
    isOption = (key) => isNamedOption(key) && !claimed.claims(key);
  }
  const method = named.method !== undefined ? named.method : (route?.method ?? plan.method);
  // Beside a route string, a url in the options is an error (checked below) and the route's URL names the call.
  const url = route !== undefined ? route.url : named.url !== undefined ? named.url : plan.url;
  try {
    // A route the table describes takes the same steps with its own compiled plan (DECISIONS "Described routes").
    const described =
      routes === undefined || typeof method !== "string" || typeof url !== "string" ? undefined : lookedUp && method === routeMethod ? claimed : describedRoute(routes, method, url);
    const headers = plan.copyHeaders();
    if (described?.accept !== undefined) headers.accept = described.accept;
    let mediaType: Dictionary | undefined;
    // The checks run in merge()'s order, then parse()'s, so endpoint() and parse(merge()) report the same problem
    // first: a url beside a route string, headers and the mediaType in the order of the caller's keys (merge), then
    // method and url. Only calls that name an option walk their keys again.
    if (named !== NO_NAMED_OPTIONS) {
      for (const key of keys) {
        if (key === "url") {
          if (route !== undefined) checkNoUrlBesideRoute(named.url);
        } else if (key === "headers") {
          addCheckedHeaders(headers, described === undefined ? named.headers : described.headers(named.headers));
        } else if (key === "mediaType" && named.mediaType !== undefined) {
          // parse()'s options are merged: their preview names are normalised already.
          mediaType = plan === NO_PLAN ? normalizeMediaType(named.mediaType, false) : mergeMediaType(plan.mediaType, named.mediaType);
        }
      }
    }
    mediaType ??= plan.mediaType as Dictionary | undefined;
    // After the caller's keys, as merge() checks it once they are all in; parse()'s plan has no url to leave.
    if (route === undefined && named.url !== undefined) checkSameOrigin(named.url, plan.url, named.baseUrl !== undefined ? named.baseUrl : plan.baseUrl);
    const lowerMethod = checkedMethod(method);
    if (typeof url !== "string") throw new EndpointError("ERR_URL_REQUIRED", "url is required and must be a string");
    // A route's own URL is compiled once and kept with it: one cache lookup per call instead of two.
    const compiled = described !== undefined ? (described.compiled ??= compileUrlText(described.url)) : route !== undefined ? (route.compiled ??= compileUrlText(url)) : compileUrl(url);
    return build(lowerMethod, compiled, options, keys, named, plan, headers, mediaType, described, isOption, contract);
  } catch (error) {
    return withRoute(error, describeRoute(method, url));
  }
}

/**
 * The request options of one call whose options were read and checked (parseOver): the URL expanded and joined to
 * baseUrl, the parameters routed to the query or the body, then the mediaType's accept header and the request meta.
 */
function build(
  lowerMethod: string,
  compiled: CompiledUrl,
  options: Dictionary,
  keys: readonly string[],
  named: Readonly<NamedOptions>,
  plan: DefaultsPlan,
  headers: ResponseHeaders,
  mediaType: Dictionary | undefined,
  described: DescribedPlan | undefined,
  isOption: (key: string) => boolean,
  contract: Contract | undefined,
): RequestOptions {
  let target = expandUrl(compiled, options, named.data, plan, described?.pathParameters);
  // Read at once: when it is true, no value can have left a dot segment, and the search for one below is skipped.
  const plain = !compiled.literalMayFormDot && expandedPlainValues;
  // A path-only URL gets its query before baseUrl goes in front (a baseUrl never holds "?" or "#").
  let base: string | undefined;
  const join = compiled.join;
  if (join === "path" || join === "pathAfterExpansion" || (join === "fromValue" && schemeLength(target) === 0)) {
    // The caller's baseUrl, else the operation's own server, else the endpoint's (checked when it was set).
    const baseUrl = named.baseUrl !== undefined ? named.baseUrl : described?.baseUrl;
    base = baseUrl !== undefined ? checkedBaseUrl(baseUrl) : (plan.basePrefix ?? checkedBaseUrl(plan.baseUrl));
    if (join !== "path") target = withoutLeadingSlashes(target);
  }
  if (mediaType !== undefined) applyMediaTypeOption(headers, mediaType, contract, target, base !== undefined);

  let body: unknown;
  if (described !== undefined) {
    const read = (key: string): unknown => overDefault(ownValue(options, key), getOwn(plan.values, key));
    // The defaults' data is the body too when the call gives none, as on every route.
    const data = overDefault(named.data, getOwn(plan.values, "data"));
    const parts = described.request({ options, keys, isOption, defaults: plan.keySet, read, data, headers });
    target = appendQuery(target, parts.query, compiled.mayHoldQueryOrFragment);
    // No empty body for a PUT or PATCH without one: that is GitHub's rule, and the description says what to send.
    body = parts.body;
  } else if (lowerMethod === "post" || lowerMethod === "patch" || lowerMethod === "put" || lowerMethod === "delete") {
    // `data` is the body, unless the URL names it; else the parameters are.
    if (!compiled.notParameters.has("data")) body = overDefault(named.data, getOwn(plan.values, "data"));
    // null is a body of its own (JSON null): only undefined leaves the parameters to be the body.
    if (body === undefined) body = parameters(compiled, options, keys, named.data, plan, true);
    if (body === undefined) {
      if (lowerMethod === "patch" || lowerMethod === "put") body = "";
    } else if (!getOwn(headers, "content-type") && nativeBodyKind(body) === undefined) {
      // An empty content-type says nothing about the body, so it is treated as not given, as octokit does. A form,
      // blob, bytes or stream gets none: the client writes its own (a multipart boundary only it knows).
      headers["content-type"] = JSON_CONTENT_TYPE;
    }
  } else {
    target = appendQuery(target, parameters(compiled, options, keys, named.data, plan, false) as string, compiled.mayHoldQueryOrFragment);
  }
  if (base !== undefined) {
    target = base + target;
    if (!plain && hasDotSegment(target, base.length)) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `the path ${quote(target)} holds a "." or ".." segment: HTTP clients resolve it, which can take the request out of baseUrl's path`);
    }
  }
  const result: RequestOptions = { method: contract ? contract.method(lowerMethod) : lowerMethod, url: target, headers };
  if (body !== undefined) result.body = body;
  const request = overDefault(named.request, plan.request, true);
  if (request !== undefined) {
    if (typeof request !== "object" || request === null) {
      throw new EndpointError("ERR_INVALID_PARAMETER", "request must be an object of meta information for the HTTP client");
    }
    result.request = request as RequestOptions["request"];
  }
  return result;
}

/** The method as the result carries it: lowercase; throws ERR_INVALID_METHOD. */
function checkedMethod(method: unknown): string {
  // Routes almost always name one of these: answered without a token scan or a new lowercase string.
  switch (method) {
    case "GET":
      return "get";
    case "POST":
      return "post";
    case "PATCH":
      return "patch";
    case "PUT":
      return "put";
    case "DELETE":
      return "delete";
  }
  if (typeof method !== "string") throw new EndpointError("ERR_INVALID_METHOD", "the method must be a string");
  if (!isToken(method)) throw new EndpointError("ERR_INVALID_METHOD", "the method is not an HTTP token");
  return method.toLowerCase();
}

/** baseUrl with one trailing slash, for a path-only url to follow; throws ERR_INVALID_BASE_URL. */
function checkedBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") {
    throw new EndpointError("ERR_INVALID_BASE_URL", "a path-only url needs baseUrl, an absolute URL string");
  }
  return baseUrlPrefix(baseUrl);
}

/**
 * The options read by name (the option names and `data`), as the caller's own enumerable keys hold them: what merge()
 * reads, so nothing inherited or hidden is ever taken for an option. Absent ones are undefined.
 */
interface NamedOptions {
  method: unknown;
  url: unknown;
  baseUrl: unknown;
  headers: unknown;
  mediaType: unknown;
  request: unknown;
  data: unknown;
  [ROUTES]: unknown;
}

/** True for the keys namedOptions() reads: a switch, which V8 answers with a few pointer comparisons, not a hash. */
function isNamedOption(key: string): key is keyof NamedOptions {
  switch (key) {
    case "method":
    case "url":
    case "baseUrl":
    case "headers":
    case "mediaType":
    case "request":
    case "data":
    case ROUTES:
      return true;
  }
  return false;
}

function noNamedOptions(): NamedOptions {
  // ROUTES written out: a computed key would keep V8 from making this literal from its fast boilerplate.
  return { method: undefined, url: undefined, baseUrl: undefined, headers: undefined, mediaType: undefined, request: undefined, data: undefined, "x-endpointkit-routes": undefined };
}

const NO_NAMED_OPTIONS: Readonly<NamedOptions> = Object.freeze(noNamedOptions());

/**
 * The named options among `keys`, read once each; NO_NAMED_OPTIONS when there are none, as in most calls: their
 * options are then read only through their keys.
 */
function namedOptions(options: Dictionary, keys: readonly string[]): Readonly<NamedOptions> {
  let named: NamedOptions | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (isNamedOption(key)) (named ??= noNamedOptions())[key] = options[key];
  }
  return named ?? NO_NAMED_OPTIONS;
}

/**
 * Expands the URL template and checks what the engine reported: a required placeholder whose value is undefined is
 * ERR_MISSING_PARAMETER, and so is an empty value that stands between two "/" of the path (emptySegmentNames). The
 * engine reads the caller's options itself, each variable once as an own property, unless the template names an
 * option, `data` or a parameter of the defaults: then it reads a snapshot of the values it names. `required`: a
 * described route's path parameters, required whatever their operator (OpenAPI).
 */
function expandUrl(compiled: CompiledUrl, options: Dictionary, data: unknown, plan: DefaultsPlan, required: ReadonlySet<string> | undefined): string {
  let values = options;
  let direct = compiled.readsDirectly;
  for (let i = 0; direct && i < plan.keys.length; i++) direct = !compiled.notParameters.has(plan.keys[i]!);
  if (!direct) {
    values = {};
    for (const name of compiled.template.variables) {
      const given = name === "data" ? data : OPTION_NAMES.has(name) ? undefined : getOwn(options, name);
      setOwn(values, name, overDefault(given, getOwn(plan.values, name), false, true));
    }
  }
  // What the engine reports, pairs of a varspec and an index; an optional placeholder left undefined (`{?per_page}`)
  // is no problem, so most calls note nothing.
  let notes: (VarSpec | number)[] | undefined;
  const target = expandTemplate(compiled.template, values, (spec, at) => {
    if (at !== -1 || isRequired(spec) || required?.has(spec.name)) (notes ??= []).push(spec, at);
  });
  if (notes !== undefined) {
    const missing = new Set<string>();
    for (let i = 0; i < notes.length; i += 2) if (notes[i + 1] === -1) missing.add((notes[i] as VarSpec).name);
    if (missing.size > 0) throw new EndpointError("ERR_MISSING_PARAMETER", `no value for ${placeholders([...missing])}`);
    const absolute = compiled.join === "absolute" || (compiled.join === "fromValue" && schemeLength(target) > 0);
    const empty = emptySegmentNames(target, notes, absolute);
    if (empty !== undefined) {
      throw new EndpointError("ERR_MISSING_PARAMETER", `${placeholders(empty)} would leave an empty segment (//) in the middle of the path: give a non-empty value`);
    }
  }
  return target;
}

/** How many placeholders an error message names before it only counts the rest. */
const MAX_NAMED = 20;

/** "the placeholder(s) …", named in full up to a point: 100,000 placeholders must not make a megabyte-long message. */
function placeholders(names: readonly string[]): string {
  let list = names.slice(0, MAX_NAMED).map(quote).join(", ");
  if (names.length > MAX_NAMED) list += ` and ${names.length - MAX_NAMED} more`;
  return `the placeholder${names.length > 1 ? "s" : ""} ${list}`;
}

/**
 * The parameters of a call, in the order merge() would hold them (the defaults' first, with the caller's value where it
 * gives one, then the caller's own), as the body (`toBody`: an object, undefined when there are none) or as the query
 * string. Neither an option name nor a template variable is a parameter; `data`, read once as a named option, is one.
 * Undefined values are left out; null is kept in a body and left out of a query.
 */
function parameters(compiled: CompiledUrl, options: Dictionary, keys: readonly string[], data: unknown, plan: DefaultsPlan, toBody: boolean): string | Dictionary | undefined {
  const skip = compiled.notParameters;
  const defaults = plan.keys;
  // Array-index keys come first in any JS object, so merge() holds them before the defaults' other keys. When there
  // are some (rare), the walk follows the order of an object that holds both.
  let order: readonly string[] | undefined;
  if (defaults.length > 0 && (plan.hasIndexKey || isArrayIndex(keys[0]))) {
    const merged: Dictionary = {};
    for (const key of defaults) setOwn(merged, key, 0);
    for (const key of keys) setOwn(merged, key, 0);
    order = Object.keys(merged);
  }
  const count = order !== undefined ? order.length : defaults.length + keys.length;
  // Where the caller's keys start in the walk, when they are walked after the defaults' own ones.
  const callersFrom = order === undefined ? defaults.length : count;
  let query = "";
  let body: Dictionary | undefined;
  for (let i = 0; i < count; i++) {
    let key: string;
    let value: unknown;
    if (i >= callersFrom) {
      // The caller's own key, known to be an own enumerable property: read as it is. Most calls have no defaults'
      // parameters: their keys then skip a lookup in an empty set.
      key = keys[i - callersFrom]!;
      if (skip.has(key) || (callersFrom > 0 && plan.keySet.has(key))) continue;
      value = key === "data" ? data : options[key];
    } else {
      key = order !== undefined ? order[i]! : defaults[i]!;
      if (skip.has(key)) continue;
      value = overDefault(key === "data" ? data : ownValue(options, key), getOwn(plan.values, key), false, !toBody);
    }
    if (value === undefined) continue;
    if (toBody) setOwn((body ??= {}), key, value);
    else if (value !== null) query += query === "" ? queryPair(key, value) : `&${queryPair(key, value)}`;
  }
  return toBody ? body : query;
}

/**
 * A value given over the defaults' value, as merge() combines them: the given one, two maps merged key by key, or the
 * defaults' where none is given. What comes from the defaults is copied, so a result never shares an object of theirs,
 * unless it is only read (`readOnly`: the URL and the query are text made from it); `keepOthers`: objects other than
 * maps, lists and Dates (a fetch, an agent) are kept, as in `request`.
 */
function overDefault(given: unknown, fallback: unknown, keepOthers = false, readOnly = false): unknown {
  if (typeof fallback !== "object" || fallback === null) return given === undefined ? fallback : given;
  if (given !== undefined && !(isPlainObject(given) && isPlainObject(fallback))) return given;
  const own = readOnly ? fallback : deepCopy(fallback, keepOthers);
  return given === undefined ? own : mergeValue(own, given);
}

/** True for the keys a JS object lists first, in ascending order: canonical integers from 0 to 2^32 - 2. */
function isArrayIndex(key: string | undefined): boolean {
  return key !== undefined && key !== "4294967295" && `${+key >>> 0}` === key;
}

/**
 * Rewrites accept for the mediaType option; for its format only where the contract applies no previews to `url`
 * (`joined`: it follows baseUrl). The contract is asked only when there are previews, which most calls have none of.
 */
function applyMediaTypeOption(headers: ResponseHeaders, mediaType: Dictionary, contract: Contract | undefined, url: string, joined: boolean): void {
  const format = getOwn(mediaType, "format") as string | undefined;
  let previews = getOwn(mediaType, "previews") as string[] | undefined;
  if (previews?.length && contract !== undefined && !contract.previews(url, joined)) previews = undefined;
  const accept = getOwn(headers, "accept");
  if ((format || previews?.length) && typeof accept === "string") {
    headers.accept = applyMediaType(accept, format, previews);
  }
}
