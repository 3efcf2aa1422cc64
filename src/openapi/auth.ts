// The `auth` option (DECISIONS "Credentials: `auth`"): credentials by security scheme name, checked where they are
// given and merged scheme by scheme. Where they go is the described route's business (credentials.ts); on GitHub's
// rules (a route no description covers) the core refuses them: difference 17. Only tables bring this module.
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, setOwn, type Dictionary } from "../objects.js";
import { originOf } from "../origin.js";

/**
 * `auth` when it is a map of scheme names to credentials: a string, `{ username, password }` (strings), or
 * undefined or null (no credential for that scheme); else ERR_INVALID_PARAMETER naming `what`. Returns a new map that
 * shares nothing with `auth`, each value read once: what is checked is what is sent (a getter cannot answer the check
 * with one credential and the request with another), and a basic pair changed later reaches no request.
 */
export function checkAuth(auth: unknown, what = "auth"): Dictionary {
  if (!isPlainObject(auth)) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `${what} must be an object of security scheme names to credentials, got ${auth === null ? "null" : Array.isArray(auth) ? "a list" : typeof auth}`);
  }
  const copy: Dictionary = {};
  for (const name of Object.keys(auth)) {
    const value = auth[name];
    if (value == null || typeof value === "string") {
      setOwn(copy, name, value);
      continue;
    }
    if (isPlainObject(value)) {
      const username = getOwn(value, "username");
      const password = getOwn(value, "password");
      if (typeof username === "string" && typeof password === "string") {
        setOwn(copy, name, { username, password });
        continue;
      }
    }
    throw new EndpointError("ERR_INVALID_PARAMETER", `${what}: the credential of the scheme ${quote(name)} must be a string (an API key or a token) or { username, password } of strings (http basic)`);
  }
  return copy;
}

/**
 * The credentials of a call: the caller's `auth` over the defaults' one, each scheme the caller names replacing the
 * defaults' (a refreshed token replaces the old one whole; a basic password is never kept beside a new username).
 * undefined when neither gives any. `checked`: `given` is checkAuth()'s copy already, not read again.
 */
export function mergeAuth(defaults: unknown, given: unknown, checked = false): Dictionary | undefined {
  if (given === undefined) return defaults === undefined ? undefined : (defaults as Dictionary);
  const own = checked ? (given as Dictionary) : checkAuth(given);
  // A new map: what a call or merge() returns never shares the caller's objects (checkAuth copied theirs).
  const merged: Dictionary = {};
  if (defaults !== undefined) for (const name of Object.keys(defaults as Dictionary)) setOwn(merged, name, (defaults as Dictionary)[name]);
  for (const name of Object.keys(own)) {
    const value = own[name];
    if (value !== undefined) setOwn(merged, name, value);
  }
  return merged;
}

/**
 * A call's own baseUrl, with credentials, stays on the origin of the endpoint's (DECISIONS "Credentials: `auth`"): a
 * baseUrl that came from elsewhere (a config value, a caller's input) cannot take the credentials to its host. Where
 * the route itself goes (a pin, a described server) is judged by the route's rules (Rules.credentialsTo).
 */
export function checkAuthServer(baseUrl: unknown, endpoint: string | undefined): void {
  if (baseUrl === endpoint) return;
  const origin = originOf(baseUrl);
  if (origin !== undefined && origin === originOf(endpoint)) return;
  throw new EndpointError(
    "ERR_INVALID_BASE_URL",
    `auth: the call's baseUrl ${typeof baseUrl === "string" ? quote(baseUrl) : "(not a string)"} is not on the origin of the endpoint's base URL${endpoint === undefined ? "" : ` (${quote(endpoint)})`}, where credentials are sent: set another server with defaults({ baseUrl })`,
  );
}
