// Security requirements read once (DECISIONS "Credentials: `auth`"): each operation's `security` (its own, else the
// document's) and the schemes it names, written into its route table entry as plain JSON, and the plan source that
// gives a described route's plan the method that applies a call's credentials (credentials.ts).
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, type Dictionary } from "../objects.js";
import type { Call, DescribedPlan } from "../plan.js";
import type { CompiledPlan, DescribedOperationEntry, DescribedScheme, RouteTable } from "../types/route-table.js";
import { checkAuth, checkAuthServer, mergeAuth } from "./auth.js";
import { applyCredentials, credentialsFor } from "./credentials.js";
import { own, ownString, setProperty, type Reader } from "./document.js";
import { originOf } from "../origin.js";
import { TABLE_SETTINGS } from "./undescribed.js";

/** The security schemes of a document by name, as the table writes them; `swagger`: Swagger 2.0's securityDefinitions. */
export function readSchemes(reader: Reader, document: Dictionary, swagger: boolean): Map<string, DescribedScheme> {
  const schemes = new Map<string, DescribedScheme>();
  const defined = swagger ? own(document, "securityDefinitions") : own(own(document, "components"), "securitySchemes");
  for (const name of reader.keys(defined)) {
    const scheme = reader.resolve((defined as Dictionary)[name]);
    schemes.set(reader.text(name), describedScheme(scheme, swagger));
  }
  return schemes;
}

/**
 * One scheme as the table records it: where its credential goes. A type this library cannot write (mutualTLS, an http
 * scheme other than basic and bearer, a malformed apiKey) is kept with its type, so a call that needs it says so.
 */
function describedScheme(scheme: unknown, swagger: boolean): DescribedScheme {
  const type = ownString(scheme, "type") ?? "";
  if (type === "apiKey") {
    const where = ownString(scheme, "in");
    const name = ownString(scheme, "name");
    if ((where === "header" || where === "query" || (where === "cookie" && !swagger)) && name !== undefined && name !== "") return { type, in: where, name };
    return { type: "unsupported" };
  }
  // Swagger 2.0's `basic` is OpenAPI 3's http basic.
  if (swagger && type === "basic") return { type: "http", scheme: "basic" };
  if (!swagger && type === "http") {
    // RFC 9110: auth-scheme names are case-insensitive.
    const name = (ownString(scheme, "scheme") ?? "").toLowerCase();
    return name === "basic" || name === "bearer" ? { type, scheme: name } : { type: "unsupported" };
  }
  if (type === "oauth2" || (!swagger && type === "openIdConnect")) return { type };
  return { type: "unsupported" };
}

/**
 * Adds to `entry` the requirements of `operation` (its own `security`, else the document's): the scheme names only.
 * The table writes each scheme once, in its settings entry (usedSchemes), however many routes name it: a scheme copied
 * into every entry made a table of 600 operations sharing a 1 MB apiKey name 600 MB of JSON.
 * No requirement (none written, `security: []`) adds nothing: a route that requires nothing is sent no credential.
 */
export function addSecurity(reader: Reader, entry: DescribedOperationEntry, operation: Dictionary, document: Dictionary): void {
  const own_ = own(operation, "security");
  const requirements = Array.isArray(own_) ? own_ : own(document, "security");
  const alternatives: string[][] = [];
  for (const item of reader.items(requirements)) {
    const requirement = reader.resolve(item);
    if (!isPlainObject(requirement)) continue;
    const alternative: string[] = [];
    // A name the document does not define stays in the alternative, which no call can then meet (said when called).
    for (const name of reader.keys(requirement)) alternative.push(reader.text(name));
    alternatives.push(alternative);
  }
  if (alternatives.length === 0 || alternatives.every((alternative) => alternative.length === 0)) return;
  entry.security = alternatives;
}

/** The schemes the table's routes name, by name, each once: the table's settings entry holds them. */
export function usedSchemes(routes: RouteTable, schemes: ReadonlyMap<string, DescribedScheme>): { [scheme: string]: DescribedScheme } | undefined {
  let used: { [scheme: string]: DescribedScheme } | undefined;
  for (const route of Object.keys(routes)) {
    for (const alternative of routes[route]!.security ?? []) {
      for (const name of alternative) {
        const scheme = schemes.get(name);
        if (scheme !== undefined && (used === undefined || !Object.prototype.hasOwnProperty.call(used, name))) setProperty((used ??= {}), name, scheme);
      }
    }
  }
  return used;
}

/**
 * fromOpenApi(document, { trust }): the origins (`scheme://host[:port]`) a route's own server may be on and still be
 * sent credentials, lowercase; else ERR_INVALID_PARAMETER.
 */
export function trustedOrigins(trust: unknown): string[] {
  if (!Array.isArray(trust)) throw new EndpointError("ERR_INVALID_PARAMETER", 'fromOpenApi(): options.trust must be a list of origins, such as ["https://uploads.example"]');
  return [...trust].map((item: unknown) => {
    const origin = originOf(item);
    const given = typeof item === "string" ? (item.endsWith("/") ? item.slice(0, -1) : item).toLowerCase() : undefined;
    if (origin === undefined || given !== origin || !origin.includes("//")) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): options.trust holds ${typeof item === "string" ? quote(item) : "a value that is not a string"}, which is not an origin (scheme://host, with an optional port, no path)`);
    }
    return origin;
  });
}

/**
 * fromOpenApi(document, { auth }): the credentials checked against the document's schemes, so that a misspelt scheme
 * name or a credential of the wrong kind fails where it is written, not on the first call that needs it.
 */
export function checkAuthFor(auth: unknown, schemes: ReadonlyMap<string, DescribedScheme>): Dictionary {
  const checked = checkAuth(auth, "fromOpenApi(): options.auth");
  for (const name of Object.keys(checked)) {
    const scheme = schemes.get(name);
    if (scheme === undefined) {
      const known = [...schemes.keys()];
      throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): options.auth names ${quote(name)}, which is not a security scheme of the description (${known.length === 0 ? "it has none" : `it has ${known.map(quote).join(", ")}`})`);
    }
    // The kind of value is checked as a call checks it: a string, or { username, password } for http basic.
    credentialsFor([[name]], { [name]: scheme }, checked);
  }
  return checked;
}

/** Plans with credentials, by the plan they were made from: the core's own cache of plans (by plan) keeps working. */
const securedPlans = /* @__PURE__ */ new WeakMap<CompiledPlan, DescribedPlan>();

/**
 * The writer of credentials (Writers.credentials): `plan`, of a route with security requirements in `table`, with the
 * functions that check where a call's `auth` may go and write it.
 */
export function securedPlan(plan: CompiledPlan, table: { readonly [route: string]: unknown }): DescribedPlan {
  let found = securedPlans.get(plan);
  if (found === undefined) {
    // The entry the plan was compiled from (a 3.2 additionalOperations key, `Purge`, is its own route beside `PURGE`).
    const key = plan.route;
    const entry = getOwn(table as Dictionary, key);
    const security = isPlainObject(entry) ? getOwn(entry, "security") : undefined;
    const malformed = (): never => {
      throw new EndpointError("ERR_INVALID_ROUTE", `the route table entry ${quote(key)} has security requirements that are not ones fromOpenApi() writes`);
    };
    // The schemes by name: the table's settings entry holds them once (an entry's own, as tables written before held
    // them, is read first).
    const settings = getOwn(table as Dictionary, TABLE_SETTINGS);
    const schemes = getOwn(entry as Dictionary, "schemes") ?? (isPlainObject(settings) ? getOwn(settings, "schemes") : undefined) ?? {};
    if (!isSecurity(security) || !isPlainObject(schemes)) malformed();
    const credentials = (given: unknown, defaults: unknown, call: Call): void => {
      const auth = mergeAuth(defaults, given, true);
      if (auth !== undefined) applyCredentials(credentialsFor(security as string[][], schemes as { [name: string]: DescribedScheme }, auth), call);
    };
    const refusal = untrustedServer(plan, isPlainObject(settings) ? getOwn(settings, "trust") : undefined, malformed);
    // A call's own baseUrl stays on the origin of the endpoint's; the route's own server, unless a pin replaces it,
    // must be on the origin it stands in for or trusted by name.
    const authServer = (inForce: unknown, endpoint: string | undefined, judgeEndpoint: boolean): void => {
      if (judgeEndpoint) checkAuthServer(inForce, endpoint);
      if (refusal !== undefined && (inForce === undefined || inForce === plan.replaces)) refusal();
    };
    // The plan itself beneath (its own fields and any methods its prototype has), with credentials on top.
    found = Object.create(plan, { credentials: { __proto__: null, value: credentials }, authServer: { __proto__: null, value: authServer } } as PropertyDescriptorMap) as DescribedPlan;
    securedPlans.set(plan, found);
  }
  return found;
}

/**
 * DECISIONS "Credentials: `auth`": a route whose own server is on another origin than the description's server it
 * stands in for (an upload host, a Swagger 2.0 operation's `http` scheme, a relative server resolved elsewhere) is sent
 * credentials only when the table trusts that origin by name. Undefined when it may be sent them; else the refusal.
 */
function untrustedServer(plan: CompiledPlan, trust: unknown, malformed: () => never): (() => never) | undefined {
  const server = plan.ownServer;
  if (server === undefined) return undefined;
  const origin = originOf(server);
  if (origin !== undefined && origin === originOf(plan.replaces)) return undefined;
  if (trust !== undefined && (!Array.isArray(trust) || !trust.every((item) => typeof item === "string"))) malformed();
  if (origin !== undefined && (trust as string[] | undefined)?.includes(origin)) return undefined;
  return () => {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `auth: this route goes to its own server ${quote(server)}, on another origin than the description's server${plan.replaces === undefined ? "" : ` ${quote(plan.replaces)}`}: credentials go there only when its origin is trusted by name (fromOpenApi(document, { trust: [${quote(origin ?? server)}] })), or when a baseUrl pins every route to one server`,
    );
  };
}

/** True for a list of lists of scheme names. */
function isSecurity(value: unknown): value is readonly (readonly string[])[] {
  return Array.isArray(value) && value.every((alternative) => Array.isArray(alternative) && alternative.every((name) => typeof name === "string"));
}

