// The endpoint function: the caller's options parsed over its defaults' plan (planOf), made once when they are set;
// the defaults are kept private and handed out only as copies.
import { EndpointError, asEndpointError, guarded } from "./errors.js";
import { checkHeaderValue, headersCopier } from "./headers.js";
import { copyOptions, mergeOptions } from "./merge.js";
import { getOwn, isPlainObject, ownCopy, setOwn, type Dictionary } from "./objects.js";
import { defaultsPlan, parse, parseOver, type Contract, type DefaultsPlan, type RouteEntry } from "./parse.js";
import { splitRoute } from "./route.js";
import { isToken } from "./token.js";
import { ROUTES, describedRoute, freezeTable } from "./described.js";
import { OPTION_NAMES, baseUrlPrefix, checkBaseUrl } from "./url.js";
import { boundedMemo } from "./cache.js";
import { VERSION } from "./version.js";
import type { Endpoint, MergedOptions, RequestOptions, ResponseHeaders } from "./types.js";

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

/**
 * Creates an endpoint function bound to `defaults`, which it keeps as its own private copy; its results, and those of
 * the functions its defaults() makes, follow `contract` (none: SPEC.md).
 */
export function withDefaults(defaults: MergedOptions, contract?: Contract): Endpoint {
  const plan = planOf(defaults);
  // Each entry point turns anything but an EndpointError raised from caller data into one (asEndpointError).
  const endpoint = (route?: unknown, options?: unknown): RequestOptions => {
    try {
      if (typeof route === "string" && (options === undefined || isPlainObject(options))) return parseOver(plan, routeEntry(route), options ?? NO_OPTIONS, contract);
      if (options === undefined && (route === undefined || isPlainObject(route))) return parseOver(plan, undefined, route ?? NO_OPTIONS, contract);
      if (route === undefined && isPlainObject(options)) return parseOver(plan, undefined, options, contract);
      // Two option objects (merged first, as merge() does), or arguments merge() refuses with their own message.
      return parse(mergeOptions(defaults, route, options), contract);
    } catch (error) {
      throw asEndpointError(error, "endpoint()");
    }
  };
  return Object.defineProperties(endpoint, {
    DEFAULTS: { enumerable: true, get: () => copyOptions(defaults) },
    defaults: { enumerable: true, value: guarded("defaults()", (options: unknown) => withDefaults(checkDefaults(copyOptions(mergeOptions(defaults, options, undefined, false))), contract)) },
    merge: { enumerable: true, value: guarded("merge()", (route?: unknown, options?: unknown) => mergeOptions(defaults, route, options)) },
    parse: { enumerable: true, value: contract === undefined ? guardedParse : guarded("parse()", (options: MergedOptions) => parse(options, contract)) },
  }) as unknown as Endpoint;
}

// One argument passed on: a second one is the caller's, never taken for a contract. Shared, since it needs no defaults.
const guardedParse = guarded("parse()", (options: MergedOptions) => parse(options));

/** Checks new defaults once, when they are set, so a bad baseUrl or header fails where it was written. */
function checkDefaults(defaults: MergedOptions): MergedOptions {
  const { method, baseUrl, headers } = defaults;
  if (typeof method !== "string" || !isToken(method)) {
    throw new EndpointError("ERR_INVALID_METHOD", "defaults(): the method must be an HTTP token");
  }
  checkBaseUrl(baseUrl);
  for (const name of Object.keys(headers)) checkHeaderValue(name, headers[name]);
  const routes = getOwn(defaults, ROUTES);
  if (routes !== undefined) {
    if (!isPlainObject(routes)) throw new EndpointError("ERR_INVALID_ROUTE", `defaults(): ${ROUTES} must be the route table fromOpenApi() returns`);
    freezeTable(routes);
    // Fails here, where the table was given, when endpointkit/openapi has not turned described routes on.
    describedRoute(routes, "GET", "");
  }
  return defaults;
}

const NO_OPTIONS: Dictionary = Object.freeze({});

/**
 * The plan of `defaults`, made once when they are set: what every call reads beneath its options. Parameters are kept
 * as the defaults hold them; a call copies an object or list it takes (parse.ts overDefault), so no result shares one.
 */
function planOf(defaults: MergedOptions): DefaultsPlan {
  const baseUrl = getOwn(defaults, "baseUrl") as string;
  const headers = getOwn(defaults, "headers") as ResponseHeaders;
  const mediaType = getOwn(defaults, "mediaType");
  const values: Dictionary = {};
  const keys: string[] = [];
  for (const key of Object.keys(defaults)) {
    if (OPTION_NAMES.has(key)) continue;
    setOwn(values, key, defaults[key]);
    keys.push(key);
  }
  return defaultsPlan({
    method: getOwn(defaults, "method") as string,
    url: getOwn(defaults, "url"),
    baseUrl,
    basePrefix: baseUrlPrefix(baseUrl),
    // A header named __proto__ is copied as an own property, never by assignment (which would set a prototype).
    copyHeaders: hasOwnProperty.call(headers, "__proto__") ? () => ownCopy(headers) as ResponseHeaders : headersCopier(headers),
    routes: getOwn(defaults, ROUTES),
    values,
    keys,
    // `{ format: "" }` is every endpoint's mediaType: it changes no accept header, and a call's needs no merge over it.
    mediaType: isPlainObject(mediaType) && Object.keys(mediaType).length === 1 && getOwn(mediaType, "format") === "" ? undefined : mediaType,
    request: getOwn(defaults, "request"),
  });
}

const { hasOwnProperty } = Object.prototype;

/**
 * Route entries: each keeps its compiled URL once a call has compiled it, so it counts against the caches' shared
 * budget for the route and the URL (twice its key) whether or not compileUrl's cache still holds that URL.
 */
const routeEntry = boundedMemo(
  1000,
  (route): RouteEntry => {
    const { method, url } = splitRoute(route);
    return { method, url, compiled: undefined };
  },
  (route) => 2 * route.length,
);
