// Server URLs: a server's variables filled with their defaults, relative URLs resolved against options.baseUrl.
import { EndpointError, quote } from "../errors.js";
import { ownItems } from "../objects.js";
import { own, ownString, type Reader } from "./document.js";

/**
 * Longest server URL its variables' defaults may fill in: far past any server anyone runs (a few hundred characters),
 * and far short of the 400 MB that 400 placeholders of one 1 MB default made out of a 1 MB description.
 */
export const MAX_SERVER_URL = 65_536;

/**
 * The URL of a Server object with its variables' defaults, absolute (resolved against `base`), without a trailing "/".
 * Its characters are counted as variables fill it in: past MAX_SERVER_URL it is ERR_TOO_LARGE before it is made. (A
 * URL with no variables is the description's own string, returned as it is.) With a `reader`, the URL is counted as
 * text read.
 */
export function serverUrl(server: unknown, base: string | undefined, reader?: Reader, values?: ReadonlyMap<string, string>): string {
  const template = ownString(server, "url");
  if (template === undefined) throw new EndpointError("ERR_INVALID_BASE_URL", "fromOpenApi(): a server has no url string");
  const variables = own(server, "variables");
  let length = template.length;
  const tooLong = (): never => {
    throw new EndpointError("ERR_TOO_LARGE", `fromOpenApi(): the server ${quote(template)} filled with its variables' defaults is longer than ${MAX_SERVER_URL} characters`);
  };
  // Where the scheme and authority end, read with each placeholder as plain letters: a placeholder before that stands
  // in the scheme or authority, one after it in the path.
  const skeleton = values === undefined ? "" : template.replace(/\{[^{}]*\}/g, (placeholder) => "x".repeat(placeholder.length));
  const authority = /^(?:[^:/?#]*:)?\/\//.exec(skeleton);
  const rest = authority === null ? -1 : skeleton.slice(authority[0].length).search(/[/?#]/);
  const authorityEnd = authority === null ? 0 : rest === -1 ? skeleton.length : authority[0].length + rest;
  const inAuthority: string[] = [];
  const inPath: [number, string][] = [];
  // Whether each given value is the description's (one of its enum values), read once per name, not per placeholder.
  const descriptions = new Map<string, boolean>();
  const filled = template.replace(/\{([^{}]*)\}/g, (placeholder: string, name: string, offset: number) => {
    const given = values?.get(name);
    const value = given ?? own(own(variables, name), "default");
    if (typeof value !== "string" && typeof value !== "number") {
      throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): the server ${quote(template)} has no default for its variable ${quote(name)}`);
    }
    const text = String(value);
    const at = offset + length - template.length;
    length += text.length - placeholder.length;
    if (length > MAX_SERVER_URL) tooLong();
    if (given !== undefined) {
      if (!descriptions.has(name)) descriptions.set(name, described(own(variables, name), text));
      if (descriptions.get(name) === true) return text;
      if (offset < authorityEnd) {
        callerValue(name, text, /[/?#@\\:[\]%\s\x00-\x1f\x7f-\x9f]/, "scheme or host");
        inAuthority.push(name);
      } else {
        callerValue(name, text, /[/?#\\%\s\x00-\x1f\x7f-\x9f]/, "path segment");
        inPath.push([at, name]);
      }
    }
    return text;
  });
  if (values !== undefined) containedValues(filled, inAuthority, inPath);
  const url = withoutTrailingSlash(absolute(filled, base));
  return reader === undefined ? url : reader.text(url);
}

/**
 * True when `text` is one of `variable`'s own `enum` values: then it is the description's, as its default is. A value
 * the caller makes up is checked by callerValue() and containedValues().
 */
function described(variable: unknown, text: string): boolean {
  const allowed = own(variable, "enum");
  return Array.isArray(allowed) && ownItems(allowed, "the server variable's enum").some((item) => String(item) === text);
}

/**
 * A server variable's value given by the caller (not the description's default, not one of its enum values) fills its
 * placeholder and nothing more: a character that would end or start another part of the URL where it stands (`/ ? #`
 * and `\\`, which fetch reads as "/", anywhere; `@ : [ ]` in the scheme or host), "%" (which a host and a dot segment
 * are decoded from) and white space or controls are ERR_INVALID_PARAMETER, naming the variable and the character,
 * never the value. (A tenant's subdomain from user input cannot move the host, nor the credentials that go to it.)
 */
function callerValue(name: string, text: string, refused: RegExp, part: string): void {
  const found = refused.exec(text);
  if (found !== null) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the value of the server variable ${quote(name)} holds ${quote(found[0])}, which would take it out of the server URL's ${part}`);
  }
}

/**
 * The URL the caller's values filled in keeps its structure: its scheme (when a value stands there) a scheme, its
 * authority not empty (`https://{host}/v1` with "" would make "v1" the host), and no path segment a value stands in
 * empty (`/{a}/x` with "" is "//x", a host) or "." or ".." (in any case, as %2e too), except an empty last one.
 */
function containedValues(filled: string, inAuthority: readonly string[], inPath: readonly [number, string][]): void {
  const parts = /^(?:([^:/?#]*):)?\/\/([^/?#]*)/.exec(filled);
  if (inAuthority.length > 0 && (parts === null || (parts[1] !== undefined && !/^[a-z][a-z\d+.-]*$/i.test(parts[1])) || parts[2] === "" || parts[2]!.startsWith(":"))) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the value of the server variable ${quote(inAuthority[0]!)} leaves the server URL no scheme or host`);
  }
  // One walk over the segments (a value holds no "/"; the values come in order), however many placeholders there are.
  const query = filled.search(/[?#]/);
  const limit = query === -1 ? filled.length : query;
  let next = 0;
  for (let from = 0; next < inPath.length; ) {
    let to = filled.indexOf("/", from);
    if (to === -1 || to > limit) to = limit;
    if (inPath[next]![0] <= to) {
      const segment = filled.slice(from, to);
      if (/^(?:\.|%2e){0,2}$/i.test(segment) && !(segment === "" && to === filled.length)) {
        throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the value of the server variable ${quote(inPath[next]![1])} would make the path segment ${quote(segment)} of the server URL, which a client resolves or drops`);
      }
      while (next < inPath.length && inPath[next]![0] <= to) next++;
    }
    if (to === limit) break;
    from = to + 1;
  }
}

/** `url` when it has a scheme; else resolved against `base` (an absolute URL), as OpenAPI resolves relative servers. */
function absolute(url: string, base: string | undefined): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  // A scheme-relative server (`//kubernetes.local`, ato.gov.au) names its host: without a base it takes https, the
  // scheme OpenAPI tools (the oas package) and every such API use; only the scheme was left out.
  if (url.startsWith("//") && base === undefined) return `https:${url}`;
  if (base === undefined || !/^[a-z][a-z\d+.-]*:\/\/[^/?#]+/i.test(base)) {
    throw new EndpointError(
      "ERR_INVALID_BASE_URL",
      `fromOpenApi(): the server URL ${quote(url)} is relative: pass fromOpenApi(document, { baseUrl: "https://host" }) to say where the description is served`,
    );
  }
  if (url.startsWith("//")) return `${base.slice(0, base.indexOf(":") + 1)}${url}`;
  if (url.startsWith("/")) return `${/^[a-z][a-z\d+.-]*:\/\/[^/?#]+/i.exec(base)![0]}${url}`;
  return `${withoutTrailingSlash(base)}/${url.replace(/^\.\//, "")}`;
}

export function withoutTrailingSlash(url: string): string {
  if (!url.endsWith("/") || /^[a-z][a-z\d+.-]*:\/\/$/i.test(url)) return url;
  // Trimmed by a loop: `/\/+$/` retries its run of slashes from every position, quadratic on "////…x/".
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end--;
  return url.slice(0, end);
}

/**
 * The first server a path item or operation lists (the one its routes go to), read as an own item, else undefined:
 * only it is read, so an operation referenced from many paths costs one read per reference, whatever its list.
 */
export function firstServer(value: unknown): { server: unknown } | undefined {
  const servers = own(value, "servers");
  if (!Array.isArray(servers) || servers.length === 0) return undefined;
  return { server: Object.prototype.hasOwnProperty.call(servers, 0) ? (servers as unknown[])[0] : undefined };
}

/** The servers a document, path item or operation lists: a non-empty list, else undefined. */
export function serversOf(value: unknown): readonly unknown[] | undefined {
  const servers = own(value, "servers");
  // Own items only: a hole is undefined (a server with no url), never Object.prototype's "0".
  return Array.isArray(servers) && servers.length > 0 ? ownItems(servers, "the servers of the description") : undefined;
}

/** A server chosen with values for its variables: `{ url, variables }` of fromOpenApi()'s `server` option. */
export interface ServerChoice {
  readonly url: string;
  readonly variables?: { readonly [name: string]: string } | undefined;
}

/**
 * The document's server that `choice` picks (an index, a URL as written or filled in, or `{ url, variables }`: that
 * server with the values given for its variables, the others at their defaults); the first by default.
 */
export function chosenServer(servers: readonly unknown[] | undefined, choice: number | string | ServerChoice | undefined, base: string | undefined, reader?: Reader): string {
  if (typeof choice === "object") return serverWithValues(servers, choice, base, reader);
  // No servers means "/" (OpenAPI 3): the root of wherever the description is served.
  if (servers === undefined) return serverUrl({ url: "/" }, base, reader);
  if (choice === undefined) return serverUrl(servers[0], base, reader);
  if (typeof choice === "number") {
    if (!Number.isInteger(choice) || choice < 0 || choice >= servers.length) {
      throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): options.server ${choice} is not an index of the description's ${servers.length} server(s)`);
    }
    return serverUrl(servers[choice], base, reader);
  }
  for (const server of servers) {
    if (ownString(server, "url") === choice) return serverUrl(server, base, reader);
  }
  for (const server of servers) {
    if (serverUrl(server, base, reader) === withoutTrailingSlash(choice)) return withoutTrailingSlash(choice);
  }
  throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): options.server ${quote(choice)} is none of the description's servers`);
}

/**
 * The server `choice.url` names (as written, or filled in with its defaults) filled in with `choice.variables`: each must
 * be one of the server's variables, and one of its `enum` values where it lists some (ERR_INVALID_PARAMETER otherwise).
 */
function serverWithValues(servers: readonly unknown[] | undefined, choice: ServerChoice, base: string | undefined, reader?: Reader): string {
  const list = servers ?? [{ url: "/" }];
  const server = list.find((item) => ownString(item, "url") === choice.url) ?? list.find((item) => serverUrl(item, base, reader) === withoutTrailingSlash(choice.url));
  if (server === undefined) throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): options.server.url ${quote(choice.url)} is none of the description's servers`);
  const described = own(server, "variables");
  const values = new Map<string, string>();
  for (const name of Object.keys(choice.variables ?? {})) {
    const value = (choice.variables as { [name: string]: unknown })[name];
    if (value === undefined) continue;
    const variable = own(described, name);
    if (variable === undefined) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the server ${quote(ownString(server, "url")!)} has no variable ${quote(name)}`);
    }
    if (typeof value !== "string" && typeof value !== "number") {
      throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the value of the server variable ${quote(name)} must be a string`);
    }
    const text = String(value);
    const allowed = own(variable, "enum");
    if (Array.isArray(allowed) && allowed.length > 0 && !ownItems(allowed, "the server variable's enum").some((item) => String(item) === text)) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the server variable ${quote(name)} is ${quote(text)}, none of its values (${ownItems(allowed, "the server variable's enum").slice(0, 20).map((item) => quote(String(item))).join(", ")})`);
    }
    values.set(name, text);
  }
  return serverUrl(server, base, reader, values);
}
