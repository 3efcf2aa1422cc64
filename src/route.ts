// Route strings: "<METHOD> <url>" or "<url>".
import { EndpointError, quote } from "./errors.js";
import { isToken } from "./token.js";

/** A route string split into its parts; `method` is absent when the route is only a URL. */
export interface Route {
  /** Written out even when absent, so every Route has one object shape for the code that reads it on each call. */
  readonly method: string | undefined;
  readonly url: string;
}

/** Splits a route string into method and URL, or throws ERR_INVALID_ROUTE / ERR_INVALID_METHOD. */
export function splitRoute(route: string): Route {
  const text = route.trim();
  // Words are separated by runs of spaces only: a tab belongs to its word, as it does in a URL.
  const space = text.indexOf(" ");
  let start = space + 1;
  while (text.charCodeAt(start) === 32) start++;
  const url = text.slice(start);
  if (url === "" || url.includes(" ")) {
    const words = text.split(" ").filter(Boolean).length;
    throw new EndpointError("ERR_INVALID_ROUTE", `the route ${quote(route)} has ${words} words: write "<METHOD> <url>" or "<url>"`);
  }
  const method = space === -1 ? undefined : text.slice(0, space);
  if (method !== undefined) checkMethod(method);
  return { method, url };
}

/** The method rule (DECISIONS "Route strings"): `method` lowercase when it is an RFC 9110 token; else ERR_INVALID_METHOD. */
export function checkMethod(method: unknown): string {
  // A plan checks its method once (plan.ts): no call pays for this.
  if (typeof method === "string" && isToken(method)) return method.toLowerCase();
  throw new EndpointError("ERR_INVALID_METHOD", `the method ${typeof method === "string" ? quote(method) : `(a ${method === null ? "null" : typeof method})`} is not an HTTP token such as GET`);
}

/**
 * Throws ERR_INVALID_ROUTE for a `url` in options beside a route string, which names the URL already (DECISIONS,
 * difference 13): a body field named `url` must never send the request, token and all, to its address.
 */
export function checkNoUrlBesideRoute(url: unknown): void {
  if (url !== undefined) {
    throw new EndpointError("ERR_INVALID_ROUTE", "options hold a url beside a route string that names the URL already; to send a body field named url, pass the body through data");
  }
}
