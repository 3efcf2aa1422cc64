// The query string for GET, HEAD and every other method that carries no body.
import { EndpointError, quote } from "./errors.js";
import { isPlainObject, ownItems } from "./objects.js";
import { describeValue, scalarText } from "./uri-template/index.js";

/**
 * V8's longest string (2^29 - 24 characters), the shortest of the engines': a list's text is measured against it as it
 * grows, so a list of 2^20 long items ends in ERR_TOO_LARGE rather than in a gigabyte of item texts.
 */
export const MAX_TEXT_LENGTH = 2 ** 29 - 24;

/**
 * Appends `name=value` pairs to a URL: before any fragment, after "?" or "&" as the URL already needs. When the caller
 * knows the URL holds neither "?" nor "#" (`mayHoldQueryOrFragment` false), the URL is not searched for them.
 */
export function appendQuery(url: string, query: string, mayHoldQueryOrFragment = true): string {
  if (query === "") return url;
  if (!mayHoldQueryOrFragment) return `${url}?${query}`;
  const hash = url.indexOf("#");
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  const last = beforeHash.charCodeAt(beforeHash.length - 1);
  let separator = "?";
  if (beforeHash.includes("?")) separator = last === 0x3f /* ? */ || last === 0x26 /* & */ ? "" : "&";
  return beforeHash + separator + query + fragment;
}

/** One `name=value` pair, encoded with encodeURIComponent; in `q` a "+" stays a "+" (GitHub search syntax). */
export function queryPair(name: string, value: unknown): string {
  // Strings and numbers, nearly every value, skip the general conversion. A number below 1e21 in magnitude needs no
  // escape at all (its text holds only digits, ".", "-", "e" and the letters of NaN or Infinity); larger ones have a
  // "+" in their exponent and take the general path.
  if (typeof value === "string") return `${encodeComponent(name)}=${encodeComponent(value, name === "q")}`;
  if (typeof value === "number" && value < 1e21 && value > -1e21) return `${encodeComponent(name)}=${value}`;
  const text = queryText(name, value);
  return `${encodeComponent(name)}=${encodeComponent(text, name === "q")}`;
}

function queryText(name: string, value: unknown): string {
  const text = scalarText(value);
  if (text !== undefined) return text;
  if (Array.isArray(value)) {
    const items = ownItems(value, "the query parameter", name);
    // Joined once, not grown item by item: that would keep a rope node per item until the URL is flattened. The text
    // is measured as the items are written, so a list of long items stops at the engine's longest string, not after a
    // gigabyte of item texts.
    const texts: string[] = [];
    let length = 0;
    // An item equal to the one before keeps its text: a list repeating one long bigint is converted once, not once
    // per item (10 µs and a new string each), and reaches the limit in milliseconds.
    let previous: unknown;
    let itemText: string | undefined = "";
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      if (i === 0 || item !== previous) itemText = item === undefined || item === null ? "" : scalarText(item);
      previous = item;
      if (itemText === undefined) throw invalid(name, `a list holding ${describeValue(item)}`);
      length += itemText.length + 1;
      if (length > MAX_TEXT_LENGTH) {
        throw new EndpointError("ERR_TOO_LARGE", `the query parameter ${quote(name)} is a list whose text passes the engine's longest string (${MAX_TEXT_LENGTH} characters)`);
      }
      texts.push(itemText);
    }
    return texts.join(",");
  }
  if (isPlainObject(value)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `the query parameter ${quote(name)} is an object; to send its keys as query parameters, write ${quote(`{?${name}*}`)} in the URL template`,
    );
  }
  throw invalid(name, describeValue(value));
}

function invalid(name: string, what: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `the query parameter ${quote(name)} is ${what}, which cannot be written into a URL`);
}

const SAFE = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()") SAFE[c.charCodeAt(0)] = 1;
/** "%XX" for each ASCII character, the escape encodeURIComponent writes for it. */
const ASCII_ESCAPES = Array.from({ length: 128 }, (_, code) => `%${code.toString(16).toUpperCase().padStart(2, "0")}`);

/**
 * encodeURIComponent, skipped for text that needs no escape. In `q`, `keepPlus` leaves "+" as it is (GitHub search
 * reads it as a separator): that case is written out in JS, which costs less than the built-in followed by a pass
 * that turns "%2B" back. Elsewhere the built-in wins: one native call returning one flat string. A lone surrogate is
 * an EndpointError.
 */
export function encodeComponent(text: string, keepPlus = false): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && SAFE[code] === 1) continue;
    if (keepPlus) return encodeKeepingPlus(text, i);
    return encodeWithBuiltIn(text, 0, text.length);
  }
  return text;
}

/** encodeURIComponent of `text` but for "+", from `start`, the first character that may need an escape. */
function encodeKeepingPlus(text: string, start: number): string {
  let result = "";
  let copied = 0;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (SAFE[code] === 1 || code === 0x2b /* + */) continue;
      result += text.slice(copied, i) + ASCII_ESCAPES[code];
      copied = i + 1;
      continue;
    }
    let end = i + 1;
    while (end < text.length && text.charCodeAt(end) >= 128) end++;
    result += text.slice(copied, i) + encodeWithBuiltIn(text, i, end);
    copied = end;
    i = end - 1;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/** encodeURIComponent of part of `text`; a lone surrogate is an EndpointError. */
function encodeWithBuiltIn(text: string, start: number, end: number): string {
  try {
    return encodeURIComponent(text.slice(start, end));
  } catch (error) {
    // Only a URIError means a lone surrogate; a RangeError (a text past the engine's maximum length) is a size limit.
    if (!(error instanceof URIError)) throw error;
    throw new EndpointError("ERR_INVALID_PARAMETER", `the query text ${quote(text)} is not well-formed Unicode (lone surrogate)`);
  }
}
