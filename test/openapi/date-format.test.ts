// DECISIONS "Described routes": a `Date` given for a value whose schema says `format: date` is written `YYYY-MM-DD`
// (its UTC date). fromOpenApi() records which values those are: `date: true` on a parameter, `dates` on a body (its
// properties, given flat or in `data`); call time writes them. The shapes are those of the travel API of
// @readme/oas-examples (3.1 train-travel: `date` query parameters) and of Swagger 2.0 reports APIs (formData dates).
import { describe, expect, it } from "vitest";
import { fromOpenApi } from "../../src/openapi/index.js";

describe("values whose schema says format: date", () => {
  it("marks OpenAPI parameters and body properties, through $ref, allOf and a list's items", () => {
    const table = fromOpenApi({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://api.example" }],
      components: { schemas: { Day: { type: "string", format: "date" }, Stay: { type: "object", properties: { checkIn: { $ref: "#/components/schemas/Day" }, at: { type: "string", format: "date-time" } } } } },
      paths: {
        "/trips/{day}": {
          post: {
            parameters: [
              { name: "day", in: "path", required: true, schema: { $ref: "#/components/schemas/Day" } },
              { name: "since", in: "query", schema: { type: ["string", "null"], format: "date" } },
              { name: "holidays", in: "query", schema: { type: "array", items: { $ref: "#/components/schemas/Day" } } },
              { name: "updated", in: "query", schema: { type: "string", format: "date-time" } },
              { name: "X-Day", in: "header", schema: { type: "string", format: "date" } },
            ],
            requestBody: { content: { "application/json": { schema: { allOf: [{ $ref: "#/components/schemas/Stay" }, { properties: { nights: { type: "array", items: { format: "date" } } } }] } } } },
            responses: {},
          },
        },
      },
    })["x-endpointkit-routes"]["POST /trips/{day}"]!;
    expect(table.parameters).toEqual([
      { name: "day", in: "path", date: true },
      { name: "since", in: "query", date: true },
      { name: "holidays", in: "query", date: true },
      { name: "updated", in: "query" },
      { name: "X-Day", in: "header", date: true },
    ]);
    expect(table.body!.dates).toEqual(["checkIn", "nights"]);
  });

  it("marks Swagger 2.0 parameters, form fields and body properties", () => {
    const routes = fromOpenApi({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      host: "api.example",
      paths: {
        "/reports": {
          post: {
            consumes: ["application/x-www-form-urlencoded"],
            parameters: [
              { name: "from", in: "query", type: "string", format: "date" },
              { name: "days", in: "query", type: "array", items: { type: "string", format: "date" }, collectionFormat: "multi" },
              { name: "until", in: "formData", type: "string", format: "date" },
              { name: "note", in: "formData", type: "string" },
            ],
            responses: {},
          },
          put: { parameters: [{ name: "body", in: "body", schema: { type: "object", properties: { due: { type: "string", format: "date" }, title: { type: "string" } } } }], responses: {} },
        },
      },
    })["x-endpointkit-routes"];
    expect(routes["POST /reports"]!.parameters).toEqual([
      { name: "from", in: "query", date: true },
      { name: "days", in: "query", date: true },
    ]);
    expect(routes["POST /reports"]!.body!.dates).toEqual(["until"]);
    expect(routes["PUT /reports"]!.body!.dates).toEqual(["due"]);
  });

  it("marks nothing where no schema says format: date", () => {
    const entry = fromOpenApi({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://api.example" }],
      paths: { "/x": { post: { parameters: [{ name: "q", in: "query", schema: { type: "string" } }], requestBody: { content: { "application/json": { schema: { properties: { a: {} } } } } }, responses: {} } } },
    })["x-endpointkit-routes"]["POST /x"]!;
    expect(entry).toEqual({ parameters: [{ name: "q", in: "query" }], body: { mediaType: "application/json", properties: ["a"] } });
  });
});
