// A deliberately minimal endpoint(route, options) -> { method, url, headers, body? , request? }, shaped like
// @octokit/endpoint's output, for bench/floor.mjs only: it is not endpointkit and nothing else may import it. It exists
// to measure a performance floor: no validation, no type checks, no prototype safety, no error handling, and only the
// template operators and mediaType rewrite the benchmark mix uses. It is generic otherwise (nothing is hard-coded per
// route): each route string is parsed once into a plan (cached in a Map), and every call does the real per-call work.

import { isoText } from "../dist/uri-template/iso-date.js";

const OPTION_KEYS = ["method", "baseUrl", "url", "headers", "request", "mediaType", "data"];
const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** route string -> plan */
const plans = new Map();

/**
 * Plan of a route "METHOD template": lowercase method, the template split into literal pieces and expressions
 * (operator "", "+" or "?", plus variable names), and the set of keys that never go to the query/body.
 */
function planOf(route) {
  const space = route.indexOf(" ");
  const method = route.slice(0, space).toLowerCase();
  const template = route.slice(space + 1);
  const literals = [];
  const ops = [];
  const names = [];
  const skip = new Set(OPTION_KEYS);
  let literalHasQuery = false;
  let last = 0;
  for (;;) {
    const open = template.indexOf("{", last);
    if (open < 0) break;
    const close = template.indexOf("}", open);
    const literal = template.slice(last, open);
    if (literal.includes("?")) literalHasQuery = true;
    literals.push(literal);
    let expression = template.slice(open + 1, close);
    let op = expression[0];
    if (op === "+" || op === "?") expression = expression.slice(1);
    else op = "";
    const list = expression.split(",");
    for (const name of list) skip.add(name);
    ops.push(op);
    names.push(list);
    last = close + 1;
  }
  const tail = template.slice(last);
  if (tail.includes("?")) literalHasQuery = true;
  literals.push(tail);
  return {
    method,
    absolute: template.startsWith("http"),
    literals,
    ops,
    names,
    count: ops.length,
    skip,
    literalHasQuery,
    toQuery: method === "get" || method === "head",
    emptyBody: method === "patch" || method === "put",
  };
}

// Percent-encoding. Each encoder is described by the ASCII characters it leaves as they are; ASCII text is escaped
// in JS (one scan, kept runs copied by slice, "%XX" from a table), which gives exactly what the built-in encoder gives
// and returns the text itself when nothing needs an escape. Non-ASCII text goes to the built-in encoder.
const UNRESERVED = new Uint8Array(128); // RFC 6570 unreserved: A-Z a-z 0-9 - . _ ~
for (let c = 48; c <= 57; c++) UNRESERVED[c] = 1;
for (let c = 65; c <= 90; c++) UNRESERVED[c] = UNRESERVED[c + 32] = 1;
for (const ch of "-._~") UNRESERVED[ch.charCodeAt(0)] = 1;
const COMPONENT = UNRESERVED.slice(); // encodeURIComponent also leaves ! ' ( ) *
for (const ch of "!'()*") COMPONENT[ch.charCodeAt(0)] = 1;
const Q = COMPONENT.slice(); // octokit keeps "+" literal in q
Q[43] = 1;
const RESERVED = COMPONENT.slice(); // encodeURI also leaves ; , / ? : @ & = + $ #
for (const ch of ";,/?:@&=+$#") RESERVED[ch.charCodeAt(0)] = 1;
const HEX = Array.from({ length: 128 }, (_, c) => "%" + c.toString(16).toUpperCase().padStart(2, "0"));

/** text with every ASCII character not in keep escaped; undefined if text has a non-ASCII character. */
function escapeAscii(text, keep) {
  let out = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return undefined;
    if (keep[c] === 1) continue;
    out += text.slice(copied, i) + HEX[c];
    copied = i + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** RFC 6570 simple / query expansion, as octokit does: encodeURIComponent plus ! ' ( ) *. */
function encodeUnreserved(value) {
  if (typeof value === "string") {
    const s = escapeAscii(value, UNRESERVED);
    return s !== undefined ? s : encodeURIComponent(value).replace(/[!'()*]/g, (c) => HEX[c.charCodeAt(0)]);
  }
  if (Number.isSafeInteger(value)) return "" + value; // digits and "-" only
  return encodeURIComponent(value);
}

/** {+name}: reserved expansion ("/" and the other reserved characters stay), as encodeURI. */
function encodeReserved(value) {
  if (typeof value === "string") {
    const s = escapeAscii(value, RESERVED);
    if (s !== undefined) return s;
  }
  return encodeURI(value);
}

/**
 * Query parameters outside the template: encodeURIComponent; octokit keeps "+" literal in q. A Date is written as
 * endpointkit writes it (ISO 8601, DECISIONS), with endpointkit's own formatter: octokit's Date text (its toString) is
 * not what this floor measures.
 */
function encodeQueryValue(name, value) {
  if (value instanceof Date) value = isoText(value);
  if (typeof value === "string") {
    const s = escapeAscii(value, name === "q" ? Q : COMPONENT);
    if (s !== undefined) return s;
    return name === "q" ? encodeURIComponent(value).replaceAll("%2B", "+") : encodeURIComponent(value);
  }
  if (Number.isSafeInteger(value)) return "" + value;
  return encodeURIComponent(value);
}

/** d: { baseUrl, headers (lowercase names), mediaType, paramKeys, paramValues, params } */
function build(d, route, options) {
  let p = plans.get(route);
  if (p === undefined) {
    p = planOf(route);
    plans.set(route, p);
  }

  // Headers: copy the defaults, then the caller's with lowercased names.
  const headers = {};
  const defaultHeaders = d.headers;
  for (const name in defaultHeaders) headers[name] = defaultHeaders[name];
  const callerHeaders = options.headers;
  if (callerHeaders !== undefined) for (const name in callerHeaders) headers[name.toLowerCase()] = callerHeaders[name];

  // URL: baseUrl + expanded template.
  const params = d.params; // default parameters (e.g. per_page), or null
  let url = p.absolute ? "" : options.baseUrl !== undefined ? options.baseUrl : d.baseUrl;
  let hasQuery = p.literalHasQuery;
  const literals = p.literals;
  const ops = p.ops;
  const names = p.names;
  for (let i = 0; i < p.count; i++) {
    url += literals[i];
    const op = ops[i];
    const list = names[i];
    let first = true;
    for (let j = 0; j < list.length; j++) {
      const name = list[j];
      let value = options[name];
      if (value === undefined && params !== null) value = params[name];
      if (value === undefined || value === null) continue;
      if (op === "?") {
        url += (first ? "?" : "&") + name + "=" + encodeUnreserved(value);
        hasQuery = true;
      } else {
        if (!first) url += ",";
        url += op === "+" ? encodeReserved(value) : encodeUnreserved(value);
      }
      first = false;
    }
  }
  url += literals[p.count];

  // Remaining parameters (default ones first, as a merge would order them) -> query string or body.
  const skip = p.skip;
  const paramKeys = d.paramKeys;
  const paramValues = d.paramValues;
  let body;
  if (p.toQuery) {
    let separator = hasQuery ? "&" : "?";
    for (let i = 0; i < paramKeys.length; i++) {
      const key = paramKeys[i];
      if (skip.has(key)) continue;
      url += separator + key + "=" + encodeQueryValue(key, key in options ? options[key] : paramValues[i]);
      separator = "&";
    }
    for (const key in options) {
      if (skip.has(key) || (params !== null && key in params)) continue;
      url += separator + key + "=" + encodeQueryValue(key, options[key]);
      separator = "&";
    }
  } else if ("data" in options) {
    body = options.data;
  } else {
    for (let i = 0; i < paramKeys.length; i++) {
      const key = paramKeys[i];
      if (skip.has(key)) continue;
      if (body === undefined) body = {};
      body[key] = key in options ? options[key] : paramValues[i];
    }
    for (const key in options) {
      if (skip.has(key) || (params !== null && key in params)) continue;
      if (body === undefined) body = {};
      body[key] = options[key];
    }
  }

  if (body !== undefined) {
    if (!headers["content-type"]) headers["content-type"] = JSON_CONTENT_TYPE;
  } else if (p.emptyBody) {
    body = "";
  }

  // mediaType.format: application/vnd.github.v3+json -> application/vnd.github.v3.<format>
  const mediaType = options.mediaType !== undefined ? options.mediaType : d.mediaType;
  if (mediaType !== undefined && mediaType.format) {
    const accept = headers.accept;
    headers.accept = (accept.endsWith("+json") ? accept.slice(0, -5) : accept) + "." + mediaType.format;
  }

  const result = { method: p.method, url, headers };
  if (body !== undefined) result.body = body;
  if (options.request !== undefined) result.request = options.request;
  return result;
}

function withDefaults(d) {
  const endpoint = (route, options) => build(d, route, options);
  endpoint.defaults = (more) => {
    const headers = {};
    for (const name in d.headers) headers[name] = d.headers[name];
    if (more.headers !== undefined) for (const name in more.headers) headers[name.toLowerCase()] = more.headers[name];
    const params = {};
    for (const key in d.params) params[key] = d.params[key];
    for (const key in more) if (!OPTION_KEYS.includes(key)) params[key] = more[key];
    const keys = Object.keys(params);
    return withDefaults({
      baseUrl: more.baseUrl !== undefined ? more.baseUrl : d.baseUrl,
      headers,
      mediaType: more.mediaType !== undefined ? more.mediaType : d.mediaType,
      params: keys.length ? params : null,
      paramKeys: keys,
      paramValues: keys.map((key) => params[key]),
    });
  };
  return endpoint;
}

export const floorEndpoint = withDefaults({
  baseUrl: "https://api.github.com",
  headers: { accept: "application/vnd.github.v3+json", "user-agent": "floor-endpoint/0.0.0" },
  mediaType: undefined,
  params: null,
  paramKeys: [],
  paramValues: [],
});
