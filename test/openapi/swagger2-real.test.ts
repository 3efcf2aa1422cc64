// Swagger 2.0 descriptions nobody here wrote (issue 31 item 7). test/fixtures/swagger2/cases.json.gz holds 1,750
// operations of the 567 descriptions of ../shared/data/swagger2/ (four per description), each with its description
// cut to what it needs and the request swagger-client's buildRequest built from the original, where endpointkit built
// the same (`npm run fixtures:openapi -- --swagger2` writes it, and reports every difference:
// docs/openapi-reference-differences.md). When the data set is on the machine, every description is read whole too.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { loosen } from "../helpers.js";

interface Summary {
  method: string;
  url: string;
  headers: Record<string, string>;
  contentType?: string;
  body: unknown;
}
interface Case {
  file: string;
  route: string;
  document: object;
  options: object;
  expected: Summary;
}

const fixture = JSON.parse(gunzipSync(readFileSync(new URL("../fixtures/swagger2/cases.json.gz", import.meta.url))).toString()) as { cases: Case[] };

/** A URL as it goes on the wire: no fragment (fetch never sends one; swagger-client keeps a path key's `#Action`). */
const sent = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}${parsed.search}`;
};

/** What the comparison reads of a request, as scripts/fixtures-swagger2.mjs reads swagger-client's. */
function summaryOf(request: RequestOptions): Summary {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name.toLowerCase()] = String(value);
  const contentType = headers["content-type"]?.split(";")[0]!.trim().toLowerCase();
  for (const name of ["content-type", "accept", "user-agent"]) delete headers[name];
  let body: unknown = request.body;
  if (body instanceof FormData) body = { multipart: [...body.entries()] };
  else if (typeof body === "string" && /json/.test(contentType ?? "")) {
    try {
      body = JSON.parse(body);
    } catch {
      // A string body sent as it is (swagger-client and endpointkit alike): compared as text.
    }
  }
  const summary: Summary = { method: request.method.toUpperCase(), url: request.url, headers, body: body ?? null };
  if (contentType !== undefined) summary.contentType = contentType;
  return summary;
}

describe("Swagger 2.0 descriptions as published, against swagger-client", () => {
  it("holds operations of every kind: bodies, forms, header and array parameters", () => {
    const text = JSON.stringify(fixture.cases.map((c) => c.document));
    for (const marker of ['"in":"body"', '"in":"formData"', '"in":"header"', '"collectionFormat":"multi"', '"type":"array"', '"consumes"']) expect(text).toContain(marker);
    expect(new Set(fixture.cases.map((c) => c.file)).size).toBeGreaterThan(400);
  });

  it("builds each operation as swagger-client built it from the original description", () => {
    const failures: string[] = [];
    for (const { file, route, document, options, expected } of fixture.cases) {
      try {
        const actual = summaryOf(loosen(endpoint.defaults(fromOpenApi(document)))(route, options));
        // swagger-client labels no multipart body (the client writes its boundary); neither does endpointkit.
        const wanted = { ...expected };
        delete (wanted as { accept?: string }).accept;
        if (wanted.contentType === undefined || (wanted.body as { multipart?: unknown } | null)?.multipart) delete wanted.contentType;
        if ((actual.body as { multipart?: unknown } | null)?.multipart) delete actual.contentType;
        expect({ ...actual, url: sent(actual.url) }).toEqual({ ...wanted, url: sent(wanted.url) });
      } catch (error) {
        failures.push(`${file} ${route}: ${String(error).slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

const DATA = process.env.SWAGGER2_DIR ?? join(import.meta.dirname, "../../../shared/data/swagger2");

describe.skipIf(!existsSync(DATA))("every Swagger 2.0 description of ../shared/data/swagger2", () => {
  it("reads all 567 into a route table holding each of their operations, in bounded time", () => {
    const files = readdirSync(DATA).filter((file) => file.endsWith(".json.gz"));
    expect(files).toHaveLength(567);
    const start = performance.now();
    let operations = 0;
    for (const file of files) {
      const document = JSON.parse(gunzipSync(readFileSync(join(DATA, file))).toString()) as { paths: Record<string, Record<string, unknown>> };
      const routes = fromOpenApi(document)["x-endpointkit-routes"];
      // The operations the description holds, counted here: every method key of every path.
      const expected = Object.entries(document.paths).flatMap(([path, item]) =>
        ["get", "put", "post", "delete", "options", "head", "patch"].filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
      );
      // Beside its routes a table has one settings entry ("*", no route's key) holding the security schemes they name.
      expect(Object.keys(routes).filter((key) => key !== "*").sort(), file).toEqual(expected.sort());
      operations += expected.length;
    }
    expect(operations).toBe(16_066);
    // 2.7 s on the 2-core build machine, JSON.parse included.
    expect(performance.now() - start).toBeLessThan(60_000);
  });
});
