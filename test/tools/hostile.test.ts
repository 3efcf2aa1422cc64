// DECISIONS "Tools for agents": hostile descriptions. The reader's bounds hold for schema building too (depth, $ref
// fan-out, cycles, output size): toTools() gives tools or an EndpointError, never a hang, a stack overflow or a
// prototype changed.
import { describe, expect, it } from "vitest";
import { EndpointError } from "../../src/index.js";
import { toTools } from "../../src/tools/index.js";
import { refusedKeys, strictViolations } from "../../scripts/tools-rules.mjs";

type Json = Record<string, any>;

function documentWith(schemas: Json, bodyRef = "#/components/schemas/S0", operations = 1): Json {
  const paths: Json = {};
  for (let i = 0; i < operations; i++) {
    paths[`/op${i}`] = { post: { operationId: `op${i}`, requestBody: { content: { "application/json": { schema: { $ref: bodyRef } } } }, responses: {} } };
  }
  return { openapi: "3.0.3", info: { title: "h", version: "1" }, servers: [{ url: "https://h.example" }], components: { schemas: schemas }, paths };
}

/** Tools, or the EndpointError toTools() gave; anything else fails the test. */
function settle(document: Json, format: "openai" | "anthropic" = "openai"): Json[] | EndpointError {
  try {
    return toTools(document, { format }).tools as Json[];
  } catch (error) {
    if (error instanceof EndpointError) return error;
    throw error;
  }
}

const schemaOf = (tool: Json): Json => tool.parameters ?? tool.input_schema;

describe("cycles are cut and said so", () => {
  it("a schema that holds itself", () => {
    const tools = settle(documentWith({ S0: { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/S0" } } } } }));
    expect(Array.isArray(tools)).toBe(true);
    const tool = (tools as Json[])[0]!;
    expect(tool.strict).toBe(false);
    const children = schemaOf(tool).properties.children;
    expect(children.items.description).toMatch(/recursive/);
    expect(children.items.type).toBeUndefined();
  });

  it("two schemas that hold each other, and a cycle through allOf", () => {
    const tools = settle(
      documentWith({
        S0: { allOf: [{ $ref: "#/components/schemas/S1" }], properties: { a: { $ref: "#/components/schemas/S1" } } },
        S1: { type: "object", properties: { b: { $ref: "#/components/schemas/S0" } }, allOf: [{ $ref: "#/components/schemas/S0" }] },
      }),
    );
    expect(Array.isArray(tools)).toBe(true);
    expect(JSON.stringify(tools)).toMatch(/recursive/);
  });
});

describe("size and depth are bounded", () => {
  it("a $ref fan-out that doubles at each of 60 levels (2^60 nodes inlined)", () => {
    const schemas: Json = {};
    for (let i = 0; i < 60; i++) schemas[`S${i}`] = { type: "object", properties: { left: { $ref: `#/components/schemas/S${i + 1}` }, right: { $ref: `#/components/schemas/S${i + 1}` } } };
    schemas.S60 = { type: "string" };
    const tools = settle(documentWith(schemas));
    if (tools instanceof EndpointError) expect(tools.code).toBe("ERR_TOO_LARGE");
    else expect(JSON.stringify(tools).length).toBeLessThan(5_000_000);
  });

  it("schemas nested 5,000 levels deep, inline", () => {
    let schema: Json = { type: "string" };
    for (let i = 0; i < 5000; i++) schema = { type: "object", properties: { x: schema } };
    const tools = settle(documentWith({ S0: schema }));
    expect(Array.isArray(tools)).toBe(true);
    expect(JSON.stringify(tools)).toMatch(/nested deeper/);
  });

  it("a large schema referenced by many operations", () => {
    const properties: Json = {};
    for (let i = 0; i < 5000; i++) properties[`p${i}`] = { type: "string", enum: ["a", "b"] };
    const tools = settle(documentWith({ S0: { type: "object", properties } }, "#/components/schemas/S0", 2000));
    if (tools instanceof EndpointError) expect(tools.code).toBe("ERR_TOO_LARGE");
    else expect(tools).toHaveLength(2000);
  });

  it("an enum of 100,000 values is not strict, and is stated whole", () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const tools = settle(documentWith({ S0: { type: "object", properties: { v: { type: "string", enum: values } } } }));
    const tool = (tools as Json[])[0]!;
    expect(tool.strict).toBe(false);
    expect(schemaOf(tool).properties.v.enum).toHaveLength(100_000);
  });
});

describe("odd shapes and names", () => {
  it("keys named __proto__, constructor and prototype stay keys; no prototype changes", () => {
    const document = documentWith({
      S0: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object","properties":{"polluted":{"type":"string"}}},"constructor":{"type":"string"},"prototype":{"type":"string"}}}'),
    });
    for (const format of ["openai", "anthropic"] as const) {
      const tools = settle(document, format) as Json[];
      const properties = schemaOf(tools[0]!).properties;
      expect(Object.keys(properties).sort()).toEqual(["__proto__", "constructor", "prototype"]);
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      const kit = toTools(document, { format });
      const args = JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":"c","prototype":"p"}');
      const request = kit.call("op0", format === "openai" ? args : args) as Json;
      expect(Object.keys(request.body).sort()).toEqual(["__proto__", "constructor", "prototype"]);
      expect(({} as Json).polluted).toBeUndefined();
    }
  });

  it("names and keys of 200,000 characters, runs of _ included, fit and stay apart", () => {
    const run = "_".repeat(200_000);
    const document: Json = {
      openapi: "3.0.3",
      info: { title: "h", version: "1" },
      servers: [{ url: "https://h.example" }],
      paths: { "/x": { get: { operationId: `${run}x${run}`, parameters: [`${run}[x`, `a${run}$`, `a${run}!`].map((name) => ({ name, in: "query", schema: { type: "string" } })), responses: {} } } },
    };
    const tool = (settle(document, "anthropic") as Json[])[0]!;
    expect(tool.name).toBe("x");
    const keys = Object.keys(schemaOf(tool).properties);
    expect(new Set(keys).size).toBe(3);
    expect(refusedKeys(schemaOf(tool))).toEqual([]);
  });

  it("50,000 keys renamed to one base, and 20,000 operations with one operationId, are numbered in linear time", () => {
    const properties: Json = {};
    for (let i = 0; i < 50_000; i++) properties[`a${String.fromCharCode(0x100 + i)}`] = { type: "string" };
    const paths: Json = {};
    for (let i = 0; i < 20_000; i++) paths[`/p${i}`] = { get: { operationId: "same", responses: {} } };
    const document: Json = { ...documentWith({ S0: { type: "object", properties } }), paths: { ...paths, "/op0": documentWith({}).paths["/op0"] } };
    const kit = toTools(document, { format: "anthropic", include: ["op0", "GET /p19999"] });
    expect(kit.tools.map((tool) => tool.name)).toEqual(["same_20000", "op0"]);
    const keys = Object.keys(schemaOf(kit.tools[1] as Json).properties);
    expect(new Set(keys).size).toBe(50_000);
    for (const key of keys) expect(key).toMatch(/^a(_\d+)?$/);
  });

  it("schemas that are not objects, and $refs that lead nowhere or to non-schemas", () => {
    const document = documentWith({ S0: { type: "object", properties: { a: 5, b: null, c: [1], d: true, e: { type: ["string", 7] }, f: { items: "x" }, g: { allOf: "no" }, h: { enum: "no" } } } });
    const tools = settle(document, "anthropic");
    expect(Array.isArray(tools)).toBe(true);
    expect(refusedKeys(schemaOf((tools as Json[])[0]!))).toEqual([]);
    const dangling = settle(documentWith({ S0: { type: "object", properties: { a: { $ref: "#/components/schemas/Nope" } } } }));
    expect(dangling).toBeInstanceOf(EndpointError);
  });

  it("every strict tool of a hostile mix meets strict mode", () => {
    const schemas: Json = {
      S0: {
        type: "object",
        required: ["a"],
        properties: {
          a: { oneOf: [{ type: "string" }, { type: "integer", nullable: true }] },
          b: { allOf: [{ type: "object", properties: { x: { type: "string", format: "uuid", pattern: "^a" } } }, { properties: { y: { type: "number", minimum: 1 } } }] },
          c: { type: "array", items: { anyOf: [{ type: "object", properties: { k: { type: "boolean" } } }, { type: "null" }] } },
          d: { const: "fixed" },
        },
      },
    };
    const tools = settle(documentWith(schemas)) as Json[];
    expect(tools[0]!.strict).toBe(true);
    expect(strictViolations(tools[0]!.parameters)).toEqual([]);
  });
});
