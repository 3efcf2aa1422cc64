// Swagger 2.0 read as its publishers wrote it (DECISIONS "Described routes"), into the same route table as OpenAPI 3:
// `host`, `basePath` and `schemes` make the server, `consumes` the body's media type, `in: body` the body,
// `in: formData` a form or multipart body (`type: file` a file part), and `collectionFormat` a style.
import { EndpointError, quote } from "../errors.js";
import { isPlainObject, type Dictionary } from "../objects.js";
import type { DescribedBody, DescribedEncoding, DescribedOperationEntry, DescribedParameter, RouteTable } from "../types/route-table.js";
import { isJson, isJsonRange } from "./media.js";
import { ALWAYS_OPTIONS, isTransportHeader } from "./call.js";
import { describeValue, own, ownString, ParameterSet, setProperty, type Reader } from "./document.js";
import { withoutTrailingSlash } from "./servers.js";
import { isIgnoredHeader, datedProperties, flatProperties, isDate, markJsonString, placeholderNames, requiredProperties, setTemplatePath } from "./routes.js";
import { addSecurity } from "./security.js";

/** Swagger 2.0's operations (it has no `trace`). */
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];

/** What a Swagger 2.0 document gives: its server, its routes and each route's accept type. */
export interface Swagger2Read {
  baseUrl: string;
  routes: RouteTable;
  accepts: Map<string, string>;
}

/**
 * `collectionFormat` as the table's styles: csv is OpenAPI 3's unexploded form (simple in the path and headers),
 * multi the exploded form, ssv and pipes the space- and pipe-delimited styles, tsv the tab-delimited one
 * (src/openapi/styles.ts: OpenAPI 3 has none). An array with no collectionFormat is csv, Swagger's default.
 */
const QUERY_FORMATS: { readonly [format: string]: { style?: string; explode: boolean } } = {
  csv: { explode: false },
  multi: { explode: true },
  ssv: { style: "spaceDelimited", explode: false },
  pipes: { style: "pipeDelimited", explode: false },
  tsv: { style: "tabDelimited", explode: false },
};

/** Reads a Swagger 2.0 document; `base` says where it is served (its scheme and host when the document has none). */
export function readSwagger2(reader: Reader, document: Dictionary, choice: number | string | undefined, base: string | undefined): Swagger2Read {
  const served = base === undefined ? undefined : /^([a-z][a-z\d+.-]*):\/\/([^/?#]+)/i.exec(base);
  const schemes = schemesOf(reader, own(document, "schemes"));
  const host = ownString(document, "host") ?? served?.[2];
  // A control character (C0, DEL or C1 such as U+0085) would make a baseUrl every call refuses: said here instead.
  if (host === undefined || host === "" || /[/?#@\s\\\x00-\x1f\x7f-\x9f]/.test(host)) {
    throw new EndpointError(
      "ERR_INVALID_BASE_URL",
      host === undefined
        ? 'fromOpenApi(): the Swagger 2.0 description has no host: pass fromOpenApi(document, { baseUrl: "https://host" }) to say where it is served'
        : `fromOpenApi(): the Swagger 2.0 host ${quote(host)} is not a host name (with an optional port)`,
    );
  }
  const basePath = ownString(document, "basePath") ?? "/";
  // A query, fragment, white space or control character would make a baseUrl every call refuses: said here instead. A
  // "." or ".." segment (also written %2e) would be resolved by every HTTP client, taking every route out of the path
  // the description names (`/api/../admin`): refused too, never normalised into another path.
  if (!basePath.startsWith("/") || /[?#\s\x00-\x1f\x7f-\x9f]/.test(basePath) || /\/(?:\.|%2e){1,2}(?:\/|$)/i.test(basePath)) {
    throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): the Swagger 2.0 basePath ${quote(basePath)} does not start with "/", or holds a query, a fragment, white space, a control character or a "." or ".." segment`);
  }
  // No schemes: the scheme the description is served with (Swagger 2.0), else https, as for a scheme-relative server.
  // Made (and compared) once per operation with its own schemes: its text counted each time.
  const urlOf = (scheme: string): string => reader.text(withoutTrailingSlash(`${scheme.toLowerCase()}://${host}${basePath}`));
  const preferred = (listed: readonly string[]): string => (listed.length === 0 ? (served?.[1] ?? "https") : listed.includes("https") ? "https" : listed[0]!);
  let baseUrl = urlOf(preferred(schemes));
  if (typeof choice === "number") {
    if (!Number.isInteger(choice) || choice < 0 || choice >= schemes.length) {
      throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): options.server ${choice} is not an index of the description's ${schemes.length} scheme(s)`);
    }
    baseUrl = urlOf(schemes[choice]!);
  } else if (typeof choice === "string") {
    const wanted = withoutTrailingSlash(choice);
    // With no schemes, the one URL the description gives (its scheme the one it is served with, else https).
    const found = (schemes.length > 0 ? schemes.map(urlOf) : [baseUrl]).find((url) => url === wanted);
    if (found === undefined) throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): options.server ${quote(choice)} is none of the description's URLs (a scheme, its host and basePath)`);
    baseUrl = found;
  }
  const consumes = mediaTypes(reader, own(document, "consumes"));
  const produces = mediaTypes(reader, own(document, "produces"));
  const routes: RouteTable = {};
  const accepts = new Map<string, string>();
  const paths = own(document, "paths");
  for (const path of reader.keys(paths)) {
    if (!path.startsWith("/")) continue;
    const item = reader.resolve((paths as Dictionary)[path]);
    if (!isPlainObject(item)) continue;
    const names = placeholderNames(path);
    for (const method of METHODS) {
      const operation = reader.resolve(own(item, method));
      if (!isPlainObject(operation)) continue;
      const route = reader.routeKey(method.toUpperCase(), path);
      const entry = operationEntry(reader, route, names, own(item, "parameters"), operation, mediaTypes(reader, own(operation, "consumes")) ?? consumes);
      addSecurity(reader, entry, operation, document);
      setTemplatePath(entry, path);
      // An operation's own schemes take it to its own URL, as an OpenAPI 3 operation's servers do, whichever of the
      // document's the options chose (options.server is no pin; credentials go to another origin only when trusted).
      const ownSchemes = schemesOf(reader, own(operation, "schemes"));
      if (ownSchemes.length > 0) {
        const url = urlOf(preferred(ownSchemes));
        if (url !== baseUrl) Object.assign(entry, { baseUrl: url, replaces: baseUrl });
      }
      const accept = (mediaTypes(reader, own(operation, "produces")) ?? produces)?.json;
      if (accept !== undefined) accepts.set(route, accept);
      setProperty(routes, route, entry);
    }
  }
  return { baseUrl, routes, accepts };
}

/** The schemes Swagger 2.0 allows ("Values MUST be from the list"). */
const SCHEMES = ["http", "https", "ws", "wss"];

/**
 * A document's or operation's `schemes`, lowercase: each one http, https, ws or wss, else an EndpointError (another
 * scheme, `javascript` or `file`, would make a baseUrl no HTTP client should be given); none listed is an empty list.
 */
function schemesOf(reader: Reader, value: unknown): string[] {
  const schemes: string[] = [];
  for (const scheme of reader.items(value)) {
    const lower = typeof scheme === "string" && scheme.length <= 5 ? scheme.toLowerCase() : undefined;
    if (lower === undefined || !SCHEMES.includes(lower)) {
      throw new EndpointError("ERR_INVALID_BASE_URL", `fromOpenApi(): a Swagger 2.0 scheme is ${typeof scheme === "string" ? quote(scheme) : describeValue(scheme)}, not http, https, ws or wss`);
    }
    schemes.push(lower);
  }
  return schemes;
}

/** What a `consumes` or `produces` list says, worked out once per list read. */
interface MediaTypes {
  /** Its first JSON type, else its first type: the body's type (consumes), the accept type (produces). */
  json: string;
  /**
   * True when the body is sent as JSON: `json` is a JSON type, or the list holds none and its first type is a media
   * range (`*` + `/*`, `application/*`), which a body is sent as application/json under.
   */
  isJson: boolean;
  /** Its first form type (multipart/form-data or application/x-www-form-urlencoded), lowercase, without parameters. */
  form: string | undefined;
  /** Every type it lists, as written: those a call's content-type may choose. */
  all: readonly string[];
  /** The types it lists whose essence is multipart/form-data, as written: found here, once per list. */
  multipart: readonly string[];
}

/**
 * A `consumes` or `produces` list, or undefined when there is no non-empty list (the default applies). Each type is
 * lowercased and matched here, once: the document's lists apply to every operation, which then reads two fields,
 * where scanning the list again at each operation cost its length every time, uncounted.
 */
function mediaTypes(reader: Reader, value: unknown): MediaTypes | undefined {
  if (!Array.isArray(value)) return undefined;
  let first: string | undefined;
  let firstRange = false;
  let json: string | undefined;
  let form: string | undefined;
  const all: string[] = [];
  const multipart: string[] = [];
  for (const type of reader.items(value)) {
    if (typeof type !== "string" || type === "") continue;
    all.push(type);
    const lower = reader.text(type).toLowerCase();
    if (first === undefined) {
      first = type;
      firstRange = isJsonRange(lower);
    }
    if (json === undefined && isJson(lower)) json = type;
    const essence = lower.split(";")[0]!.trim();
    if (form === undefined && (essence === "multipart/form-data" || essence === "application/x-www-form-urlencoded")) form = essence;
    if (essence === "multipart/form-data") multipart.push(type);
  }
  return first === undefined ? undefined : { json: json ?? first, isJson: json !== undefined || firstRange, form, all, multipart };
}

function operationEntry(reader: Reader, route: string, names: ReadonlySet<string>, shared: unknown, operation: Dictionary, consumes: MediaTypes | undefined): DescribedOperationEntry {
  // As in OpenAPI 3: the operation's parameters first, then the path item's others (by name and location).
  const byKey = new ParameterSet<Dictionary>();
  for (const list of [own(operation, "parameters"), shared]) {
    for (const item of reader.items(list)) {
      reader.step();
      const parameter = reader.resolve(item);
      const name = ownString(parameter, "name");
      const where = ownString(parameter, "in");
      if (name === undefined || where === undefined || !isPlainObject(parameter)) continue;
      byKey.add(where, reader.text(name), parameter);
    }
  }
  const parameters: DescribedParameter[] = [];
  let body: Dictionary | undefined;
  const form: Dictionary[] = [];
  for (const parameter of byKey.values) {
    const where = own(parameter, "in");
    if (where === "body") body ??= parameter;
    else if (where === "formData") form.push(parameter);
    else {
      const described = describedParameter(reader, route, parameter, names);
      if (described !== undefined) parameters.push(described);
    }
  }
  const entry: DescribedOperationEntry = {};
  if (parameters.length > 0) entry.parameters = parameters;
  const taken = new Set(parameters.filter((p) => p.in !== "header").map((p) => p.name));
  // A body parameter is the body; formData parameters are the properties of a form (OpenAPI forbids both at once).
  const described = body !== undefined ? jsonBody(reader, body, consumes, taken) : form.length > 0 ? formBody(reader, route, form, consumes, taken) : undefined;
  if (described !== undefined) entry.body = described;
  return entry;
}

function describedParameter(reader: Reader, route: string, parameter: Dictionary, names: ReadonlySet<string>): DescribedParameter | undefined {
  const name = ownString(parameter, "name")!;
  const where = own(parameter, "in");
  if (where !== "path" && where !== "query" && where !== "header") return undefined;
  if (where === "header" && isIgnoredHeader(name)) return undefined;
  if (where === "path" && !names.has(name)) return undefined;
  const described: DescribedParameter = { name, in: where };
  if (where !== "path" && own(parameter, "required") === true && !(where === "header" && isTransportHeader(name))) described.required = true;
  if (isDate(reader, parameter)) described.date = true;
  if (own(parameter, "type") !== "array") return described;
  const format = collectionFormat(route, parameter);
  if (where === "query") {
    const { style, explode } = QUERY_FORMATS[format]!;
    if (style !== undefined) described.style = style;
    if (explode !== true) described.explode = explode;
    return described;
  }
  // In the path and headers a list is comma-separated, the simple style; `multi` is for the query and forms only, and
  // Swagger tools write it there as csv. A header writes ssv, pipes and tsv with their delimiter (styles.ts); a path
  // placeholder is an RFC 6570 expression, which has no other delimiter than ",".
  if (format === "csv" || format === "multi") return described;
  if (where === "header") {
    described.style = QUERY_FORMATS[format]!.style!;
    return described;
  }
  throw new EndpointError(
    "ERR_INVALID_PARAMETER",
    `fromOpenApi(): ${route}: the path parameter ${quote(name)} has collectionFormat ${format}, which a path template cannot write (only csv)`,
  );
}

/** A parameter's collectionFormat, csv by default; an unknown one is an EndpointError naming the route. */
function collectionFormat(route: string, parameter: Dictionary): string {
  const format = own(parameter, "collectionFormat") ?? "csv";
  if (typeof format === "string" && Object.prototype.hasOwnProperty.call(QUERY_FORMATS, format)) return format;
  throw new EndpointError(
    "ERR_INVALID_PARAMETER",
    `fromOpenApi(): ${route}: the parameter ${quote(ownString(parameter, "name") ?? "")} has a collectionFormat that is not csv, ssv, tsv, pipes or multi`,
  );
}

/**
 * An `in: body` parameter: the body, of the first JSON type the operation consumes (else its first type, else JSON),
 * its schema's properties flat keys as in OpenAPI 3.
 */
function jsonBody(reader: Reader, parameter: Dictionary, consumes: MediaTypes | undefined, taken: ReadonlySet<string>): DescribedBody {
  const mediaType = consumes?.json ?? "application/json";
  const body: DescribedBody = { mediaType };
  otherTypes(reader, body, consumes?.all);
  if (own(parameter, "required") === true) {
    body.required = true;
    const name = ownString(parameter, "name");
    if (name !== undefined) body.name = reader.text(name);
  }
  const required = requiredProperties(reader, own(parameter, "schema"));
  if (required !== undefined && required.length > 0) body.requiredProperties = required.slice();
  flatProperties(reader, body, own(parameter, "schema"), taken);
  datedProperties(reader, body, own(parameter, "schema"));
  if (consumes === undefined || consumes.isJson) markJsonString(reader, body, own(parameter, "schema"));
  return body;
}

/**
 * `in: formData` parameters: a multipart body when one is a file or the operation consumes multipart/form-data
 * before application/x-www-form-urlencoded, else a form. Each is a flat key; a list's collectionFormat is its
 * encoding.
 */
function formBody(reader: Reader, route: string, form: readonly Dictionary[], consumes: MediaTypes | undefined, taken: ReadonlySet<string>): DescribedBody {
  const multipart = form.some((parameter) => own(parameter, "type") === "file") || consumes?.form === "multipart/form-data";
  const body: DescribedBody = { mediaType: multipart ? "multipart/form-data" : "application/x-www-form-urlencoded" };
  // The other form type the operation consumes, which a call's content-type may choose (a file needs multipart).
  if (!multipart) otherTypes(reader, body, consumes?.multipart);
  const names = form.map((parameter) => ownString(parameter, "name")!);
  reader.step(names.length);
  if (!names.some((name) => taken.has(name) || ALWAYS_OPTIONS.has(name))) body.properties = names;
  // Required formData parameters are required properties of the form, and make the body required.
  const required = form.filter((parameter) => own(parameter, "required") === true).map((parameter) => ownString(parameter, "name")!);
  if (required.length > 0) Object.assign(body, { required: true, requiredProperties: required });
  const dates = form.filter((parameter) => isDate(reader, parameter)).map((parameter) => ownString(parameter, "name")!);
  if (dates.length > 0) body.dates = dates;
  const encoding: { [property: string]: DescribedEncoding } = {};
  let any = false;
  for (const parameter of form) {
    if (own(parameter, "type") !== "array") continue;
    const { style, explode } = QUERY_FORMATS[collectionFormat(route, parameter)]!;
    const entry: DescribedEncoding = { explode };
    if (style !== undefined) entry.style = style;
    setProperty(encoding, ownString(parameter, "name")!, entry);
    any = true;
  }
  if (any) body.encoding = encoding;
  return body;
}

/** Sets `body.mediaTypes`: `types` (of `consumes`, those a call may choose) other than the body's own, counted first. */
function otherTypes(reader: Reader, body: DescribedBody, types: readonly string[] | undefined): void {
  if (types === undefined || types.length === 0) return;
  // Counted before the list is read: the document's list applies to every operation.
  reader.step(types.length);
  const others = types.filter((type) => type !== body.mediaType);
  if (others.length > 0) body.mediaTypes = others;
}
