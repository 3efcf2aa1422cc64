// The endpoint function: merge then parse, with its defaults kept private and handed out only as copies.
import { EndpointError, asEndpointError, describeRoute, guarded, withRoute } from "./errors.js";
import { addCheckedHeaders, checkHeaderValue } from "./headers.js";
import { normalizeMediaType } from "./media-type.js";
import { checkNoUrlBesideRoute, copyOptions, mergeOptions } from "./merge.js";
import { getOwn, isPlainObject, type Dictionary } from "./objects.js";
import { NO_NAMED_OPTIONS, build, checkedMethod, checkedUrl, defaultParameters, namedOptions, parse } from "./parse.js";
import type { DefaultParameters } from "./parse.js";
import { parseRoute } from "./route.js";
import { isToken } from "./token.js";
import { OPTION_NAMES, baseUrlPrefix, checkBaseUrl, compileUrl, type CompiledUrl } from "./url.js";
import { boundedMemo } from "./cache.js";
import { VERSION } from "./version.js";
import type { Endpoint, EndpointOptions, MergedOptions, RequestOptions, ResponseHeaders } from "./types.js";

/** The defaults of the base `endpoint` function (SPEC 2.3, 4.4). */
export const BASE_DEFAULTS: MergedOptions = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: {
    accept: "application/vnd.github.v3+json",
    "user-agent": `endpointkit/${VERSION}`,
  },
  mediaType: { format: "" },
};

/** Creates an endpoint function bound to `defaults`, which it keeps as its own private copy. */
export function withDefaults(defaults: MergedOptions): Endpoint {
  const plan = directPlan(defaults);
  // Each entry point turns anything but an EndpointError raised from caller data into one (asEndpointError).
  const endpoint = (route?: unknown, options?: unknown): RequestOptions => {
    try {
      if (plan !== undefined) {
        if (typeof route === "string" && (options === undefined || isPlainObject(options))) return direct(plan, route, options ?? NO_OPTIONS);
        if (options === undefined && (route === undefined || isPlainObject(route))) return direct(plan, undefined, route ?? NO_OPTIONS);
      }
      return parse(mergeOptions(defaults, route, options));
    } catch (error) {
      throw asEndpointError(error, "endpoint()");
    }
  };
  return Object.defineProperties(endpoint, {
    DEFAULTS: { enumerable: true, get: () => copyOptions(defaults) },
    defaults: { enumerable: true, value: guarded("defaults()", (options: unknown) => withDefaults(checkDefaults(copyOptions(mergeOptions(defaults, options))))) },
    merge: { enumerable: true, value: guarded("merge()", (route?: unknown, options?: unknown) => mergeOptions(defaults, route, options)) },
    parse: { enumerable: true, value: guardedParse },
  }) as unknown as Endpoint;
}

const guardedParse = guarded("parse()", parse);

/** Checks new defaults once, when they are set, so a bad baseUrl or header fails where it was written. */
function checkDefaults(defaults: MergedOptions): MergedOptions {
  const { method, baseUrl, headers } = defaults;
  if (typeof method !== "string" || !isToken(method)) {
    throw new EndpointError("ERR_INVALID_METHOD", "defaults(): the method must be an HTTP token");
  }
  checkBaseUrl(baseUrl);
  for (const name of Object.keys(headers)) checkHeaderValue(name, headers[name]);
  return defaults;
}

/**
 * What endpoint() needs to build a request straight from the caller's options, reading the defaults beneath them,
 * instead of first copying both into merged options: the same result, without the copy that would cost most of a call.
 */
interface DirectPlan {
  readonly method: string;
  readonly url: string | undefined;
  readonly baseUrl: string;
  /** baseUrl checked, with one trailing "/": the part of every path-only URL that is the same for each call. */
  readonly basePrefix: string;
  readonly headers: ResponseHeaders;
  readonly parameters: DefaultParameters;
}

const NO_OPTIONS: Dictionary = Object.freeze({});

/**
 * The plan for `defaults`, or undefined when only a full merge gives the right result: when the defaults hold a
 * mediaType other than `{ format: "" }` or a request (which merge deeply with the caller's), a parameter that is an
 * object or a list (which the result must not share with the defaults), or a header named __proto__ (which
 * Object.assign would turn into a prototype change). Defaults of scalars, the usual kind (`per_page: 100`), qualify.
 */
function directPlan(defaults: MergedOptions): DirectPlan | undefined {
  const method = getOwn(defaults, "method");
  const url = getOwn(defaults, "url");
  const baseUrl = getOwn(defaults, "baseUrl");
  const headers = getOwn(defaults, "headers") as ResponseHeaders;
  const mediaType = getOwn(defaults, "mediaType");
  // `{ format: "" }` is every endpoint's mediaType: it changes no accept header, and the caller's merges over it.
  if (mediaType !== undefined && !(isPlainObject(mediaType) && Object.keys(mediaType).length === 1 && getOwn(mediaType, "format") === "")) return undefined;
  if (getOwn(defaults, "request") !== undefined) return undefined;
  if (Object.prototype.hasOwnProperty.call(headers, "__proto__")) return undefined;
  if (typeof method !== "string" || typeof baseUrl !== "string" || (url !== undefined && typeof url !== "string")) return undefined;
  const values: Dictionary = {};
  const keys: string[] = [];
  for (const key of Object.keys(defaults)) {
    if (OPTION_NAMES.has(key)) continue;
    const value = defaults[key];
    if (typeof value === "object" && value !== null) return undefined;
    if (typeof value === "function" || typeof value === "symbol" || key === "__proto__") return undefined;
    values[key] = value;
    keys.push(key);
  }
  return { method, url, baseUrl, basePrefix: baseUrlPrefix(baseUrl), headers, parameters: defaultParameters(values, keys) };
}

/** A route string as direct() reads it: its method and URL (parseRoute), and the URL compiled by the first call that got that far. */
interface RouteEntry {
  readonly method: string | undefined;
  readonly url: string;
  compiled: CompiledUrl | undefined;
}

/**
 * Route entries, as many as parseRoute() and compileUrl() keep: filled in step with compileUrl's cache, so both hold
 * the same compiled URLs and the memory bound in SECURITY.md stays as measured.
 */
const routeEntry = boundedMemo(1000, (route): RouteEntry => {
  const { method, url } = parseRoute(route);
  return { method, url, compiled: undefined };
});

/** endpoint(route, options) by the plan: the checks and result of parse(merge(route, options)), without the merge. */
function direct(plan: DirectPlan, route: string | undefined, options: Dictionary): RequestOptions {
  const routeParts = route === undefined ? undefined : routeEntry(route);
  const keys = Object.keys(options);
  const named = namedOptions(options, keys) ?? NO_NAMED_OPTIONS;
  const method = named.method !== undefined ? named.method : (routeParts?.method ?? plan.method);
  // Beside a route string, a url in the options is an error (checked below) and the route's URL names the call.
  const url = routeParts !== undefined ? routeParts.url : named.url !== undefined ? named.url : plan.url;
  try {
    if (routeParts !== undefined) checkNoUrlBesideRoute(named.url);
    // The checks run in parse(merge())'s order, so both report the same problem first: headers and the mediaType in
    // the order of the caller's keys (merge), then method and url (parse).
    // Object.assign, not spread: V8 gives a spread copy a shape that every header added later rebuilds (2 µs for
    // three headers). It is safe here because the plan holds no header named __proto__.
    const headers: ResponseHeaders = Object.assign({}, plan.headers);
    let mediaType: Dictionary | undefined;
    if (named !== NO_NAMED_OPTIONS) {
      if (named.mediaTypeFirst) mediaType = normalizeMediaType(named.mediaType);
      addCheckedHeaders(headers, named.headers);
      if (!named.mediaTypeFirst && named.mediaType !== undefined) mediaType = normalizeMediaType(named.mediaType);
    }
    const checkedMethodName = checkedMethod(method);
    const checkedUrlText = checkedUrl(url);
    // The route's own URL is compiled once and kept with it: one cache lookup per call instead of two.
    const compiled = routeParts !== undefined ? (routeParts.compiled ??= compileUrl(checkedUrlText)) : compileUrl(checkedUrlText);
    const ownBaseUrl = named.baseUrl !== undefined;
    const baseUrl = ownBaseUrl ? named.baseUrl : plan.baseUrl;
    const basePrefix = ownBaseUrl ? undefined : plan.basePrefix;
    return build({ method: checkedMethodName, compiled, baseUrl, basePrefix, options, keys, named, headers, mediaType, defaults: plan.parameters });
  } catch (error) {
    return withRoute(error, describeRoute(method, url));
  }
}
