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
  const filled = template.replace(/\{([^{}]*)\}/g, (placeholder: string, name: string) => {
    const value = values?.get(name) ?? own(own(variables, name), "default");
    if (typeof value !== "string" && typeof value !== "number") {
      throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): the server ${quote(template)} has no default for its variable ${quote(name)}`);
    }
    const text = String(value);
    length += text.length - placeholder.length;
    if (length > MAX_SERVER_URL) tooLong();
    return text;
  });
  const url = withoutTrailingSlash(absolute(filled, base));
  return reader === undefined ? url : reader.text(url);
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
