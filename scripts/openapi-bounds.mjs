// The reading bounds SECURITY.md states for fromOpenApi (issue 30, classes 7-9, and review 6): each hostile
// description of test/openapi/reading-bounds.test.ts and test/hostile/review-6-reader.property.test.ts, timed once on
// dist/, with what it gave (a table or an error code).
//
//   npm run build && node scripts/openapi-bounds.mjs
import { fromOpenApi } from "../dist/openapi/index.js";

const SERVERS = [{ url: "https://api.example" }];
const openapi = (paths, components = {}) => ({ openapi: "3.1.0", servers: SERVERS, paths, components });
const manyPaths = (count, item) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`/op${i}`, item]));
const properties = (count) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, {}]));
const body = { post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/B" } } } } } };
const content = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`application/x-${i}`, {}]));
const long = "x".repeat(1 << 20);
const pathOf = (count) => `/${Array.from({ length: count }, (_, i) => `{p${i}}`).join("/")}`;
const swagger2 = (fields) => ({ swagger: "2.0", host: "api.example", ...fields });
const types = (count) => Array.from({ length: count }, (_, i) => `text/x-${i}`);
const pathParameters = (count) => Array.from({ length: count }, (_, i) => ({ name: `p${i}`, in: "path" }));

const cases = [
  ["one 50,000-property schema referenced by 1,000 operations", () => openapi(manyPaths(1000, body), { schemas: { B: { type: "object", properties: properties(50_000) } } })],
  ["one 4,000-property schema referenced by 1,000 operations", () => openapi(manyPaths(1000, body), { schemas: { B: { type: "object", properties: properties(4000) } } })],
  ["a request body of 50,000 media types referenced by 1,000 operations", () => openapi(manyPaths(1000, { post: { requestBody: { $ref: "#/components/requestBodies/R" } } }), { requestBodies: { R: { content } } })],
  ["a 1 MB header name referenced by 20,000 operations", () => openapi(manyPaths(20_000, { get: { parameters: [{ $ref: "#/components/parameters/P" }] } }), { parameters: { P: { name: long, in: "header" } } })],
  ["a 1 MB media type referenced by 20,000 operations", () => openapi(manyPaths(20_000, { get: { parameters: [{ $ref: "#/components/parameters/P" }] } }), { parameters: { P: { name: "q", in: "query", content: { [`application/${long}`]: {} } } } })],
  ["an operation with 200,000 servers shared by 2,000 paths", () => openapi(manyPaths(2000, { $ref: "#/components/pathItems/S" }), { pathItems: { S: { get: { servers: Array.from({ length: 200_000 }, (_, i) => ({ url: `https://s${i}.example` })) } } } })],
  ...[20_000, 40_000, 80_000].map((count) => [`${count} path parameters in one path`, () => openapi({ [pathOf(count)]: { get: { parameters: pathParameters(count) } } })]),
  // Review 6 (test/hostile/review-6-reader.property.test.ts).
  ["Swagger 2.0: 40,000 document-level produces, 10,000 operations", () => swagger2({ produces: types(40_000), paths: manyPaths(10_000, { get: {} }) })],
  ["Swagger 2.0: 40,000 document-level consumes, 10,000 formData operations", () => swagger2({ consumes: types(40_000), paths: manyPaths(10_000, { post: { parameters: [{ in: "formData", name: "f" }] } }) })],
  ["one 50,000-property schema with a property named url, referenced by 1,000 operations", () => openapi(manyPaths(1000, body), { schemas: { B: { type: "object", properties: { ...properties(50_000), url: {} } } } })],
  ["one 50,000-property schema with a property named url, referenced by 20,000 operations", () => openapi(manyPaths(20_000, body), { schemas: { B: { type: "object", properties: { ...properties(50_000), url: {} } } } })],
  ["a 1 MB $ref reached through a short one from 2,000 operations", () => openapi(manyPaths(2000, { get: { parameters: [{ $ref: "#/components/parameters/P" }] } }), { parameters: { P: { $ref: `#/components/parameters/${long}` }, [long]: { name: "q", in: "query" } } })],
  ["a 1 MB encoding contentType in a request body referenced by 2,000 operations", () => openapi(manyPaths(2000, { post: { requestBody: { $ref: "#/components/requestBodies/B" } } }), { requestBodies: { B: { content: { "multipart/form-data": { encoding: { f: { contentType: long } } } } } } })],
  ["a server URL of 400 placeholders of one 1 MB default", () => ({ openapi: "3.0.3", servers: [{ url: `https://api.example/${"{v}".repeat(400)}`, variables: { v: { default: long } } }], paths: {} })],
];

for (const [name, build] of cases) {
  const document = build();
  const start = performance.now();
  let outcome;
  try {
    outcome = `a table of ${Object.keys(fromOpenApi(document)["x-endpointkit-routes"]).length} routes`;
  } catch (error) {
    outcome = error.code ?? String(error);
  }
  console.log(`${name}: ${outcome} in ${((performance.now() - start) / 1000).toFixed(2)} s`);
}
