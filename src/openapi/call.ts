// One call on a described route: the flat keys checked and routed to the query, the cookie header and the body, and
// the body written as its media type says. The path went through the route's template (described.ts) before.
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, ownItems, ownValue, setOwn, type Dictionary } from "../objects.js";
import { Pieces, Seen, headerText, jsonText, styledPairs, type Style } from "./styles.js";
import { MAX_LIST_LENGTH, scalarText } from "../values.js";
import type { Call } from "../plan.js";
import type { CompiledPlan as DescribedPlan, DescribedStyle, SlottedStyle } from "../types/route-table.js";
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
      if (key === "data" && own && plan.body === undefined && call.data !== undefined) throw invalid(key);
      continue;
    }
    const place = plan.places.get(key);
    if (place === undefined) {
      // The caller's own key, unless it holds undefined: that is no value, as on every route (merge() drops it).
      if (own && ownValue(options, key) !== undefined) throw invalid(key);
    } else if (place !== "path" && !(own && defaults.has(key))) {
      const value = call.read(key);
      if (place !== "body") values[place.slot] = value;
      else if (value !== undefined) setOwn((properties ??= {}), key, value);
    }
  }
  let missing: string[] | undefined;
  for (const style of plan.requiredParameters) if (values[style.slot] == null) (missing ??= []).push(style.name);
  for (const header of plan.headerStyles) if (header.required && getOwn(headers, header.name) === undefined) (missing ??= []).push(header.name);
  if (missing !== undefined) throw new EndpointError("ERR_MISSING_PARAMETER", `no value for the required parameter(s) ${missing.map(quote).join(", ")}`);
  // What the call reads of its values' objects, each read and written once however many paths reach it.
  const seen = new Seen();
  const query = pairsOf(plan.query, values, new Pieces("the query"), seen);
  if (plan.cookies.length > 0) {
    const cookies = pairsOf(plan.cookies, values, new Pieces("the cookie header", 2), seen);
    if (cookies.length > 0) headers.cookie = [getOwn(headers, "cookie") ?? [], cookies].flat().join("; ");
  }
  let body = plan.body === undefined ? undefined : call.data;
  if (properties !== undefined) {
    if (body !== undefined) throw new EndpointError("ERR_INVALID_PARAMETER", "give the body either whole as data or as its properties, not both");
    body = properties;
  }
  call.query = query.join("&");
  call.body = body === undefined ? body : bodyAs(plan.body!, body, headers, seen);
}

/** The `name=value` pairs of the parameters of `styles` that have a value in `values`, measured in `pairs`. */
function pairsOf(styles: readonly SlottedStyle[], values: readonly unknown[], pairs: Pieces, seen: Seen): string[] {
  for (const style of styles) {
    const value = values[style.slot];
    if (value != null) styledPairs(pairs, style, value, seen);
  }
  return pairs.list;
}

function invalid(key: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `${quote(key)} is not a parameter of this route in its API description`);
}

/** The body written as its media type says; sets the content-type unless the caller did. */
function bodyAs(described: NonNullable<DescribedPlan["body"]>, body: unknown, headers: ResponseHeaders, seen: Seen): unknown {
  const { mediaType, encoding, kind } = described;
  let label: string | undefined = mediaType.includes("*") ? undefined : mediaType;
  if (kind === "multipart") {
    // No content-type: the client writes it, with the boundary.
    label = undefined;
    if (isPlainObject(body)) body = formData(body, seen);
  } else if (kind === "form") {
    if (isPlainObject(body)) {
      const pairs = new Pieces("the form body");
      for (const key of Object.keys(body)) {
        const given = body[key];
        // Without an encoding entry, OpenAPI's default (form, exploded), but a map takes the bracket form
        // (`metadata[key]=value`, as Stripe's API reads it) where OpenAPI's would drop the map's name.
        const style: Style = encoding.get(key) ?? { name: key, style: isPlainObject(given) ? "deepObject" : "form", explode: true, allowReserved: false, json: false };
        if (given != null) styledPairs(pairs, style, given, seen);
      }
      body = pairs.list.join("&");
    } else if (typeof body !== "string") label = undefined;
  } else if (kind === "json") {
    // JSON as on every route: a value the client serialises, labelled as described (application/json as everywhere).
    if (!isPlainObject(body) && !Array.isArray(body) && body !== null && scalarText(body) === undefined) label = undefined;
    else if (mediaType.toLowerCase() === "application/json") label = "application/json; charset=utf-8";
  }
  if (label !== undefined && !getOwn(headers, "content-type")) headers["content-type"] = label;
  return body;
}

/** A multipart body as a FormData: a Blob (a file) as a part of its own, a list as repeated parts, a map as JSON. */
function formData(body: Dictionary, seen: Seen): unknown {
  const { FormData, Blob } = globalThis as unknown as { FormData?: new () => { append(name: string, value: unknown): void }; Blob?: new () => object };
  if (FormData === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", "a multipart/form-data body needs globalThis.FormData");
  const form = new FormData();
  // At most 2^20 parts, as a query holds at most 2^20 pairs: many properties can hold one long list.
  let parts = 0;
  for (const name of Object.keys(body)) {
    const value = body[name];
    for (const item of Array.isArray(value) ? ownItems(value, "the body property", name) : [value]) {
      if (item == null) continue;
      if (++parts > MAX_LIST_LENGTH) throw new EndpointError("ERR_TOO_LARGE", `the body property ${quote(name)} makes the multipart body hold more than ${MAX_LIST_LENGTH} parts`);
      form.append(name, Blob !== undefined && item instanceof Blob ? item : (scalarText(item, name) ?? jsonText(name, item, seen)));
    }
  }
  return form;
}

/**
 * The caller's headers with each described header parameter that is not text written as text (`simple`). `styles`:
 * the route's header parameters by lowercase name, a map its plan builds once, so each header is one lookup.
 */
export function describedHeaders(styles: ReadonlyMap<string, DescribedStyle>, headers: unknown): unknown {
  if (!isPlainObject(headers)) return headers;
  const copy: Dictionary = {};
  let seen: Seen | undefined;
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    // A described header parameter's value as its schema types it (a boolean, a list, a map) becomes its text.
    const style = value !== undefined && typeof value !== "string" ? styles.get(name.toLowerCase()) : undefined;
    setOwn(copy, name, style === undefined ? value : headerText(style, value, (seen ??= new Seen())));
  }
  return copy;
}
