// The query string for GET, HEAD and every other method that carries no body.
import { EndpointError, quote } from "./errors.js";
import { isPlainObject, ownItems } from "./objects.js";
import { describeValue, scalarText } from "./values.js";
import { LONE_SURROGATE, encodeComponent as encodeText } from "./uri-template/encode.js";

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
  // (indexOf's -1 as an unsigned number is past any end.)
  const hash = url.indexOf("#") >>> 0;
  const beforeHash = url.slice(0, hash);
  const last = beforeHash.at(-1);
  return beforeHash + (!beforeHash.includes("?") ? "?" : last === "?" || last === "&" ? "" : "&") + query + url.slice(hash);
}

/** One `name=value` pair, encoded with encodeURIComponent; in `q` a "+" stays a "+" (GitHub search syntax). */
export function queryPair(name: string, value: unknown): string {
  try {
    // Strings and numbers, nearly every value, skip the general conversion. A number below 1e21 in magnitude needs no
    // escape at all (its text holds only digits, ".", "-", "e" and the letters of NaN or Infinity); larger ones have a
    // "+" in their exponent and take the general path.
    if (typeof value === "string") return `${encodeText(name, false)}=${encodeText(value, name === "q")}`;
    if (typeof value === "number" && value < 1e21 && value > -1e21) return `${encodeText(name, false)}=${value}`;
    return `${encodeText(name, false)}=${encodeText(queryText(name, value), name === "q")}`;
  } catch (error) {
    // Only a lone surrogate is the caller's; a RangeError (a text past the engine's maximum length) is a size limit.
    if (error !== LONE_SURROGATE) throw error;
    throw new EndpointError("ERR_INVALID_PARAMETER", `the query parameter ${quote(name)} is not well-formed Unicode (a lone surrogate)`);
  }
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
