import { EndpointError, asEndpointError, isEndpointError, isInstance, quote, thrownText } from "./errors.js";
import { isPlainInAnyRealm, nativeBodyKind } from "./body-kind.js";
import { checkHeaderName, checkHeaderValue } from "./headers.js";
import { getOwn, ownItems, setOwn, type Dictionary } from "./objects.js";
import { describeValue, hasOwn, objectTag } from "./values.js";
import { checkMethod } from "./route.js";
import { methodAsSent } from "./token.js";
import type { RequestOptions } from "./types/index.js";

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
  /**
   * Uppercase when given lowercase, as endpoint() gives it: fetch only normalises the case of some methods, and sends
   * `patch` as written. A method given in another case (`Purge`, an OpenAPI 3.2 additionalOperations key) as given.
   */
  method: string;
  headers: Record<string, string>;
  /** Absent when the request has no body. */
  body?: FetchBody;
  /** `request.signal`, when one was given. */
  signal?: FetchSignal;
  /** Set for stream bodies: fetch refuses to send a stream without it. */
  duplex?: "half";
}

/** What fetch writes for a URLSearchParams body. */
const FORM_URLENCODED = "application/x-www-form-urlencoded;charset=UTF-8";

/** Turns request options from `endpoint()` into `[url, init]` for `fetch(url, init)`. */
export function toFetchArgs(options: RequestOptions): [url: string, init: FetchInit] {
  // Written out rather than made by guarded(): a call at module level would keep this module in every bundle.
  try {
    return fetchArgs(options);
  } catch (error) {
    // Every message names this entry, whichever rule raised it.
    const thrown = asEndpointError(error);
    throw new EndpointError(thrown.code, `toFetchArgs(): ${thrown.message}`, undefined, thrown.cause);
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
  checkMethod(method);
  if (typeof url !== "string" || url === "") {
    throw new EndpointError("ERR_URL_REQUIRED", `url must be a non-empty string, got ${kindOf(url)}`);
  }
  // endpoint() gives the method lowercase; one given in another case (a described 3.2 additionalOperations key, `Purge`)
  // is sent in that case, as the description says.
  const upper = (method as string).toUpperCase();
  const headers = stringHeaders(getOwn(given, "headers"));
  const init: FetchInit = { method: methodAsSent(method as string), headers };

  const body = getOwn(given, "body");
  // Decided once: a getter or proxy asked again could answer "stream" to one check and a plain object to the next.
  const kind = nativeBodyKind(body);
  if (kind !== "stream") {
    // fetch counts every other body itself, and Node 20's fetch fails on a preset content-length;
    // a stream keeps it, since that is how it is sent with a fixed length instead of chunked.
    delete headers["content-length"];
  }
  if (body !== undefined) {
    if (upper === "GET" || upper === "HEAD") {
      // fetch throws a bare TypeError for this; say what is wrong instead.
      throw invalid(`a ${upper} request cannot have a body`);
    }
    if (kind === "stream") {
      init.body = body as FetchBody;
      init.duplex = "half";
    } else if (kind === "params") {
      // As text with the type fetch would write: the same bytes, and undici.request and node:http can send text.
      init.body = paramsText(body) as FetchBody;
      if (getOwn(headers, "content-type") === undefined) headers["content-type"] = FORM_URLENCODED;
    } else if (kind !== undefined) {
      init.body = body as FetchBody;
      // A multipart body is unreadable without the boundary only the client knows: any preset type is dropped.
      if (kind === "form") delete headers["content-type"];
    } else if (body === "" && getOwn(headers, "content-type") === undefined) {
      // The empty PATCH/PUT body: zero bytes, where "" would make fetch add text/plain.
      init.body = new Uint8Array(0) as FetchBody;
    } else if (typeof body === "string") {
      init.body = body as FetchBody;
    } else {
      init.body = serialise(body) as FetchBody;
    }
  }

  const signal = requestSignal(getOwn(given, "request"));
  if (signal !== undefined) init.signal = signal as FetchSignal;
  return [url, init];
}

/**
 * The text of a URLSearchParams, by the built-in toString: one that only claims the tag is refused by its brand check
 * (a TypeError, reported as ERR_INVALID_PARAMETER), and none of the caller's code runs.
 */
function paramsText(body: unknown): string {
  const builtIn = (globalThis as { URLSearchParams?: { prototype: { toString(): string } } }).URLSearchParams;
  return builtIn === undefined ? String(body) : builtIn.prototype.toString.call(body);
}

/** Header values become strings; names are kept (endpoint() already lowercased them). */
function stringHeaders(headers: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers === undefined) return result;
  if (!isObject(headers) || Array.isArray(headers)) {
    throw invalid(`headers must be an object of names to values, got ${kindOf(headers)}`);
  }
  const record = headers as Dictionary;
  for (const name of Object.keys(record)) {
    const value = record[name];
    if (value === undefined) continue;
    // The same checks endpoint() makes, for options built or changed by hand.
    setOwn(result, checkHeaderName(name), String(checkHeaderValue(name, value)));
  }
  return result;
}

/** Plain objects, arrays and JSON scalars become JSON text; `null` is sent as the text `null`. */
function serialise(body: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(jsonData(body, "", true, new Map(), new Set()));
  } catch (error) {
    if (isEndpointError(error)) throw error;
    // A cycle or a bigint somewhere inside; a RangeError is a size: a text past the engine's longest string, or a depth.
    const code = isInstance(error, RangeError) ? "ERR_TOO_LARGE" : "ERR_INVALID_PARAMETER";
    throw new EndpointError(code, `the body cannot be serialised as JSON (${quote(thrownText(error))})`, undefined, error);
  }
  if (text === undefined) throw invalid(`cannot send ${kindOf(body)} as a body`);
  return text;
}

/**
 * The body as JSON.stringify should see it, read once: every property and list item read once (lists by index, own
 * enumerable keys of objects: what JSON.stringify writes of them) into null-prototype copies, and every `toJSON` read
 * once and called here, so JSON.stringify then runs no code of the caller and reads nothing a second time (a getter
 * cannot pass this walk with one answer and be sent with another). A toJSON is the value's own or its class's (a
 * Date's, a Buffer's, a bigint's from BigInt.prototype), never one that only Object.prototype or Array.prototype holds:
 * that one was put there by prototype pollution. A Map, Set or other built-in whose data JSON cannot see (it would be
 * sent as `{}`) is refused at any depth, and at the top any class instance without a toJSON. `key` is what toJSON is
 * called with; `copies` keeps shared objects shared; `path` reports a cycle as JSON.stringify would.
 */
function jsonData(value: unknown, key: string, top: boolean, copies: Map<object, unknown>, path: Set<object>): unknown {
  if (typeof value === "bigint") {
    const toJSON = getOwn(BigInt.prototype as unknown as Dictionary, "toJSON");
    if (typeof toJSON !== "function") throw new TypeError("Do not know how to serialize a BigInt");
    return afterToJSON(toJSON.call(value, key), key, NO_TO_JSON, copies, path);
  }
  if (!isObject(value)) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function" && (hasOwn.call(value, "toJSON") || (toJSON !== getOwn(Object.prototype as Dictionary, "toJSON") && toJSON !== getOwn(Array.prototype as unknown as Dictionary, "toJSON")))) {
    const result = afterToJSON(toJSON.call(value, key), key, NO_TO_JSON, copies, path);
    copies.set(value, result);
    return result;
  }
  if (top && !Array.isArray(value) && !isPlainInAnyRealm(value)) {
    // fetch would send "[object Object]", JSON.stringify a Map as "{}": refuse both.
    throw invalid(`cannot send ${kindOf(value)} as a body; pass JSON data (an object, a list), a string, bytes, a Blob, FormData, URLSearchParams or a stream`);
  }
  return afterToJSON(value, key, toJSON, copies, path);
}

/** Marks that a value's toJSON was not read (a toJSON result, or a bigint's); no caller value can be this object. */
const NO_TO_JSON: object = {};

/**
 * jsonData() for a value whose toJSON, if any, has been called already (JSON.stringify calls one toJSON per value).
 * `readToJSON` is what its `toJSON` answered when read: an own non-function `toJSON` key is written with that answer.
 */
function afterToJSON(value: unknown, key: string, readToJSON: unknown, copies: Map<object, unknown>, path: Set<object>): unknown {
  if (typeof value === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
  // A function is left out of an object and written as null in a list, as JSON.stringify does; nothing of it is read.
  if (typeof value === "function") return undefined;
  if (typeof value !== "object" || value === null) return value;
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainInAnyRealm(value)) {
    const tag = objectTag.call(value);
    const unbox = BOXED[tag.slice(8, -1)];
    // A boxed primitive is written as the primitive, read by the built-in valueOf (never the value's own).
    if (unbox !== undefined) return afterToJSON(unbox.call(value), key, NO_TO_JSON, copies, path);
    // A class instance is written by its own enumerable keys; a Map, Set, RegExp, Blob or typed array would be "{}"
    // or its indexes, with the data JSON cannot see lost.
    if (tag !== "[object Object]") {
      throw invalid(`cannot send ${kindOf(value)} inside a JSON body (at ${quote(key)}): JSON would write it as {} or by index; convert it first (Object.fromEntries(map), [...set])`);
    }
  }
  if (path.has(value)) throw new TypeError("Converting circular structure to JSON");
  path.add(value);
  let copy: unknown[] | Dictionary;
  if (isArray) {
    copy = ownItems(value as unknown[], "a list in the body");
    for (let i = 0; i < copy.length; i++) copy[i] = jsonData(copy[i], String(i), false, copies, path);
    Object.setPrototypeOf(copy, null);
  } else {
    copy = Object.create(null) as Dictionary;
    for (const name of Object.keys(value)) {
      // An own toJSON key that is not a function was read already: written with that answer, not read again.
      const item = name === "toJSON" && readToJSON !== NO_TO_JSON ? readToJSON : (value as Dictionary)[name];
      copy[name] = jsonData(item, name, false, copies, path);
    }
  }
  path.delete(value);
  copies.set(value, copy);
  return copy;
}

/** The built-in valueOf of each boxed primitive's kind, by its tag: JSON writes the object as that primitive. */
const BOXED = {
  __proto__: null,
  Number: Number.prototype.valueOf,
  String: String.prototype.valueOf,
  Boolean: Boolean.prototype.valueOf,
  BigInt: BigInt.prototype.valueOf,
} as unknown as Record<string, ((this: unknown) => unknown) | undefined>;

/** `request.signal`, checked enough to catch the classic slip of passing the AbortController. */
function requestSignal(request: unknown): unknown {
  if (request === undefined || request === null) return undefined;
  if (!isObject(request)) throw invalid(`request must be an object, got ${kindOf(request)}`);
  const signal = getOwn(request as Dictionary, "signal");
  if (signal === undefined || signal === null) return undefined;
  if (!isObject(signal) || typeof (signal as { aborted?: unknown }).aborted !== "boolean" || typeof (signal as { addEventListener?: unknown }).addEventListener !== "function") {
    throw invalid(`request.signal must be an AbortSignal (controller.signal, not the controller), got ${kindOf(signal)}`);
  }
  return signal;
}

function isObject(value: unknown): value is object {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

/** What a value is, for messages: cut and escaped, and read without calling or reading anything of the value. */
function kindOf(value: unknown): string {
  return typeof value === "string" ? `the string ${quote(value)}` : describeValue(value);
}

function invalid(problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", problem);
}
