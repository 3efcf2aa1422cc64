// The endpoint function object: endpoint(), merge(), parse() and defaults() are thin adapters over the one pipeline
// (run.ts over plan.ts); the defaults are read once when they are set, kept private and handed out only as copies.
import { EndpointError, asEndpointError, guarded } from "./errors.js";
import { checkHeaderValue } from "./headers.js";
import { ROUTES } from "./option-names.js";
import { copyOptions, mergeOptions } from "./merge.js";
import { getOwn, isPlainObject, type Dictionary } from "./objects.js";
import { NO_DEFAULTS, defaultsOf, routeEntry } from "./plan.js";
import { checkMethod } from "./route.js";
import { authNotDescribed, run, type Contract } from "./run.js";
import { checkBaseUrl } from "./url.js";
import { VERSION } from "./version.js";
import type { Endpoint, MergedOptions, RequestOptions } from "./types/index.js";

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
  const read = defaultsOf(defaults);
  const endpoint = (route?: unknown, options?: unknown): RequestOptions => {
    try {
      if (typeof route === "string" && (options === undefined || isPlainObject(options))) return run(read, routeEntry(route), options ?? NO_OPTIONS, contract);
      if (options === undefined && (route === undefined || isPlainObject(route))) return run(read, undefined, route ?? NO_OPTIONS, contract);
      if (route === undefined && isPlainObject(options)) return run(read, undefined, options, contract);
      // Two option objects (merged first, as merge() does), or arguments merge() refuses with their own message.
      return run(NO_DEFAULTS, undefined, mergeOptions(read, route, options), contract);
    } catch (error) {
      throw asEndpointError(error, "endpoint()");
    }
  };
  // Descriptors without a prototype: a polluted Object.prototype.get or .value must not change what they define.
  return Object.defineProperties(endpoint, {
    DEFAULTS: { __proto__: null, enumerable: true, get: () => copyOptions(defaults) },
    defaults: { __proto__: null, enumerable: true, value: guarded("defaults()", (options: unknown) => withDefaults(checkDefaults(copyOptions(mergeOptions(read, options, undefined, false))), contract)) },
    merge: { __proto__: null, enumerable: true, value: guarded("merge()", (route?: unknown, options?: unknown) => mergeOptions(read, route, options)) },
    parse: { __proto__: null, enumerable: true, value: contract === undefined ? parse : guarded("parse()", (options: unknown) => parseOptions(options, contract)) },
  } as PropertyDescriptorMap) as unknown as Endpoint;
}

/** parse(): stateless, over no defaults, and so the same function on every endpoint of a contract. */
function parseOptions(options: unknown, contract?: Contract): RequestOptions {
  if (!isPlainObject(options)) throw new EndpointError("ERR_INVALID_PARAMETER", "parse() takes the merged options object that merge() returns");
  return run(NO_DEFAULTS, undefined, options, contract);
}

// One argument passed on: a second one is the caller's, never taken for a contract.
const parse = /* @__PURE__ */ guarded("parse()", (options: unknown) => parseOptions(options));

/** Checks new defaults once, when they are set, so a bad method, baseUrl or header fails where it was written. */
function checkDefaults(defaults: MergedOptions): MergedOptions {
  const { method, baseUrl, headers } = defaults;
  checkMethod(method);
  // Difference 17, where it is written: credentials need a description's schemes to go anywhere.
  if (getOwn(defaults, "auth") !== undefined && getOwn(defaults, ROUTES) === undefined) throw authNotDescribed();
  checkBaseUrl(baseUrl);
  for (const name of Object.keys(headers)) checkHeaderValue(name, headers[name]);
  return defaults;
}

const NO_OPTIONS: Dictionary = /* @__PURE__ */ Object.freeze({});
