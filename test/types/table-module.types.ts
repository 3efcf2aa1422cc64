// A table module as `endpointkit openapi -o table.ts` writes it (test/types/petstore-table.ts, from
// test/fixtures/petstore/petstore-3.0.json): `endpoint.defaults(table)` is typed by the table's own routes, with no
// type argument.
import { endpoint, type RequestOptions } from "endpointkit";
import table from "./petstore-table.js";

const api = endpoint.defaults(table);

export const requests: RequestOptions[] = [
  api("GET /pets", { limit: 10, tags: ["dog"], filter: { species: "dog" }, headers: { "X-Request-Id": "r-1" } }),
  api("GET /pets/{petId}", { petId: 7, session: "s" }),
  api("POST /pets", { name: "Rex", tag: "dog" }),
  api("POST /login", { username: "me", password: "pw" }),
  api("GET /stores/{storeId}/inventory", { storeId: "s1", species: ["cat"] }),
];

// @ts-expect-error a route the table does not have
api("PATCH /pets/{petId}", { petId: 7 });
// @ts-expect-error the path parameter is required
api("GET /pets/{petId}", {});
// @ts-expect-error a key that is no parameter of the route
api("GET /pets", { limt: 10 });
