// DECISIONS "One pipeline", pay for what you use: a table module written ahead brings only the call-time writers its
// routes use (routeTable() with the writers tableWriters() names), and gives the same requests as a table kept as
// JSON (describedRoutes(), every writer). A route whose writer its table lacks is ERR_INVALID_ROUTE naming it.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import * as openapi from "../../src/openapi/index.js";
import { describedRoutes, fromOpenApi, routeTable, tableWriters, writeDates, writeFormBody, writeMultipart, writeOptionNamed } from "../../src/openapi/index.js";
import { expectEndpointError, loosen } from "../helpers.js";

const petstore = JSON.parse(readFileSync(new URL("../fixtures/petstore/petstore-3.0.json", import.meta.url), "utf8")) as object;
/** The table as `endpointkit openapi` writes it: plain JSON data. */
const data = JSON.parse(JSON.stringify(fromOpenApi(petstore))) as Record<string, unknown>;

/** The module's export: the data with the writers its routes use, by their exports' names. */
function moduleTable(table: Record<string, unknown>): Record<string, unknown> {
  const writers = tableWriters(table).map((name) => (openapi as unknown as Record<string, openapi.Writers>)[name]!);
  return routeTable(table, ...writers);
}

const calls: [string, Record<string, unknown>][] = [
  ["GET /pets", { limit: 10, tags: ["dog", "cat"], status: ["sold"], filter: { species: "dog", age: 2 }, headers: { "x-request-id": "r-1" } }],
  ["POST /pets", { name: "Rex", tag: "dog" }],
  ["GET /pets/{petId}", { petId: 7, session: "s-1" }],
  ["PUT /pets/{petId}", { petId: 7, name: "Rex" }],
  ["DELETE /pets/{petId}", { petId: 7, headers: { "x-reason": "sold" } }],
  ["POST /pets/{petId}/photo", { petId: 7, caption: "Rex", file: new Blob(["png"]) }],
  ["POST /login", { username: "me", password: "p w" }],
  ["GET /stores/{storeId}/inventory", { storeId: "s/1", species: ["cat", "dog"] }],
];

describe("a table module written ahead (routeTable with the writers its routes use)", () => {
  it("names the writers the petstore's routes use, and no others", () => {
    expect(tableWriters(data)).toEqual(["writeDeepObject", "writeFormBody", "writeMultipart"]);
  });

  it("gives each route the request describedRoutes() gives, for endpoint.defaults(table) as it is", () => {
    const lean = loosen(endpoint.defaults(moduleTable(data)));
    const full = loosen(endpoint.defaults(describedRoutes(data)));
    for (const [route, options] of calls) {
      const request = lean(route, options);
      const expected = full(route, options);
      expect({ ...request, body: request.body instanceof FormData ? [...request.body.keys()] : request.body }).toEqual({
        ...expected,
        body: expected.body instanceof FormData ? [...expected.body.keys()] : expected.body,
      });
    }
    expect(lean("GET /pets", calls[0]![1]).url).toBe("https://petstore.example/v1/pets?limit=10&tags=dog,cat&status=sold&filter%5Bspecies%5D=dog&filter%5Bage%5D=2");
    expect(lean("POST /login", { username: "me", password: "p w" }).body).toBe("username=me&password=p%20w");
  });

  it("refuses a route whose writer the table does not bring, naming the writer; the others still work", () => {
    const partial = loosen(endpoint.defaults(routeTable(data, writeFormBody)));
    expect(partial("POST /login", { username: "me", password: "pw" }).body).toBe("username=me&password=pw");
    const error = expectEndpointError(() => partial("POST /pets/{petId}/photo", { petId: 7, caption: "c" }), "ERR_INVALID_ROUTE");
    expect(error.message).toContain('"multipart"');
    expect(error.message).toContain("POST /pets/{petId}/photo");
    expectEndpointError(() => partial("GET /pets", { filter: { species: "dog" } }), "ERR_INVALID_ROUTE");
    expect(loosen(endpoint.defaults(routeTable(data, writeMultipart)))("POST /pets/{petId}/photo", { petId: 7, caption: "c" }).body).toBeInstanceOf(FormData);
  });

  it("names the writers of every media type a call's content-type may choose, ranges included", () => {
    const body = (content: object) => ({ openapi: "3.0.3", servers: [{ url: "https://a.example" }], paths: { "/a": { post: { requestBody: { content }, responses: {} } } } });
    const choice = JSON.parse(JSON.stringify(fromOpenApi(body({ "application/json": {}, "multipart/form-data": {} })))) as Record<string, unknown>;
    expect(tableWriters(choice)).toEqual(["writeMultipart"]);
    const call = { data: { a: "1" }, headers: { "content-type": "multipart/form-data" } };
    expect(loosen(endpoint.defaults(moduleTable(choice)))("POST /a", call).body).toBeInstanceOf(FormData);
    expectEndpointError(() => loosen(endpoint.defaults(routeTable(choice)))("POST /a", { data: { a: "1" } }), "ERR_INVALID_ROUTE");
    const range = JSON.parse(JSON.stringify(fromOpenApi(body({ "*/*": {} })))) as Record<string, unknown>;
    expect(tableWriters(range)).toEqual(["writeFormBody", "writeMultipart"]);
    const form = { data: { a: "1" }, headers: { "content-type": "application/x-www-form-urlencoded" } };
    expect(loosen(endpoint.defaults(moduleTable(range)))("POST /a", form).body).toBe("a=1");
  });

  it("names writeDates for `format: date` parameters and body properties only, and writes days with it", () => {
    const day = { type: "string", format: "date" };
    const document = (parameters: object[], properties: object) => ({
      openapi: "3.0.3",
      servers: [{ url: "https://a.example" }],
      paths: { "/a/{on}": { post: { parameters, requestBody: { content: { "application/json": { schema: { type: "object", properties } } } }, responses: {} } } },
    });
    const path = { name: "on", in: "path", required: true, schema: { type: "string" } };
    const plain = JSON.parse(JSON.stringify(fromOpenApi(document([path], { note: { type: "string" } })))) as Record<string, unknown>;
    expect(tableWriters(plain)).toEqual([]);
    const when = new Date(Date.UTC(2024, 0, 31, 23, 30));
    for (const [parameters, properties, call] of [
      [[{ ...path, schema: day }], {}, { on: when }],
      [[path, { name: "since", in: "query", schema: day }], {}, { on: "x", since: when }],
      [[path, { name: "x-day", in: "header", schema: day }], {}, { on: "x", headers: { "x-day": when } }],
      [[path], { due: day }, { on: "x", due: when }],
      [[path], { due: day }, { on: "x", data: { due: when } }],
    ] as const) {
      const table = JSON.parse(JSON.stringify(fromOpenApi(document([...parameters], properties)))) as Record<string, unknown>;
      expect(tableWriters(table)).toEqual(["writeDates"]);
      const lean = loosen(endpoint.defaults(routeTable(table, writeDates)))("POST /a/{on}", call);
      expect(lean).toEqual(loosen(endpoint.defaults(describedRoutes(table)))("POST /a/{on}", call));
      expect(JSON.stringify(lean)).toContain("2024-01-31");
      expect(JSON.stringify(lean)).not.toContain("23:30");
      const error = expectEndpointError(() => loosen(endpoint.defaults(routeTable(table)))("POST /a/{on}", call), "ERR_INVALID_ROUTE");
      expect(error.message).toContain('"dates"');
    }
  });

  it("names writeOptionNamed for a query or cookie parameter named like an option, whose errors then say so", () => {
    const document = (parameters: object[]) => ({ openapi: "3.0.3", servers: [{ url: "https://a.example" }], paths: { "/a": { get: { parameters, responses: {} } } } });
    const plain = JSON.parse(JSON.stringify(fromOpenApi(document([{ name: "date", in: "query" }, { name: "headers", in: "header" }])))) as Record<string, unknown>;
    expect(tableWriters(plain)).toEqual([]);
    for (const where of ["query", "cookie"]) {
      const table = JSON.parse(JSON.stringify(fromOpenApi(document([{ name: "data", in: where, required: true }])))) as Record<string, unknown>;
      expect(tableWriters(table)).toEqual(["writeOptionNamed"]);
      const lean = expectEndpointError(() => loosen(endpoint.defaults(routeTable(table, writeOptionNamed)))("GET /a", { data: "x" }), "ERR_INVALID_PARAMETER");
      const full = expectEndpointError(() => loosen(endpoint.defaults(describedRoutes(table)))("GET /a", { data: "x" }), "ERR_INVALID_PARAMETER");
      expect(lean.message).toBe(full.message);
      expect(lean.message).toContain(`"${where}:data"`);
      expect(expectEndpointError(() => loosen(endpoint.defaults(routeTable(table)))("GET /a", {}), "ERR_INVALID_ROUTE").message).toContain('"optionNamed"');
    }
  });

  it("names, for every real description, writers enough for each of its routes", () => {
    const dir = new URL("../fixtures/openapi/", import.meta.url);
    const index = JSON.parse(readFileSync(new URL("index.json", dir), "utf8")) as { files: { file: string }[] };
    let routes = 0;
    for (const { file } of index.files) {
      const { document } = JSON.parse(gunzipSync(readFileSync(new URL(file, dir))).toString("utf8")) as { document: object };
      const table = JSON.parse(JSON.stringify(fromOpenApi(document))) as Record<string, Record<string, unknown>>;
      const api = loosen(endpoint.defaults(moduleTable(table)));
      for (const route of Object.keys(table["x-endpointkit-routes"]!)) {
        routes++;
        try {
          api(route, {});
        } catch (error) {
          // Missing parameters and the like are the call's; a missing writer would be the module's.
          expect(String((error as Error).message), `${file} ${route}`).not.toContain("needs the writer");
        }
      }
    }
    expect(routes).toBeGreaterThan(1000);
  });
});
