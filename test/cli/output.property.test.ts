// Everything the command prints (JSON, curl commands, the openapi module, messages and warnings) holds no raw control
// (Cc) or format (Cf) character, U+2028/9 or lone surrogate but newline, whatever item, route, file name, YAML or JSON
// description carries one (issue 30 classes 13, 17, 18 and 19 together; fast-check).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { run, type Io } from "../../src/cli/run.js";
import { RAW_UNSAFE, UNSAFE_CHARS } from "./unsafe-chars.js";

const DESCRIPTION = JSON.stringify({
  openapi: "3.0.3",
  servers: [{ url: "https://api.example" }],
  paths: {
    "/up/{id}": {
      post: {
        parameters: [{ name: "id", in: "path", required: true }, { name: "q", in: "query" }],
        requestBody: { content: { "multipart/form-data": { schema: { type: "object", properties: { title: { type: "string" }, photo: { type: "string", format: "binary" } } } } } },
        responses: {},
      },
    },
  },
});

/** Every path holds the description, as YAML or JSON by its name; `broken` makes it invalid. */
function io(broken: string | undefined): Io {
  const text = broken === undefined ? DESCRIPTION : `{"openapi": ${broken}`;
  return { readFile: () => new TextEncoder().encode(text), readStdin: async () => undefined };
}

type Place = "route" | "path" | "query" | "header" | "field" | "upload" | "description name" | "broken json" | "broken yaml";
const PLACES: Place[] = ["route", "path", "query", "header", "field", "upload", "description name", "broken json", "broken yaml"];

function argv(place: Place, odd: string, curl: boolean): string[] {
  const described = ["--ignore-stdin", ...(curl ? ["--curl"] : []), "--openapi"];
  switch (place) {
    case "route":
      return [...described, "api.json", `POST /up/{id}${odd}`, "id=1"];
    case "path":
      return [...described, "api.json", "POST /up/{id}", `id=${odd}`];
    case "query":
      return [...described, "api.json", "POST /up/{id}", "id=1", `q=${odd}`];
    case "header":
      return [...described, "api.json", "POST /up/{id}", "id=1", `X-Odd:${odd}`];
    case "field":
      return [...described, "api.json", "POST /up/{id}", "id=1", `title=${odd}`];
    case "upload":
      return [...described, "api.json", "POST /up/{id}", "id=1", `photo@dir/${odd.replaceAll(/[;@=:\\]/g, "")}.bin`];
    case "description name":
      return [...described, `./${odd}.json`, "POST /up/{id}", "id=1"];
    case "broken json":
      return [...described, "api.json", "POST /up/{id}"];
    case "broken yaml":
      return [...described, "api.yaml", "POST /up/{id}"];
  }
}

describe("what the command prints holds no raw control or format character", () => {
  it("in JSON and curl output and in every message, for every such character in every place", async () => {
    // Exit statuses per place: each place must print a request sometimes, or the property would test messages only.
    const printed = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...UNSAFE_CHARS), fc.string({ maxLength: 8 }), fc.constantFrom(...PLACES), fc.boolean(), async (char, text, place, curl) => {
        const odd = `${text}${char}${text}`;
        const broken = place === "broken json" || place === "broken yaml" ? `"${odd}` : undefined;
        const outcome = await run(argv(place, odd, curl), io(broken));
        expect(outcome.stdout).not.toMatch(RAW_UNSAFE);
        // stderr may hold newlines between its lines, and nothing else of the kind.
        expect(outcome.stderr).not.toMatch(RAW_UNSAFE);
        if (outcome.exitCode === 0) printed.set(place, (printed.get(place) ?? 0) + 1);
      }),
      { numRuns: 1500 },
    );
    // A route the description does not hold is refused (its message is checked above): "route" prints only where the odd
    // character is white space the route string trims.
    expect([...printed.keys()]).toEqual(expect.arrayContaining(PLACES.filter((place) => !place.startsWith("broken") && place !== "route")));
  });

  it("in the openapi module, for every such character in the description's file name", async () => {
    for (const char of UNSAFE_CHARS) {
      const outcome = await run(["openapi", `./a${char}b.json`], io(undefined));
      expect(outcome.exitCode).toBe(0);
      expect(outcome.stdout).not.toMatch(RAW_UNSAFE);
    }
  });
});
