// Credentials at call time (DECISIONS "Credentials: `auth`"): from a route's requirements, the schemes they name and
// the call's `auth`, what the request carries. Pure: credentialsFor() decides, applyCredentials() writes. Runs
// anywhere (no Buffer, no btoa): base64 and UTF-8 are written here.
import { EndpointError, quote } from "../errors.js";
import { checkHeaderValue } from "../headers.js";
import { getOwn, isPlainObject, type Dictionary } from "../objects.js";
import { encodeComponent } from "../uri-template/encode.js";
import { isToken } from "../token.js";
import type { Call } from "../plan.js";
import type { DescribedScheme } from "../types/route-table.js";

/** What one call's credentials add: header, query and cookie pairs, each name written once. */
export interface Credentials {
  /** Lowercase header names. */
  readonly headers: readonly (readonly [string, string])[];
  readonly query: readonly (readonly [string, string])[];
  readonly cookies: readonly (readonly [string, string])[];
}

const NONE: Credentials = /* @__PURE__ */ Object.freeze({ headers: [], query: [], cookies: [] });

/** How many alternatives an error message names before it only counts the rest. */
const MAX_NAMED = 10;

/**
 * The credentials a call sends: those of the first non-empty alternative of `security` whose every scheme has a
 * credential in `auth` and is one this library writes, every scheme of it. None met: nothing when an alternative is
 * empty (`{}`), else ERR_MISSING_PARAMETER naming the alternatives that would do. A scheme outside the chosen
 * alternative is never written, whatever `auth` holds.
 */
export function credentialsFor(security: readonly (readonly string[])[], schemes: { readonly [name: string]: DescribedScheme }, auth: Dictionary): Credentials {
  let optional = false;
  for (const alternative of security) {
    if (alternative.length === 0) optional = true;
    else if (alternative.every((name) => has(auth, name) && writable(getOwn(schemes, name)))) return written(alternative, schemes, auth);
  }
  if (optional) return NONE;
  const ways = security.slice(0, MAX_NAMED).map((alternative) => alternative.map((name) => quote(name) + (writable(getOwn(schemes, name)) ? "" : " (a scheme endpointkit cannot write)")).join(" and "));
  const more = security.length > MAX_NAMED ? ` or one of ${security.length - MAX_NAMED} more` : "";
  throw new EndpointError("ERR_MISSING_PARAMETER", `the operation requires credentials: give auth for ${ways.join(", or ")}${more}`);
}

/** True when `auth` holds a credential for `name` (undefined and null are none). */
function has(auth: Dictionary, name: string): boolean {
  return getOwn(auth, name) != null;
}

/** True for a scheme whose credential this library knows where to write. */
function writable(scheme: unknown): scheme is DescribedScheme {
  if (!isPlainObject(scheme)) return false;
  const type = getOwn(scheme, "type");
  return type === "apiKey" || type === "http" || type === "oauth2" || type === "openIdConnect";
}

/** The writes of one alternative's schemes; two that write the same name must agree on its value. */
function written(alternative: readonly string[], schemes: { readonly [name: string]: DescribedScheme }, auth: Dictionary): Credentials {
  const headers = new Map<string, string>();
  const query = new Map<string, string>();
  const cookies = new Map<string, string>();
  for (const name of alternative) {
    const scheme = getOwn(schemes, name) as DescribedScheme;
    const credential = getOwn(auth, name);
    const [where, key, value] = placed(name, scheme, credential);
    const target = where === "header" ? headers : where === "query" ? query : cookies;
    const earlier = target.get(key);
    if (earlier !== undefined && earlier !== value) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `auth: two schemes of the required alternative write the ${where} ${quote(key)} with different values (${alternative.map(quote).join(" and ")})`);
    }
    target.set(key, value);
  }
  return { headers: [...headers], query: [...query], cookies: [...cookies] };
}

/** Where one scheme's credential goes: [place, name, value], the value checked as a header value. */
function placed(name: string, scheme: DescribedScheme, credential: unknown): [string, string, string] {
  const basic = scheme.type === "http" && scheme.scheme === "basic";
  if (basic ? typeof credential === "string" : typeof credential !== "string") {
    throw new EndpointError("ERR_INVALID_PARAMETER", `auth: the scheme ${quote(name)} is ${basic ? "http basic: give { username, password }" : `${scheme.type === "apiKey" ? "an API key" : "a bearer token"}: give a string`}`);
  }
  if (scheme.type === "apiKey") {
    const where = scheme.in;
    if ((where !== "header" && where !== "query" && where !== "cookie") || typeof scheme.name !== "string" || scheme.name === "") throw malformedScheme(name);
    const value = checked(name, credential as string);
    if (where === "cookie" && !(isToken(scheme.name) && isCookieValue(value))) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `auth: the API key of the scheme ${quote(name)} goes in the cookie ${quote(scheme.name)}, and a cookie cannot hold it as it is (white space, '"', ",", ";" or "\\"): it is not rewritten`);
    }
    return [where, where === "header" ? headerNameOf(name, scheme.name) : scheme.name, value];
  }
  if (basic) {
    const { username, password } = credential as { username: string; password: string };
    // RFC 7617: the user-id cannot hold a colon (the server splits at the first one).
    if (username.includes(":")) throw new EndpointError("ERR_INVALID_PARAMETER", `auth: the username of the http basic scheme ${quote(name)} holds ":", which RFC 7617 does not allow`);
    checked(name, username);
    checked(name, password);
    return ["header", "authorization", `Basic ${base64(utf8(name, `${username}:${password}`))}`];
  }
  if (scheme.type === "http" && scheme.scheme !== "bearer") throw malformedScheme(name);
  // Bearer, OAuth 2 and OpenID Connect access tokens (RFC 6750).
  return ["header", "authorization", `Bearer ${checked(name, credential as string)}`];
}

/** RFC 6265 cookie-octets only: printable ASCII but white space, '"', ",", ";" and "\\". */
function isCookieValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x21 || code > 0x7e || code === 0x22 || code === 0x2c || code === 0x3b || code === 0x5c) return false;
  }
  return true;
}

/** `value` checked as a header value (every credential is, wherever it goes): no CR, LF or NUL. */
function checked(name: string, value: string): string {
  checkHeaderValue(`auth ${name}`, value);
  return value;
}

function headerNameOf(scheme: string, header: string): string {
  if (!isToken(header)) throw malformedScheme(scheme);
  return header.toLowerCase();
}

function malformedScheme(name: string): EndpointError {
  return new EndpointError("ERR_INVALID_ROUTE", `the route table's security scheme ${quote(name)} is not one that fromOpenApi() writes`);
}

/** The UTF-8 bytes of `text`; a lone surrogate, which UTF-8 cannot hold, is ERR_INVALID_PARAMETER (never replaced). */
export function utf8(name: string, text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
        throw new EndpointError("ERR_INVALID_PARAMETER", `auth: the credential of the scheme ${quote(name)} is not well-formed Unicode (a lone surrogate)`);
      }
      code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return bytes;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** RFC 4648 base64, padded. */
export function base64(bytes: readonly number[]): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const bits = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    text += BASE64[bits >> 18]! + BASE64[(bits >> 12) & 63]! + (b === undefined ? "=" : BASE64[(bits >> 6) & 63]!) + (c === undefined ? "=" : BASE64[bits & 63]!);
  }
  return text;
}

/**
 * Writes `credentials` into a call whose rules have written its query and headers. A name the call already sends (a
 * header the caller set, a described parameter given too) must hold the same value, else ERR_INVALID_PARAMETER:
 * two values for one credential would leave the server to pick the identity.
 */
export function applyCredentials(credentials: Credentials, call: Call): void {
  const { headers } = call;
  for (const [name, value] of credentials.headers) {
    const earlier = getOwn(headers, name);
    if (earlier !== undefined && earlier !== value) throw conflict("header", name);
    headers[name] = value;
  }
  for (const [name, value] of credentials.query) {
    const pair = credentialPair(name, value);
    // Names compared as a server reads them, decoded: a querystring the caller wrote may spell the credential's name
    // `api%5Fkey`, which a server reads as `api_key` (and the first value wins there).
    const sent = call.query === "" ? [] : call.query.split("&").filter((item) => queryName(item) === name);
    if (sent.some((item) => item !== pair)) throw conflict("query parameter", name);
    if (sent.length === 0) call.query = call.query === "" ? pair : `${call.query}&${pair}`;
  }
  if (credentials.cookies.length > 0) {
    const earlier = getOwn(headers, "cookie");
    const text = typeof earlier === "string" ? earlier : Array.isArray(earlier) ? earlier.join("; ") : "";
    const pairs = text === "" ? [] : text.split(";").map((pair) => pair.trim());
    for (const [name, value] of credentials.cookies) {
      // A name as a server reads it, white space around it trimmed (RFC 6265 5.2): `sid =x` is the cookie `sid`.
      const sent = pairs.filter((pair) => (pair.includes("=") ? pair.slice(0, pair.indexOf("=")) : pair).trim() === name);
      if (sent.some((pair) => pair !== `${name}=${value}`)) throw conflict("cookie", name);
      if (sent.length === 0) pairs.push(`${name}=${value}`);
    }
    headers.cookie = pairs.join("; ");
  }
}

/**
 * A query credential as `name=value`, each encoded with encodeURIComponent: GitHub's rule that keeps "+" in `q` is a
 * GitHub search rule, not a described API's (a key named `q` holding "+" keeps it escaped). A lone surrogate is
 * refused without quoting the value.
 */
function credentialPair(name: string, value: string): string {
  try {
    return `${encodeComponent(name, false)}=${encodeComponent(value, false)}`;
  } catch {
    throw new EndpointError("ERR_INVALID_PARAMETER", `auth: the credential for the query parameter ${quote(name)} is not well-formed Unicode (a lone surrogate)`);
  }
}

/** The name of one `name=value` item of a query, decoded as a server decodes a form query (`+` a space); undecodable, as written. */
function queryName(item: string): string {
  const end = item.indexOf("=");
  const raw = end === -1 ? item : item.slice(0, end);
  if (!raw.includes("%") && !raw.includes("+")) return raw;
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

function conflict(where: string, name: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `auth: the ${where} ${quote(name)} already holds another value than the credential that goes there: give it once`);
}
