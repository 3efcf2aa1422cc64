// The sixth adversarial review's findings on reading a description (issue 30's request for a review of fromOpenApi by
// someone who did not write it), classes 4-8 and 10. Each test failed on the code it was written against and states
// the promise it checks: SECURITY.md ("fromOpenApi() counts what a shared part costs at every reference", "all work is
// bounded at 5,000,000 steps", a Swagger 2.0 host and basePath checked when read). Work is asserted by counting
// calls, never by timing.
import { describe, expect, it } from "vitest";
import { EndpointError } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";


/** What `work` returns, or the code of the EndpointError it throws; anything else fails the test. */
function codeOrValue(work: () => unknown): unknown {
  try {
    return work();
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return (error as EndpointError).code;
  }
}

/** Runs `work` with `method` of `prototype` replaced by a counting wrapper; returns how often it was called. */
function countCalls<T extends object>(prototype: T, method: keyof T, work: () => void): number {
  const original = prototype[method] as unknown as (...args: unknown[]) => unknown;
  let calls = 0;
  Object.defineProperty(prototype, method, {
    value: function (this: unknown, ...args: unknown[]) {
      calls++;
      return original.apply(this, args);
    },
    configurable: true,
    writable: true,
  });
  try {
    work();
  } finally {
    Object.defineProperty(prototype, method, { value: original, configurable: true, writable: true });
  }
  return calls;
}

/** fromOpenApi()'s bound on the work of reading one document (SECURITY.md: "all work is bounded at 5,000,000 steps"). */
const MAX_WORK = 5_000_000;

describe("fromOpenApi() counts work done per reference on lists read once (SECURITY.md: bounded at 5,000,000 steps)", () => {
  it("Swagger 2.0's document-level produces and consumes are not scanned again, uncounted, for every operation", () => {
    // 5,000 media types and 3,000 operations: each operation lowercases and tests every type of the document's list
    // (15,000,000 calls, none a step). Measured: 40,000 types and 10,000 operations (0.8 MB) read in 19 s (produces),
    // 86 s (consumes and formData parameters, 1.2 MB).
    const types = Array.from({ length: 5000 }, (_, i) => `text/x-${i}`);
    const paths = (operation: object): object => Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`/p${i}`, operation]));
    const documents = [
      { swagger: "2.0", host: "api.example", produces: types, paths: paths({ get: {} }) },
      { swagger: "2.0", host: "api.example", consumes: types, paths: paths({ post: { parameters: [{ in: "formData", name: "f" }] } }) },
      { swagger: "2.0", host: "api.example", consumes: types, paths: paths({ post: { parameters: [{ in: "body", name: "b" }] } }) },
    ];
    for (const document of documents) {
      const calls = countCalls(String.prototype, "toLowerCase", () => void codeOrValue(() => fromOpenApi(document)));
      expect(calls).toBeLessThan(MAX_WORK);
    }
  });

  it("a body schema whose properties clash with a parameter or an option is not compared again, uncounted, at every reference", () => {
    // One 20,000-property schema with a property named "url" (so its names are never written into the table, and
    // never counted), referenced by 1,000 operations: each compares all 20,001 names (40,000,000 Set lookups).
    // Measured: 50,000 properties referenced 1,000 times read in 2.5 s (SECURITY.md: ERR_TOO_LARGE after 0.22 s
    // without the "url"), 20,000 times (2 MB) in 35 s.
    const properties: Record<string, object> = {};
    for (let i = 0; i < 20000; i++) properties[`p${i}`] = {};
    properties.url = {};
    const operations = (operation: object): object => Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`/p${i}`, operation]));
    const documents = [
      {
        openapi: "3.0.3",
        servers: [{ url: "https://api.example" }],
        components: { requestBodies: { B: { content: { "application/json": { schema: { type: "object", properties } } } } } },
        paths: operations({ post: { requestBody: { $ref: "#/components/requestBodies/B" }, responses: {} } }),
      },
      {
        swagger: "2.0",
        host: "api.example",
        definitions: { S: { type: "object", properties } },
        paths: operations({ post: { parameters: [{ in: "body", name: "b", schema: { $ref: "#/definitions/S" } }] } }),
      },
    ];
    for (const document of documents) {
      const lookups = countCalls(Set.prototype, "has", () => void codeOrValue(() => fromOpenApi(document)));
      // Counted as steps, the reading stops near 5,000,000 names compared (two lookups each).
      expect(lookups).toBeLessThan(2 * MAX_WORK + 1_000_000);
    }
  });
});

describe("a $ref's text is counted at every reference (SECURITY.md: a string read at a reference costs a step per 32 characters)", () => {
  it("a 100,000-character $ref reached through one short $ref from 4,000 operations is not decoded 4,000 times, uncounted", () => {
    // Every resolution decodes and looks up the long pointer again, counted as one step. Measured: a 1 MB pointer
    // reached from 2,000 operations (2.2 MB) reads in 8.7 s, from 200 in 0.9 s: linear in references times length.
    const long = "x".repeat(100_000);
    const document = {
      openapi: "3.0.3",
      servers: [{ url: "https://api.example" }],
      components: { parameters: { P: { $ref: `#/components/parameters/${long}` }, [long]: { name: "q", in: "query" } } },
      paths: Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`/p${i}`, { get: { parameters: [{ $ref: "#/components/parameters/P" }], responses: {} } }])),
    };
    const original = globalThis.decodeURIComponent;
    let characters = 0;
    globalThis.decodeURIComponent = (text: string) => {
      characters += text.length;
      return original(text);
    };
    try {
      codeOrValue(() => fromOpenApi(document));
    } finally {
      globalThis.decodeURIComponent = original;
    }
    // At a step per 32 characters, 5,000,000 steps are 160,000,000 characters.
    expect(characters).toBeLessThan(32 * MAX_WORK + 1_000_000);
  });
});

describe("a media type's text is counted at every reference (SECURITY.md: a 1 MB media type referenced by 20,000 operations is ERR_TOO_LARGE)", () => {
  /** The characters `work` lowercases. */
  function lowercased(work: () => void): number {
    const original = String.prototype.toLowerCase;
    let characters = 0;
    Object.defineProperty(String.prototype, "toLowerCase", {
      value: function (this: string) {
        characters += this.length;
        return original.call(this);
      },
      configurable: true,
      writable: true,
    });
    try {
      work();
    } finally {
      Object.defineProperty(String.prototype, "toLowerCase", { value: original, configurable: true, writable: true });
    }
    return characters;
  }

  const long = "X".repeat(100_000);
  const operations = (operation: object): object => Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`/p${i}`, operation]));

  it("an encoding's contentType in a request body referenced by 4,000 operations", () => {
    // describedEncoding() lowercases and matches the contentType at each reference, uncounted. Measured: a 1 MB
    // contentType referenced by 2,000 operations (1.2 MB) reads in 3.9 s, by 200 in 0.19 s.
    const document = {
      openapi: "3.0.3",
      servers: [{ url: "https://api.example" }],
      components: { requestBodies: { B: { content: { "multipart/form-data": { encoding: { f: { contentType: long } } } } } } },
      paths: operations({ post: { requestBody: { $ref: "#/components/requestBodies/B" }, responses: {} } }),
    };
    expect(lowercased(() => void codeOrValue(() => fromOpenApi(document)))).toBeLessThan(32 * MAX_WORK + 1_000_000);
  });

  it("Swagger 2.0's document-level consumes and produces holding one long type, used by 4,000 operations", () => {
    const documents = [
      { swagger: "2.0", host: "api.example", consumes: [long], paths: operations({ post: { parameters: [{ in: "formData", name: "f" }] } }) },
      { swagger: "2.0", host: "api.example", consumes: [long], paths: operations({ post: { parameters: [{ in: "body", name: "b" }] } }) },
      { swagger: "2.0", host: "api.example", produces: [long], paths: operations({ get: {} }) },
    ];
    for (const document of documents) {
      expect(lowercased(() => void codeOrValue(() => fromOpenApi(document)))).toBeLessThan(32 * MAX_WORK + 1_000_000);
    }
  });
});

describe("a server URL filled with its variables is counted like any text (SECURITY.md: all work bounded)", () => {
  it("170 placeholders of one 1 MB default do not make a 170 MB baseUrl out of a 1 MB description", () => {
    // The document's server is filled in and returned without a step counted. Measured: 400 placeholders (a 1 MB
    // description) give a 400 MB baseUrl in 0.3 s; `endpointkit openapi` prints a 400 MB module (1.7 GB resident) and
    // `endpointkit --openapi d.json "GET /x"` a 400 MB URL, both exit 0.
    const document = {
      openapi: "3.0.3",
      servers: [{ url: `https://api.example/${"{v}".repeat(170)}`, variables: { v: { default: "x".repeat(1_000_000) } } }],
      paths: {},
    };
    const outcome = codeOrValue(() => fromOpenApi(document));
    if (outcome !== "ERR_TOO_LARGE") expect((outcome as { baseUrl: string }).baseUrl.length).toBeLessThan(32 * MAX_WORK);
  });
});

describe("Swagger 2.0 host (SECURITY.md: checked to be a host, as basePath is checked for control characters)", () => {
  it("a host holding a control character is ERR_INVALID_BASE_URL when read, not a baseUrl every call refuses", () => {
    for (const host of ["api.example\u001b]8;;https://evil.example\u0007", "api.example\u0000", "api.example\u0085", "api.example\u007f"]) {
      expect(codeOrValue(() => fromOpenApi({ swagger: "2.0", host, paths: {} }))).toBe("ERR_INVALID_BASE_URL");
    }
  });

  it("a basePath holding a C1 control character (U+0085, U+009B) is ERR_INVALID_BASE_URL when read, as one with a C0 is", () => {
    for (const basePath of ["/v1\u0085", "/v1\u009b2J"]) {
      expect(codeOrValue(() => fromOpenApi({ swagger: "2.0", host: "api.example", basePath, paths: {} }))).toBe("ERR_INVALID_BASE_URL");
    }
  });
});
