// OpenAPI 3 parameter styles that RFC 6570 has no operator for, or writes differently: query and cookie `form`,
// `spaceDelimited`, `pipeDelimited` and `deepObject`, and parameters described by `content`. (Path styles are RFC 6570
// operators: described.ts writes them into the route's template.)
import { EndpointError, quote } from "../errors.js";
import { checkDepth, isPlainObject, ownItems, setOwn, type Dictionary } from "../objects.js";
import { MAX_TEXT_LENGTH } from "../query.js";
import { MAX_LIST_LENGTH, hasOwn, scalarText } from "../values.js";
import { isToken } from "../token.js";
import { encodeReserved, encodeUnreserved } from "../uri-template/encode.js";

/** How one value is written, as the route table says, OpenAPI's defaults filled in (described.ts). */
export interface Style {
  readonly name: string;
  readonly style: string;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** Described by `content` (or a form `encoding` contentType) of a JSON media type: sent as its JSON text. */
  readonly json: boolean;
  /** A parameter's place, where it has one: a cookie takes no bracket form. */
  readonly in?: string;
}

/** A form or multipart property's style, with the media type its Encoding Object names. */
export interface EncodingStyle extends Style {
  readonly contentType?: string | undefined;
}

/**
 * True for an empty list or map, which is no value in any place, as undefined (DECISIONS "Described routes", RFC 6570).
 * Read by its own keys and length only.
 */
export function isEmptyValue(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : isPlainObject(value) && Object.keys(value).length === 0;
}

/**
 * The pieces of one text a call writes (its query, its cookie header, a form body, a header value), measured as they
 * are added, as a plain route's query is (src/query.ts): a list of 2^20 long items ends in ERR_TOO_LARGE at the
 * engine's longest string, not after a gigabyte of item texts. One per text, so every value in it shares the bound.
 * A text holds at most 2^20 pieces too: a piece costs far more memory than its characters, and many keys of a form
 * body can hold one list or one shared object, each written in full.
 */
export class Pieces {
  readonly list: string[] = [];
  private length = 0;
  private count = 0;
  /** `separator`: how many characters the text puts between two pieces ("&": 1, "; ": 2). */
  constructor(
    private readonly what: string,
    private readonly separator = 1,
  ) {}

  /** Throws ERR_TOO_LARGE, naming the parameter `name`, when `characters` more would pass the engine's longest string. */
  check(characters: number, name: string): void {
    if (this.length + characters > MAX_TEXT_LENGTH) {
      throw new EndpointError("ERR_TOO_LARGE", `the parameter ${quote(name)} makes ${this.what} longer than the engine's longest string (${MAX_TEXT_LENGTH} characters)`);
    }
  }

  /** Counts `count` pieces of `characters` characters in all, after checking that they fit. */
  grow(characters: number, count: number, name: string): void {
    const more = characters + count * this.separator;
    this.check(more, name);
    if ((this.count += count) > MAX_LIST_LENGTH) {
      throw new EndpointError("ERR_TOO_LARGE", `the parameter ${quote(name)} makes ${this.what} hold more than ${MAX_LIST_LENGTH} pairs`);
    }
    this.length += more;
  }

  add(piece: string, name: string): void {
    this.grow(piece.length, 1, name);
    this.list.push(piece);
  }
}

/**
 * Adds the `name=value` pairs of one query, cookie or form-urlencoded value to `pairs`, percent-encoded: all but RFC
 * 3986 unreserved characters, reserved ones kept with allowReserved (but "#&+", which would end or split the query or
 * read as a space). A list or map with no values adds none, as an undefined value does. `seen` is what the call has
 * read of its values' objects.
 */
export function styledPairs(pairs: Pieces, style: Style, value: unknown, seen: Seen, writers: StyleWriters): void {
  if (style.style === "cookie") return writers.cookieStyle!(pairs, style, value, seen);
  const encode = style.allowReserved ? keepReserved : encodeText;
  // allowReserved applies to values: names are always encoded.
  const name = encodeText(style.name);
  if (style.json) return pairs.add(`${name}=${encode(jsonText(style.name, value, seen))}`, style.name);
  if (style.style === "deepObject") return writers.deepObject!(pairs, style.name, name, value, encode, seen);
  listPairs(pairs, style, value, encode, encodeText, name, seen);
}

/** The writers of the styles a table may leave out (a module `endpointkit openapi` writes names those it uses). */
export interface StyleWriters {
  readonly cookieStyle?: typeof cookiePairs;
  readonly deepObject?: typeof bracketPairs;
}

/**
 * OpenAPI 3.2's `style: cookie` (Style Values): form's pairs, which the cookie header joins with "; ", and no
 * percent-encoding: a value is sent as given, escaped already by the caller as the API expects. So that no value can
 * add a cookie or split the header, a name must be a token and a value hold no white space, ";", control or non-ASCII
 * character: those need the escaping this style leaves to the caller.
 */
export function cookiePairs(pairs: Pieces, style: Style, value: unknown, seen: Seen): void {
  const checkValue = (text: string): string => {
    if (/[^\x21-\x7e]|;/.test(text)) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `the cookie parameter ${quote(style.name)} holds white space, ";", a control or a non-ASCII character, which style: cookie sends unescaped: give the value escaped as the API expects`,
      );
    }
    return text;
  };
  const checkName = (name: string): string => {
    if (!isToken(name)) throw new EndpointError("ERR_INVALID_PARAMETER", `the cookie parameter ${quote(style.name)} names a cookie ${quote(name)}, which is no cookie name (an RFC 9110 token)`);
    return name;
  };
  const name = checkName(style.name);
  if (style.json) return pairs.add(`${name}=${checkValue(jsonText(style.name, value, seen))}`, style.name);
  listPairs(pairs, style, value, checkValue, checkName, name);
}

/** A header parameter's text, `simple` style: a list `a,b`, a map `k,v,k2,v2` (exploded `k=v,k2=v2`), not encoded. */
export function headerText(style: Style, value: unknown, seen: Seen): string {
  if (style.json) return jsonText(style.name, value, seen);
  const delimiter = hasOwn.call(HEADER_DELIMITERS, style.style) ? HEADER_DELIMITERS[style.style] : undefined;
  const pieces = new Pieces("its header");
  // The query's form style without encoding and without the name: the same lists, joined with "," (in a delimited
  // style, Swagger 2.0's ssv, pipes or tsv, a list's items one by one, joined with the delimiter).
  const explode = delimiter === undefined ? style.explode && !Array.isArray(value) : Array.isArray(value);
  listPairs(pieces, { ...style, style: "form", explode }, value, String, String, undefined);
  return pieces.list.join(delimiter ?? ",");
}

/** Swagger 2.0's collectionFormat ssv, pipes and tsv on a header: a list's items joined by a space, "|" or a tab. */
const HEADER_DELIMITERS: { readonly [style: string]: string } = { __proto__: null, spaceDelimited: " ", pipeDelimited: "|", tabDelimited: "\t" } as never;

/**
 * The pairs of a form, spaceDelimited or pipeDelimited value (`name` undefined: a header's text, which names none). A
 * map is a list of keys and values: exploded, each key is a name of its own (OpenAPI's style tables). Its values are
 * read once each, here, and a map's null or undefined values are left out. An item equal to the one before keeps its
 * text, so a list repeating one long bigint is converted once and reaches the bound in milliseconds.
 */
function listPairs(pairs: Pieces, style: Style, value: unknown, encode: Encode, encodeName: Encode, name: string | undefined, seen?: Seen): void {
  let keys: string[] | undefined;
  let items: unknown[];
  // Read through the call's Seen where it has one, as the bracket form below reads what this holds: a map that holds
  // itself, or one another parameter holds too, is read once (a getter answers once), and a cycle through it is one.
  const read = seen !== undefined && isWalked(value) ? seen.entries(style.name, value) : undefined;
  if (isPlainObject(value)) {
    keys = [];
    items = [];
    const names = read?.keys ?? Object.keys(value);
    for (let i = 0; i < names.length; i++) {
      const key = names[i]!;
      const item = read === undefined ? value[key] : read.values[i];
      if (item == null) continue;
      keys.push(key);
      items.push(item);
    }
  } else if (Array.isArray(value)) {
    items = read === undefined ? ownItems(value, "the parameter", style.name) : [...read.values];
  } else {
    const written = encode(text(style.name, value));
    return pairs.add(name === undefined ? written : `${name}=${written}`, style.name);
  }
  // OpenAPI's form style writes lists and maps of scalars; one holding a list or map is a case it leaves undefined,
  // and takes the bracket form under the parameter's name (DECISIONS "Described routes"), as deepObject's deeper
  // values do: `Tags[0][Key]=a` (AWS' query APIs), `Rule[Action][Kind]=k`. Exploded or not: an exploded map's keys
  // as names of their own would collide with the operation's other parameters (AWS' `SourceConfiguration` holds an
  // `ApplicationName` beside the `ApplicationName` parameter). The items read above are used.
  // A cookie has no such form (DECISIONS: nested values in a header, a cookie or a delimited style are refused).
  if (seen !== undefined && style.style === "form" && name !== undefined && style.in !== "cookie" && items.some(isWalked)) {
    let whole: unknown[] | Dictionary = items;
    if (keys !== undefined) {
      whole = {};
      for (let i = 0; i < keys.length; i++) setOwn(whole, keys[i]!, items[i]);
    }
    bracketPairs(pairs, style.name, name, whole, encode, seen);
    if (read !== undefined) seen.done(value as object);
    return;
  }
  // tabDelimited is Swagger 2.0's `collectionFormat: tsv`, which OpenAPI 3 has no style for.
  const delimiter = style.style === "spaceDelimited" ? "%20" : style.style === "pipeDelimited" ? "%7C" : style.style === "tabDelimited" ? "%09" : ",";
  // Not exploded, one piece holds every item: measured as it grows, before it is joined.
  const texts: string[] = [];
  let length = 0;
  let written = "";
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (i === 0 || item !== items[i - 1]) written = encode(text(style.name, item));
    if (style.explode) {
      const key = keys === undefined ? name : encodeName(keys[i]!);
      pairs.add(key === undefined ? written : `${key}=${written}`, style.name);
    } else {
      const piece = keys === undefined ? written : `${encode(keys[i]!)}${delimiter}${written}`;
      pairs.check((length += piece.length + delimiter.length), style.name);
      texts.push(piece);
    }
  }
  if (texts.length > 0) pairs.add(`${name === undefined ? "" : `${name}=`}${texts.join(delimiter)}`, style.name);
  if (read !== undefined) seen!.done(value as object);
}

export type Encode = (text: string) => string;

/** The pairs beneath a map or list in the bracket form, worked out once per object and encoder (Seen.brackets). */
interface Brackets {
  /** `%5Bkey%5D` (`[key]`) of each key or index with a pair beneath it. */
  readonly keys: string[];
  /** For each key, its value's encoded text, or the brackets beneath it. */
  readonly children: (string | Brackets)[];
  /** How many pairs it makes. */
  count: number;
  /** Their characters but the name in front: each one's keys, "=" and value. */
  size: number;
}

/**
 * `name[key]=value` for each leaf of a map or list. OpenAPI defines deepObject for one level of scalars only; deeper
 * maps and lists take the widespread bracket form (`a[b][c]=v`, `a[0]=v`, as Stripe's API reads them). The pairs are
 * counted before any is written, so a value that would make more than 2^20 of them, or a text past the engine's
 * longest string, is ERR_TOO_LARGE at once, however many paths reach its objects.
 */
export function bracketPairs(pairs: Pieces, parameter: string, name: string, value: unknown, encode: Encode, seen: Seen): void {
  if (!isWalked(value)) {
    if (value != null) pairs.add(`${name}=${encode(text(parameter, value))}`, parameter);
    return;
  }
  const brackets = seen.brackets(parameter, value, encode, 0);
  pairs.grow(brackets.count * name.length + brackets.size, brackets.count, parameter);
  writeBrackets(pairs.list, name, brackets);
}

/** Writes the pairs of `brackets` after `name`: each of them is counted, and so each step writes at least one. */
function writeBrackets(list: string[], name: string, brackets: Brackets): void {
  for (let i = 0; i < brackets.keys.length; i++) {
    const child = brackets.children[i]!;
    const key = name + brackets.keys[i]!;
    if (typeof child === "string") list.push(`${key}=${child}`);
    else writeBrackets(list, key, child);
  }
}

/**
 * A value described by a JSON media type as JSON text, written here rather than by JSON.stringify: no toJSON or other
 * method of the caller's is called, each property is read once as an own one, nesting is bounded (a cycle too), and a
 * value JSON cannot hold (a function, a symbol, a bigint, NaN) is an EndpointError, never dropped or sent as "undefined".
 * An object reached along many paths is written once (Seen.json), and the text is measured as it grows.
 */
export function jsonText(name: string, value: unknown, seen: Seen, depth = 0): string {
  if (isWalked(value)) return seen.json(name, value, depth);
  checkDepth(depth);
  if (value === null || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return String(value);
  const found = typeof value === "string" || typeof value === "object" ? scalarText(value, name) : undefined;
  if (found === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", `the parameter ${quote(name)} holds a value JSON cannot write (a function, symbol, bigint, non-finite number or a non-plain object)`);
  return JSON.stringify(found);
}

/** True for what the walks below go into: lists and plain objects (a Date, or any other object, is a scalar or refused). */
function isWalked(value: unknown): value is object {
  return Array.isArray(value) || isPlainObject(value);
}

/** A plain object or list as a call read it. */
interface Read {
  /** Its keys; undefined for a list. */
  readonly keys: readonly string[] | undefined;
  readonly values: readonly unknown[];
  /** How deep its values nest (0: it holds none, 1: scalars only); -1 while it is being walked. */
  height: number;
  json?: string;
  brackets?: Map<Encode, Brackets>;
}

/**
 * What one call has read of the objects in its values (SECURITY.md: an object reached along many paths is handled
 * once). Each plain object and list is read once, its keys and values, and each text written of it (its JSON, its
 * bracket pairs) is kept: a chain of 40 objects each pointing twice at the next has 2^40 paths, and takes 40 steps.
 * The 64-level bound holds on every path (a kept object reached deeper counts its height), and a cycle is an object
 * met again while it is being walked.
 */
export class Seen {
  private objects: Map<object, Read> | undefined;

  /** The JSON text of a plain object or list at `depth`. */
  json(name: string, value: object, depth: number): string {
    const read = this.read(name, value, depth);
    if (read.json !== undefined) return read.json;
    const list = read.keys === undefined;
    let json = "";
    let length = 2;
    let height = 0;
    let written = "";
    for (let i = 0; i < read.values.length; i++) {
      const item = read.values[i];
      // A hole or undefined item is null, as in JSON; an undefined property is left out.
      if (item === undefined && !list) {
        height = Math.max(height, 1);
        continue;
      }
      if (i === 0 || item !== read.values[i - 1]) written = item === undefined ? "null" : jsonText(name, item, this, depth + 1);
      height = Math.max(height, 1 + this.height(item));
      const member = list ? written : `${JSON.stringify(read.keys![i])}:${written}`;
      if ((length += member.length + 1) > MAX_TEXT_LENGTH) {
        throw new EndpointError("ERR_TOO_LARGE", `the parameter ${quote(name)} holds a value whose JSON text passes the engine's longest string (${MAX_TEXT_LENGTH} characters)`);
      }
      // Grown rather than joined: a kept text is shared by the texts that hold it, never copied into each.
      json = json === "" ? member : `${json},${member}`;
    }
    read.height = height;
    return (read.json = list ? `[${json}]` : `{${json}}`);
  }

  /** The bracket pairs of a plain object or list at `depth`, values written with `encode`. */
  brackets(name: string, value: object, encode: Encode, depth: number): Brackets {
    const read = this.read(name, value, depth);
    const kept = read.brackets?.get(encode);
    if (kept !== undefined) return kept;
    const brackets: Brackets = { keys: [], children: [], count: 0, size: 0 };
    let height = 0;
    let written = "";
    for (let i = 0; i < read.values.length; i++) {
      const item = read.values[i];
      const key = `%5B${read.keys === undefined ? i : encodeText(read.keys[i]!)}%5D`;
      if (isWalked(item)) {
        const child = this.brackets(name, item, encode, depth + 1);
        height = Math.max(height, 1 + this.height(item));
        // An object that makes no pair is left out, so writing it takes no step.
        if (child.count === 0) continue;
        brackets.keys.push(key);
        brackets.children.push(child);
        brackets.count += child.count;
        brackets.size += child.count * key.length + child.size;
      } else {
        checkDepth(depth + 1);
        height = Math.max(height, 1);
        if (item == null) continue;
        if (i === 0 || item !== read.values[i - 1]) written = encode(text(name, item));
        brackets.keys.push(key);
        brackets.children.push(written);
        brackets.count += 1;
        brackets.size += key.length + 1 + written.length;
      }
      // Whatever name goes in front, the pairs hold at least `size` characters.
      if (brackets.count > MAX_LIST_LENGTH || brackets.size > MAX_TEXT_LENGTH) {
        throw new EndpointError("ERR_TOO_LARGE", `the parameter ${quote(name)} holds a value that makes more than ${MAX_LIST_LENGTH} pairs or more than ${MAX_TEXT_LENGTH} characters`);
      }
    }
    read.height = height;
    (read.brackets ??= new Map()).set(encode, brackets);
    return brackets;
  }

  /**
   * The keys and values of a list or plain object form's listPairs writes itself, read once per call as the walks here
   * read them; it counts as being walked (a cycle back to it is one) until `done`.
   */
  entries(name: string, value: object): { readonly keys: readonly string[] | undefined; readonly values: readonly unknown[] } {
    return this.read(name, value, 0);
  }

  /** Ends the walk of a value `entries` gave, once what it holds is walked: its height is its values' (see Read). */
  done(value: object): void {
    const read = this.objects!.get(value)!;
    if (read.height >= 0) return;
    let height = 0;
    for (const item of read.values) height = Math.max(height, 1 + this.height(item));
    read.height = height;
  }

  /** The keys and values of `value`, read once per call; ERR_TOO_LARGE past 64 levels on this path, or on a cycle. */
  private read(name: string, value: object, depth: number): Read {
    checkDepth(depth);
    const objects = (this.objects ??= new Map());
    let read = objects.get(value);
    if (read === undefined) {
      const keys = Array.isArray(value) ? undefined : Object.keys(value);
      const values = keys === undefined ? ownItems(value as unknown[], "the parameter", name) : keys.map((key) => (value as { [key: string]: unknown })[key]);
      objects.set(value, (read = { keys, values, height: -1 }));
      // A cycle is nesting without end.
    } else if (read.height < 0) checkDepth(Infinity);
    else checkDepth(depth + read.height);
    return read;
  }

  /** How deep a value read already nests: 0 for a scalar. */
  private height(value: unknown): number {
    return isWalked(value) ? this.objects!.get(value)!.height : 0;
  }
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
