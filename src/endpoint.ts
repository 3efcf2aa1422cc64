// The endpoint function: merge then parse, with its defaults kept private and handed out only as copies.
import { EndpointError } from "./errors.js";
import { checkHeaderValue } from "./headers.js";
import { mergeOptions } from "./merge.js";
import { deepCopy } from "./objects.js";
import { parse, parseMerged } from "./parse.js";
import { isToken } from "./token.js";
import { checkBaseUrl } from "./url.js";
import { VERSION } from "./version.js";
import type { Endpoint, EndpointOptions, MergedOptions } from "./types.js";

/** The defaults of the base `endpoint` function (SPEC 2.3, 4.4). */
export const BASE_DEFAULTS: MergedOptions = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: {
    accept: "application/vnd.github.v3+json",
    "user-agent": `endpointkit/${VERSION}`,
  },
};

/** Creates an endpoint function bound to `defaults`, which it keeps as its own private copy. */
export function withDefaults(defaults: MergedOptions): Endpoint {
  const endpoint = (route: unknown, options?: unknown) => parseMerged(mergeOptions(defaults, route, options), defaults.headers);
  return Object.defineProperties(endpoint, {
    DEFAULTS: { enumerable: true, get: () => deepCopy(defaults) },
    // Copied: merge() hands back the caller's own nested objects, which the caller may change after this call.
    defaults: { enumerable: true, value: (options: EndpointOptions) => withDefaults(checkDefaults(deepCopy(mergeOptions(defaults, options)))) },
    merge: { enumerable: true, value: (route: unknown, options?: unknown) => mergeOptions(defaults, route, options) },
    parse: { enumerable: true, value: parse },
  }) as unknown as Endpoint;
}

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
