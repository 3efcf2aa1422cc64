// OpenAPI 3 parameter styles RFC 6570 has no operator for, or that differ from it: query and cookie `form`,
// `spaceDelimited`, `pipeDelimited`, `deepObject`, header `simple`, and parameters described by `content`. (Path
// styles are RFC 6570 operators: described.ts writes them into the route's template.)
import { EndpointError, quote } from "./errors.js";
import { checkDepth, isPlainObject, ownItems } from "./objects.js";
import { describeValue, scalarText } from "./uri-template/index.js";
import { encodeReserved, encodeUnreserved } from "./uri-template/encode.js";

/** How one value is written, as the route table says (defaults left out there are filled in by described.ts). */
export interface Style {
  readonly name: string;
  readonly style: string;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** Described by `content` (or a form `encoding` contentType) of a JSON media type: sent as its JSON text. */
  readonly json: boolean;
}

/**
 * The `name=value` pairs of one query, cookie or form-urlencoded value, encoded (RFC 3986 unreserved characters
 * kept, and reserved ones too with allowReserved, but for "#&+" which would change what the query says). Pairs go
 * into `pairs`; an empty list or map adds none, as an undefined value.
 */
export function styledPairs(pairs: string[], style: Style, value: unknown): void {
  const encode = style.allowReserved ? keepReserved : encodeText;
  const name = encodeText(style.name);
  if (style.json) {
    pairs.push(`${name}=${encode(jsonText(style.name, value))}`);
    return;
  }
  // deepObject writes the keys of a map or list; a scalar (Stripe's encodings give deepObject to properties that are
  // "an object or a string" or "an id or ''") is one plain pair, as form writes it.
  if (style.style === "deepObject" && (isPlainObject(value) || Array.isArray(value))) {
    bracketPairs(pairs, name, value, encode, 0);
    return;
  }
  const delimiter = style.style === "spaceDelimited" ? "%20" : style.style === "pipeDelimited" ? "%7C" : ",";
  if (Array.isArray(value)) {
    const items = ownItems(value, "the parameter", style.name);
    if (style.explode) {
      for (const item of items) pairs.push(`${name}=${encode(itemText(style.name, item))}`);
    } else if (items.length > 0) {
      pairs.push(`${name}=${items.map((item) => encode(itemText(style.name, item))).join(delimiter)}`);
    }
    return;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined && value[key] !== null);
    if (style.explode) {
      for (const key of keys) pairs.push(`${encodeText(key)}=${encode(itemText(style.name, value[key]))}`);
    } else if (keys.length > 0) {
      pairs.push(`${name}=${keys.map((key) => `${encode(key)}${delimiter}${encode(itemText(style.name, value[key]))}`).join(delimiter)}`);
    }
    return;
  }
  pairs.push(`${name}=${encode(itemText(style.name, value))}`);
}

/**
 * `name[key]=value` for each leaf of a map or list: OpenAPI defines deepObject for one level of scalars only; deeper
 * maps and lists take the widespread bracket form (`a[b][c]=v`, `a[0]=v`, as Stripe's API reads them).
 */
function bracketPairs(pairs: string[], name: string, value: unknown, encode: (text: string) => string, depth: number): void {
  checkDepth(depth);
  if (Array.isArray(value)) {
    const items = ownItems(value, "the parameter", name);
    for (let i = 0; i < items.length; i++) bracketPairs(pairs, `${name}%5B${i}%5D`, items[i], encode, depth + 1);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) bracketPairs(pairs, `${name}%5B${encodeText(key)}%5D`, value[key], encode, depth + 1);
  } else if (value !== undefined && value !== null) {
    pairs.push(`${name}=${encode(itemText(name, value))}`);
  }
}

/** A header parameter's value, `simple` style: lists and maps joined with ",", not percent-encoded. */
export function headerText(style: Style, value: unknown): string {
  if (style.json) return jsonText(style.name, value);
  if (Array.isArray(value)) return ownItems(value, "the header", style.name).map((item) => itemText(style.name, item)).join(",");
  if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined && value[key] !== null);
    return keys.map((key) => `${key}${style.explode ? "=" : ","}${itemText(style.name, value[key])}`).join(",");
  }
  return itemText(style.name, value);
}

/** The text of a scalar (a Date as ISO 8601); a list item or map value that is null is the empty string. */
function itemText(name: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = scalarText(value, name);
  if (text === undefined) throw notWritable(name, value, "a style writes only scalars, lists of scalars and maps of scalars");
  return text;
}

function jsonText(name: string, value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (typeof text === "string") return text;
  } catch {
    // A cycle or a bigint: reported below, as every value that has no JSON text.
  }
  throw notWritable(name, value, "it has no JSON text");
}

function notWritable(name: string, value: unknown, why: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `the parameter ${quote(name)} is ${describeValue(value)}, which cannot be sent: ${why}`);
}

/** Percent-encodes all but RFC 3986 unreserved characters; a lone surrogate is an EndpointError. */
export function encodeText(text: string): string {
  try {
    return encodeUnreserved(text);
  } catch {
    throw new EndpointError("ERR_INVALID_PARAMETER", `the text ${quote(text)} is not well-formed Unicode (lone surrogate)`);
  }
}

/** allowReserved: reserved characters kept, but "#", "&" and "+", which would end the query, split it or read as a space. */
function keepReserved(text: string): string {
  let encoded: string;
  try {
    encoded = encodeReserved(text);
  } catch {
    return encodeText(text);
  }
  return encoded.replace(/[#&+]/g, (character) => (character === "#" ? "%23" : character === "&" ? "%26" : "%2B"));
}
