// Combines defaults, a route and options into merged options (SPEC 2.5). Nothing given is ever mutated.
import { EndpointError, describeRoute, quote, withRoute, type EndpointErrorCode } from "./errors.js";
import { addCheckedHeaders } from "./headers.js";
import { mergeMediaType } from "./media-type.js";
import { deepCopy, getOwn, isPlainObject, mergeValue, setOwn, type Dictionary } from "./objects.js";
import { ROUTES } from "./option-names.js";
import { adoptTable, routeEntry, sourceOf, type Defaults, type PlanRules } from "./plan.js";
import { checkNoUrlBesideRoute } from "./route.js";
import { GITHUB_RULES, authNotDescribed, checkAuthRoute, checkOrigin, claimedOption, rulesOf } from "./run.js";
import type { MergedOptions } from "./types/index.js";

/**
 * Merges `route` (a route string or an options object) and `options` over the defaults an endpoint read (`read`); later
 * values win. With neither, the result is the defaults. The result always has a mediaType with a format
 * (`{ format: "" }` at least), as octokit's. `call`: the options are a call's, so a url among them must stay on the
 * origin of the defaults' (defaults() sets one).
 */
export function mergeOptions(read: Defaults, route: unknown, options?: unknown, call = true): MergedOptions {
  // Defaults were merged and checked when they were set: their header names are lowercase tokens already.
  const merged = read.copy();
  const headers: Dictionary = read.copyHeaders();
  if (typeof route === "string") {
    const { method, url } = routeEntry(route);
    if (method !== undefined) merged.method = method;
    merged.url = url;
  }
  try {
    if (typeof route !== "string" && route !== undefined) {
      applyOptions(merged, headers, checkOptions(route, "ERR_INVALID_ROUTE", "the first argument (a route string or an options object)"), undefined, true);
    }
    if (options !== undefined) {
      const given = checkOptions(options, "ERR_INVALID_PARAMETER", "options");
      let rules: PlanRules | undefined;
      if (typeof route === "string") {
        rules = rulesOf(read, getOwn(given, ROUTES) ?? getOwn(merged, ROUTES), merged.method, merged.url);
        // A described route's parameter named like an option would be read as that option from merged options.
        const claimed = claimedOption(rules, Object.keys(given));
        if (claimed !== undefined) {
          throw new EndpointError("ERR_INVALID_PARAMETER", `${quote(claimed)} is a parameter of this route named like an option, which merged options cannot hold: call the endpoint itself`);
        }
      }
      applyOptions(merged, headers, given, rules, typeof route === "string" || route === undefined);
    }
    // Checked once every option is in, on what merge returns: a url given twice is judged by the one that is sent.
    if (call && typeof route !== "string") checkOrigin(read, getOwn(merged, ROUTES), getOwn(merged, "method"), getOwn(merged, "url"), getOwn(merged, "baseUrl"));
    // Credentials (DECISIONS "Credentials: `auth`"), judged as endpoint() judges them: refused on a route no description
    // covers (difference 17), and sent only to the route's described server.
    const hasAuth = call && getOwn(merged, "auth") !== undefined && typeof getOwn(merged, "url") === "string";
    const dropsDefaults = call && read.keys.length > 0 && getOwn(merged, ROUTES) !== undefined;
    const routeRules = hasAuth || dropsDefaults ? rulesOf(read, getOwn(merged, ROUTES), getOwn(merged, "method"), getOwn(merged, "url")) : GITHUB_RULES;
    if (hasAuth) checkAuthRoute(routeRules, getOwn(merged, "baseUrl"), read);
    // A defaults' parameter applies where the route has it: on a described route that does not, merged options leave it
    // out, as endpoint() does (DECISIONS "Described routes": both give the same request).
    if (dropsDefaults) {
      const given = givenKeys(route, options);
      for (const key of read.keys) if (!routeRules.takes(key) && !given.has(key)) delete merged[key];
    }
  } catch (error) {
    // Named by the route merged so far (reading the caller's options again would read a getter twice); most defaults()
    // calls give no url, and their errors name none.
    const url = getOwn(merged, "url");
    if (typeof url !== "string") throw error;
    return withRoute(error, describeRoute(getOwn(merged, "method"), url));
  }
  merged.headers = headers;
  const mediaType = getOwn(merged, "mediaType") as Dictionary | undefined;
  if (mediaType === undefined) merged.mediaType = { format: "" };
  else if (getOwn(mediaType, "format") === undefined) mediaType.format = "";
  return merged as MergedOptions;
}

/**
 * A deep copy of options kept by an endpoint (its defaults) or handed out (DEFAULTS), without the option `skip`; the
 * contents of `request` (a fetch, an agent, a signal) stay the caller's.
 */
export function copyOptions(options: MergedOptions, skip?: string): MergedOptions {
  const copy: Dictionary = {};
  for (const key of Object.keys(options)) {
    const value = options[key];
    // A route table is adopted (frozen whole) when it comes in: shared, never copied per call (it may describe 1,000+ routes).
    if (key !== skip) setOwn(copy, key, typeof value !== "object" || key === ROUTES ? value : deepCopy(value, key === "request"));
  }
  return copy as MergedOptions;
}

/** The plan source of the route table `options` give, else of the one merged so far; none is difference 17. */
function authSource(merged: Dictionary, options: Dictionary) {
  const source = sourceOf(getOwn(options, ROUTES) ?? getOwn(merged, ROUTES));
  if (source === undefined) throw authNotDescribed();
  return source;
}

/** The keys a call's own options hold (route: the first argument, when it is an options object). */
function givenKeys(route: unknown, options: unknown): Set<string> {
  return new Set([...(isPlainObject(route) ? Object.keys(route) : []), ...(isPlainObject(options) ? Object.keys(options) : [])]);
}

/** `options` when they are a plain object, else `code`, naming them by `what`. */
function checkOptions(options: unknown, code: EndpointErrorCode, what: string): Dictionary {
  if (isPlainObject(options)) return options;
  throw new EndpointError(code, `${what} must be a plain object, got ${options === null ? "null" : Array.isArray(options) ? "an array" : typeof options}`);
}

/**
 * Merges `options` in; `besideRoute`: the rules of the route string they follow (a url among them is then an error, a
 * method naming another described operation too, and a described route's header parameters are written as text).
 * `fresh`: these are the first options merged, so every object `merged` holds is its own copy of the defaults', merged
 * into in place.
 */
function applyOptions(merged: Dictionary, headers: Dictionary, options: Dictionary, besideRoute: PlanRules | undefined, fresh: boolean): void {
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value === undefined) continue;
    // Checked on the value read here, the only read: a getter cannot answer a separate check with undefined.
    if (key === "url" && besideRoute !== undefined) checkNoUrlBesideRoute(value);
    if (key === "method") besideRoute?.sameOperation?.(getOwn(merged, "method"), value);
    if (key === "headers") addCheckedHeaders(headers, besideRoute === undefined ? value : besideRoute.headers(value));
    else if (key === "mediaType") setOwn(merged, key, mergeMediaType(getOwn(merged, "mediaType"), value, fresh));
    // Scheme by scheme: a new credential replaces the old one whole (a basic password never outlives its username).
    // The table's plan source merges them (difference 17: with no table, no description can take them).
    else if (key === "auth") setOwn(merged, key, authSource(merged, options).mergeAuth(getOwn(merged, key), value));
    // A route table replaces the earlier one whole: merging two would mix their operations' entries.
    else setOwn(merged, key, key === ROUTES ? adoptTable(value) : typeof value !== "object" ? value : mergeValue(getOwn(merged, key), value, fresh));
  }
}
