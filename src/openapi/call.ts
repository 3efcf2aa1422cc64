// One call on a described route: the flat keys checked and routed to the query, the cookie header and the body, and
// the body written as its media type says. The path went through the route's template (described.ts) before.
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, ownItems, ownValue, setOwn, type Dictionary } from "../objects.js";
import { Pieces, Seen, bracketPairs, encodeText, headerText, isEmptyValue, jsonText, styledPairs, type EncodingStyle, type Style, type StyleWriters } from "./styles.js";
import { ROUTES } from "../option-names.js";
import { nativeBodyKind } from "../body-kind.js";
import { chosenMedia, isJson, labelKind } from "./media.js";
import { MAX_LIST_LENGTH, scalarText } from "../values.js";
import type { Call } from "../plan.js";
import type { CompiledBody, CompiledPlan as DescribedPlan, DescribedStyle, SlottedStyle, Writers } from "../types/route-table.js";
import type { ResponseHeaders } from "../types/index.js";

/** Writes the query and body of a call on a described route; sets its cookie and content-type headers. */
export function describedRequest(plan: DescribedPlan, call: Call): void {
  const { keys, headers, options } = call;
  const defaults = call.defaults.keySet;
  // Each key the route places in the query, a cookie or the body is read once (a getter answers once): the caller's
  // own value, else the defaults' (a parameter set by the defaults applies where the route has it; elsewhere it is not
  // this route's). In merge()'s order, which the body's properties keep: the defaults' keys, then the caller's others.
  // Query and cookie values are kept by slot, which the plan gave each of their names. Every slot is filled: a hole
  // would be read from Array.prototype and Object.prototype, where a prototype pollution puts "0", "1"...
  const values: unknown[] = new Array<unknown>(plan.slots).fill(undefined);
  // The values of qualified keys (`query:id`), by parameter: each over the flat key's value for its one parameter.
  // Made by the first such key: most calls give none. Every slot filled, as `values`.
  let ownValues: unknown[] | undefined;
  let properties: Dictionary | undefined;
  const defaultList = call.defaults.keys;
  const defaultCount = defaultList.length;
  for (let i = 0; i < defaultCount + keys.length; i++) {
    const own = i >= defaultCount;
    const key = own ? keys[i - defaultCount]! : defaultList[i]!;
    if (call.isOption(key)) {
      // On a route without a body, the caller's own data is an error, and the defaults' is left out, as a parameter of
      // theirs that the route does not have. data holding undefined is no body, as merge() drops it. (The call's data is
      // the caller's over the defaults': a caller's `data: undefined` beside the defaults' data is refused too.)
      if (key === "data" && own && plan.body === undefined && call.data !== undefined) {
        throw new EndpointError("ERR_INVALID_PARAMETER", `"data" is the request body, and this route has none in its API description`);
      }
      continue;
    }
    let place = plan.places.get(key);
    if (place === undefined) {
      const qualified = plan.qualified.get(key);
      if (qualified !== undefined) {
        // The path's went to the URL (the plan's urlValue); a query, querystring or cookie parameter's is kept apart.
        if (qualified !== "path" && !(own && defaults.has(key))) {
          const value = call.read(key);
          (ownValues ??= new Array<unknown>(plan.parameterSlots).fill(undefined))[qualified.own] = qualified.date ? plan.writers.dates!(key, value) : value;
        }
        continue;
      }
    }
    // A body that takes any key (a free-form object, additionalProperties) takes every other one but the options.
    if (place === undefined && plan.body?.additional === true && isFlatKey(key)) place = "body";
    if (place === undefined) {
      // The caller's own key, unless it holds undefined: that is no value, as on every route (merge() drops it).
      if (own && ownValue(options, key) !== undefined) throw invalid(key);
    } else if (place !== "path" && !(own && defaults.has(key))) {
      const value = call.read(key);
      if (place !== "body") values[place.slot] = place.date ? plan.writers.dates!(key, value) : value;
      else if (value !== undefined) setOwn((properties ??= {}), key, plan.body!.dates.has(key) ? plan.writers.dates!(key, value) : value);
    }
  }
  // A qualified key's value, where given, stands for its parameter; an empty list or map is no value, as undefined.
  const valueOf = (style: SlottedStyle): unknown => {
    const qualified = ownValues?.[style.own];
    const value = qualified === undefined ? values[style.slot] : qualified;
    return value == null || isEmptyValue(value) ? undefined : value;
  };
  let missing: string[] | undefined;
  for (const style of plan.requiredParameters) if (valueOf(style) === undefined) (missing ??= []).push(style.name);
  for (const header of plan.headerStyles) if (header.required && getOwn(headers, header.name) === undefined) (missing ??= []).push(header.name);
  if (missing !== undefined) throw new EndpointError("ERR_MISSING_PARAMETER", `no value for the required parameter(s) ${missing.map(quote).join(", ")}`);
  // What the call reads of its values' objects, each read and written once however many paths reach it.
  const seen = new Seen();
  const querystring = plan.querystring;
  const query = querystring === undefined ? pairsOf(plan, plan.query, valueOf, new Pieces("the query"), seen) : [];
  // Read only by its slot: an index no slot has would be looked up on the prototypes.
  const whole = querystring === undefined ? undefined : valueOf(querystring);
  if (whole !== undefined) {
    const text = plan.writers.querystring!(querystring!, whole, seen);
    if (text !== "") query.push(text);
  }
  if (plan.cookies.length > 0) {
    const cookies = pairsOf(plan, plan.cookies, valueOf, new Pieces("the cookie header", 2), seen);
    if (cookies.length > 0) headers.cookie = [getOwn(headers, "cookie") ?? [], cookies].flat().join("; ");
  }
  let body = plan.body === undefined ? undefined : call.data;
  if (properties !== undefined) {
    if (body !== undefined) throw new EndpointError("ERR_INVALID_PARAMETER", "give the body either whole as data or as its properties, not both");
    body = properties;
  }
  if (plan.body !== undefined) checkRequiredBody(plan.body, body);
  call.query = query.join("&");
  call.body = body === undefined ? body : bodyAs(plan.body!, plan.writers, body, headers, seen);
}

/**
 * What a described call must hold (DECISIONS "Described routes"): a body the operation requires, and an object body's
 * top-level required properties, given flat or as a plain object. A native body (a form, a blob, a stream) or a text is
 * not looked into; values are not otherwise validated.
 */
function checkRequiredBody(described: CompiledBody, body: unknown): void {
  if (body === undefined) {
    if (!described.required) return;
    const names = described.requiredProperties;
    const whole = `the request body${described.name === undefined ? "" : ` ${quote(described.name)}`} is required`;
    throw new EndpointError("ERR_MISSING_PARAMETER", names.length > 0 ? `no value for the required body properties ${names.map(quote).join(", ")} (${whole})` : `${whole}: give it as data`);
  }
  if (described.requiredProperties.length === 0 || !isPlainObject(body)) return;
  let missing: string[] | undefined;
  for (const name of described.requiredProperties) if (ownValue(body, name) === undefined) (missing ??= []).push(name);
  if (missing !== undefined) throw new EndpointError("ERR_MISSING_PARAMETER", `no value for the required body propert${missing.length > 1 ? "ies" : "y"} ${missing.map(quote).join(", ")}`);
}

/** The `name=value` pairs of the parameters of `styles` that have a value in `values`, measured in `pairs`. */
function pairsOf(plan: DescribedPlan, styles: readonly SlottedStyle[], valueOf: (style: SlottedStyle) => unknown, pairs: Pieces, seen: Seen): string[] {
  for (const style of styles) {
    const value = valueOf(style);
    if (value !== undefined) styledPairs(pairs, style, value, seen, plan.writers);
  }
  return pairs.list;
}

function invalid(key: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `${quote(key)} is not a parameter of this route in its API description`);
}

/**
 * The text of an OpenAPI 3.2 querystring parameter, the whole query, as its media type says (Parameter Object
 * Examples): form-urlencoded, an object's form text (as a form body's), or a form text given as a string or a
 * URLSearchParams; JSON, its JSON text percent-encoded; any other type, a scalar's text percent-encoded
 * (`application/jsonpath`).
 */
export function querystringText(style: SlottedStyle, value: unknown, seen: Seen): string {
  const { name } = style;
  if (style.style === "form") {
    if (isPlainObject(value)) return formText(value, style.encoding, seen, "the query");
    // A form text already: kept, but for what a query cannot hold (white space, non-ASCII, a "#" that would end it).
    if (typeof value === "string") return queryText(value);
    // A URLSearchParams writes its own form text (with "+" for a space, as form-urlencoded allows).
    const { URLSearchParams } = globalThis as unknown as { URLSearchParams?: new () => object };
    if (URLSearchParams !== undefined && value instanceof URLSearchParams) return String(value);
  } else if (style.json) return encodeText(jsonText(name, value, seen));
  else {
    const text = isPlainObject(value) || Array.isArray(value) ? undefined : scalarText(value, name);
    if (text !== undefined) return encodeText(text);
  }
  throw new EndpointError("ERR_INVALID_PARAMETER", `the querystring parameter ${quote(name)} holds a value its media type (${style.style === "form" ? "form-urlencoded: an object or its text" : "text"}) cannot write`);
}

/**
 * `text` as given, but for what a URL's query cannot hold: every character but RFC 3986's unreserved and reserved ones
 * percent-encoded, "#" (which would end the query) included, and a "%" that starts no %XX.
 */
function queryText(text: string): string {
  return encodeText(text).replace(/%(?:2[146-9A-CF]|3[ABDF]|40)|%25(?=[0-9A-Fa-f]{2})/g, (escape) => decodeURIComponent(escape));
}

/**
 * Keys that are always options, never flat keys: a body property of such a name makes the body go whole in `data`.
 * The other option names (`url`, `method`, `baseUrl`, `mediaType`) are a described route's property when it has one
 * (DECISIONS "Described routes": the route claims them; merge() refuses them).
 */
export const ALWAYS_OPTIONS: ReadonlySet<string> = /* @__PURE__ */ new Set(["headers", "data", "request", "auth", ROUTES]);

/** False for the keys that are always options on a described route (ALWAYS_OPTIONS). */
export function isFlatKey(key: string): boolean {
  return !ALWAYS_OPTIONS.has(key);
}

/**
 * Header parameters the HTTP client writes itself (fetch forbids a caller to set most of them): described, they are
 * never required, so a call need not, and with fetch cannot, give them (DECISIONS "Described routes").
 */
const TRANSPORT_HEADERS = /* @__PURE__ */ new Set(["content-length", "transfer-encoding", "host", "connection", "keep-alive", "te", "trailer", "upgrade", "expect", "accept-encoding"]);

/** True for a header the HTTP client writes (TRANSPORT_HEADERS), in any case. */
export function isTransportHeader(name: string): boolean {
  return name.length <= 17 && TRANSPORT_HEADERS.has(name.toLowerCase());
}

/**
 * A form-urlencoded text of `body`'s properties: each as its encoding entry says, else OpenAPI's default (form,
 * exploded), but a map takes the bracket form (`metadata[key]=value`, as Stripe's API reads it) where OpenAPI's would
 * drop the map's name.
 */
export function formText(body: Dictionary, encoding: ReadonlyMap<string, Style> | undefined, seen: Seen, what = "the form body"): string {
  const pairs = new Pieces(what);
  for (const key of Object.keys(body)) {
    const given = body[key];
    const style: Style = encoding?.get(key) ?? { name: key, style: isPlainObject(given) ? "deepObject" : "form", explode: true, allowReserved: false, json: false };
    if (given != null) styledPairs(pairs, style, given, seen, FORM_WRITERS);
  }
  return pairs.list.join("&");
}

/** A form's properties take the bracket form for a map (deepObject), whatever the table's other writers. */
const FORM_WRITERS: StyleWriters = { deepObject: bracketPairs };

/**
 * The body written as its media type says; sets the content-type unless the caller did. A caller's content-type chooses
 * among the media types the operation describes (chosenMedia), and the body is written as that label's kind; one the
 * operation does not describe is refused beside a body endpointkit writes (a native body is the caller's to label).
 * Multipart and form bodies are written by the table's writers (compileEntry checked it has those its types need).
 */
function bodyAs(described: CompiledBody, writers: Writers, body: unknown, headers: ResponseHeaders, seen: Seen): unknown {
  let { encoding, kind } = described;
  const { dates } = described;
  let label = described.contentType;
  let asJsonString = described.jsonString;
  const given = getOwn(headers, "content-type");
  if (typeof given === "string" && given !== "") {
    const types = described.mediaTypes ?? [described.mediaType];
    const chosen = chosenMedia(types, given);
    if (chosen === undefined) {
      if (nativeBodyKind(body) !== undefined) return body;
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `the content-type ${quote(given)} is none of the request media types this route describes (${types.map((type) => quote(type === "" ? "application/json" : type)).join(", ")}): the body would be written as one and labelled another`,
      );
    }
    // Written as the caller's label says (a range described, `*/*`, takes any label: the label's kind writes it).
    kind = labelKind(given);
    label = undefined;
    if (chosen !== described.mediaType) {
      encoding = NO_ENCODING;
      asJsonString = false;
    }
  }
  // A body given whole as data holds its dates too: written as a copy, never into the caller's object.
  if (dates.size > 0 && isPlainObject(body)) body = writers.dateProperties!(body, dates) as Dictionary;
  if (kind === "multipart") {
    if (isPlainObject(body)) {
      body = writers.multipart!(body, encoding, seen);
      // The FormData's boundary is the HTTP client's to write: a label the caller chose it by (`boundary=…` or none)
      // would name another, so the request carries none and the client writes its own.
      if (given !== undefined) delete headers["content-type"];
    }
  } else if (kind === "form") {
    if (isPlainObject(body)) body = writers.formBody!(body, encoding, seen);
    else if (typeof body !== "string") label = undefined;
  } else if (kind === "json") {
    // JSON as on every route: a value the client serialises; a form, blob, bytes or stream is not labelled JSON.
    if (!isPlainObject(body) && !Array.isArray(body) && body !== null && scalarText(body) === undefined) label = undefined;
    // A string where the schema says `type: string` is a JSON string: its JSON text (`"abc"`); other strings, as given.
    else if (asJsonString && typeof body === "string") body = quotedJson(body);
  }
  if (label !== undefined && !getOwn(headers, "content-type")) headers["content-type"] = label;
  return body;
}

const NO_ENCODING: ReadonlyMap<string, EncodingStyle> = /* @__PURE__ */ new Map();

/** A string's JSON text; ERR_TOO_LARGE where its escapes would pass the engine's longest string (a RangeError). */
function quotedJson(text: string): string {
  try {
    return JSON.stringify(text);
  } catch {
    throw new EndpointError("ERR_TOO_LARGE", "the body (data) is a string whose JSON text passes the engine's longest string");
  }
}

/**
 * A multipart body as a FormData: a Blob (a file) as a part of its own, a list as repeated parts, a map as JSON. A
 * property whose Encoding Object names a contentType is one part of that type (a Blob of its text: JSON text for a JSON
 * type); a list whose encoding does not explode is one part, its items joined by commas (Swagger 2.0's csv).
 */
export function formData(body: Dictionary, encoding: ReadonlyMap<string, EncodingStyle>, seen: Seen): unknown {
  const { FormData, Blob } = globalThis as unknown as {
    FormData?: new () => { append(name: string, value: unknown): void };
    Blob?: new (parts: unknown[], options?: { type: string }) => object;
  };
  if (FormData === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", "a multipart/form-data body needs globalThis.FormData");
  const form = new FormData();
  // At most 2^20 parts, as a query holds at most 2^20 pairs: many properties can hold one long list.
  let parts = 0;
  // Counted before the part is written, so a part past the bound is never read.
  const count = (name: string): void => {
    if (++parts > MAX_LIST_LENGTH) throw new EndpointError("ERR_TOO_LARGE", `the body property ${quote(name)} makes the multipart body hold more than ${MAX_LIST_LENGTH} parts`);
  };
  for (const name of Object.keys(body)) {
    const value = body[name];
    const style = encoding.get(name);
    const contentType = style?.contentType;
    const textOf = (item: unknown): string => scalarText(item, name) ?? jsonText(name, item, seen);
    if (contentType !== undefined && Blob !== undefined && value != null && !(value instanceof Blob) && !isEmptyValue(value) && !contentType.includes(",")) {
      // One part of the named type: JSON text for a JSON type, else the value's own text.
      const text = isJson(contentType.toLowerCase()) ? jsonText(name, value, seen) : textOf(value);
      count(name);
      form.append(name, new Blob([text], { type: contentType }));
    } else if (style !== undefined && !style.explode && Array.isArray(value)) {
      const items = ownItems(value, "the body property", name).filter((item) => item != null);
      if (items.length === 0) continue;
      count(name);
      form.append(name, items.map(textOf).join(","));
    } else {
      for (const item of Array.isArray(value) ? ownItems(value, "the body property", name) : [value]) {
        if (item == null) continue;
        count(name);
        form.append(name, Blob !== undefined && item instanceof Blob ? item : textOf(item));
      }
    }
  }
  return form;
}

/**
 * The caller's headers with each described header parameter that is not text written as text (`simple`). `styles`:
 * the route's header parameters by lowercase name, a map its plan builds once, so each header is one lookup.
 */
export function describedHeaders(styles: ReadonlyMap<string, DescribedStyle>, headers: unknown, writers: Writers): unknown {
  if (!isPlainObject(headers)) return headers;
  const copy: Dictionary = {};
  let seen: Seen | undefined;
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    // A described header parameter's value as its schema types it (a boolean, a list, a map) becomes its text; a Date
    // of a `format: date` one, its day.
    const style = value !== undefined && typeof value !== "string" ? styles.get(name.toLowerCase()) : undefined;
    // An empty list or map is no value: the header is left out, as an undefined one (DECISIONS "Described routes").
    if (style !== undefined && (value === null || isEmptyValue(value))) continue;
    setOwn(copy, name, style === undefined ? value : headerText(style, style.date ? writers.dates!(name, value) : value, (seen ??= new Seen())));
  }
  return copy;
}
