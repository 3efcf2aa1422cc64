// Plans: what a call on one route of one endpoint needs, compiled once and cached. An endpoint's defaults are read
// once into `Defaults` when they are set; a route (a method and a url) into a `Plan`, which is the same for every call
// on it: its URL compiled, its method checked, and the rules that place the call's other keys, GitHub's or those of a
// route table (described routes), which come in through the one small interface below and never through a branch.
import { boundedMemo } from "./cache.js";
import { EndpointError } from "./errors.js";
import { headersCopier } from "./headers.js";
import { checkMethod, splitRoute, type Route } from "./route.js";
import { copier, deepCopy, getOwn, isPlainObject, ownCopy, setOwn, type Dictionary } from "./objects.js";
import { OPTION_NAMES, ROUTES } from "./option-names.js";
import { baseUrlPrefix, type CompiledUrl } from "./url.js";
import { hasOwn } from "./values.js";
import type { ResponseHeaders } from "./types/index.js";

/** What the rules that place a call's keys read of the call (run.ts makes one per call). */
export interface Call {
  /** The method, checked and lowercase. */
  readonly method: string;
  readonly options: Dictionary;
  readonly keys: readonly string[];
  /** The endpoint's defaults, read beneath the caller's options. */
  readonly defaults: Defaults;
  /** The result's headers, which the rules may add to (content-type, cookie). */
  readonly headers: ResponseHeaders;
  /** The keys that are neither parameters of this route nor a body: the option names and the URL's variables. */
  readonly skip: ReadonlySet<string>;
  /** True for a key that is an option on this route (an option name the route does not claim, or `data`). */
  isOption(key: string): boolean;
  /** The value of a parameter: the caller's own, over the defaults' as merge() combines them, read once. */
  read(key: string): unknown;
  /** The body given whole: the caller's `data`, else the defaults'. */
  readonly data: unknown;
  /** What the rules write: the query string, without "?", and the body (undefined: none). */
  query: string;
  body: unknown;
}

/** How a route places the keys of a call that its URL does not take: GitHub's rules (run.ts), or a route table's. */
export interface Rules {
  /** The route's own accept header, in place of the endpoint's. */
  readonly accept: string | undefined;
  /** Variables the route requires whatever their operator (OpenAPI's path parameters), beside the simple ones. */
  readonly required: ReadonlySet<string> | undefined;
  /** True when `:name` in the route's path is a placeholder (GitHub's rules), false when it is literal text (OpenAPI). */
  readonly colonPlaceholders: boolean;
  /** The key a URL variable reads, where it is not the variable's own name (a described parameter named `insight_id:`). */
  readonly keyOf?: ((variable: string) => string) | undefined;
  /**
   * A URL variable's value as the rules write it, where that is not as given (a `format: date` path parameter: its
   * day; a described `content` one: its JSON text), or where the call gives it another way (a qualified key, `path:id`).
   */
  readonly urlValue?: ((variable: string, value: unknown, call: Call) => unknown) | undefined;
  /** True when the rules may read a key the URL takes too: the URL then reads it through the call's view (Call.read). */
  readonly sharesKeys: boolean;
  /** True for a key this route sends somewhere (a parameter, a body property): a defaults' key it does not take is left out. */
  takes(key: string): boolean;
  /** The caller's headers option as it is sent (a described header parameter written as text). */
  headers(given: unknown): unknown;
  /** Writes the query and body of a call; may set its content-type and cookie headers. */
  request(call: Call): void;
}

/**
 * A route table entry compiled by its table's plan source: the rules of a described route, its URL template, and what
 * only described routes have, as functions the table brings (src/openapi/): the core calls them and knows nothing of
 * servers, credentials or claimed option names.
 */
export interface DescribedPlan extends PlanRules {
  /** The path with each path parameter's style as an RFC 6570 expression: `/pets/{petId}`, `/a/{;matrix*}`. */
  readonly url: string;
  /** The method the result carries under every contract, where it is not the checked lowercase one (a 3.2 `Purge`). */
  readonly method?: string | undefined;
}

/** The rules of a plan: GitHub's, or a described route's with the functions only those have. */
export interface PlanRules extends Rules {
  /** True for an option name (`url`, `method`, …) that this route has as a parameter: on a call, it is that parameter. */
  claims?(key: string): boolean;
  /** Throws when the options' `method` names another operation than the route string, written `routeMethod`. */
  sameOperation?(routeMethod: unknown, method: unknown): void;
  /** Where a call goes, from the baseUrl in force: the route's own server where it stands in for that one. */
  server?(inForce: unknown): unknown;
  /** Checks the caller's `auth` option where the caller's key order reaches it; returns the copy that is sent. */
  checkAuth?(given: unknown): unknown;
  /**
   * Throws when a call's credentials may not go where it goes: `inForce` (the call's baseUrl, else the endpoint's)
   * off the origin of the endpoint's base URL `endpoint` (judged when `judgeEndpoint`: parse()'s options cannot tell),
   * or the route's own server on another origin, not trusted by name. Present on routes that take credentials.
   */
  authServer?(inForce: unknown, endpoint: string | undefined, judgeEndpoint: boolean): void;
  /** Writes the call's credentials (`given`, checkAuth's copy, over `defaults`, scheme by scheme) after request(). */
  credentials?(given: unknown, defaults: unknown, call: Call): void;
  /**
   * The error a call on this route raised, told more where the route explains it (a described query parameter named
   * `data` or `headers`, which the caller cannot give as a key); undefined: as it is.
   */
  explain?(error: EndpointError, keys: readonly string[]): EndpointError;
}

/**
 * What endpointkit/openapi attaches to each route table it makes or adopts (fromOpenApi(), describedRoutes()), under
 * PLAN_SOURCE: the core's one way in for described routes.
 */
export interface PlanSource {
  /**
   * The table as an endpoint keeps it (a frozen copy, made with the core's `copy`, carrying this source), `table`
   * itself when it is one. The copy is the core's: the walk merge() copies options with, which a reader need not bring.
   */
  adopt(table: Dictionary, copy: (table: Dictionary) => Dictionary): Dictionary;
  /** The plan of `method url` in an adopted `table`; undefined when it lets that route follow GitHub's rules. */
  plan(table: Dictionary, method: string, url: string): DescribedPlan | undefined;
  /** merge()'s `auth`: `given` over the credentials merged so far, scheme by scheme. */
  mergeAuth(earlier: unknown, given: unknown): unknown;
}

/** The key under which a route table carries its plan source: a symbol, which JSON neither writes nor reads. */
export const PLAN_SOURCE: unique symbol = /* @__PURE__ */ Symbol.for("endpointkit.planSource") as never;

/** The plan of a call on one route: its method, its URL (compiled by the first call that got that far), its rules. */
export interface Plan {
  /** The method as the call that made the plan wrote it: a route entry keeps the plan for that spelling. */
  readonly given: string;
  /** The method, checked, lowercase. */
  readonly method: string;
  /** The method the result carries under every contract, where the plan's rules say (a described 3.2 `Purge`). */
  readonly sent: string | undefined;
  readonly source: string;
  compiled: CompiledUrl | undefined;
  readonly rules: PlanRules;
}

/** An endpoint's defaults, read once when they are set: what every call reads beneath its options. */
export interface Defaults {
  readonly method: string | undefined;
  readonly url: unknown;
  readonly baseUrl: string | undefined;
  /** baseUrl checked, with one trailing "/": the part of every path-only URL that is the same for each call. */
  readonly basePrefix: string | undefined;
  /** A new copy of the defaults' headers, for the result to own (headersCopier). */
  readonly copyHeaders: () => ResponseHeaders;
  /** A new deep copy of the defaults but their headers, for merge() to merge a call's options into (objects.ts copier). */
  readonly copy: () => Dictionary;
  /** The route table of described routes, adopted (adoptTable); undefined when the defaults hold none. */
  readonly routes: Dictionary | undefined;
  /** The defaults' parameters, read beneath the caller's (copied by a call that takes an object of theirs). */
  readonly values: Dictionary;
  /** Their `data`, the body when a call gives none. */
  readonly data: unknown;
  readonly keys: readonly string[];
  readonly keySet: ReadonlySet<string>;
  /** True when a key is an array index ("0", "17"), which a JS object, and so merge(), lists before its other keys. */
  readonly hasIndexKey: boolean;
  /** The defaults' mediaType, which a call's merges over; undefined for `{ format: "" }`, which changes nothing. */
  readonly mediaType: Dictionary | undefined;
  /** The defaults' request meta, which a call's merges over. */
  readonly request: unknown;
  /** The defaults' credentials by security scheme name, for a described route's plan to read (DescribedPlan). */
  readonly auth: unknown;
}

/** The defaults of merged options (an endpoint's, checked when they were set), read once. */
export function defaultsOf(merged: Dictionary): Defaults {
  const values: Dictionary = {};
  const keys: string[] = [];
  for (const key of Object.keys(merged)) {
    if (OPTION_NAMES.has(key as never)) continue;
    setOwn(values, key, merged[key]);
    keys.push(key);
  }
  const baseUrl = getOwn(merged, "baseUrl") as string | undefined;
  const headers = (getOwn(merged, "headers") ?? {}) as ResponseHeaders;
  const mediaType = getOwn(merged, "mediaType") as Dictionary | undefined;
  const routes = getOwn(merged, ROUTES);
  return {
    method: getOwn(merged, "method") as string | undefined,
    url: getOwn(merged, "url"),
    baseUrl,
    basePrefix: baseUrl === undefined ? undefined : baseUrlPrefix(baseUrl),
    // A header named __proto__ is copied as an own property, never by assignment (which would set a prototype).
    copyHeaders: hasOwn.call(headers, "__proto__") ? () => ownCopy(headers) as ResponseHeaders : headersCopier(headers),
    copy: copier(merged, "headers", ROUTES),
    routes: routes === undefined ? undefined : adoptTable(routes),
    values,
    data: getOwn(values, "data"),
    keys,
    keySet: new Set(keys),
    hasIndexKey: keys.some(isArrayIndex),
    // `{ format: "" }` is every endpoint's mediaType: it changes no accept header, and a call's needs no merge over it.
    mediaType: isPlainObject(mediaType) && Object.keys(mediaType).length === 1 && getOwn(mediaType, "format") === "" ? undefined : mediaType,
    request: getOwn(merged, "request"),
    auth: getOwn(merged, "auth"),
  };
}

const PLAN_CACHE_SIZE = 1000;

/** The defaults of parse(), whose options are merged already: none. */
export const NO_DEFAULTS: Defaults = /* @__PURE__ */ defaultsOf({});

/** The plan of `method url` in an adopted route table, or undefined when the table lets it follow GitHub's rules. */
export function describedPlanOf(table: Dictionary, method: string, url: string): Plan | undefined {
  const described = sourceOf(table)!.plan(table, method, url);
  if (described === undefined) return undefined;
  let plan = describedPlans.get(described);
  if (plan === undefined) describedPlans.set(described, (plan = { given: method, method: checkMethod(method), sent: described.method, source: described.url, compiled: undefined, rules: described }));
  return plan;
}

/**
 * Core plans of described plans (a plan source keeps one per route of a table), so the URL of a described route is
 * compiled once. Every spelling of a method shares its route's plan: the lowercase method is the same.
 */
const describedPlans = /* @__PURE__ */ new WeakMap<DescribedPlan, Plan>();

/** A route string as a call reads it (route.ts), with the plan of the last call that made one, and its route table. */
export interface RouteEntry extends Route {
  plan: Plan | undefined;
  /** The adopted route table `plan` was found in; undefined: GitHub's rules, no table. */
  table: Dictionary | undefined;
}

/** Route strings split once: their method and URL, by the string a caller writes. */
export const routeEntry = /* @__PURE__ */ boundedMemo(
  1000,
  (route): RouteEntry => {
    const { method, url } = splitRoute(route);
    return { method, url, plan: undefined, table: undefined };
  },
  (route) => 2 * route.length,
);

/** Plans on GitHub's rules, by url then method: both strings the caller holds, so a lookup builds no key. */
export const githubPlans = /* @__PURE__ */ boundedMemo(PLAN_CACHE_SIZE, (): Map<string, Plan> => new Map(), (url) => 2 * url.length);

/** The plan source a route table carries, or undefined. */
export function sourceOf(table: unknown): PlanSource | undefined {
  const source = isPlainObject(table) && hasOwn.call(table, PLAN_SOURCE) ? (table as unknown as { [PLAN_SOURCE]: PlanSource })[PLAN_SOURCE] : undefined;
  return typeof source === "object" && source !== null && typeof source.adopt === "function" ? source : undefined;
}

/**
 * A route table as an endpoint keeps it, as its plan source adopts it. Throws ERR_INVALID_ROUTE for a table that
 * endpointkit/openapi did not make or adopt: GitHub's rules would send a described route's parameters elsewhere.
 */
export function adoptTable(table: unknown): Dictionary {
  const source = sourceOf(table);
  if (source === undefined) {
    throw new EndpointError("ERR_INVALID_ROUTE", `${ROUTES} is a route table: give it through fromOpenApi() or describedRoutes() of "endpointkit/openapi"`);
  }
  return source.adopt(table as Dictionary, deepCopy);
}

/** True for the keys a JS object lists first, in ascending order: canonical integers from 0 to 2^32 - 2. */
export function isArrayIndex(key: string | undefined): boolean {
  return key !== undefined && key !== "4294967295" && `${+key >>> 0}` === key;
}
