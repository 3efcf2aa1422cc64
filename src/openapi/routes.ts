// One operation of a description as a route table entry: where each parameter goes and how, and its request body.
import { EndpointError, quote } from "../errors.js";
import { isPlainObject, type Dictionary } from "../objects.js";
import type { DescribedBody, DescribedEncoding, DescribedOperationEntry, DescribedParameter } from "../types/route-table.js";
import { bodyKind, isJson, isJsonRange } from "./media.js";
import { templatePath } from "./path-template.js";
import { ALWAYS_OPTIONS, isTransportHeader } from "./call.js";
import { MAX_CHAIN, own, ownString, ParameterSet, setProperty, type Reader } from "./document.js";

const LOCATIONS = ["path", "query", "header", "cookie"] as const;
type Location = (typeof LOCATIONS)[number];
const STYLES: { readonly [where in Location]: readonly string[] } = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
};
/** OpenAPI 3.2's cookie styles: `cookie` is new (Style Values). */
const COOKIE_STYLES_32 = ["form", "cookie"];
/** Header parameters OpenAPI says to ignore: the client, the body and security set them. */
const IGNORED_HEADERS = /* @__PURE__ */ new Set(["accept", "content-type", "authorization"]);

/** Accept, Content-Type or Authorization, in any case (lowercasing only a name short enough to be one). */
export function isIgnoredHeader(name: string): boolean {
  return name.length <= 13 && IGNORED_HEADERS.has(name.toLowerCase());
}

/** A schema's property names as a set, and whether one is an option's name, by its (memoised) list of names. */
const propertySets = /* @__PURE__ */ new WeakMap<readonly string[], { names: ReadonlySet<string>; option: boolean }>();

/**
 * A body schema's `properties` when they can be flat keys (some, none named like one of `parameterNames` or an
 * option), else undefined. The schema's names are compared with the options once per schema (Reader.properties gives
 * the same list at every reference), and at each reference only the operation's parameters (already counted) are
 * looked up, so a 50,000-property schema referenced a million times is not compared a million times, uncounted.
 */
export function flatKeys(properties: readonly string[] | undefined, parameterNames: ReadonlySet<string>): readonly string[] | undefined {
  if (properties === undefined || properties.length === 0) return undefined;
  let known = propertySets.get(properties);
  if (known === undefined) {
    const names = new Set(properties);
    let option = false;
    for (const name of ALWAYS_OPTIONS) if (names.has(name)) option = true;
    propertySets.set(properties, (known = { names, option }));
  }
  if (known.option) return undefined;
  for (const name of parameterNames) if (known.names.has(name)) return undefined;
  return properties;
}

/**
 * The names a path template's placeholders give, read once per path: `{name}` as OpenAPI writes it (any text without
 * braces: `{insight_id:}`, `{.format}`), and the name within an RFC 6570 expression written by the description itself
 * (Google's `{+name}`). Each path parameter is then one lookup, where a split of the whole path per parameter took
 * time quadratic in the path's length.
 */
export function placeholderNames(path: string): ReadonlySet<string> {
  const names = new Set<string>();
  for (const match of path.matchAll(/\{([^{}]*)\}/g)) {
    const name = match[1]!;
    names.add(name);
    names.add(name.replace(/^[+#./;?&]|\*$/g, ""));
  }
  return names;
}


/**
 * Gives `entry` the path the core compiles for it when the description's `path` would read otherwise (templatePath):
 * a literal ":name", or a placeholder name that is no RFC 6570 variable name.
 */
export function setTemplatePath(entry: DescribedOperationEntry, path: string): void {
  const names = new Set<string>();
  // Own properties only: an entry without parameters must not read a polluted Object.prototype's.
  const parameters = own(entry, "parameters") as DescribedParameter[] | undefined;
  for (const parameter of parameters ?? []) if (parameter.in === "path") names.add(parameter.name);
  const template = templatePath(path, names);
  if (template !== path) entry.path = template;
}

/** The route table entry of one operation, with the parameters of its path item (`shared`). */
export function operationEntry(reader: Reader, names: ReadonlySet<string>, shared: unknown, operation: Dictionary): DescribedOperationEntry {
  // Operation parameters override the path item's by name and location. They come first, then the path item's
  // others: the order OpenAPI tools (the oas package, @readme/oas-to-har) write the query in.
  const byKey = new ParameterSet<DescribedParameter>();
  for (const list of [own(operation, "parameters"), shared]) {
    for (const item of reader.items(list)) {
      const parameter = describedParameter(reader, item, names);
      if (parameter !== undefined) byKey.add(parameter.in, parameter.name, parameter);
    }
  }
  const parameters = byKey.values;
  // OpenAPI 3.2.0: a querystring parameter is the whole query, so it "MUST NOT appear more than once, and MUST NOT
  // appear in the same operation (or in the operation's path-item) as any in: query parameters".
  const querystrings = parameters.filter((p) => p.in === "querystring");
  if (querystrings.length > 1 || (querystrings.length === 1 && parameters.some((p) => p.in === "query"))) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the operation with the querystring parameter ${quote(querystrings[0]!.name)} has another querystring or query parameter`);
  }
  const entry: DescribedOperationEntry = {};
  if (parameters.length > 0) entry.parameters = parameters;
  const body = describedBody(reader, own(operation, "requestBody"), new Set(parameters.filter((p) => p.in !== "header").map((p) => p.name)));
  if (body !== undefined) entry.body = body;
  return entry;
}

function describedParameter(reader: Reader, item: unknown, names: ReadonlySet<string>): DescribedParameter | undefined {
  reader.step();
  const parameter = reader.resolve(item);
  const name = ownString(parameter, "name");
  const where = ownString(parameter, "in") as Location | "querystring" | undefined;
  if (name === undefined || where === undefined) return undefined;
  reader.text(name);
  if (where === "querystring" && reader.openapi32) return querystringParameter(reader, parameter, name);
  if (where === "querystring" || !LOCATIONS.includes(where)) return undefined;
  if (where === "header" && isIgnoredHeader(name)) return undefined;
  // A path parameter the path does not name has nowhere to go.
  // (A description may write an RFC 6570 operator itself, as Google's `{+name}`.)
  if (where === "path" && !names.has(name)) return undefined;
  const described: DescribedParameter = { name, in: where };
  // A path parameter is always required, so the table does not say it.
  if (where !== "path" && own(parameter, "required") === true && !(where === "header" && isTransportHeader(name))) described.required = true;
  if (isDate(reader, own(parameter, "schema"))) described.date = true;
  const content = own(parameter, "content");
  if (isPlainObject(content)) {
    const first = reader.keys(content)[0];
    if (first !== undefined && isJson(first.toLowerCase())) described.json = true;
    return described;
  }
  // A style the location cannot have (a mistake in the description) is read as the location's default. OpenAPI 3.2
  // adds `cookie` for cookies: form's pairs, joined by "; " and not percent-encoded.
  const styles = where === "cookie" && reader.openapi32 ? COOKIE_STYLES_32 : STYLES[where];
  const style = ownString(parameter, "style");
  if (style !== undefined && style !== styles[0] && styles.includes(style)) described.style = style;
  const explode = own(parameter, "explode");
  const explodes = (described.style ?? styles[0]) === "form" || described.style === "cookie";
  if (typeof explode === "boolean" && explode !== explodes) described.explode = explode;
  if (where === "query" && own(parameter, "allowReserved") === true) described.allowReserved = true;
  return described;
}

/**
 * An OpenAPI 3.2 `in: querystring` parameter: one value that is the whole query string, written by its `content`'s
 * one media type (OpenAPI 3.2.0, Parameter Locations). Without `content` it has no way to be written: an EndpointError.
 */
function querystringParameter(reader: Reader, parameter: unknown, name: string): DescribedParameter {
  const mediaType = reader.keys(own(parameter, "content"))[0];
  if (mediaType === undefined) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the querystring parameter ${quote(name)} has no content media type, which OpenAPI 3.2 requires to write it`);
  }
  const described: DescribedParameter = { name, in: "querystring", mediaType };
  if (own(parameter, "required") === true) described.required = true;
  if (isJson(mediaType.toLowerCase())) described.json = true;
  // A form query's properties are written as its Encoding Object says, an object property with none as JSON text
  // (OpenAPI 3.2, as a form body's).
  const media = reader.resolve((own(parameter, "content") as Dictionary)[mediaType]);
  const encoding = formEncoding(reader, mediaType, media);
  if (encoding !== undefined) described.encoding = encoding;
  return described;
}

/**
 * The request body: OpenAPI tools send the last JSON media type the operation lists, else its first one (as
 * @readme/oas-to-har does); its properties are flat keys when it is an object of named properties, none of them
 * named like a path, query or cookie parameter or like an option that is always one (ALWAYS_OPTIONS).
 */
function describedBody(reader: Reader, value: unknown, parameterNames: ReadonlySet<string>): DescribedBody | undefined {
  const requestBody = reader.resolve(value);
  const content = own(requestBody, "content");
  if (!isPlainObject(content)) return undefined;
  const types = reader.keys(content);
  // An empty content is a body of no media type: JSON (DECISIONS "Request bodies by media type").
  const mediaType = types.filter((type) => isJson(type.toLowerCase())).pop() ?? types[0] ?? "";
  const media = types.length === 0 ? undefined : reader.resolve(content[mediaType]);
  const body: DescribedBody = { mediaType };
  // The others, which a call's content-type may choose.
  if (types.length > 1) body.mediaTypes = types.filter((type) => type !== mediaType);
  if (own(requestBody, "required") === true) body.required = true;
  const required = requiredProperties(reader, own(media, "schema"));
  if (required !== undefined && required.length > 0) body.requiredProperties = required.slice();
  const lower = mediaType.toLowerCase().split(";")[0]!.trim();
  // The call convention gives an object body's properties as flat keys whatever its media type (Kubernetes' `*/*`,
  // application/jwt, application/merge-patch+json): the media type says how it is written, not how it is given.
  flatProperties(reader, body, own(media, "schema"), parameterNames);
  datedProperties(reader, body, own(media, "schema"));
  const encoding = formEncoding(reader, mediaType, media);
  if (encoding !== undefined) body.encoding = encoding;
  if (isJson(lower) || isJsonRange(lower)) markJsonString(reader, body, own(media, "schema"));
  return body;
}

/**
 * A JSON body whose schema is a string is sent as JSON text (DECISIONS "Request bodies by media type"), a nullable one
 * too: OpenAPI 3.1 writes it `type: ["string", "null"]`, and the raw text under a JSON content-type is not JSON.
 */
export function markJsonString(reader: Reader, body: DescribedBody, schema: unknown): void {
  const resolved = reader.resolve(schema);
  // A `format: binary` string is a file's bytes (OpenAPI 3.0), not JSON text: GitHub Enterprise's release-asset
  // upload describes its `*/*` body so, and quoting the file would corrupt it.
  if (own(resolved, "format") === "binary") return;
  const type = own(resolved, "type");
  const types = Array.isArray(type) ? reader.items(type).filter((t) => t !== "null") : [type];
  if (types.length > 0 && types.every((t) => t === "string")) body.jsonString = true;
}

/**
 * Sets `body.properties` (the names given as flat keys) and `body.additional` (any other key is a body property too) of
 * an object body schema, unless one of its names is a path, query or cookie parameter's (`taken`) or always an option:
 * then the body is given whole in `data`, and the table says neither.
 */
export function flatProperties(reader: Reader, body: DescribedBody, value: unknown, taken: ReadonlySet<string>): void {
  const properties = bodyProperties(reader, value);
  if (properties === undefined || (properties.length > 0 && flatKeys(properties, taken) === undefined)) return;
  if (properties.length > 0) {
    // Each entry holds its own list (the table is plain JSON, its entries independent), so each name written counts.
    reader.step(properties.length);
    body.properties = properties.slice();
  }
  // A free-form object (no named properties, `{}` included) or explicit additionalProperties other than false takes
  // any other key as a body property (DECISIONS "Described routes"), as openapi-typescript's index signature does.
  // The walk's answer is kept as a one-name list: the reader caches name lists per schema.
  const open = reader.properties("additional", value, (schema) => (allowsOtherKeys(reader, schema, 0, new Set()) ? new Set(["*"]) : new Set()));
  const explicit = open?.length === 1;
  // An untyped schema (`{}`) of a media type that writes no object (application/octet-stream, image/png) is an upload
  // given as `data`, not a free-form object: a misspelt key there is refused, not sent as a body. The media type is
  // read only here, and counted: it may be long, and referenced by every operation.
  const freeForm = properties.length === 0 && !closed(reader, value) && (writesObjects(reader, body.mediaType) || own(reader.resolve(value), "type") === "object");
  if (explicit || freeForm) body.additional = true;
}

/** True when a body of `mediaType` is written from an object (JSON, a form, multipart, a media range). */
function writesObjects(reader: Reader, mediaType: string): boolean {
  reader.step(Math.ceil(mediaType.length / 32));
  const lower = mediaType.toLowerCase();
  return lower.includes("*") || bodyKind(lower) !== "other";
}

/**
 * True when a value's schema says `format: date` (a list's, of its items): a `Date` given for it is written as its UTC
 * date, `YYYY-MM-DD`, not a full ISO 8601 time (DECISIONS "Described routes").
 */
export function isDate(reader: Reader, value: unknown): boolean {
  const schema = reader.resolve(value);
  if (own(schema, "format") === "date") return true;
  const items = own(schema, "items");
  return items !== undefined && own(reader.resolve(items), "format") === "date";
}

/**
 * The property names of a body schema (objectProperties), walked once per schema; the walk also keeps which of them
 * are dates (isDate), in `reader.dates`.
 */
function bodyProperties(reader: Reader, value: unknown): readonly string[] | undefined {
  return reader.properties("properties", value, (schema) => {
    const dates = new Set<string>();
    const names = objectProperties(reader, schema, 0, new Set(), dates);
    if (names !== undefined && dates.size > 0) reader.dates.set(schema as object, [...dates]);
    return names;
  });
}

/** Sets `body.dates`: the properties of an object body schema that are dates (isDate), given flat or in `data`. */
export function datedProperties(reader: Reader, body: DescribedBody, value: unknown): void {
  if (bodyProperties(reader, value) === undefined) return;
  const dates = reader.dates.get(reader.resolve(value) as object);
  if (dates === undefined) return;
  reader.step(dates.length);
  body.dates = dates.slice();
}

/** True when an object schema (through $ref, allOf, oneOf and anyOf) says `additionalProperties` other than false. */
function allowsOtherKeys(reader: Reader, value: unknown, depth: number, seen: Set<unknown>): boolean {
  reader.step();
  const schema = reader.resolve(value);
  if (!isPlainObject(schema) || depth > MAX_CHAIN || seen.has(schema)) return false;
  seen.add(schema);
  const additional = own(schema, "additionalProperties");
  if (additional !== undefined && additional !== false) return true;
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    for (const member of reader.items(own(schema, key))) if (allowsOtherKeys(reader, member, depth + 1, seen)) return true;
  }
  return false;
}

/** True when a schema with no named properties says `additionalProperties: false` (itself or through a $ref): no key is a body property. */
function closed(reader: Reader, value: unknown): boolean {
  return own(reader.resolve(value), "additionalProperties") === false;
}

/** The properties of an object schema (through $ref, allOf, oneOf and anyOf) whose own schema has type object. */
function objectValued(reader: Reader, value: unknown, depth: number, seen: Set<unknown>): Set<string> {
  const names = new Set<string>();
  reader.step();
  const schema = reader.resolve(value);
  if (!isPlainObject(schema) || depth > MAX_CHAIN || seen.has(schema)) return names;
  seen.add(schema);
  const properties = own(schema, "properties");
  for (const name of reader.keys(properties)) {
    const type = own(reader.resolve((properties as Dictionary)[name]), "type");
    const types = Array.isArray(type) ? reader.items(type).filter((t) => t !== "null") : [type];
    if (types.length > 0 && types.every((t) => t === "object")) names.add(name);
  }
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    for (const member of reader.items(own(schema, key))) for (const name of objectValued(reader, member, depth + 1, seen)) names.add(name);
  }
  return names;
}

/**
 * The Encoding Object of a form or multipart media type, by property; undefined when it says nothing. OpenAPI 3.2 settles
 * what earlier versions left open: with no Encoding Object, a form field whose schema is an object takes the default
 * contentType of an object, application/json (Encoding Object; "URL Encoded Form with JSON Values"). Earlier
 * descriptions keep the bracket form (DECISIONS).
 */
function formEncoding(reader: Reader, mediaType: string, media: unknown): { [property: string]: DescribedEncoding } | undefined {
  const lower = mediaType.toLowerCase().split(";")[0]!.trim();
  const encoding = own(media, "encoding");
  const entries: { [property: string]: DescribedEncoding } = {};
  let any = false;
  const multipart = lower === "multipart/form-data";
  if (isPlainObject(encoding) && (lower === "application/x-www-form-urlencoded" || multipart)) {
    for (const property of reader.keys(encoding)) {
      const entry = describedEncoding(reader, reader.resolve(encoding[property]), multipart);
      if (entry !== undefined) {
        setProperty(entries, property, entry);
        any = true;
      }
    }
  }
  if (reader.openapi32 && lower === "application/x-www-form-urlencoded") {
    const objects = reader.properties("objects", own(media, "schema"), (schema) => objectValued(reader, schema, 0, new Set()));
    for (const property of objects ?? []) {
      if (isPlainObject(encoding) && Object.prototype.hasOwnProperty.call(encoding, property)) continue;
      reader.step();
      setProperty(entries, property, { json: true });
      any = true;
    }
  }
  return any ? entries : undefined;
}

/**
 * The top-level required properties of an object body schema (DECISIONS "Described routes"): its own `required` and its
 * allOf members', through $ref, but not readOnly ones (a response's, never sent) nor those of one oneOf or anyOf
 * branch. Walked once per schema.
 */
export function requiredProperties(reader: Reader, value: unknown): readonly string[] | undefined {
  return reader.properties("required", value, (schema) => {
    const names = new Set<string>();
    const readOnly = new Set<string>();
    requiredOf(reader, schema, 0, new Set(), names, readOnly);
    for (const name of readOnly) names.delete(name);
    return names;
  });
}

function requiredOf(reader: Reader, value: unknown, depth: number, seen: Set<unknown>, names: Set<string>, readOnly: Set<string>): void {
  reader.step();
  const schema = reader.resolve(value);
  if (!isPlainObject(schema) || depth > MAX_CHAIN || seen.has(schema)) return;
  seen.add(schema);
  const required = reader.items(own(schema, "required"));
  for (const name of required) if (typeof name === "string") names.add(reader.text(name));
  // Only a schema that requires something is asked which of its properties are readOnly.
  if (required.length > 0) {
    const properties = own(schema, "properties");
    for (const name of reader.keys(properties)) if (own(reader.resolve((properties as Dictionary)[name]), "readOnly") === true) readOnly.add(name);
  }
  for (const member of reader.items(own(schema, "allOf"))) requiredOf(reader, member, depth + 1, seen, names, readOnly);
}

/** True for one media type (`application/xml; charset=utf-8`), not a list of them nor a range (`image/*`). */
function isOneType(contentType: string): boolean {
  const essence = contentType.split(";")[0]!.trim();
  const slash = essence.indexOf("/");
  return !contentType.includes(",") && slash > 0 && slash === essence.lastIndexOf("/") && slash < essence.length - 1 && !essence.includes("*") && !essence.includes(" ");
}

function describedEncoding(reader: Reader, encoding: unknown, multipart: boolean): DescribedEncoding | undefined {
  const entry: DescribedEncoding = {};
  // OpenAPI 3.0.3 and 3.1, Encoding Object: style, explode and allowReserved "SHALL be ignored" unless the body is
  // form-urlencoded. (Swagger 2.0's collectionFormat on a multipart field is its own: swagger2.ts.)
  if (!multipart) {
    const style = ownString(encoding, "style");
    if (style !== undefined && STYLES.query.includes(style)) entry.style = style;
    const explode = own(encoding, "explode");
    if (typeof explode === "boolean") entry.explode = explode;
    if (own(encoding, "allowReserved") === true) entry.allowReserved = true;
  }
  const contentType = ownString(encoding, "contentType");
  // Lowercased and matched at each reference to the body: its text counted at each.
  if (contentType !== undefined && isJson(reader.text(contentType).toLowerCase())) entry.json = true;
  // A multipart part is sent with the media type its Encoding Object names (one type, not a list of them).
  if (multipart && contentType !== undefined && isOneType(contentType)) entry.contentType = contentType;
  return Object.keys(entry).length > 0 ? entry : undefined;
}

/**
 * The property names of an object schema (through $ref, allOf, oneOf and anyOf), or undefined when the body is not
 * an object. Additional properties do not stop the named ones from being flat keys (Plaid, Spotify and Bitbucket
 * allow them on most bodies); a body with other keys still goes whole in `data`.
 */
export function objectProperties(reader: Reader, value: unknown, depth: number, seen: Set<unknown>, dates?: Set<string>): Set<string> | undefined {
  reader.step();
  const schema = reader.resolve(value);
  if (!isPlainObject(schema) || depth > MAX_CHAIN) return undefined;
  if (seen.has(schema)) return new Set();
  seen.add(schema);
  const names = new Set<string>();
  const type = own(schema, "type");
  const types = Array.isArray(type) ? reader.items(type).filter((t) => t !== "null") : type === undefined ? [] : [type];
  if (types.some((t) => t !== "object")) return undefined;
  const properties = own(schema, "properties");
  for (const name of reader.keys(properties)) {
    names.add(name);
    if (dates !== undefined && isDate(reader, (properties as Dictionary)[name])) dates.add(name);
  }
  // Every allOf member is the body, so each must be an object. A oneOf or anyOf member that is not one (GitHub's
  // `labels`: an object with `labels`, or the list itself) is an alternative given whole as `data`; the object
  // members' properties stay flat keys, as openapi-typescript's union lets a call give them.
  let alternatives = 0;
  let objects = 0;
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    for (const member of reader.items(own(schema, key))) {
      const found = objectProperties(reader, member, depth + 1, seen, dates);
      if (key !== "allOf") alternatives += 1;
      if (found === undefined) {
        if (key === "allOf") return undefined;
        continue;
      }
      if (key !== "allOf") objects += 1;
      for (const name of found) names.add(name);
    }
  }
  // An alternative that is not an object, and no named property anywhere: the body goes whole as `data`.
  if (alternatives > objects && names.size === 0) return undefined;
  return names;
}
