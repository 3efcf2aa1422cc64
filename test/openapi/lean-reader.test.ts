// DECISIONS "One pipeline": reading Swagger 2.0 is not in a bundle that reads none. fromOpenApi3() reads OpenAPI 3.0,
// 3.1 and 3.2 into the very table fromOpenApi() reads, and refuses Swagger 2.0, which fromOpenApi() still reads.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fromOpenApi, fromOpenApi3 } from "../../src/openapi/index.js";
import { expectEndpointError } from "../helpers.js";

const dir = new URL("../fixtures/openapi/", import.meta.url);
const index = JSON.parse(readFileSync(new URL("index.json", dir), "utf8")) as { files: { file: string }[] };
const documents = index.files.map(({ file }) => (JSON.parse(gunzipSync(readFileSync(new URL(file, dir))).toString("utf8")) as { document: Record<string, unknown> }).document);

describe("fromOpenApi3(), the OpenAPI 3.x reader", () => {
  it("reads every OpenAPI 3 description into the table fromOpenApi() reads", () => {
    const openapi3 = documents.filter((document) => typeof document.openapi === "string");
    expect(openapi3.length).toBeGreaterThan(10);
    for (const document of openapi3) {
      expect(JSON.stringify(fromOpenApi3(document, { baseUrl: "https://served.example" }))).toBe(JSON.stringify(fromOpenApi(document, { baseUrl: "https://served.example" })));
    }
  });

  it("refuses Swagger 2.0, naming fromOpenApi(), which reads it", () => {
    const swagger = { swagger: "2.0", host: "api.example", paths: { "/pets": { get: { responses: {} } } } };
    expect(fromOpenApi(swagger).baseUrl).toBe("https://api.example");
    const error = expectEndpointError(() => fromOpenApi3(swagger), "ERR_INVALID_PARAMETER");
    expect(error.message).toContain("Swagger 2.0");
    expect(error.message).toContain("fromOpenApi()");
  });
});
