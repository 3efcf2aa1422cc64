// Turns merged options into request options (SPEC 2.4): fills the URL, then routes what is left to query or body.
import { EndpointError, describeRoute, quote, withRoute } from "./errors.js";
import { checkHeaderValue, headerName } from "./headers.js";
import { applyMediaType, normalizeMediaType } from "./media-type.js";
import { checkListLength, getOwn, isPlainObject, setOwn, type Dictionary } from "./objects.js";
import { appendQuery, queryPair } from "./query.js";
import { isToken } from "./token.js";
import { expandTemplate, lookup, type TemplateValues } from "./uri-template/index.js";
import { OPTION_NAMES, compileUrl, schemeLength, trimmedBaseUrl, withoutLeadingSlashes, type CompiledUrl } from "./url.js";
import type { MergedOptions, RequestOptions, ResponseHeaders } from "./types.js";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** Builds request options from merged options; stateless, and it never changes its input. */
export function parse(options: MergedOptions): RequestOptions {
  return parseOptions(options, undefined);
}

/**
 * endpoint()'s parse of what mergeOptions() has just built. Its headers object is new, held by no caller, and its names
 * are lowercase tokens already, so it becomes the result's headers once the values are checked; a value that is
 * still the one in `defaultHeaders` was checked when the defaults were set.
 */
export function parseMerged(merged: MergedOptions, defaultHeaders: ResponseHeaders): RequestOptions {
  return parseOptions(merged, defaultHeaders);
}

/** `defaultHeaders` is set when `options` come straight from mergeOptions() (see parseMerged). */
function parseOptions(options: MergedOptions, defaultHeaders: ResponseHeaders | undefined): RequestOptions {
  if (!isPlainObject(options)) {
    throw new EndpointError("ERR_INVALID_PARAMETER", "parse() takes the merged options object that merge() returns");
  }
  const { method, url } = options;
  try {
    if (typeof method !== "string") throw new EndpointError("ERR_INVALID_METHOD", "the method must be a string");
    if (!isToken(method)) throw new EndpointError("ERR_INVALID_METHOD", "the method is not an HTTP token");
    const lowercase = method.toLowerCase();
    if (typeof url !== "string") throw new EndpointError("ERR_URL_REQUIRED", "url is required and must be a string");
    return build(options, lowercase, url, defaultHeaders);
  } catch (error) {
    return withRoute(error, describeRoute(method, url));
  }
}

function build(options: Dictionary, method: string, url: string, defaultHeaders: ResponseHeaders | undefined): RequestOptions {
  const compiled = compileUrl(url);
  const values = compiled.namesAnOption ? withoutOptionNames(options) : options;
  checkRequired(compiled, values);
  let target = expandTemplate(compiled.template, values);
  // A path-only URL gets its query before baseUrl goes in front (a baseUrl never holds "?" or "#"). The template
  // usually tells whether the URL is path-only; reading the expanded text to find out would copy it into one string.
  let base: string | undefined;
  if (compiled.join === "path") {
    base = baseUrlOf(options);
  } else if (compiled.join === "unknown" && schemeLength(target) === 0) {
    base = baseUrlOf(options);
    target = withoutLeadingSlashes(target);
  }
  const headers = defaultHeaders ? checkedValues(options.headers as ResponseHeaders, defaultHeaders) : copiedHeaders(options.headers);
  if (options.mediaType !== undefined) applyMediaTypeOption(headers, options.mediaType);
  const carriesBody = method === "post" || method === "patch" || method === "put" || method === "delete";
  let body: unknown;
  if (carriesBody) {
    body = bodyOf(options, compiled);
    if (body === undefined) {
      if (method === "patch" || method === "put") body = "";
    } else if (!headers["content-type"]) {
      // An empty content-type says nothing about the body, so it is treated as not given, as octokit does.
      headers["content-type"] = JSON_CONTENT_TYPE;
    }
  } else {
    target = appendQuery(target, queryOf(options, compiled), compiled.mayHoldQueryOrFragment);
  }
  if (base !== undefined) target = `${base}/${target}`;
  const result: RequestOptions = { method, url: target, headers };
  if (body !== undefined) result.body = body;
  const { request } = options;
  if (request !== undefined) {
    if (typeof request !== "object" || request === null) {
      throw new EndpointError("ERR_INVALID_PARAMETER", "request must be an object of meta information for the HTTP client");
    }
    result.request = request as RequestOptions["request"];
  }
  return result;
}

/** baseUrl without its trailing slashes, for a path-only url; throws ERR_INVALID_BASE_URL. */
function baseUrlOf(options: Dictionary): string {
  const { baseUrl } = options;
  if (typeof baseUrl !== "string") {
    throw new EndpointError("ERR_INVALID_BASE_URL", "a path-only url needs baseUrl, an absolute URL string");
  }
  return trimmedBaseUrl(baseUrl);
}

/** Throws ERR_MISSING_PARAMETER naming every `{name}`, `{+name}`, `{#name}` or `:name` left without a value. */
function checkRequired(compiled: CompiledUrl, values: TemplateValues): void {
  let missing: string[] | undefined;
  for (const spec of compiled.required) {
    const value = lookup(values, spec);
    if (typeof value === "string" || typeof value === "number" || isDefined(value)) continue;
    (missing ??= []).push(spec.name);
  }
  if (missing) {
    // Named in full up to a point: a template of 100,000 placeholders must not make a megabyte-long message.
    let list = missing.slice(0, MAX_NAMED).map(quote).join(", ");
    if (missing.length > MAX_NAMED) list += ` and ${missing.length - MAX_NAMED} more`;
    throw new EndpointError("ERR_MISSING_PARAMETER", `no value for the placeholder${missing.length > 1 ? "s" : ""} ${list}`);
  }
}

/** How many missing placeholders an error message names before it only counts the rest. */
const MAX_NAMED = 20;

/** RFC 6570's "defined": not undefined or null, and a list or map with at least one defined member. */
function isDefined(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) {
    checkListLength(value, "a placeholder's list");
    return value.some((item) => item !== undefined && item !== null);
  }
  if (isPlainObject(value)) return Object.keys(value).some((key) => value[key] !== undefined && value[key] !== null);
  return true;
}

function withoutOptionNames(options: Dictionary): Dictionary {
  const values: Dictionary = {};
  for (const key of Object.keys(options)) if (!OPTION_NAMES.has(key)) setOwn(values, key, options[key]);
  return values;
}

/** Parameters neither an option nor consumed by the template, in insertion order. */
function isParameter(key: string, value: unknown, compiled: CompiledUrl): boolean {
  return value !== undefined && !compiled.notParameters.has(key);
}

function queryOf(options: Dictionary, compiled: CompiledUrl): string {
  let query = "";
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value === null || !isParameter(key, value, compiled)) continue;
    query += query === "" ? queryPair(key, value) : `&${queryPair(key, value)}`;
  }
  return query;
}

function bodyOf(options: Dictionary, compiled: CompiledUrl): unknown {
  const data = getOwn(options, "data");
  if (data !== undefined && !compiled.variables.has("data")) return data;
  let body: Dictionary | undefined;
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (isParameter(key, value, compiled)) setOwn((body ??= {}), key, value);
  }
  return body;
}

/** The headers of merged options parse() was handed: names lowercased and checked into a new object. */
function copiedHeaders(given: unknown): ResponseHeaders {
  const headers: ResponseHeaders = {};
  if (given === undefined) return headers;
  if (!isPlainObject(given)) throw new EndpointError("ERR_INVALID_HEADER", "headers must be a plain object of names to values");
  for (const name of Object.keys(given)) {
    const value = given[name];
    if (value === undefined) continue;
    const lower = headerName(name);
    setOwn(headers, lower, checkHeaderValue(lower, value));
  }
  return headers;
}

/** Headers whose names mergeOptions() has checked already: only values other than the (checked) defaults are left. */
function checkedValues(headers: ResponseHeaders, defaultHeaders: ResponseHeaders): ResponseHeaders {
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    // Only a string can be taken as checked: Object.prototype holds no strings, so equality means an own default.
    if (typeof value !== "string" || value !== defaultHeaders[name]) checkHeaderValue(name, value);
  }
  return headers;
}

function applyMediaTypeOption(headers: ResponseHeaders, option: unknown): void {
  // parse() may be handed options merge() never saw, so the mediaType is checked here again.
  const mediaType = normalizeMediaType(option);
  const format = mediaType.format as string | undefined;
  const previews = mediaType.previews as string[] | undefined;
  const accept = getOwn(headers, "accept");
  if ((format || previews?.length) && typeof accept === "string") {
    headers.accept = checkHeaderValue("accept", applyMediaType(accept, format, previews));
  }
}
