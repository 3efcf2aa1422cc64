// One call, the one way every entry builds it (endpoint(), parse(), and so parse(merge())): read the caller's options
// once, find the route's plan, apply the option-level rules in the caller's key order, then run the plan: the URL
// expanded and its path checked, the other keys placed by the plan's rules, headers, mediaType, request.
import { nativeBodyKind } from "./body-kind.js";
import { EndpointError, describeRoute, isEndpointError, quote, withRoute } from "./errors.js";
import { addCheckedHeaders } from "./headers.js";
import { applyMediaType, mergeMediaType, normalizeMediaType } from "./media-type.js";
import { deepCopy, getOwn, isPlainObject, mergeValue, ownValue, setOwn, type Dictionary } from "./objects.js";
import { OPTION_NAMES, ROUTES } from "./option-names.js";
import { checkSameOrigin } from "./origin.js";
import { appendQuery, queryPair } from "./query.js";
import { checkMethod, checkNoUrlBesideRoute } from "./route.js";
import { isToken } from "./token.js";
import { hasOwn } from "./values.js";
import { expandTemplate, expandedPlainValues, type VarSpec } from "./uri-template/index.js";
import { baseUrlPrefix, compileUrlText, emptySegmentNames, hasDotSegment, isRequired, schemeLength, withoutLeadingSlashes, type CompiledUrl } from "./url.js";
import { NO_DEFAULTS, adoptTable, describedPlanOf, githubPlans, isArrayIndex, type Call, type Defaults, type Plan, type PlanRules, type RouteEntry, type Rules } from "./plan.js";
import type { RequestOptions, ResponseHeaders } from "./types/index.js";

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
 * The request options of `options` on an endpoint with `defaults`, after the route string's parts when there is one;
 * parse() gives NO_DEFAULTS, its options being merged already.
 */
export function run(defaults: Defaults, route: RouteEntry | undefined, options: Dictionary, contract: Contract | undefined): RequestOptions {
  const keys = Object.keys(options);
  const call = new CallView(options, keys, defaults, contract);
  let named = (call.named = namedOptions(options, keys));
  let plan: Plan | undefined;
  const routeMethod = route === undefined ? undefined : (route.method ?? defaults.method);
  let method: unknown = routeMethod;
  let url: unknown = route?.url;
  try {
    const routes = named[ROUTES] !== undefined ? adoptTable(named[ROUTES]) : defaults.routes;
    // A described route string whose parameters are named like options (a query parameter `url` or `method`): those
    // keys are its parameters, not options. Most calls name no option, and most described routes claim none of those.
    if (route !== undefined && routes !== undefined && named !== NO_NAMED_OPTIONS) {
      plan = lookUp(defaults, routes, routeMethod, route.url, route);
      const rules: PlanRules | undefined = plan?.rules;
      const claims = rules?.claims;
      if (claims !== undefined && keys.some((key) => isNamedOption(key) && claims(key))) {
        call.claimed = named;
        const own: NamedOptions = { ...named };
        for (const key of keys) if (isNamedOption(key) && claims(key)) own[key] = undefined;
        call.named = named = own;
        call.isOption = (key) => isNamedOption(key) && !claims(key);
      }
      rules?.sameOperation?.(routeMethod, named.method);
    }
    method = named.method !== undefined ? named.method : (routeMethod ?? defaults.method);
    // Beside a route string, a url in the options is an error (checked below) and the route's URL names the call.
    url = route !== undefined ? route.url : named.url !== undefined ? named.url : defaults.url;
    if (plan === undefined || method !== routeMethod) plan = lookUp(defaults, routes, method, url, route);
    const rules: PlanRules = plan?.rules ?? GITHUB_RULES;
    const headers = (call.headers = defaults.copyHeaders());
    if (rules.accept !== undefined) headers.accept = rules.accept;
    let mediaType: Dictionary | undefined;
    // The option-level rules, in the order of the caller's keys, as merge() applies them: endpoint() and parse(merge())
    // report the same problem first. Only calls that name an option walk their keys again.
    if (named !== NO_NAMED_OPTIONS) {
      for (const key of keys) {
        if (key === "url") {
          if (route !== undefined) checkNoUrlBesideRoute(named.url);
        } else if (key === "headers") {
          addCheckedHeaders(headers, rules.headers(named.headers));
        } else if (key === "auth" && named.auth !== undefined) {
          // Difference 17: on GitHub's rules octokit would send it as a parameter (a query string, logged everywhere).
          if (rules === GITHUB_RULES) throw authNotDescribed();
          // The described route checks them, and gives its copy: the caller's auth is read once.
          call.auth = rules.checkAuth?.(named.auth);
        } else if (key === "mediaType" && named.mediaType !== undefined) {
          // parse()'s options are merged: their preview names are normalised already.
          mediaType = defaults === NO_DEFAULTS ? normalizeMediaType(named.mediaType, false) : mergeMediaType(defaults.mediaType, named.mediaType);
        }
      }
    }
    call.mediaType = mediaType ?? defaults.mediaType;
    const baseUrl = (call.baseUrl = baseUrlOf(named.baseUrl, rules, defaults));
    // After the caller's keys, as merge() checks it once they are all in; a method alone may name a route elsewhere too.
    if (route === undefined) checkOriginAt(defaults, routes, url, baseUrl, named.baseUrl);
    if (plan === undefined) {
      checkMethod(method);
      throw new EndpointError("ERR_URL_REQUIRED", "url is required and must be a string");
    }
    // The credentials of the call (DECISIONS "Credentials: `auth`"): the defaults' too are refused where no
    // description covers the route (difference 17); where they may go (the origin of the endpoint's base URL, a
    // trusted own server) is the described route's to say.
    if (defaults.auth !== undefined || call.auth !== undefined) checkAuthRoute(rules, named.baseUrl !== undefined ? named.baseUrl : defaults.baseUrl, defaults);
    call.plan = plan;
    return runPlan(call);
  } catch (error) {
    const explain = plan?.rules.explain;
    return withRoute(explain !== undefined && isEndpointError(error) ? explain(error, keys) : error, describeRoute(method, url));
  }
}

/**
 * The plan of `method url` (the described one when `routes` describes it), or undefined when either is not what a
 * plan needs: the method and url rules then report it, after the option-level rules, as parse(merge()) would.
 */
function lookUp(defaults: Defaults, routes: unknown, method: unknown, url: unknown, route?: RouteEntry): Plan | undefined {
  // Most calls name a route string: its entry keeps the plan of the last call on it, found without a lookup when the
  // call is on the same route table (none: GitHub's rules).
  const kept = route?.plan;
  if (kept !== undefined && kept.given === method && route!.table === routes) return kept;
  if (typeof method !== "string" || typeof url !== "string" || !isToken(method)) return undefined;
  const table = routes === undefined ? undefined : routes === defaults.routes ? defaults.routes : adoptTable(routes);
  let plan = table === undefined ? undefined : describedPlanOf(table, method, url);
  if (plan === undefined) {
    const byMethod = githubPlans(url);
    plan = byMethod.get(method);
    if (plan === undefined) {
      plan = { given: method, method: checkMethod(method), sent: undefined, source: url, compiled: undefined, rules: GITHUB_RULES };
      // A few spellings of a few methods per URL; any more (a caller's long made-up methods) are not kept.
      if (byMethod.size < MAX_METHODS_PER_URL) byMethod.set(method, plan);
    }
  }
  if (route !== undefined) {
    route.plan = plan;
    route.table = table;
  }
  return plan;
}

/** The rules of the route `method url` on `routes` (a route table, or none): the described route's, else GitHub's. */
export function rulesOf(defaults: Defaults, routes: unknown, method: unknown, url: unknown): PlanRules {
  return (routes === undefined ? undefined : lookUp(defaults, routes, method, url)?.rules) ?? GITHUB_RULES;
}

/** The first of `keys` that is an option name the route's rules have as a parameter (DECISIONS "Described routes"). */
export function claimedOption(rules: PlanRules, keys: readonly string[]): string | undefined {
  const claims = rules.claims;
  return claims === undefined ? undefined : keys.find((key) => isNamedOption(key) && claims(key));
}

/** Difference 17: `auth` on a route no description covers, where octokit would send it as a parameter. */
export function authNotDescribed(): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    "auth names credentials by an API description's security schemes, and no description covers this route: set the authorization header instead (on GitHub's rules auth would be sent as a parameter)",
  );
}

/**
 * Where credentials may go (DECISIONS "Credentials: `auth`"): only on a described route (difference 17), and only
 * where its plan lets them.
 */
export function checkAuthRoute(rules: PlanRules, inForce: unknown, defaults: Defaults): void {
  if (rules === GITHUB_RULES) throw authNotDescribed();
  // `inForce`: the call's baseUrl, else the endpoint's. parse() cannot tell the endpoint's baseUrl from another:
  // merge() checked it.
  rules.authServer?.(inForce, defaults.baseUrl, defaults !== NO_DEFAULTS);
}

/** Difference 16 for merged options (merge()): their url, judged where the request would go. */
export function checkOrigin(defaults: Defaults, routes: unknown, method: unknown, url: unknown, given: unknown): void {
  const rules = lookUp(defaults, routes, method, url)?.rules ?? GITHUB_RULES;
  checkOriginAt(defaults, routes, url, baseUrlOf(given, rules, defaults), given);
}

/**
 * Difference 16: a call's url (to go to `baseUrl`) stays on the origin of the url the endpoint's defaults name, each
 * judged where its request would go with the baseUrl the call gives (a described route's own server included).
 */
function checkOriginAt(defaults: Defaults, routes: unknown, url: unknown, baseUrl: unknown, given: unknown): void {
  if (defaults.url === undefined || typeof url !== "string" || (url === defaults.url && baseUrl === defaults.baseUrl)) return;
  const plan = lookUp(defaults, routes, defaults.method, defaults.url);
  checkSameOrigin(url, baseUrl, defaults.url, baseUrlOf(given, plan?.rules ?? GITHUB_RULES, defaults));
}

const MAX_METHODS_PER_URL = 16;

/**
 * Where a call goes: the baseUrl in force (the call's, else the endpoint's), as the route's plan places it (a described
 * route's own server). Merged options hold the endpoint's baseUrl whether or not the caller gave one, so
 * parse(merge()) and endpoint() judge it alike.
 */
function baseUrlOf(given: unknown, rules: PlanRules, defaults: Defaults): unknown {
  const inForce = given !== undefined ? given : defaults.baseUrl;
  return rules.server === undefined ? inForce : rules.server(inForce);
}

/**
 * The request options of one call whose options were read and checked (run): the URL expanded and joined to
 * baseUrl, the other keys placed by the plan's rules, then the mediaType's accept header and the request meta.
 */
function runPlan(call: CallView): RequestOptions {
  const { plan, defaults, headers, named } = call;
  const compiled = (plan.compiled ??= compileUrlText(plan.source, plan.rules.colonPlaceholders));
  const rules: PlanRules = plan.rules;
  call.method = plan.method;
  call.skip = compiled.notParameters;
  call.data = overDefault(named.data, defaults.data);
  let target = expandUrl(compiled, call, rules);
  // Read at once: when it is true, no value can have left a dot segment, and the search for one below is skipped.
  const plain = !compiled.literalMayFormDot && expandedPlainValues;
  // A path-only URL gets its query before baseUrl goes in front (a baseUrl never holds "?" or "#").
  let base: string | undefined;
  const join = compiled.join;
  if (join === "path" || join === "pathAfterExpansion" || (join === "fromValue" && schemeLength(target) === 0)) {
    const baseUrl = call.baseUrl;
    base = baseUrl === defaults.baseUrl && defaults.basePrefix !== undefined ? defaults.basePrefix : checkedBaseUrl(baseUrl);
    if (join !== "path") target = withoutLeadingSlashes(target);
  }
  const { mediaType, contract } = call;
  if (mediaType !== undefined) applyMediaTypeOption(headers, mediaType, contract, target, base !== undefined);
  rules.request(call);
  if (defaults.auth !== undefined || call.auth !== undefined) rules.credentials?.(call.auth, defaults.auth, call);
  const { body } = call;
  // The path is judged before the query goes in, and quoted without any query: a message never holds a credential
  // the query carries (`?api_key=`).
  if (base !== undefined && !plain && hasDotSegment(base + target, base.length)) {
    const path = base + target;
    const end = path.search(/[?#]/);
    throw new EndpointError("ERR_INVALID_PARAMETER", `the path ${quote(end === -1 ? path : path.slice(0, end))} holds a "." or ".." segment: HTTP clients resolve it, which can take the request out of baseUrl's path`);
  }
  target = appendQuery(target, call.query, compiled.mayHoldQueryOrFragment);
  if (base !== undefined) target = base + target;
  const method = plan.sent ?? (contract === undefined ? plan.method : contract.method(plan.method));
  const result: RequestOptions = { method, url: target, headers };
  if (body !== undefined) result.body = body;
  const request = overDefault(named.request, defaults.request, true);
  if (request !== undefined) {
    if (typeof request !== "object" || request === null) {
      throw new EndpointError("ERR_INVALID_PARAMETER", "request must be an object of meta information for the HTTP client");
    }
    result.request = request as RequestOptions["request"];
  }
  return result;
}

/**
 * A call's state, one object from its read to its result: what the rules read of it (Call), and what run() found
 * for runPlan (the plan, where the call goes, its named options, mediaType, the contract).
 */
class CallView implements Call {
  method = "";
  query = "";
  // Fields without an initialiser are defined as undefined all the same (ES2022 class fields), in fewer bytes.
  body: unknown;
  data: unknown;
  headers!: ResponseHeaders;
  skip!: ReadonlySet<string>;
  plan!: Plan;
  named: Readonly<NamedOptions> = NO_NAMED_OPTIONS;
  /** The option-named keys the route claims, as they were read. */
  claimed: Readonly<NamedOptions> | undefined;
  isOption: (key: string) => boolean = isNamedOption;
  baseUrl: unknown;
  mediaType: Dictionary | undefined;
  /** The caller's `auth` as the described route checked it (its copy, read once); undefined: none given. */
  auth: unknown;
  /** What the URL's variables were given, when the URL read them through this view (expandUrl). */
  urlValues: Dictionary | undefined;
  constructor(
    readonly options: Dictionary,
    readonly keys: readonly string[],
    readonly defaults: Defaults,
    readonly contract: Contract | undefined,
  ) {}

  read(key: string): unknown {
    // A key the URL took too (a path parameter that is also a query parameter): the value the URL was given.
    const urlValues = this.urlValues;
    if (urlValues !== undefined && hasOwn.call(urlValues, key)) return urlValues[key];
    const given = this.claimed !== undefined && isNamedOption(key) ? this.claimed[key] : ownValue(this.options, key);
    // The defaults' objects are copied: a body holding one must not let a change to it reach the endpoint.
    return overDefault(given, getOwn(this.defaults.values, key));
  }
}

/** baseUrl with one trailing slash, for a path-only url to follow; throws ERR_INVALID_BASE_URL. */
function checkedBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") {
    throw new EndpointError("ERR_INVALID_BASE_URL", "a path-only url needs baseUrl, an absolute URL string");
  }
  return baseUrlPrefix(baseUrl);
}

/**
 * GitHub's rules (SPEC 2.2, DECISIONS "Query string" and "Body"): on PATCH, POST, PUT and DELETE the keys the URL does
 * not take are the JSON body, unless `data` is; on every other method they are the query.
 */
export const GITHUB_RULES: Rules = {
  accept: undefined,
  required: undefined,
  colonPlaceholders: true,
  sharesKeys: false,
  takes: () => true,
  headers: (given) => given,
  request(call) {
    const { method, headers } = call;
    if (method !== "post" && method !== "patch" && method !== "put" && method !== "delete") {
      call.query = parameters(call, false) as string;
      return;
    }
    // `data` is the body, unless the URL names it; else the parameters are. null is a body of its own (JSON null):
    // only undefined leaves the parameters to be the body.
    let body = call.skip.has("data") ? undefined : call.data;
    if (body === undefined) body = parameters(call, true);
    if (body === undefined) {
      if (method === "patch" || method === "put") body = "";
    } else if (!getOwn(headers, "content-type") && nativeBodyKind(body) === undefined) {
      // An empty content-type says nothing about the body, so it is treated as not given, as octokit does. A form,
      // blob, bytes or stream gets none: the client writes its own (a multipart boundary only it knows).
      headers["content-type"] = JSON_CONTENT_TYPE;
    }
    call.body = body;
  },
};

/**
 * The options read by name (the option names and `data`), as the caller's own enumerable keys hold them: what merge()
 * reads, so nothing inherited or hidden is ever taken for an option. Absent ones are undefined.
 */
export interface NamedOptions {
  method: unknown;
  url: unknown;
  baseUrl: unknown;
  headers: unknown;
  mediaType: unknown;
  request: unknown;
  data: unknown;
  auth: unknown;
  [ROUTES]: unknown;
}

/** True for the keys namedOptions() reads: the option names and `data`. */
export function isNamedOption(key: string): key is keyof NamedOptions {
  return key === "data" || OPTION_NAMES.has(key as never);
}

function noNamedOptions(): NamedOptions {
  // ROUTES written out: a computed key would keep V8 from making this literal from its fast boilerplate.
  return { method: undefined, url: undefined, baseUrl: undefined, headers: undefined, mediaType: undefined, request: undefined, data: undefined, auth: undefined, "x-endpointkit-routes": undefined };
}

const NO_NAMED_OPTIONS: Readonly<NamedOptions> = /* @__PURE__ */ Object.freeze(noNamedOptions());

/**
 * The named options among `keys`, read once each; NO_NAMED_OPTIONS when there are none, as in most calls: their
 * options are then read only through their keys.
 */
function namedOptions(options: Dictionary, keys: readonly string[]): Readonly<NamedOptions> {
  let named: NamedOptions | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    // Each name stored by name: V8 compiles these to stores of known fields, where `named[key]` is a keyed store.
    switch (key) {
      case "method":
        (named ??= noNamedOptions()).method = options[key];
        break;
      case "url":
        (named ??= noNamedOptions()).url = options[key];
        break;
      case "baseUrl":
        (named ??= noNamedOptions()).baseUrl = options[key];
        break;
      case "headers":
        (named ??= noNamedOptions()).headers = options[key];
        break;
      case "mediaType":
        (named ??= noNamedOptions()).mediaType = options[key];
        break;
      case "request":
        (named ??= noNamedOptions()).request = options[key];
        break;
      case "data":
        (named ??= noNamedOptions()).data = options[key];
        break;
      case "auth":
        (named ??= noNamedOptions()).auth = options[key];
        break;
      case ROUTES:
        (named ??= noNamedOptions())[ROUTES] = options[key];
    }
  }
  return named ?? NO_NAMED_OPTIONS;
}

/**
 * Expands the URL template and checks the path from what the engine reported (checkPath). The engine reads the
 * caller's options itself, each variable once as an own property, unless the template names an option, `data` or a
 * parameter of the defaults, or the rules read keys the URL takes: then it reads them through the call's view.
 */
function expandUrl(compiled: CompiledUrl, call: CallView, rules: Rules): string {
  const { defaults } = call;
  let values = call.options;
  let direct = compiled.readsDirectly && !rules.sharesKeys;
  for (let i = 0; direct && i < defaults.keys.length; i++) direct = !compiled.notParameters.has(defaults.keys[i]!);
  if (!direct) {
    values = {};
    for (const name of compiled.template.variables) {
      const key = rules.keyOf === undefined ? name : rules.keyOf(name);
      setOwn(values, name, key === "data" ? call.data : call.isOption(key) ? undefined : call.read(key));
    }
    // Rules that share keys with the URL read them from here: a getter answers once.
    if (rules.sharesKeys) call.urlValues = values;
    if (rules.urlValue !== undefined) {
      // A copy only when a value is written otherwise: the rules read `values` as given (call.urlValues).
      let written: Dictionary | undefined;
      const names = compiled.template.variables;
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!;
        const value = rules.urlValue(name, values[name], call);
        if (value === values[name] && written === undefined) continue;
        if (written === undefined) {
          written = {};
          for (let j = 0; j < i; j++) setOwn(written, names[j]!, values[names[j]!]);
        }
        setOwn(written, name, value);
      }
      if (written !== undefined) values = written;
    }
  }
  // What the engine reports, pairs of a varspec and an index; an optional placeholder left undefined (`{?per_page}`)
  // is no problem, so most calls note nothing.
  let notes: (VarSpec | number)[] | undefined;
  const required = rules.required;
  const target = expandTemplate(compiled.template, values, (spec, at) => {
    if (at !== -1 || isRequired(spec) || required?.has(spec.name)) (notes ??= []).push(spec, at);
  });
  if (notes !== undefined) checkPath(compiled, target, notes, rules.keyOf);
  return target;
}

/**
 * The path rule (DECISIONS "URL and placeholders"), judged from where the engine says each value landed: a required
 * placeholder whose value is undefined is ERR_MISSING_PARAMETER, and so is an empty value that stands between two "/"
 * of the path (emptySegmentNames).
 */
function checkPath(compiled: CompiledUrl, target: string, notes: readonly (VarSpec | number)[], keyOf: Rules["keyOf"]): void {
  // Named by the key the caller gives (`insight_id:`), not the variable that spells it (`insight_id%3A`).
  const named = (names: readonly string[]): string => placeholders(keyOf === undefined ? names : names.map(keyOf));
  const missing = new Set<string>();
  for (let i = 0; i < notes.length; i += 2) if (notes[i + 1] === -1) missing.add((notes[i] as VarSpec).name);
  if (missing.size > 0) throw new EndpointError("ERR_MISSING_PARAMETER", `no value for ${named([...missing])}`);
  const absolute = compiled.join === "absolute" || (compiled.join === "fromValue" && schemeLength(target) > 0);
  const empty = emptySegmentNames(target, notes, absolute);
  if (empty !== undefined) {
    throw new EndpointError("ERR_MISSING_PARAMETER", `${named(empty)} would leave an empty segment (//) in the middle of the path: give a non-empty value`);
  }
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
 * The parameters of a call on GitHub's rules, in the order merge() would hold them (the defaults' first, with the
 * caller's value where it gives one, then the caller's own), as the body (`toBody`: an object, undefined when there
 * are none) or as the query string. Neither an option name nor a template variable is a parameter; `data`, read once
 * as a named option, is one. Undefined values are left out; null is kept in a body and left out of a query.
 */
function parameters(call: Call, toBody: boolean): string | Dictionary | undefined {
  const { skip, keys, options, defaults: plan } = call;
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
      value = key === "data" ? call.data : options[key];
    } else {
      key = order !== undefined ? order[i]! : defaults[i]!;
      if (skip.has(key)) continue;
      value = key === "data" ? call.data : overDefault(ownValue(options, key), getOwn(plan.values, key), false, !toBody);
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
export function overDefault(given: unknown, fallback: unknown, keepOthers = false, readOnly = false): unknown {
  if (typeof fallback !== "object" || fallback === null) return given === undefined ? fallback : given;
  if (given !== undefined && !(isPlainObject(given) && isPlainObject(fallback))) return given;
  const own = readOnly ? fallback : deepCopy(fallback, keepOthers);
  return given === undefined ? own : mergeValue(own, given);
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
