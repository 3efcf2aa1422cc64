// Bounds of described routes under hostile values (SECURITY.md, "Described routes: issue 30"): how long each described
// style takes to answer a list inside the 2^20-item limit whose text passes the engine's longest string, each walked
// value kind a chain of 40 objects each pointing twice at the next, and a route with 20,000 header parameters.
// Run: npm run build && node bench/described-limits.mjs [dist directory, ../dist by default]
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dist = pathToFileURL(resolve(process.argv[2] ?? new URL("../dist", import.meta.url).pathname)).href;
const { endpoint } = await import(`${dist}/index.js`);
const { fromOpenApi } = await import(`${dist}/openapi/index.js`);

const JSON_CONTENT = { content: { "application/json": {} } };
const N = 20_000;
const api = endpoint.defaults(
  fromOpenApi({
    openapi: "3.1.0",
    servers: [{ url: "https://api.example" }],
    paths: {
      "/q": {
        get: {
          parameters: [
            { name: "f", in: "query" },
            { name: "fn", in: "query", explode: false },
            { name: "sd", in: "query", style: "spaceDelimited", explode: false },
            { name: "d", in: "query", style: "deepObject", explode: true },
            { name: "j", in: "query", ...JSON_CONTENT },
            { name: "c", in: "cookie" },
            { name: "X-H", in: "header" },
            { name: "X-J", in: "header", ...JSON_CONTENT },
          ],
        },
      },
      "/form": { post: { requestBody: { content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { m: {}, g: {} } }, encoding: { g: { contentType: "application/json" } } } } } } },
      "/multipart": { post: { requestBody: { content: { "multipart/form-data": { schema: { type: "object", properties: { m: {} } } } } } } },
      "/form-data": { post: { requestBody: { content: { "application/x-www-form-urlencoded": {} } } } },
      "/h": { get: { parameters: Array.from({ length: N }, (_, i) => ({ name: `X-H${i}`, in: "header" })) } },
    },
  }),
);

const bigints = new Array(2 ** 20).fill(10n ** 999n);
const strings = new Array(2 ** 20).fill("7".repeat(1000));
let chain = { leaf: 1 };
for (let i = 0; i < 40; i++) chain = { a: chain, b: chain };
const manyKeys = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, new Array(2 ** 20).fill("")]));
const headers = {};
for (let i = 0; i < N; i++) headers[`x-h${i}`] = i;

const cases = [
  ["2^20 items of one 1,000-digit bigint, plain route query", () => endpoint("GET /x", { l: bigints })],
  ["2^20 items of one 1,000-digit bigint, query form", () => api("GET /q", { f: bigints })],
  ["2^20 items of one 1,000-digit bigint, query form, not exploded", () => api("GET /q", { fn: bigints })],
  ["2^20 items of one 1,000-digit bigint, query spaceDelimited", () => api("GET /q", { sd: bigints })],
  ["2^20 items of one 1,000-digit bigint, query deepObject", () => api("GET /q", { d: bigints })],
  ["2^20 items of one 1,000-digit bigint, cookie", () => api("GET /q", { c: bigints })],
  ["2^20 items of one 1,000-digit bigint, header", () => api("GET /q", { headers: { "x-h": bigints } })],
  ["2^20 items of one 1,000-digit bigint, form body", () => api("POST /form", { m: bigints })],
  ["2^20 items of one 1,000-character string, query JSON", () => api("GET /q", { j: strings })],
  ["2^20 items of one 1,000-character string, header JSON", () => api("GET /q", { headers: { "x-j": strings } })],
  ["100 keys holding one 2^20-item list of empty strings, form body", () => api("POST /form-data", { data: manyKeys })],
  ["40 objects pointing twice at the next, query deepObject", () => api("GET /q", { d: chain })],
  ["40 objects pointing twice at the next, query JSON", () => api("GET /q", { j: chain })],
  ["40 objects pointing twice at the next, header JSON", () => api("GET /q", { headers: { "x-j": chain } })],
  ["40 objects pointing twice at the next, form body", () => api("POST /form", { m: chain })],
  ["40 objects pointing twice at the next, form body JSON", () => api("POST /form", { g: chain })],
  ["40 objects pointing twice at the next, multipart part", () => api("POST /multipart", { m: chain })],
  [`${N} numeric headers, plain route`, () => endpoint("GET /h", { headers })],
  [`${N} numeric headers, ${N} header parameters`, () => api("GET /h", { headers })],
];
api("GET /h", { headers: { "x-h0": 0 } });
for (const [label, run] of cases) {
  const start = performance.now();
  let code = "request";
  try {
    run();
  } catch (error) {
    code = error.code ?? String(error);
  }
  console.log(`${label.padEnd(66)} ${code.padEnd(14)} ${((performance.now() - start) / 1000).toFixed(2)} s`);
}
