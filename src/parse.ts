// Turns options into request options (SPEC 2.4): checks them, fills the URL, then routes what is left to query or body.
import { nativeBodyKind } from "./body-kind.js";
import { EndpointError, describeRoute, quote, withRoute } from "./errors.js";
import { addCheckedHeaders, headersCopier } from "./headers.js";
import { applyMediaType, normalizeMediaType } from "./media-type.js";
import { ROUTES, describedRoute, type DescribedPlan } from "./described.js";
import { checkSameOrigin } from "./origin.js";
import { checkNoUrlBesideRoute } from "./route.js";
import { getOwn, isPlainObject, ownItems, ownValue, setOwn, type Dictionary } from "./objects.js";
import { appendQuery, queryPair } from "./query.js";
import { isToken } from "./token.js";
import { expandTemplate, expandedPlainValues, type ExpansionReport, type VarSpec } from "./uri-template/index.js";
import { baseUrlPrefix, compileUrl, compileUrlText, emptySegmentNames, hasDotSegment, isRequired, schemeLength, withoutLeadingSlashes, type CompiledUrl } from "./url.js";
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

/** Builds request options from merged options; stateless, and it never changes its input. */
export function parse(options: MergedOptions, contract?: Contract): RequestOptions {
  if (!isPlainObject(options)) {
    throw new EndpointError("ERR_INVALID_PARAMETER", "parse() takes the merged options object that merge() returns");
  }
  return parseOver(NO_PLAN, undefined, options, contract);
}

/**
 * What a call reads beneath the caller's options: nothing for parse(), whose options are merged already; for
 * endpoint(), its defaults, when they are of the kind it can read without merging them first (see endpoint.ts).
 */
export interface DefaultsPlan {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly baseUrl: string | undefined;
  /** baseUrl checked, with one trailing "/": the part of every path-only URL that is the same for each call. */
  readonly basePrefix: string | undefined;
  /** A new copy of the defaults' headers, for the result to own (headersCopier). */
  readonly copyHeaders: () => ResponseHeaders;
  readonly parameters: DefaultParameters;
  /** The route table of described routes (fromOpenApi), frozen; undefined when the defaults hold none. */
  readonly routes: unknown;
}

/** A route string as a call reads it: its method and URL (parseRoute), and the URL compiled by the first call that got that far. */
export interface RouteEntry {
  readonly method: string | undefined;
  readonly url: string;
  compiled: CompiledUrl | undefined;
}

/**
 * The request options of `options` read over `plan`, after the route string's parts when there is one: what
 * parse(merge(route, options)) returns, with the same checks in the same order, without building merged options.
 */
export function parseOver(plan: DefaultsPlan, route: RouteEntry | undefined, options: Dictionary, contract?: Contract): RequestOptions {
  const keys = Object.keys(options);
  let named = namedOptions(options, keys) ?? NO_NAMED_OPTIONS;
  const routes = named[ROUTES] !== undefined ? named[ROUTES] : plan.routes;
  // A described route string whose parameters are named like options (a query parameter `url` or `method`): those
  // keys are its parameters, not options. (merge() cannot tell, so parse(merge()) reads them as options.)
  const claimed = routes !== undefined && route !== undefined && named !== NO_NAMED_OPTIONS ? describedRoute(routes, String(route.method ?? plan.method), route.url) : undefined;
  let isOption: (key: string) => boolean = isNamedOption;
  if (claimed !== undefined) {
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
    const described = routes !== undefined && typeof method === "string" && typeof url === "string" ? describedRoute(routes, method, url) : undefined;
    const headers = plan.copyHeaders();
    if (described?.accept !== undefined) headers.accept = described.accept;
    let mediaType: Dictionary | undefined;
    // The checks run in merge()'s order, then parse()'s, so endpoint() and parse(merge()) report the same problem
    // first: a url beside a route string, headers and the mediaType in the order of the caller's keys (merge), then
    // method and url. Only calls that name an option walk their keys again.
    if (named !== NO_NAMED_OPTIONS) {
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        if (key === "url") {
          if (route !== undefined) checkNoUrlBesideRoute(named.url);
        } else if (key === "headers") {
          addCheckedHeaders(headers, described === undefined ? named.headers : described.headers(named.headers));
        } else if (key === "mediaType" && named.mediaType !== undefined) {
          // parse()'s options are merged: their preview names are normalised already.
          mediaType = normalizeMediaType(named.mediaType, plan !== NO_PLAN);
        }
      }
    }
    // After the caller's keys, as merge() checks it once they are all in; parse()'s plan has no url to leave.
    if (route === undefined && named.url !== undefined) checkSameOrigin(named.url, plan.url, named.baseUrl !== undefined ? named.baseUrl : plan.baseUrl);
    const checkedMethodName = checkedMethod(method);
    const checkedUrlText = checkedUrl(url);
    // A route's own URL is compiled once and kept with it: one cache lookup per call instead of two.
    const compiled =
      described !== undefined ? (described.compiled ??= compileUrlText(described.url)) : route !== undefined ? (route.compiled ??= compileUrlText(checkedUrlText)) : compileUrl(checkedUrlText);
    // The caller's baseUrl, else the operation's own server, else the endpoint's.
    const ownBaseUrl = named.baseUrl !== undefined || described?.baseUrl !== undefined;
    const baseUrl = named.baseUrl !== undefined ? named.baseUrl : ownBaseUrl ? described!.baseUrl : plan.baseUrl;
    const basePrefix = ownBaseUrl ? undefined : plan.basePrefix;
    return build({ method: checkedMethodName, compiled, baseUrl, basePrefix, options, keys, named, headers, mediaType, defaults: plan.parameters, described, isOption, contract });
  } catch (error) {
    return withRoute(error, describeRoute(method, url));
  }
}

/**
 * Parameters set by defaults() that build() reads beneath the caller's options, so endpoint() need not copy both into
 * merged options first. Only scalar values qualify (see endpoint.ts): they can be shared without copying.
 */
export interface DefaultParameters {
  readonly values: Dictionary;
  readonly keys: readonly string[];
  readonly keySet: ReadonlySet<string>;
  /** True when a key is an array index ("0", "17"), which a JS object lists before its other keys. */
  readonly hasIndexKey: boolean;
}

/** DefaultParameters for `values` (own keys `keys`), made in one place so that every one has the same object shape. */
export function defaultParameters(values: Dictionary, keys: readonly string[]): DefaultParameters {
  return Object.freeze({ values, keys, keySet: new Set(keys), hasIndexKey: keys.some(isArrayIndex) });
}

/** True for the keys a JS object lists first, in ascending order: canonical integers from 0 to 2^32 - 2. */
function isArrayIndex(key: string | undefined): boolean {
  if (key === undefined || key === "" || key.length > 10 || (key.length > 1 && key.charCodeAt(0) === 0x30)) return false;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return Number(key) < 2 ** 32 - 1;
}

const NO_DEFAULTS = defaultParameters({}, []);

/** parse()'s plan: nothing beneath its options. Written in DefaultsPlan's key order, so every plan has one shape. */
const NO_PLAN: DefaultsPlan = { method: undefined, url: undefined, baseUrl: undefined, basePrefix: undefined, copyHeaders: headersCopier({}), parameters: NO_DEFAULTS, routes: undefined };

/** The method as the result carries it: lowercase; throws ERR_INVALID_METHOD. */
function checkedMethod(method: unknown): string {
  // Routes almost always name one of these: answered without a token scan or a new lowercase string (~4% of a call).
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
    case "HEAD":
      return "head";
  }
  if (typeof method !== "string") throw new EndpointError("ERR_INVALID_METHOD", "the method must be a string");
  if (!isToken(method)) throw new EndpointError("ERR_INVALID_METHOD", "the method is not an HTTP token");
  return method.toLowerCase();
}

/** The url, which endpoint() and parse() require; throws ERR_URL_REQUIRED. */
function checkedUrl(url: unknown): string {
  if (typeof url !== "string") throw new EndpointError("ERR_URL_REQUIRED", "url is required and must be a string");
  return url;
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

type NamedOption = keyof NamedOptions;

/** True for the keys namedOptions() reads: a switch, which V8 answers with a few pointer comparisons, not a hash. */
function isNamedOption(key: string): key is NamedOption {
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

const NO_NAMED_OPTIONS: Readonly<NamedOptions> = Object.freeze(noNamedOptions());

function noNamedOptions(): NamedOptions {
  // ROUTES written out: a computed key would keep V8 from making this literal from its fast boilerplate.
  return { method: undefined, url: undefined, baseUrl: undefined, headers: undefined, mediaType: undefined, request: undefined, data: undefined, "x-endpointkit-routes": undefined };
}

/**
 * The named options among `keys`, read once each, or undefined when there are none. Most calls hold none: their
 * options are then read only through their keys, and each read by name skipped is a lookup on an object of the
 * caller's shape (~1% of a call).
 */
function namedOptions(options: Dictionary, keys: readonly string[]): NamedOptions | undefined {
  let named: NamedOptions | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (!isNamedOption(key)) continue;
    named ??= noNamedOptions();
    const value = options[key];
    named[key] = value;
  }
  return named;
}

/**
 * One call as build() reads it: the checked method (lowercase) and the compiled url; baseUrl, and `basePrefix`, baseUrl
 * checked and ending in one "/" when that is known already (the defaults' baseUrl, checked when they were set); the
 * caller's `options` with its own keys `keys` and its named options read once each (namedOptions); `headers`, a new
 * object owned by the result, with names and values checked; the mediaType option as normalizeMediaType() returns it;
 * the defaults' parameters beneath.
 */
interface Call {
  readonly method: string;
  readonly compiled: CompiledUrl;
  readonly baseUrl: unknown;
  readonly basePrefix: string | undefined;
  readonly options: Dictionary;
  readonly keys: readonly string[];
  readonly named: Readonly<NamedOptions>;
  readonly headers: ResponseHeaders;
  readonly mediaType: Dictionary | undefined;
  readonly defaults: DefaultParameters;
  readonly described: DescribedPlan | undefined;
  /** True for the keys this call reads as options: on a described route, not its parameters named like one. */
  readonly isOption: (key: string) => boolean;
  readonly contract: Contract | undefined;
}

/** Builds the result of one call: the URL from the template, then the query or the body, headers and request. */
function build(call: Call): RequestOptions {
  const { method, headers, compiled } = call;
  // The engine reads the caller's options itself where it can: each variable once, as an own property at read time.
  const pathParameters = call.described?.pathParameters;
  let target = readsDirectly(compiled, call) ? expandChecked(compiled, call.options, pathParameters) : expandSnapshot(compiled, call, pathParameters);
  // Read at once, before anything else can expand: when it is true, no value can have left an empty or a dot segment,
  // and the searches for them below (a tenth of a call) are skipped.
  const plain = !compiled.literalMayFormDot && expandedPlainValues;
  const join = compiled.join;
  // A path-only URL gets its query before baseUrl goes in front (a baseUrl never holds "?" or "#"). The template
  // usually tells whether the URL is path-only; reading the expanded text to find out would copy it into one string.
  let base: string | undefined;
  if (join === "path") {
    base = call.basePrefix ?? checkedBaseUrl(call.baseUrl);
  } else if (join === "pathAfterExpansion" || (join === "fromValue" && schemeLength(target) === 0)) {
    base = call.basePrefix ?? checkedBaseUrl(call.baseUrl);
    target = withoutLeadingSlashes(target);
  }
  if (call.mediaType !== undefined) applyMediaTypeOption(headers, call.mediaType, call.contract?.previews(target, base !== undefined) ?? true);
  const carriesBody = method === "post" || method === "patch" || method === "put" || method === "delete";
  let body: unknown;
  if (call.described !== undefined) {
    const { options, keys, defaults, named, isOption } = call;
    const parts = call.described.request({ options, keys, isOption, defaults, data: named.data, headers });
    target = appendQuery(target, parts.query, compiled.mayHoldQueryOrFragment);
    // No empty body for a PUT or PATCH without one: that is GitHub's rule, and the description says what to send.
    body = parts.body;
  } else if (carriesBody) {
    body = bodyOf(compiled, call);
    if (body === undefined) {
      if (method === "patch" || method === "put") body = "";
    } else if (!getOwn(headers, "content-type") && nativeBodyKind(body) === undefined) {
      // An empty content-type says nothing about the body, so it is treated as not given, as octokit does. A form,
      // blob, bytes or stream gets none: the client writes its own (a multipart boundary only it knows).
      headers["content-type"] = JSON_CONTENT_TYPE;
    }
  } else {
    target = appendQuery(target, queryOf(compiled, call), compiled.mayHoldQueryOrFragment);
  }
  if (base !== undefined) {
    target = base + target;
    if (!plain && hasDotSegment(target, base.length)) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `the path ${quote(target)} holds a "." or ".." segment: HTTP clients resolve it, which can take the request out of baseUrl's path`);
    }
  }
  const result: RequestOptions = { method: call.contract ? call.contract.method(method) : method, url: target, headers };
  if (body !== undefined) result.body = body;
  const request = call.named.request;
  if (request !== undefined) {
    if (typeof request !== "object" || request === null) {
      throw new EndpointError("ERR_INVALID_PARAMETER", "request must be an object of meta information for the HTTP client");
    }
    result.request = request as RequestOptions["request"];
  }
  return result;
}

/** True when the engine may read the template's values from the caller's options itself (CompiledUrl.readsDirectly). */
function readsDirectly(compiled: CompiledUrl, call: Call): boolean {
  if (!compiled.readsDirectly) return false;
  const keys = call.defaults.keys;
  for (let i = 0; i < keys.length; i++) if (compiled.variables.has(keys[i]!)) return false;
  return true;
}

/** What the engine reported during the current expansion (ExpansionReport): pairs of a varspec and an index. */
let reported: (VarSpec | number)[] | undefined;
/** A described route's path parameters during its expansion: required whatever their operator (OpenAPI). */
let requiredNames: ReadonlySet<string> | undefined;
const noteReport: ExpansionReport = (spec, at) => {
  // An optional placeholder left undefined (`{?per_page}`) is no problem: kept out, most calls allocate nothing.
  if (at !== -1 || isRequired(spec) || requiredNames?.has(spec.name)) (reported ??= []).push(spec, at);
};

/**
 * Expands the template with `values` and checks what the engine reported: a required placeholder whose value is
 * undefined is ERR_MISSING_PARAMETER, and so is an empty value that stands between two "/" of the path
 * (emptySegmentNames). Nearly every call reports nothing, and is not searched.
 */
function expandChecked(compiled: CompiledUrl, values: Dictionary, required?: ReadonlySet<string>): string {
  // A getter the engine reads may call endpoint() again: the outer call's reports are kept aside meanwhile.
  const outer = reported;
  const outerRequired = requiredNames;
  reported = undefined;
  requiredNames = required;
  let target: string;
  let notes: (VarSpec | number)[] | undefined;
  try {
    target = expandTemplate(compiled.template, values, noteReport);
    // Filled by noteReport during the expansion, which TypeScript cannot see.
    notes = reported as (VarSpec | number)[] | undefined;
  } finally {
    reported = outer;
    requiredNames = outerRequired;
  }
  if (notes !== undefined) {
    const missing = new Set<string>();
    for (let i = 0; i < notes.length; i += 2) if (notes[i + 1] === -1) missing.add((notes[i] as VarSpec).name);
    if (missing.size > 0) throw missingError([...missing]);
    const join = compiled.join;
    const empty = emptySegmentNames(target, notes, join === "absolute" || (join === "fromValue" && schemeLength(target) > 0));
    if (empty !== undefined) throw emptySegment(empty);
  }
  return target;
}

/**
 * Expands from a snapshot the library owns, for the templates the engine cannot read from the caller's options
 * (CompiledUrl.readsDirectly): every variable the template names, read once from the caller's own properties (else
 * from the defaults' parameters), lists copied by index and maps by own key. The expansion and its checks
 * (expandChecked, the same as for the caller's options) read the snapshot, so a getter or a proxy is read once per call.
 */
function expandSnapshot(compiled: CompiledUrl, call: Call, required?: ReadonlySet<string>): string {
  const { options, defaults } = call;
  const slots = compiled.slots;
  const values: Dictionary = {};
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const name = slot.name;
    let value = slot.read === "caller" ? (hasOwn.call(options, name) ? options[name] : undefined) : slot.read === "data" ? call.named.data : undefined;
    if (value === undefined && defaults.keys.length > 0) value = getOwn(defaults.values, name);
    if (typeof value === "object" && value !== null) value = snapshot(value, name);
    setOwn(values, name, value);
  }
  return expandChecked(compiled, values, required);
}

const hasOwn = Object.prototype.hasOwnProperty;

function missingError(names: readonly string[]): EndpointError {
  return new EndpointError("ERR_MISSING_PARAMETER", `no value for the placeholder${names.length > 1 ? "s" : ""} ${nameList(names)}`);
}

/** ERR_MISSING_PARAMETER for empty values that would leave "//" in the path. */
function emptySegment(names: readonly string[]): EndpointError {
  const which = `the placeholder${names.length > 1 ? "s" : ""} ${nameList(names)}`;
  return new EndpointError("ERR_MISSING_PARAMETER", `${which} would leave an empty segment (//) in the middle of the path: give a non-empty value`);
}

function snapshot(value: object, name: string): unknown {
  if (Array.isArray(value)) {
    return ownItems(value, "the value of", name);
  }
  if (!isPlainObject(value)) return value;
  const copy: Dictionary = {};
  for (const key of Object.keys(value)) setOwn(copy, key, value[key]);
  return copy;
}

/** baseUrl with one trailing slash, for a path-only url to follow; throws ERR_INVALID_BASE_URL. */
function checkedBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") {
    throw new EndpointError("ERR_INVALID_BASE_URL", "a path-only url needs baseUrl, an absolute URL string");
  }
  return baseUrlPrefix(baseUrl);
}

/** Names in full up to a point: a template of 100,000 placeholders must not make a megabyte-long message. */
function nameList(names: readonly string[]): string {
  let list = names.slice(0, MAX_NAMED).map(quote).join(", ");
  if (names.length > MAX_NAMED) list += ` and ${names.length - MAX_NAMED} more`;
  return list;
}

/** How many placeholders an error message names before it only counts the rest. */
const MAX_NAMED = 20;

// queryOf and bodyOf walk the parameters in the order merge() would hold them: the defaults' first (with the options'
// value where the options override one), then the options' own. Neither an option name nor a template variable is a
// parameter. The walk is written out in both rather than shared through a callback: this is endpoint()'s hot path.

function queryOf(compiled: CompiledUrl, call: Call): string {
  const { options, keys, defaults } = call;
  // Array-index keys come first in any JS object, so merge() holds them before the defaults' other keys. When there are
  // some (rare; the caller's own would be listed first by Object.keys), the walk follows that order instead.
  if (defaults.keys.length > 0 && (defaults.hasIndexKey || isArrayIndex(keys[0]))) return queryInObjectOrder(compiled, call);
  const skip = compiled.notParameters;
  let query = "";
  for (const key of defaults.keys) {
    if (skip.has(key)) continue;
    const given = key === "data" ? call.named.data : ownValue(options, key);
    const value = given === undefined ? defaults.values[key] : given;
    if (value !== null) query += query === "" ? queryPair(key, value) : `&${queryPair(key, value)}`;
  }
  // Most calls have no defaults' parameters: their keys then skip a lookup in an empty set.
  const overridden = defaults.keys.length > 0 ? defaults.keySet : undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (skip.has(key) || (overridden !== undefined && overridden.has(key))) continue;
    // `data` was read once already, as a named option.
    const value = key === "data" ? call.named.data : options[key];
    if (value === undefined || value === null) continue;
    query += query === "" ? queryPair(key, value) : `&${queryPair(key, value)}`;
  }
  return query;
}

/** queryOf() in the order of merge()'s object: the caller's value where it has one, else the defaults'. */
function queryInObjectOrder(compiled: CompiledUrl, call: Call): string {
  const { options, keys, defaults } = call;
  const order: Dictionary = {};
  for (const key of defaults.keys) setOwn(order, key, true);
  for (const key of keys) setOwn(order, key, true);
  let query = "";
  for (const key of Object.keys(order)) {
    if (compiled.notParameters.has(key)) continue;
    const given = key === "data" ? call.named.data : ownValue(options, key);
    const value = given === undefined && defaults.keySet.has(key) ? defaults.values[key] : given;
    if (value === undefined || value === null) continue;
    query += query === "" ? queryPair(key, value) : `&${queryPair(key, value)}`;
  }
  return query;
}

/** The body: `data` (the caller's, else the defaults'), or the parameters as an object. */
function bodyOf(compiled: CompiledUrl, call: Call): unknown {
  const { options, keys, defaults } = call;
  const skip = compiled.notParameters;
  if (!compiled.variables.has("data")) {
    const data = call.named.data !== undefined ? call.named.data : getOwn(defaults.values, "data");
    if (data !== undefined) return data;
  }
  let body: Dictionary | undefined;
  for (const key of defaults.keys) {
    if (skip.has(key)) continue;
    const given = key === "data" ? undefined : ownValue(options, key);
    setOwn((body ??= {}), key, given === undefined ? defaults.values[key] : given);
  }
  // Most calls have no defaults' parameters: their keys then skip a lookup in an empty set.
  const overridden = defaults.keys.length > 0 ? defaults.keySet : undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    // `data` was read once already, as a named option, and is undefined here.
    if (key === "data" || skip.has(key) || (overridden !== undefined && overridden.has(key))) continue;
    const value = options[key];
    if (value === undefined) continue;
    setOwn((body ??= {}), key, value);
  }
  return body;
}

/** Rewrites accept for the mediaType option; `withPreviews` false: for its format only. */
function applyMediaTypeOption(headers: ResponseHeaders, mediaType: Dictionary, withPreviews: boolean): void {
  const format = getOwn(mediaType, "format") as string | undefined;
  const previews = withPreviews ? (getOwn(mediaType, "previews") as string[] | undefined) : undefined;
  const accept = getOwn(headers, "accept");
  if ((format || previews?.length) && typeof accept === "string") {
    headers.accept = applyMediaType(accept, format, previews);
  }
}
