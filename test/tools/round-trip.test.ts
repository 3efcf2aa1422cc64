// DECISIONS "Tools for agents": the round trip on real descriptions nobody here wrote (test/fixtures/openapi/, the
// cases of `npm run fixtures:openapi`): each case's parameters, as tool arguments (toArgs), fit the tool's own JSON
// schema (checked by scripts/tools-rules.mjs, apart from src/tools) and give through call() exactly the request
// endpoint(route, params) builds. Every strict tool meets strict mode, every key and name the providers' rules. The
// whole directory is `npm run tools:sweep` (docs/tools.md).
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { toTools } from "../../src/tools/index.js";
import { caseMismatch, NAME_RULE, refusedKeys, schemaMismatch, strictViolations } from "../../scripts/tools-rules.mjs";

interface Fixture {
  document: Record<string, unknown>;
  cases: { route: string; options: Record<string, unknown> }[];
}

const dir = new URL("../fixtures/openapi/", import.meta.url);
const index = JSON.parse(readFileSync(new URL("index.json", dir), "utf8")) as { files: { file: string }[] };

/** A FormData body as its entries, so two requests compare by what they send. */
function comparable(request: unknown): unknown {
  const body = (request as { body?: unknown }).body;
  if (body instanceof FormData) return { ...(request as object), body: [...body.entries()].map(([name, value]) => [name, typeof value === "string" ? value : `blob:${value.type}:${value.size}`]) };
  return request;
}

/** The `{ item, operation }` of a route, as tools-rules.mjs caseMismatch() reads it. */
function operationOf(document: Record<string, unknown>, route: string): { item: object; operation: object } {
  const space = route.indexOf(" ");
  const item = (document.paths as Record<string, Record<string, object>>)[route.slice(space + 1)]!;
  return { item, operation: item[route.slice(0, space).toLowerCase()]! };
}

describe("every case of the real-API fixtures round-trips through its tool", () => {
  it.each(index.files.map(({ file }) => file))("%s", (file) => {
    const fixture = JSON.parse(gunzipSync(readFileSync(new URL(file, dir))).toString("utf8")) as Fixture;
    const openai = toTools(fixture.document, { format: "openai" });
    const anthropic = toTools(fixture.document, { format: "anthropic" });
    const names = openai.tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(NAME_RULE);
    for (const tool of openai.tools) {
      expect(refusedKeys(tool.parameters)).toEqual([]);
      if (tool.strict) expect(strictViolations(tool.parameters)).toEqual([]);
    }
    for (const tool of anthropic.tools) expect(refusedKeys(tool.input_schema)).toEqual([]);
    const byRoute = new Map(openai.tools.map((tool) => [openai.route(tool.name), tool]));
    const reference = endpoint.defaults(fromOpenApi(fixture.document) as never) as unknown as (route: string, params: object) => unknown;
    let compared = 0;
    for (const { route, options } of fixture.cases) {
      let expected: unknown;
      try {
        expected = reference(route, structuredClone(options));
      } catch {
        continue; // endpoint() refuses these parameters itself (real-apis.test.ts says why)
      }
      // Parameters the description itself does not admit (the fixture's value maker has its limits): a tool refuses
      // them, as its schema says. Found by a check written apart from src/tools.
      if (caseMismatch(fixture.document, operationOf(fixture.document, route), options) !== undefined) continue;
      const tool = byRoute.get(route)!;
      const args = openai.toArgs(tool.name, structuredClone(options));
      expect(schemaMismatch(tool.parameters, args), `${route}`).toBeUndefined();
      const sent = openai.call(tool.name, JSON.parse(JSON.stringify(args)));
      expect(isDeepStrictEqual(comparable(sent), comparable(expected)), `${route}: ${JSON.stringify(sent)} vs ${JSON.stringify(expected)}`).toBe(true);
      const loose = anthropic.toArgs(tool.name, structuredClone(options));
      expect(isDeepStrictEqual(comparable(anthropic.call(tool.name, loose)), comparable(expected)), route).toBe(true);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
  });
});
