// Difference 16: a url given with a call's options stays on the origin of the url its endpoint's defaults name.
import { EndpointError, quote } from "./errors.js";

/**
 * Throws ERR_INVALID_ROUTE when `url`, from a call's options and joined to `baseUrl`, would send the request to another
 * origin than `defaultUrl`, the url set by defaults(), joined to `defaultBaseUrl`. Octokit's REST methods keep their
 * route there, so a body field named `url` (GitHub's webhook config) would otherwise take the request, token and all,
 * to its address. A path-only url is on the origin of the baseUrl it is joined to; an origin that a value may choose
 * (`{+name}` first, a placeholder in the authority) or that is not written `scheme://authority` is never the same.
 */
export function checkSameOrigin(url: unknown, baseUrl: unknown, defaultUrl: unknown, defaultBaseUrl: unknown): void {
  if (typeof url !== "string" || (url === defaultUrl && baseUrl === defaultBaseUrl)) return;
  const origin = originOf(url, baseUrl);
  const expected = originOf(defaultUrl, defaultBaseUrl);
  if (origin === undefined || origin !== expected) {
    const where = expected === undefined ? "" : ` ${quote(expected)}`;
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `options hold a url that would send the request to another origin than the endpoint's url${where}; to send a body field named url, pass the body through data`,
    );
  }
}

/**
 * `scheme:` (RFC 3986), then `//authority` if written. Anchored; `:` and `/` are outside the classes before them, so
 * a shorter run fails at its next character: linear.
 */
const ORIGIN = /^[A-Za-z][A-Za-z\d+.-]*:(?:\/\/([^/?#]*))?/;

/** `scheme://authority`, lowercase, of a url template joined to `baseUrl` as endpoint() joins it; undefined when a value may choose it. */
export function originOf(url: unknown, baseUrl?: unknown): string | undefined {
  if (typeof url !== "string" || url.startsWith("{+")) return undefined;
  const origin = ORIGIN.exec(url);
  if (origin === null) return baseUrl === undefined ? undefined : originOf(baseUrl, undefined);
  // Written differently, the authority may still name the same host (a port, user info, a "\\" a parser reads as "/"):
  // refused all the same, since telling them apart is a URL parser's job and parsers disagree.
  const authority = origin[1];
  if (!authority || authority.includes("{") || authority.includes("\\")) return undefined;
  return origin[0].toLowerCase();
}
