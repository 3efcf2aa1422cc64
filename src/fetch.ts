import { EndpointError, asEndpointError, isEndpointError, isInstance, quote, thrownText } from "./errors.js";
import { checkHeaderValue } from "./headers.js";
import { getOwn, ownItems, setOwn, type Dictionary } from "./objects.js";
import { describeValue } from "./uri-template/index.js";
import { isToken } from "./token.js";
import type { RequestOptions } from "./types.js";

// The library is built without DOM or Node types, so fetch's own types are read from whatever
// the caller's environment declares as `globalThis.fetch`; without one they fall back to
// `unknown`. That keeps `fetch(...toFetchArgs(options))` type-correct in browsers and Node alike.
type GlobalFetchInit = typeof globalThis extends { fetch: (input: never, init?: infer I) => unknown }
  ? NonNullable<I>
  : { body?: unknown; signal?: unknown };

/** A request body the caller's `fetch` accepts (its `BodyInit`; `unknown` where no fetch is declared). */
export type FetchBody = GlobalFetchInit extends { body?: infer B } ? Exclude<B, null | undefined> : unknown;

/** An abort signal as the caller's `fetch` accepts it (`AbortSignal`; `unknown` where no fetch is declared). */
export type FetchSignal = GlobalFetchInit extends { signal?: infer S } ? Exclude<S, null | undefined> : unknown;

/** The second argument of `fetch(url, init)`, as built by `toFetchArgs`. */
export interface FetchInit {
  /** Uppercase: fetch only normalises the case of some methods, and sends `patch` as written. */
  method: string;
  headers: Record<string, string>;
  /** Absent when the request has no body. */
  body?: FetchBody;
  /** `request.signal`, when one was given. */
  signal?: FetchSignal;
  /** Set for stream bodies: fetch refuses to send a stream without it. */
  duplex?: "half";
}

const JSON_DEFAULT_TYPE = "application/json; charset=utf-8";

/** Turns request options from `endpoint()` into `[url, init]` for `fetch(url, init)`. */
export function toFetchArgs(options: RequestOptions): [url: string, init: FetchInit] {
  // Written out rather than made by guarded(): a call at module level would keep this module in every bundle.
  try {
    return fetchArgs(options);
  } catch (error) {
    throw asEndpointError(error, "toFetchArgs()");
  }
}

function fetchArgs(options: RequestOptions): [url: string, init: FetchInit] {
  if (!isObject(options)) {
    throw invalid(`toFetchArgs() expects the request options returned by endpoint(), got ${kindOf(options)}`);
  }
  // Own properties only, each read once: a key added to Object.prototype is never taken for a body or headers.
  const given = options as unknown as Dictionary;
  const method = getOwn(given, "method");
  const url = getOwn(given, "url");
  if (typeof method !== "string" || !isToken(method)) {
    throw new EndpointError("ERR_INVALID_METHOD", `toFetchArgs(): method must be an HTTP token such as "get", got ${kindOf(method)}`);
  }
  if (typeof url !== "string" || url === "") {
    throw new EndpointError("ERR_URL_REQUIRED", `toFetchArgs(): url must be a non-empty string, got ${kindOf(url)}`);
  }
  const upper = method.toUpperCase();
  const headers = stringHeaders(getOwn(given, "headers"));
  const init: FetchInit = { method: upper, headers };

  const body = getOwn(given, "body");
  if (!isStream(body)) {
    // fetch counts every other body itself, and Node 20's fetch fails on a preset content-length;
    // a stream keeps it, since that is how it is sent with a fixed length instead of chunked.
    delete headers["content-length"];
  }
  if (body !== undefined) {
    if (upper === "GET" || upper === "HEAD") {
      // fetch throws a bare TypeError for this; say what is wrong instead.
      throw invalid(`toFetchArgs(): a ${upper} request cannot have a body`);
    }
    if (isStream(body)) {
      init.body = body as FetchBody;
      init.duplex = "half";
    } else if (body === "" && getOwn(headers, "content-type") === undefined) {
      // The empty PATCH/PUT body: zero bytes, where "" would make fetch add text/plain.
      init.body = new Uint8Array(0) as FetchBody;
    } else if (isPassedAsIs(body)) {
      init.body = body as FetchBody;
      dropContentTypeFetchMustWrite(body, headers);
    } else {
      init.body = serialise(body) as FetchBody;
    }
  }

  const signal = requestSignal(getOwn(given, "request"));
  if (signal !== undefined) init.signal = signal as FetchSignal;
  return [url, init];
}

/** Header values become strings; names are kept (endpoint() already lowercased them). */
function stringHeaders(headers: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers === undefined) return result;
  if (!isObject(headers) || Array.isArray(headers)) {
    throw invalid(`toFetchArgs(): headers must be an object of names to values, got ${kindOf(headers)}`);
  }
  const record = headers as Dictionary;
  for (const name of Object.keys(record)) {
    const value = record[name];
    if (value === undefined) continue;
    // The same checks endpoint() makes, for options built or changed by hand.
    if (!isToken(name)) throw new EndpointError("ERR_INVALID_HEADER", `toFetchArgs(): the header name ${quote(name)} is not an HTTP token`);
    setOwn(result, name, String(checkHeaderValue(name, value)));
  }
  return result;
}

/** Bodies fetch sends as they are: text, bytes, blobs and forms. */
function isPassedAsIs(body: unknown): boolean {
  if (typeof body === "string") return true;
  if (!isObject(body)) return false;
  return (
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    isGlobalInstance(body, "Blob") ||
    isGlobalInstance(body, "FormData") ||
    isGlobalInstance(body, "URLSearchParams")
  );
}

/** Web streams, and async iterables such as Node's Readable, which Node's fetch streams too. */
function isStream(body: unknown): boolean {
  // A plain object or array is never a stream, whatever a polluted Object.prototype says.
  if (!isObject(body) || Array.isArray(body) || isPlainInAnyRealm(body)) return false;
  if (isGlobalInstance(body, "ReadableStream")) return true;
  // Node's Readable holds it on its class; one only Object.prototype holds was put there by prototype pollution.
  const iterator: unknown = (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator];
  return typeof iterator === "function" && iterator !== builtIn(Object.prototype, Symbol.asyncIterator);
}

// fetch writes the content-type of a form or blob itself, but only when none is set. A multipart
// body is unreadable without the boundary fetch generates, so any preset type is dropped; for
// URLSearchParams and Blob only the JSON type endpoint() adds to every body it is given.
function dropContentTypeFetchMustWrite(body: unknown, headers: Record<string, string>): void {
  const preset = getOwn(headers, "content-type");
  if (preset === undefined || typeof body !== "object" || body === null) return;
  if (isGlobalInstance(body, "FormData")) {
    delete headers["content-type"];
  } else if ((isGlobalInstance(body, "URLSearchParams") || isGlobalInstance(body, "Blob")) && preset === JSON_DEFAULT_TYPE) {
    delete headers["content-type"];
  }
}

/** Plain objects, arrays and JSON scalars become JSON text; `null` is sent as the text `null`. */
function serialise(body: unknown): string {
  if (isObject(body) && !Array.isArray(body) && !isPlainInAnyRealm(body) && !hasCallerToJSON(body)) {
    // JSON.stringify would send a Map as "{}" and fetch would send "[object Object]": refuse both.
    throw invalid(`toFetchArgs(): cannot send ${kindOf(body)} as a body; pass a plain object, an array, a string, bytes, a Blob, FormData, URLSearchParams or a stream`);
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(builtInPrototypesClean() ? body : withoutBuiltInPrototypes(body, new Map(), new Set()));
  } catch (error) {
    if (isEndpointError(error)) throw error;
    // A cycle or a bigint somewhere inside; a RangeError is a size: a text past the engine's longest string, or a depth.
    const code = isInstance(error, RangeError) ? "ERR_TOO_LARGE" : "ERR_INVALID_PARAMETER";
    throw new EndpointError(code, `toFetchArgs(): the body cannot be serialised as JSON (${quote(thrownText(error))})`, undefined, error);
  }
  if (text === undefined) throw invalid(`toFetchArgs(): cannot send ${kindOf(body)} as a body`);
  return text;
}

/**
 * True when `value` has a toJSON of its own or of its class (a Date's, a Buffer's): one JSON.stringify calls and
 * SECURITY.md documents. One that only Object.prototype or Array.prototype holds was put there by prototype pollution.
 */
function hasCallerToJSON(value: object): boolean {
  const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON !== "function") return false;
  return hasOwn.call(value, "toJSON") || (toJSON !== builtIn(Object.prototype, "toJSON") && toJSON !== builtIn(Array.prototype, "toJSON"));
}

const hasOwn = Object.prototype.hasOwnProperty;

/** What a built-in prototype holds under `key` right now (undefined unless something polluted it). */
function builtIn(prototype: object, key: PropertyKey): unknown {
  return hasOwn.call(prototype, key) ? (prototype as Record<PropertyKey, unknown>)[key] : undefined;
}

/**
 * True when neither Object.prototype nor Array.prototype holds a toJSON, which JSON.stringify would call on every plain
 * object or list: then the body goes to it as it is, at no cost and with no limit (two own-key tests; listing the
 * prototypes' keys to look for array indexes as well cost more than the serialisation of a small body). Otherwise
 * (prototype pollution) it goes through withoutBuiltInPrototypes, which walks lists of at most 2^20 items.
 */
function builtInPrototypesClean(): boolean {
  return !hasOwn.call(Object.prototype, "toJSON") && !hasOwn.call(Array.prototype, "toJSON");
}

/**
 * The body as JSON.stringify should see it: arrays and objects copied into null-prototype ones (own items by index, own
 * enumerable keys: what JSON.stringify writes of them), so it finds no toJSON and no array item on a polluted
 * Object.prototype or Array.prototype. A value with a toJSON of its own or of its class (a Date) is left as it is, and a
 * boxed primitive becomes the primitive JSON.stringify writes for it. `copies` keeps shared objects shared; `path`
 * reports a cycle as JSON.stringify would.
 */
function withoutBuiltInPrototypes(value: unknown, copies: Map<object, unknown>, path: Set<object>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  const isArray = Array.isArray(value);
  if (hasCallerToJSON(value)) return value;
  if (!isArray && !isPlainInAnyRealm(value)) {
    const primitive = unboxed(value);
    if (primitive !== undefined) return primitive;
  }
  if (path.has(value)) throw new TypeError("Converting circular structure to JSON");
  path.add(value);
  let copy: unknown[] | Dictionary;
  if (isArray) {
    copy = ownItems(value as unknown[], "a list in the body");
    for (let i = 0; i < copy.length; i++) copy[i] = withoutBuiltInPrototypes(copy[i], copies, path);
    Object.setPrototypeOf(copy, null);
  } else {
    copy = Object.create(null) as Dictionary;
    for (const key of Object.keys(value)) copy[key] = withoutBuiltInPrototypes((value as Dictionary)[key], copies, path);
  }
  path.delete(value);
  copies.set(value, copy);
  return copy;
}

const BOXED_VALUE_OF: ((this: unknown) => unknown)[] = [Number.prototype.valueOf, String.prototype.valueOf, Boolean.prototype.valueOf, BigInt.prototype.valueOf];

/**
 * The primitive inside `new Number(1)` and its kin, which JSON.stringify writes as that primitive; undefined for any
 * other object. Read by the built-in valueOf that accepts only its own kind, never the value's own.
 */
function unboxed(value: object): unknown {
  for (const valueOf of BOXED_VALUE_OF) {
    try {
      return valueOf.call(value);
    } catch {
      // Not this kind.
    }
  }
  return undefined;
}

/** `request.signal`, checked enough to catch the classic slip of passing the AbortController. */
function requestSignal(request: unknown): unknown {
  if (request === undefined || request === null) return undefined;
  if (!isObject(request)) throw invalid(`toFetchArgs(): request must be an object, got ${kindOf(request)}`);
  const signal = getOwn(request as Dictionary, "signal");
  if (signal === undefined || signal === null) return undefined;
  if (!isObject(signal) || typeof (signal as { aborted?: unknown }).aborted !== "boolean" || typeof (signal as { addEventListener?: unknown }).addEventListener !== "function") {
    throw invalid(`toFetchArgs(): request.signal must be an AbortSignal (controller.signal, not the controller), got ${kindOf(signal)}`);
  }
  return signal;
}

// Looked up at run time: the same code runs where Blob, FormData or ReadableStream may not exist.
function isGlobalInstance(value: object, name: string): boolean {
  const constructor: unknown = (globalThis as Record<string, unknown>)[name];
  return typeof constructor === "function" && value instanceof constructor;
}

function isObject(value: unknown): value is object {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

// Objects from another realm (a vm context, an iframe) have their own Object.prototype.
function isPlainInAnyRealm(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** What a value is, for messages: cut and escaped, and read without calling or reading anything of the value. */
function kindOf(value: unknown): string {
  if (typeof value === "string") return `the string ${quote(value)}`;
  if (typeof value === "function") return "a function";
  return value === undefined ? "undefined" : describeValue(value);
}

function invalid(problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", problem);
}
