// One call on a described route: the flat keys checked and routed to the query, the cookie header and the body, and
// the body written as its media type says. The path went through the route's template (described.ts) before.
import { EndpointError, quote } from "./errors.js";
import { getOwn, isPlainObject, ownItems, ownValue, setOwn, type Dictionary } from "./objects.js";
import { headerName } from "./headers.js";
import { headerText, styledPairs, type Style } from "./styles.js";
import { scalarText } from "./uri-template/index.js";
import type { DescribedPlan } from "./described.js";
import type { ResponseHeaders } from "./types.js";

/** What describedRequest reads of a call. */
export interface DescribedCall {
  readonly options: Dictionary;
  readonly keys: readonly string[];
  /** True for the option names (never parameters). */
  readonly isOption: (key: string) => boolean;
  readonly defaults: { readonly values: Dictionary; readonly keySet: ReadonlySet<string> };
  readonly data: unknown;
  readonly headers: ResponseHeaders;
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** The query and body of a call on a described route; sets its cookie and content-type headers. */
export function describedRequest(plan: DescribedPlan, call: DescribedCall): { query: string; body: unknown } {
  const { options, keys, headers } = call;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (call.isOption(key) ? key === "data" && plan.body === undefined : !plan.places.has(key)) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `${quote(key)} is not a parameter${plan.body?.flat ? ", a body property" : ""} or an option of this route (API description)`);
    }
  }
  // A parameter the endpoint's defaults set applies where the route has it; elsewhere it is not this route's.
  const value = (key: string): unknown => {
    const own = ownValue(options, key);
    return own === undefined && call.defaults.keySet.has(key) ? call.defaults.values[key] : own;
  };
  const missing = plan.required.filter((name) => value(name) == null);
  for (const header of plan.headers) if (header.required && getOwn(headers, header.name) === undefined) missing.push(header.name);
  if (missing.length > 0) throw new EndpointError("ERR_MISSING_PARAMETER", `no value for the required parameter${missing.length > 1 ? "s" : ""} ${missing.map(quote).join(", ")}`);
  const query: string[] = [];
  for (const style of plan.query) {
    const given = value(style.name);
    if (given != null) styledPairs(query, style, given);
  }
  const cookies: string[] = [];
  for (const style of plan.cookies) {
    const given = value(style.name);
    if (given != null) styledPairs(cookies, style, given);
  }
  if (cookies.length > 0) {
    const own = getOwn(headers, "cookie");
    headers.cookie = (own === undefined ? "" : `${own}; `) + cookies.join("; ");
  }
  return { query: query.join("&"), body: bodyOf(plan, call, value) };
}

/** The body: `data`, else the body properties given as flat keys, written as the route's media type says. */
function bodyOf(plan: DescribedPlan, call: DescribedCall, value: (key: string) => unknown): unknown {
  const described = plan.body;
  if (described === undefined) return undefined;
  let body = call.data;
  if (described.flat) {
    let properties: Dictionary | undefined;
    const add = (key: string): void => {
      if (plan.places.get(key) !== "body" || (properties !== undefined && Object.prototype.hasOwnProperty.call(properties, key))) return;
      const given = value(key);
      if (given !== undefined) setOwn((properties ??= {}), key, given);
    };
    for (const key of call.keys) add(key);
    for (const key of call.defaults.keySet) add(key);
    if (properties !== undefined) {
      if (body !== undefined) throw new EndpointError("ERR_INVALID_PARAMETER", `give the body of ${plan.route} either whole as data or as its properties, not both`);
      body = properties;
    }
  }
  if (body === undefined) return undefined;
  const { headers } = call;
  const mediaType = described.mediaType.toLowerCase();
  const setType = (type: string): void => {
    if (!getOwn(headers, "content-type")) headers["content-type"] = type;
  };
  if (mediaType === "application/x-www-form-urlencoded") {
    if (typeof body === "string") setType(mediaType);
    if (!isPlainObject(body)) return body;
    const pairs: string[] = [];
    for (const key of Object.keys(body)) {
      const given = body[key];
      if (given != null) styledPairs(pairs, described.encoding.get(key) ?? formStyle(key, given), given);
    }
    setType(mediaType);
    return pairs.join("&");
  }
  if (mediaType === "multipart/form-data") return isPlainObject(body) ? formData(body, described.encoding) : body;
  if (isJson(mediaType)) {
    // JSON as every other route sends it: a value, labelled JSON (the described variant, such as merge-patch, as is).
    if (isPlainObject(body) || Array.isArray(body) || scalarText(body) !== undefined || body === null) {
      setType(mediaType === "application/json" ? JSON_CONTENT_TYPE : described.mediaType);
    }
    return body;
  }
  if (!mediaType.includes("*")) setType(described.mediaType);
  return body;
}

/** True for application/json and its variants (`+json`, `x-json`, `text/json`), as OpenAPI tools read them. */
export function isJson(mediaType: string): boolean {
  const essence = mediaType.split(";")[0]!.trim();
  return /^(application|text)\/(x-)?json$/.test(essence) || essence.endsWith("+json");
}

/**
 * A form property without an `encoding` entry: OpenAPI's default, `form` exploded, for scalars and lists; a map takes
 * the bracket form (`metadata[key]=value`, as Stripe's API reads it), where OpenAPI's exploded form would drop its name.
 */
function formStyle(name: string, value: unknown): Style {
  return { name, style: isPlainObject(value) ? "deepObject" : "form", explode: true, allowReserved: false, json: false };
}

interface FormDataLike {
  append(name: string, value: unknown): void;
}
type Global = { FormData?: new () => FormDataLike; Blob?: abstract new () => object };

/** A multipart body as a FormData: files (Blobs) as parts of their own, maps and JSON-encoded properties as JSON text. */
function formData(body: Dictionary, encoding: ReadonlyMap<string, Style>): FormDataLike {
  const { FormData, Blob } = globalThis as Global;
  if (FormData === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", "a multipart/form-data body needs globalThis.FormData (Node 18+, browsers)");
  const form = new FormData();
  const part = (name: string, item: unknown, json: boolean): void => {
    if (item === undefined || item === null) return;
    if (Blob !== undefined && item instanceof Blob) return form.append(name, item);
    const text = json ? undefined : scalarText(item, name);
    form.append(name, text ?? JSON.stringify(item));
  };
  for (const name of Object.keys(body)) {
    const value = body[name];
    const json = encoding.get(name)?.json ?? false;
    if (Array.isArray(value) && !json) for (const item of ownItems(value, "the body property", name)) part(name, item, false);
    else part(name, value, json);
  }
  return form;
}

/**
 * The caller's headers with each described header parameter given as a list or map written in `simple` style, so
 * that the headers' own checks see text.
 */
export function describedHeaders(plan: DescribedPlan, headers: unknown): unknown {
  if (plan.headers.length === 0 || !isPlainObject(headers)) return headers;
  let copy: Dictionary | undefined;
  for (const name of Object.keys(headers)) {
    const given = headers[name];
    if (typeof given !== "object" || given === null) continue;
    const style = plan.headers.find((header) => header.name === headerName(name));
    if (style === undefined) continue;
    copy ??= { ...headers };
    setOwn(copy, name, headerText(style, given));
  }
  return copy ?? headers;
}
