// What the compiler refuses, from petstore.d.ts alone: each call below is a mistake, and `@ts-expect-error` makes
// tsc fail if it ever compiles (the test type-checks this file with app.ts). The runtime refuses them too, with an
// EndpointError naming the route and the key, for callers the compiler does not see.
import { endpoint } from "endpointkit";
import { fromOpenApi } from "endpointkit/openapi";
import type { paths } from "./petstore.js";

export function mistakes(description: unknown): void {
  const pets = endpoint.defaults<paths>(fromOpenApi(description));

  // @ts-expect-error X-Request-Id is a required header parameter of POST /pets
  pets("POST /pets", { name: "Rex" });
  // @ts-expect-error dryRun is a boolean
  pets("POST /pets", { name: "Rex", dryRun: "yes", headers: { "X-Request-Id": "req-1" } });
  // @ts-expect-error dryrun is not a parameter (dryRun is)
  pets("POST /pets", { name: "Rex", dryrun: true, headers: { "X-Request-Id": "req-1" } });
  // @ts-expect-error photo, a required multipart field, is missing
  pets("POST /pets/{petId}/photos", { petId: 1, caption: "Rex" });
  // @ts-expect-error limit is an integer, not text
  pets("GET /pets", { limit: "10" });
  // @ts-expect-error the description has no DELETE /pets
  pets("DELETE /pets", {});
}
