// OpenAPI 3 parameter styles that RFC 6570 has no operator for, or writes differently: query and cookie `form`,
// `spaceDelimited`, `pipeDelimited` and `deepObject`, and parameters described by `content`. (Path styles are RFC 6570
// operators: described.ts writes them into the route's template.)
import { EndpointError, quote } from "../errors.js";
import { checkDepth, isPlainObject, ownItems } from "../objects.js";
import { scalarText } from "../values.js";
import { encodeReserved, encodeUnreserved } from "../uri-template/encode.js";

/** How one value is written, as the route table says, OpenAPI's defaults filled in (described.ts). */
export interface Style {
  readonly name: string;
  readonly style: string;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** Described by `content` (or a form `encoding` contentType) of a JSON media type: sent as its JSON text. */
  readonly json: boolean;
}

/**
 * Adds the `name=value` pairs of one query, cookie or form-urlencoded value to `pairs`, percent-encoded: all but RFC
 * 3986 unreserved characters, reserved ones kept with allowReserved (but "#&+", which would end or split the query or
 * read as a space). A list or map with no values adds none, as an undefined value does.
 */
export function styledPairs(pairs: string[], style: Style, value: unknown, raw?: (text: string) => string): void {
  const encode = raw ?? (style.allowReserved ? keepReserved : encodeText);
  // allowReserved applies to values: names are always encoded.
  const encodeName = raw ?? encodeText;
  const name = encodeName(style.name);
  if (style.json) return void pairs.push(`${name}=${encode(jsonText(style.name, value))}`);
  if (style.style === "deepObject") return bracketPairs(pairs, name, value, encode, 0);
  // A map is a list of keys and values: exploded, each key is a name of its own (OpenAPI's style tables). Its values
  // are read once each, here, and a map's null or undefined values are left out.
  let keys: string[] | undefined;
  let items: unknown[];
  if (isPlainObject(value)) {
    keys = [];
    items = [];
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item == null) continue;
      keys.push(key);
      items.push(item);
    }
  } else if (Array.isArray(value)) {
    items = ownItems(value, "the parameter", style.name);
  } else {
    return void pairs.push(`${name}=${encode(text(style.name, value))}`);
  }
  const texts = items.map((item) => encode(text(style.name, item)));
  if (style.explode) {
    for (let i = 0; i < texts.length; i++) pairs.push(`${keys === undefined ? name : encodeName(keys[i]!)}=${texts[i]}`);
  } else if (texts.length > 0) {
    // tabDelimited is Swagger 2.0's `collectionFormat: tsv`, which OpenAPI 3 has no style for.
    const delimiter = style.style === "spaceDelimited" ? "%20" : style.style === "pipeDelimited" ? "%7C" : style.style === "tabDelimited" ? "%09" : ",";
    pairs.push(`${name}=${texts.map((item, i) => (keys === undefined ? item : `${encode(keys[i]!)}${delimiter}${item}`)).join(delimiter)}`);
  }
}

/** Swagger 2.0's collectionFormat ssv, pipes and tsv on a header: a list's items joined by a space, "|" or a tab. */
const HEADER_DELIMITERS: { readonly [style: string]: string } = { spaceDelimited: " ", pipeDelimited: "|", tabDelimited: "\t" };

/**
 * A header parameter's text, `simple` style: a list `a,b`, a map `k,v,k2,v2` (exploded `k=v,k2=v2`), not encoded; in
 * a delimited style (Swagger 2.0's ssv, pipes, tsv), a list's items joined by its delimiter.
 */
export function headerText(style: Style, value: unknown): string {
  if (style.json) return jsonText(style.name, value);
  const delimiter = Object.prototype.hasOwnProperty.call(HEADER_DELIMITERS, style.style) ? HEADER_DELIMITERS[style.style] : undefined;
  const pairs: string[] = [];
  // The query's form style without encoding and without the name: the same lists, joined with "," (a delimited
  // list: its items one by one, joined with the delimiter).
  const explode = delimiter === undefined ? style.explode && !Array.isArray(value) : Array.isArray(value);
  styledPairs(pairs, { ...style, name: "", style: "form", allowReserved: true, explode }, value, String);
  return pairs.map((pair) => (pair.startsWith("=") ? pair.slice(1) : pair)).join(delimiter ?? ",");
}

/**
 * `name[key]=value` for each leaf of a map or list. OpenAPI defines deepObject for one level of scalars only; deeper
 * maps and lists take the widespread bracket form (`a[b][c]=v`, `a[0]=v`, as Stripe's API reads them).
 */
function bracketPairs(pairs: string[], name: string, value: unknown, encode: (text: string) => string, depth: number): void {
  checkDepth(depth);
  if (Array.isArray(value)) {
    const items = ownItems(value, "the parameter", name);
    for (let i = 0; i < items.length; i++) bracketPairs(pairs, `${name}%5B${i}%5D`, items[i], encode, depth + 1);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) bracketPairs(pairs, `${name}%5B${encodeText(key)}%5D`, value[key], encode, depth + 1);
  } else if (value != null) {
    pairs.push(`${name}=${encode(text(name, value))}`);
  }
}

/**
 * A value described by a JSON media type as JSON text, written here rather than by JSON.stringify: no toJSON or other
 * method of the caller's is called, each property is read once as an own one, nesting is bounded (a cycle too), and a
 * value JSON cannot hold (a function, a symbol, a bigint, NaN) is an EndpointError, never dropped or sent as "undefined".
 */
export function jsonText(name: string, value: unknown, depth = 0): string {
  checkDepth(depth);
  if (Array.isArray(value)) {
    // A hole or undefined item is null, as in JSON.
    return `[${ownItems(value, "the parameter", name).map((item) => (item === undefined ? "null" : jsonText(name, item, depth + 1))).join(",")}]`;
  }
  if (isPlainObject(value)) {
    const members: string[] = [];
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item !== undefined) members.push(`${JSON.stringify(key)}:${jsonText(name, item, depth + 1)}`);
    }
    return `{${members.join(",")}}`;
  }
  if (value === null || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return String(value);
  const found = typeof value === "string" || typeof value === "object" ? scalarText(value, name) : undefined;
  if (found === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", `the parameter ${quote(name)} holds a value JSON cannot write (a function, symbol, bigint, non-finite number or a non-plain object)`);
  return JSON.stringify(found);
}

/** The text of a scalar (a Date in ISO 8601); null in a list or map is the empty string. */
function text(name: string, value: unknown): string {
  const found = value == null ? "" : scalarText(value, name);
  if (found === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", `the parameter ${quote(name)} holds a value its style cannot write`);
  return found;
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
  encodeText(text);
  return encodeReserved(text).replace(/[#&+]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}
