// DECISIONS "Tools for agents: `endpointkit/tools`": the public API, each rule of the section.
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";
import { toTools, type ToolKit } from "../../src/tools/index.js";
// The providers' rules, written apart from src/tools.
import { KEY_RULE, NAME_RULE, refusedKeys, schemaMismatch, strictViolations } from "../../scripts/tools-rules.mjs";
import { expectEndpointError } from "../helpers.js";

type Json = Record<string, any>;

const pets: Json = {
  openapi: "3.1.0",
  info: { title: "pets", version: "1" },
  servers: [{ url: "https://pets.example/v1" }],
  components: {
    securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key" }, bearer: { type: "http", scheme: "bearer" } },
    schemas: {
      Pet: {
        type: "object",
        required: ["name"],
        properties: {
          id: { type: "integer", readOnly: true },
          name: { type: "string", minLength: 1, description: "The pet's name." },
          tag: { type: ["string", "null"] },
          kind: { type: "string", enum: ["cat", "dog"] },
          "@odata.type": { type: "string" },
          owner: { $ref: "#/components/schemas/Owner" },
          born: { type: "string", format: "date" },
        },
      },
      Owner: { type: "object", properties: { "$ref-id": { type: "string" }, "first name": { type: "string" } } },
    },
  },
  security: [{ key: [] }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        tags: ["pets"],
        summary: "List pets",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } },
          { name: "filter", in: "query", style: "deepObject", schema: { type: "object", properties: { "kind[eq]": { type: "string" } } } },
          { name: "$top", in: "query", schema: { type: "integer" } },
          { name: "api_key", in: "query", schema: { type: "string" } },
          { name: "X-Request-Id", in: "header", required: true, schema: { type: "string" } },
          { name: "session", in: "cookie", schema: { type: "string" } },
        ],
        responses: { "200": { description: "ok" } },
      },
      post: {
        operationId: "create pet!",
        tags: ["pets", "write"],
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
        responses: { "201": { description: "made" } },
      },
    },
    "/pets/{id}": {
      get: { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, { name: "id", in: "query", schema: { type: "string" } }], responses: { "200": { description: "ok" } } },
      put: {
        operationId: "replacePet",
        tags: ["write"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Pet" } } } } },
        responses: { "200": { description: "ok" } },
      },
      patch: {
        operationId: "tagPet",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { content: { "application/json": { schema: { type: "object", properties: { labels: { type: "object", additionalProperties: { type: "string" } } } } } } },
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

const reference = endpoint.defaults(fromOpenApi(pets, { auth: { key: "k-1" } }) as never) as unknown as (route: string, params: object) => unknown;

function kitOf(format: "openai" | "anthropic" | "mcp" = "openai", options: object = {}): ToolKit {
  return toTools(pets, { format, auth: { key: "k-1" }, ...options });
}

const toolOf = (kit: ToolKit, name: string): Json => kit.tools.find((tool) => tool.name === name) as Json;
const schemaOf = (tool: Json): Json => tool.parameters ?? tool.input_schema ?? tool.inputSchema;

describe("toTools(): one tool per operation, in the format's own shape", () => {
  it("gives OpenAI function tools, Anthropic tools and MCP tools", () => {
    const openai = toolOf(kitOf("openai"), "listPets");
    expect(Object.keys(openai).sort()).toEqual(["description", "name", "parameters", "strict", "type"]);
    expect(openai.type).toBe("function");
    expect(Object.keys(toolOf(kitOf("anthropic"), "listPets")).sort()).toEqual(["description", "input_schema", "name"]);
    expect(Object.keys(toolOf(kitOf("mcp"), "listPets")).sort()).toEqual(["description", "inputSchema", "name"]);
    for (const format of ["openai", "anthropic", "mcp"] as const) expect(kitOf(format).tools).toHaveLength(5);
  });

  it("names the route, and describes it with the summary", () => {
    const kit = kitOf();
    expect(kit.route("create_pet")).toBe("POST /pets");
    expect(toolOf(kit, "listPets").description).toContain("List pets");
    expect(toolOf(kit, "listPets").description).toContain("GET /pets");
  });

  it("requires a format and checks its options", () => {
    expectEndpointError(() => toTools(pets, {} as never), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => toTools(pets, { format: "gemini" } as never), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => toTools(pets, { format: "openai", nameLength: 65 }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => toTools(pets, { format: "openai", include: [1] as never }), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => toTools("not a document", { format: "openai" }), "ERR_INVALID_PARAMETER");
  });
});

describe("input schemas hold the call convention's keys", () => {
  it("parameters by name, header parameters under headers, body properties flat, any other body under data", () => {
    const kit = kitOf("anthropic");
    const list = schemaOf(toolOf(kit, "listPets"));
    expect(Object.keys(list.properties)).toEqual(["limit", "filter", "_top", "session", "headers"]);
    expect(list.properties.headers.properties).toHaveProperty("X-Request-Id");
    expect(list.required).toEqual(["headers"]);
    const create = schemaOf(toolOf(kit, "create_pet"));
    // A read-only property is never sent, so never an input.
    expect(Object.keys(create.properties)).toEqual(["name", "tag", "kind", "_odata.type", "owner", "born"]);
    expect(create.required).toEqual(["name"]);
    expect(create.properties.name).toMatchObject({ type: "string", minLength: 1, description: "The pet's name." });
    expect(create.properties.kind.enum).toEqual(["cat", "dog"]);
    expect(create.properties.born.format).toBe("date");
    const replace = schemaOf(toolOf(kit, "replacePet"));
    expect(Object.keys(replace.properties)).toEqual(["id", "data"]);
    expect(replace.properties.data.type).toBe("array");
  });

  it("never holds a credential: an apiKey parameter goes by auth", () => {
    const kit = kitOf("openai");
    expect(JSON.stringify(kit.tools)).not.toContain("api_key");
    const request = kit.call("listPets", { limit: 5, filter: null, _top: null, session: null, headers: { "X-Request-Id": "r1" } }) as Json;
    expect(request.url).toBe("https://pets.example/v1/pets?limit=5&api_key=k-1");
  });

  it("gives a name two locations share by its qualified keys", () => {
    const schema = schemaOf(toolOf(kitOf("mcp"), "get_pets_id"));
    expect(Object.keys(schema.properties)).toEqual(["path_id", "query_id"]);
    expect(schema.properties.path_id.description).toContain("(sent as \"path:id\")");
    // The same value for both is one flat key, which fills both.
    const kit = kitOf("mcp");
    expect(kit.call("get_pets_id", { path_id: "7", query_id: "7" })).toEqual(reference("GET /pets/{id}", { id: "7" }));
    expect(kit.toArgs("get_pets_id", { id: "7" })).toEqual({ path_id: "7", query_id: "7" });
  });
});

/** True once endpoint() takes qualified keys ("query:id"): DECISIONS "Described routes". */
const takesQualifiedKeys = (() => {
  try {
    const url = (reference("GET /pets/{id}", { "path:id": "1", "query:id": "2" }) as Json).url as string;
    return url.endsWith("/pets/1?id=2&api_key=k-1");
  } catch {
    return false;
  }
})();

describe("qualified keys give each place of a shared name its own value", () => {
  it.skipIf(!takesQualifiedKeys)("sends the path and the query id apart, and a query parameter named like an option", () => {
    const kit = kitOf("anthropic");
    expect(kit.call("get_pets_id", { path_id: "1", query_id: "2" })).toEqual(reference("GET /pets/{id}", { "path:id": "1", "query:id": "2" }));
    expect(kit.call("get_pets_id", { path_id: "1" })).toEqual(reference("GET /pets/{id}", { "path:id": "1" }));
    expect(kit.toArgs("get_pets_id", { "path:id": "1", "query:id": "2" })).toEqual({ path_id: "1", query_id: "2" });
    const document: Json = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://t.example" }],
      paths: { "/s": { get: { operationId: "search", parameters: [{ name: "data", in: "query", schema: { type: "string" } }], responses: {} } } },
    };
    const search = toTools(document, { format: "anthropic" });
    expect(Object.keys((search.tools[0] as Json).input_schema.properties)).toEqual(["query_data"]);
    expect((search.call("search", { query_data: "d" }) as Json).url).toBe("https://t.example/s?data=d");
  });
});

describe("names fit ^[a-zA-Z0-9_-]{1,64}$, unique and the same for the same document", () => {
  it("makes an operationId fit, else uses method and path", () => {
    const names = kitOf().tools.map((tool) => tool.name);
    expect(names).toEqual(["listPets", "create_pet", "get_pets_id", "replacePet", "tagPet"]);
  });

  it("cuts long names to nameLength, keeps them unique, and numbers duplicates", () => {
    const long = "x".repeat(100);
    const document: Json = { openapi: "3.0.3", info: { title: "t", version: "1" }, servers: [{ url: "https://t.example" }], paths: {} };
    for (let i = 0; i < 4; i++) document.paths[`/a${i}`] = { get: { operationId: i < 2 ? `${long}${i}` : "same", responses: {} } };
    document.paths["/b"] = { get: { operationId: "same_2", responses: {} } };
    for (const nameLength of [48, 20, 64]) {
      const names = toTools(document, { format: "openai", nameLength }).tools.map((tool) => tool.name);
      for (const name of names) {
        expect(name).toMatch(NAME_RULE);
        expect(name.length).toBeLessThanOrEqual(nameLength);
      }
      expect(new Set(names).size).toBe(names.length);
    }
    const names = toTools(document, { format: "openai" }).tools.map((tool) => tool.name);
    expect(names.slice(2)).toEqual(["same", "same_3", "same_2"]);
  });

  it("works names out over the whole document, so include does not change them", () => {
    const all = kitOf().tools.map((tool) => tool.name);
    const some = kitOf("openai", { include: ["replacePet"] }).tools.map((tool) => tool.name);
    expect(some).toEqual(["replacePet"]);
    expect(all).toContain(some[0]);
    expect(kitOf().tools).toEqual(kitOf().tools);
  });
});

describe("include: routes, operationIds, tags or a function", () => {
  it("filters", () => {
    expect(kitOf("openai", { include: ["write"] }).tools.map((tool) => tool.name)).toEqual(["create_pet", "replacePet"]);
    expect(kitOf("openai", { include: ["GET /pets/{id}", "tagPet"] }).tools.map((tool) => tool.name)).toEqual(["get_pets_id", "tagPet"]);
    expect(kitOf("openai", { include: ({ route }: { route: string }) => route.startsWith("GET ") }).tools.map((tool) => tool.name)).toEqual(["listPets", "get_pets_id"]);
    expectEndpointError(() => kitOf("openai", { include: ["write"] }).call("listPets", {}), "ERR_INVALID_PARAMETER");
  });
});

describe("property keys that break Anthropic's rule are renamed and mapped back, at every depth", () => {
  it("renames $top, kind[eq], @odata.type, $ref-id and first name, and call sends them by their own names", () => {
    for (const format of ["openai", "anthropic", "mcp"] as const) {
      for (const tool of kitOf(format).tools) expect(refusedKeys(schemaOf(tool as Json))).toEqual([]);
    }
    const kit = kitOf("anthropic");
    const args = { name: "Rex", "_odata.type": "#pet", owner: { "_ref-id": "o1", first_name: "Ann" } };
    expect(schemaMismatch(schemaOf(toolOf(kit, "create_pet")), args)).toBeUndefined();
    const params = { name: "Rex", "@odata.type": "#pet", owner: { "$ref-id": "o1", "first name": "Ann" } };
    expect(kit.call("create_pet", args)).toEqual(reference("POST /pets", params));
    expect(kit.toArgs("create_pet", params)).toEqual(args);
    const list = { headers: { "X-Request-Id": "r" }, _top: 3, filter: { kind_eq: "cat" } };
    expect(kit.call("listPets", list)).toEqual(reference("GET /pets", { headers: { "X-Request-Id": "r" }, $top: 3, filter: { "kind[eq]": "cat" } }));
  });

  it("maps keys back inside lists of objects", () => {
    const kit = kitOf("openai");
    const params = { id: "1", data: [{ name: "A", "@odata.type": "t", owner: { "first name": "B" } }] };
    const args = kit.toArgs("replacePet", params);
    expect(schemaMismatch(schemaOf(toolOf(kit, "replacePet")), args)).toBeUndefined();
    expect(kit.call("replacePet", args)).toEqual(reference("PUT /pets/{id}", params));
  });

  it("keeps renamed keys apart from the names the description uses", () => {
    const document: Json = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://t.example" }],
      paths: { "/x": { get: { parameters: ["a b", "a_b", "a:b", "$a_b"].map((name) => ({ name, in: "query", schema: { type: "string" } })), responses: {} } } },
    };
    const kit = toTools(document, { format: "anthropic" });
    const keys = Object.keys(schemaOf(kit.tools[0] as Json).properties);
    expect(keys).toContain("a_b");
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) expect(key).toMatch(KEY_RULE);
    const args = Object.fromEntries(keys.map((key) => [key, key]));
    const sent = kit.call(kit.tools[0]!.name, args) as Json;
    const query = new URL(sent.url).searchParams;
    expect(new Set(["a b", "a_b", "a:b", "$a_b"].map((name) => query.get(name))).size).toBe(4);
  });
});

describe("null: left out where the description does not admit it, sent where it does", () => {
  it("at the top and at depth", () => {
    const kit = kitOf("anthropic");
    expect(kit.call("create_pet", { name: "Rex", tag: null, kind: null, owner: { "first_name": null } })).toEqual(reference("POST /pets", { name: "Rex", tag: null, owner: {} }));
  });

  it("refuses null for a required property that does not admit it", () => {
    const error = expectEndpointError(() => kitOf().call("create_pet", { name: null }), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain('"name"');
  });
});

describe("OpenAI strict mode wherever the schema can meet it", () => {
  it("requires every property, makes optional ones nullable, closes every object, moves other keywords to descriptions", () => {
    const kit = kitOf("openai");
    const list = toolOf(kit, "listPets");
    expect(list.strict).toBe(true);
    expect(strictViolations(list.parameters)).toEqual([]);
    expect(list.parameters.properties.limit).toMatchObject({ type: ["integer", "null"] });
    expect(list.parameters.properties.limit.description).toContain("maximum: 100");
    expect(list.parameters.properties.filter.additionalProperties).toBe(false);
    const create = toolOf(kit, "create_pet");
    // tag is optional and admits null: strict mode could not leave it out, so this tool is not strict.
    expect(create.strict).toBe(false);
    expect(create.parameters.required).toEqual(["name"]);
  });

  it("is strict: false with a faithful schema for an open map", () => {
    const tag = toolOf(kitOf("openai"), "tagPet");
    expect(tag.strict).toBe(false);
    expect(tag.parameters.properties.labels.additionalProperties).toEqual({ type: "string" });
  });

  it("gives arguments for a strict tool with every key (toArgs fills null), which call takes back", () => {
    const kit = kitOf("openai");
    const args = kit.toArgs("listPets", { limit: 2, headers: { "x-request-id": "r" } });
    expect(args).toEqual({ limit: 2, filter: null, _top: null, session: null, headers: { "X-Request-Id": "r" } });
    expect(schemaMismatch(toolOf(kit, "listPets").parameters, args)).toBeUndefined();
    expect(kit.call("listPets", args)).toEqual(reference("GET /pets", { limit: 2, headers: { "x-request-id": "r" } }));
  });
});

describe("call() checks arguments against the tool's schema", () => {
  const kit = kitOf("openai");
  const base = { limit: null, filter: null, _top: null, session: null, headers: { "X-Request-Id": "r" } };
  it.each([
    ["a wrong type", { ...base, limit: "5" }, '"limit"'],
    ["a fraction for an integer", { ...base, limit: 1.5 }, '"limit"'],
    ["an unknown key", { ...base, limimt: 5 }, '"limimt"'],
    ["an unknown nested key (strict)", { ...base, filter: { kind: "x" } }, "filter.kind"],
    ["a missing required key", { limit: 1 }, '"headers"'],
  ])("refuses %s with ERR_INVALID_PARAMETER naming the property", (_, args, named) => {
    const error = expectEndpointError(() => kit.call("listPets", args), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain(named);
    expect(error.message).toContain("GET /pets");
  });

  it("refuses a value outside an enum, a missing required body property, an unknown tool and non-object arguments", () => {
    expect(expectEndpointError(() => kit.call("create_pet", { name: "a", kind: "cow" }), "ERR_INVALID_PARAMETER").message).toContain('"kind"');
    expect(expectEndpointError(() => kit.call("create_pet", { tag: "a" }), "ERR_INVALID_PARAMETER").message).toContain('"name"');
    expectEndpointError(() => kit.call("nope", {}), "ERR_INVALID_PARAMETER");
    expectEndpointError(() => kit.call("listPets", [1]), "ERR_INVALID_PARAMETER");
  });

  it("never changes the arguments it is given", () => {
    const args = { name: "Rex", "_odata.type": "#", owner: { first_name: "A", "_ref-id": "r" } };
    const copy = structuredClone(args);
    kit.call("create_pet", args);
    expect(args).toEqual(copy);
  });
});

describe("call() is endpoint(route, params) on endpoint.defaults(fromOpenApi(document, options))", () => {
  it("with auth, server and baseUrl passed to fromOpenApi", () => {
    const document: Json = { ...pets, servers: [{ url: "https://a.example" }, { url: "/rel" }] };
    const kit = toTools(document, { format: "mcp", server: 1, baseUrl: "https://served.example", auth: { key: "s" } });
    const ep = endpoint.defaults(fromOpenApi(document, { server: 1, baseUrl: "https://served.example", auth: { key: "s" } }) as never) as unknown as (route: string, params: object) => unknown;
    expect(kit.call("tagPet", { id: "1", labels: { a: "b" } })).toEqual(ep("PATCH /pets/{id}", { id: "1", labels: { a: "b" } }));
    expect((kit.call("tagPet", { id: "1" }) as Json).url).toBe("https://served.example/rel/pets/1?api_key=s");
  });

  it("sends credentials to another origin only when trust names it, as fromOpenApi() does", () => {
    const document: Json = {
      ...pets,
      paths: { "/upload": { post: { operationId: "upload", servers: [{ url: "https://uploads.example" }], responses: {} } } },
    };
    expectEndpointError(() => toTools(document, { format: "mcp", auth: { key: "k" } }).call("upload", {}), "ERR_INVALID_ROUTE");
    const trusted = toTools(document, { format: "mcp", auth: { key: "k" }, trust: ["https://uploads.example"] });
    expect((trusted.call("upload", {}) as Json).url).toBe("https://uploads.example/upload?api_key=k");
  });

  it("keeps the alternatives of an allOf member beside the other members' properties", () => {
    const document: Json = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://t.example" }],
      components: {
        schemas: {
          Base: { type: "object", required: ["kind"], properties: { kind: { type: "string" } } },
          Area: { type: "object", properties: { "area-code": { type: "string" } } },
          Range: { type: "object", properties: { from: { type: "integer" }, to: { type: "integer" } } },
        },
      },
      paths: {
        "/sets": {
          post: {
            operationId: "addSet",
            requestBody: { required: true, content: { "application/json": { schema: { allOf: [{ $ref: "#/components/schemas/Base" }, { oneOf: [{ $ref: "#/components/schemas/Area" }, { $ref: "#/components/schemas/Range" }] }] } } } },
            responses: {},
          },
        },
      },
    };
    const kit = toTools(document, { format: "openai" });
    const tool = kit.tools[0] as Json;
    expect(Object.keys(tool.parameters.properties)).toEqual(["kind", "area-code", "from", "to"]);
    expect(tool.parameters.required).toContain("kind");
    const ep = endpoint.defaults(fromOpenApi(document) as never) as unknown as (route: string, params: object) => unknown;
    for (const params of [{ kind: "a", "area-code": "020" }, { kind: "r", from: 1, to: 9 }]) expect(kit.call("addSet", kit.toArgs("addSet", params))).toEqual(ep("POST /sets", params));
  });

  it("reads Swagger 2.0 as fromOpenApi does", () => {
    const document: Json = {
      swagger: "2.0",
      info: { title: "s", version: "1" },
      host: "api.example",
      paths: {
        "/items": {
          post: {
            operationId: "addItem",
            consumes: ["application/x-www-form-urlencoded"],
            parameters: [
              { name: "tags", in: "query", type: "array", items: { type: "string" }, collectionFormat: "pipes" },
              { name: "title", in: "formData", type: "string", required: true },
              { name: "count", in: "formData", type: "integer" },
            ],
            responses: {},
          },
        },
      },
    };
    const kit = toTools(document, { format: "openai" });
    const tool = kit.tools[0] as Json;
    expect(Object.keys(tool.parameters.properties)).toEqual(["tags", "title", "count"]);
    expect(tool.parameters.properties.tags.type).toEqual(["array", "null"]);
    const ep = endpoint.defaults(fromOpenApi(document) as never) as unknown as (route: string, params: object) => unknown;
    const params = { tags: ["a", "b"], title: "T", count: 2 };
    expect(kit.call("addItem", kit.toArgs("addItem", params))).toEqual(ep("POST /items", params));
  });
});
