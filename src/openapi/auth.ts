// The `auth` option (DECISIONS "Credentials: `auth`"): credentials by security scheme name, checked where they are
// given and merged scheme by scheme. Where they go is the described route's business (credentials.ts); on GitHub's
// rules (a route no description covers) the core refuses them: difference 17. Only tables bring this module.
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, setOwn, type Dictionary } from "../objects.js";
import { originOf } from "../origin.js";

/**
 * `auth` when it is a map of scheme names to credentials: a string, `{ username, password }` (strings), or
 * undefined or null (no credential for that scheme); else ERR_INVALID_PARAMETER naming `what`.
 */
export function checkAuth(auth: unknown, what = "auth"): Dictionary {
  if (!isPlainObject(auth)) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `${what} must be an object of security scheme names to credentials, got ${auth === null ? "null" : Array.isArray(auth) ? "a list" : typeof auth}`);
  }
  for (const name of Object.keys(auth)) {
    const value = auth[name];
    if (value == null || typeof value === "string") continue;
    if (isPlainObject(value) && typeof getOwn(value, "username") === "string" && typeof getOwn(value, "password") === "string") continue;
    throw new EndpointError("ERR_INVALID_PARAMETER", `${what}: the credential of the scheme ${quote(name)} must be a string (an API key or a token) or { username, password } of strings (http basic)`);
  }
  return auth;
}

/**
 * The credentials of a call: the caller's `auth` over the defaults' one, each scheme the caller names replacing the
 * defaults' (a refreshed token replaces the old one whole; a basic password is never kept beside a new username).
 * undefined when neither gives any.
 */
export function mergeAuth(defaults: unknown, given: unknown): Dictionary | undefined {
  if (given === undefined) return defaults === undefined ? undefined : (defaults as Dictionary);
  const own = checkAuth(given);
  // A new map of new credentials: what a call or merge() returns never shares the caller's objects.
  const merged: Dictionary = {};
  if (defaults !== undefined) for (const name of Object.keys(defaults as Dictionary)) setOwn(merged, name, (defaults as Dictionary)[name]);
  for (const name of Object.keys(own)) {
    const value = own[name];
    if (value !== undefined) setOwn(merged, name, isPlainObject(value) ? { username: getOwn(value, "username"), password: getOwn(value, "password") } : value);
  }
  return merged;
}

/**
 * Credentials go only to the route's described server (its own, or the endpoint's baseUrl, which fromOpenApi() or the
 * user's defaults() set): a call's baseUrl on another origin is ERR_INVALID_BASE_URL, so a baseUrl that came from
 * elsewhere (a config value, a caller's input) cannot take the credentials to its host.
 */
export function checkAuthServer(baseUrl: unknown, endpoint: string | undefined, own: string | undefined): void {
  if (baseUrl === endpoint || baseUrl === own) return;
  const origin = originOf(baseUrl);
  if (origin !== undefined && (origin === originOf(endpoint) || origin === originOf(own))) return;
  throw new EndpointError(
    "ERR_INVALID_BASE_URL",
    `auth: the call's baseUrl ${typeof baseUrl === "string" ? quote(baseUrl) : "(not a string)"} is not on the described server of this route${endpoint === undefined ? "" : ` (${quote(endpoint)})`}, and credentials are sent there only: set another server with defaults()`,
  );
}
