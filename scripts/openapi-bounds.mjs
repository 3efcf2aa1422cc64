// The reading bounds SECURITY.md states for fromOpenApi (issue 30, classes 7-9): each hostile description of
// test/openapi/reading-bounds.test.ts, timed once on dist/, with what it gave (a table or an error code).
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
const pathParameters = (count) => Array.from({ length: count }, (_, i) => ({ name: `p${i}`, in: "path" }));

const cases = [
  ["one 50,000-property schema referenced by 1,000 operations", () => openapi(manyPaths(1000, body), { schemas: { B: { type: "object", properties: properties(50_000) } } })],
  ["one 4,000-property schema referenced by 1,000 operations", () => openapi(manyPaths(1000, body), { schemas: { B: { type: "object", properties: properties(4000) } } })],
  ["a request body of 50,000 media types referenced by 1,000 operations", () => openapi(manyPaths(1000, { post: { requestBody: { $ref: "#/components/requestBodies/R" } } }), { requestBodies: { R: { content } } })],
  ["a 1 MB header name referenced by 20,000 operations", () => openapi(manyPaths(20_000, { get: { parameters: [{ $ref: "#/components/parameters/P" }] } }), { parameters: { P: { name: long, in: "header" } } })],
  ["a 1 MB media type referenced by 20,000 operations", () => openapi(manyPaths(20_000, { get: { parameters: [{ $ref: "#/components/parameters/P" }] } }), { parameters: { P: { name: "q", in: "query", content: { [`application/${long}`]: {} } } } })],
  ["an operation with 200,000 servers shared by 2,000 paths", () => openapi(manyPaths(2000, { $ref: "#/components/pathItems/S" }), { pathItems: { S: { get: { servers: Array.from({ length: 200_000 }, (_, i) => ({ url: `https://s${i}.example` })) } } } })],
  ...[20_000, 40_000, 80_000].map((count) => [`${count} path parameters in one path`, () => openapi({ [pathOf(count)]: { get: { parameters: pathParameters(count) } } })]),
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
