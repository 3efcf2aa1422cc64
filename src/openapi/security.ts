// Security requirements read once (DECISIONS "Credentials: `auth`"): each operation's `security` (its own, else the
// document's) and the schemes it names, written into its route table entry as plain JSON, and the plan source that
// gives a described route's plan the method that applies a call's credentials (credentials.ts).
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, type Dictionary } from "../objects.js";
import type { Call, DescribedPlan } from "../plan.js";
import type { CompiledPlan, DescribedOperationEntry, DescribedScheme } from "../types/route-table.js";
import { checkAuth, checkAuthServer, mergeAuth } from "./auth.js";
import { applyCredentials, credentialsFor } from "./credentials.js";
import { own, ownString, setProperty, type Reader } from "./document.js";

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
 * Adds to `entry` the requirements of `operation` (its own `security`, else the document's) and the schemes they name.
 * No requirement (none written, `security: []`) adds nothing: a route that requires nothing is sent no credential.
 */
export function addSecurity(reader: Reader, entry: DescribedOperationEntry, operation: Dictionary, document: Dictionary, schemes: ReadonlyMap<string, DescribedScheme>): void {
  const own_ = own(operation, "security");
  const requirements = Array.isArray(own_) ? own_ : own(document, "security");
  const alternatives: string[][] = [];
  const named: { [scheme: string]: DescribedScheme } = {};
  for (const item of reader.items(requirements)) {
    const requirement = reader.resolve(item);
    if (!isPlainObject(requirement)) continue;
    const alternative: string[] = [];
    for (const name of reader.keys(requirement)) {
      alternative.push(reader.text(name));
      // A name the document does not define stays in the alternative, which no call can then meet (said when called).
      const scheme = schemes.get(name);
      if (scheme !== undefined) setProperty(named, name, scheme);
    }
    alternatives.push(alternative);
  }
  if (alternatives.length === 0 || alternatives.every((alternative) => alternative.length === 0)) return;
  entry.security = alternatives;
  if (Object.keys(named).length > 0) entry.schemes = named;
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
    const schemes = getOwn(entry as Dictionary, "schemes") ?? {};
    if (!isSecurity(security) || !isPlainObject(schemes)) {
      throw new EndpointError("ERR_INVALID_ROUTE", `the route table entry ${quote(key)} has security requirements that are not ones fromOpenApi() writes`);
    }
    const credentials = (given: unknown, defaults: unknown, call: Call): void => {
      const auth = mergeAuth(defaults, given);
      if (auth !== undefined) applyCredentials(credentialsFor(security, schemes as { [name: string]: DescribedScheme }, auth), call);
    };
    // Credentials go only to the route's described server or the endpoint's.
    const authServer = (baseUrl: unknown, endpoint: string | undefined): void => checkAuthServer(baseUrl, endpoint, plan.ownServer);
    // The plan itself beneath (its own fields and any methods its prototype has), with credentials on top.
    found = Object.create(plan, { credentials: { __proto__: null, value: credentials }, authServer: { __proto__: null, value: authServer } } as PropertyDescriptorMap) as DescribedPlan;
    securedPlans.set(plan, found);
  }
  return found;
}

/** True for a list of lists of scheme names. */
function isSecurity(value: unknown): value is readonly (readonly string[])[] {
  return Array.isArray(value) && value.every((alternative) => Array.isArray(alternative) && alternative.every((name) => typeof name === "string"));
}

