// A table module as `endpointkit openapi -o table.ts` writes it with the description's types: the table's declared type
// carries openapi-typescript's `paths` under an optional, type-only key, so `endpoint.defaults(table)` with no type
// argument checks calls against the schemas (value types, required parameters and bodies, qualified keys), as
// `endpoint.defaults<paths>(table)` does. The paths are the hand-written pet store of ./petstore.ts.
import { endpoint, type DescribedEndpoint, type RequestOptions } from "../../src/index.js";
import { endpoint as octokitEndpoint } from "../../src/octokit.js";
import { describedRoutes, routeTable } from "../../src/openapi/index.js";
import { expectTrue, type Equal } from "./assert.js";
import type { paths } from "./petstore.js";

// What -o writes: the table's own type, plus the paths it carries (never set at run time).
const data: {
  baseUrl: "https://petstore.example/v1";
  "x-endpointkit-routes": {
    "GET /pets": { parameters: [{ name: "status"; in: "query" }, { name: "limit"; in: "query" }] };
    "POST /pets": { parameters: [{ name: "dryRun"; in: "query" }]; body: { mediaType: "application/json"; required: true; properties: ["name", "tag"] } };
    "GET /pets/{petId}": { parameters: [{ name: "petId"; in: "path" }] };
  };
  "x-endpointkit-paths"?: paths;
} = {
  baseUrl: "https://petstore.example/v1",
  "x-endpointkit-routes": {
    "GET /pets": { parameters: [{ name: "status", in: "query" }, { name: "limit", in: "query" }] },
    "POST /pets": { parameters: [{ name: "dryRun", in: "query" }], body: { mediaType: "application/json", required: true, properties: ["name", "tag"] } },
    "GET /pets/{petId}": { parameters: [{ name: "petId", in: "path" }] },
  },
};
const table = routeTable(data);

const api = endpoint.defaults(table);
expectTrue<Equal<typeof api, DescribedEndpoint<paths>>>();
// The same through the type argument, through describedRoutes(), and on the octokit entry.
const withArgument = endpoint.defaults<paths>(table);
expectTrue<Equal<typeof withArgument, DescribedEndpoint<paths>>>();
const viaRoutes = endpoint.defaults(describedRoutes(table));
const viaOctokit = octokitEndpoint.defaults(table);

export const requests: RequestOptions[] = [
  api("GET /pets", { status: "sold", limit: 10, tags: ["dog"], filter: { species: "dog" } }),
  api("POST /pets", { name: "Rex", dryRun: true }),
  api("GET /pets/{petId}", { petId: 7 }),
  api("DELETE /pets/{petId}", { petId: 7, reason: "adopted" }),
  viaRoutes("GET /pets/{petId}", { petId: 7 }),
  viaOctokit("GET /pets", { limit: 1 }),
  withArgument("GET /pets/{petId}", { petId: 7 }),
];

// @ts-expect-error a misspelt parameter: limt is no parameter of the route
api("GET /pets", { limt: 10 });
// @ts-expect-error a wrong value type: limit is a number in the description
api("GET /pets", { limit: "10" });
// @ts-expect-error a value outside the schema's enum
api("GET /pets", { status: "lost" });
// @ts-expect-error the body's required property name is missing
api("POST /pets", { tag: "dog" });
// @ts-expect-error the DELETE's required query parameter reason is missing
api("DELETE /pets/{petId}", { petId: 7 });
// @ts-expect-error petId is a number in the description
viaRoutes("GET /pets/{petId}", { petId: "seven" });
// @ts-expect-error a wrong value type on the octokit entry too
viaOctokit("GET /pets", { limit: "1" });

// A table whose type carries no paths keeps the table's own types: any value, names checked.
const plain = endpoint.defaults(routeTable({ ...data, "x-endpointkit-paths": undefined } as Omit<typeof data, "x-endpointkit-paths">));
plain("GET /pets", { limit: "10" });
// @ts-expect-error still no such parameter
plain("GET /pets", { limt: 10 });
