// The endpoint function: the caller's options parsed over its defaults, merged first only when the defaults need it
// (planOf); the defaults are kept private and handed out only as copies.
import { EndpointError, asEndpointError, guarded } from "./errors.js";
import { checkHeaderValue, headersCopier } from "./headers.js";
import { copyOptions, mergeOptions } from "./merge.js";
import { getOwn, isPlainObject, type Dictionary } from "./objects.js";
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
      if (plan !== undefined) {
        if (typeof route === "string" && (options === undefined || isPlainObject(options))) return parseOver(plan, routeEntry(route), options ?? NO_OPTIONS, contract);
        if (options === undefined && (route === undefined || isPlainObject(route))) return parseOver(plan, undefined, route ?? NO_OPTIONS, contract);
      }
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
 * The plan for `defaults`, or undefined when only a full merge gives the right result: when the defaults hold a
 * mediaType other than `{ format: "" }` or a request (which merge deeply with the caller's), a parameter that is an
 * object or a list (which the result must not share with the defaults), or a header named __proto__ (which
 * a copy by assignment would turn into a prototype change). Defaults of scalars, the usual kind (`per_page: 100`), qualify.
 */
function planOf(defaults: MergedOptions): DefaultsPlan | undefined {
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
  return defaultsPlan({ method, url, baseUrl, basePrefix: baseUrlPrefix(baseUrl), copyHeaders: headersCopier(headers), routes: getOwn(defaults, ROUTES), values, keys });
}

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
