// test/types/github-routes.types.ts is generated from the GitHub fixture; `npm run typecheck` checks it.
// This keeps the two in step: a fixture refreshed without regenerating the types fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The generator is plain JavaScript without declarations: imported by URL, typed here. */
const generator = new URL("../../scripts/fixtures-github.mjs", import.meta.url).href;
const { routeTypes } = (await import(generator)) as { routeTypes: (fixture: unknown) => string };

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), "utf8");

describe("the generated type check of every GitHub route", () => {
  const fixture = JSON.parse(read("../fixtures/github/operations.json")) as { operations: { method: string; path: string }[] };
  const generated = read("../types/github-routes.types.ts");

  it("is what npm run fixtures:github makes from the committed fixture", () => {
    expect(generated).toBe(routeTypes(fixture));
  });

  it("calls every route string of the fixture", () => {
    for (const { method, path } of fixture.operations) expect(generated).toContain(JSON.stringify(`${method} ${path}`));
  });
});
