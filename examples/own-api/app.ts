// Your own API end to end: a pet store's OpenAPI description (petstore.yaml), its types from openapi-typescript
// (petstore.d.ts), and every request sent with fetch. The requests go to PETS_API_URL when it is set (the test
// points it at a local server), else to the server the description names.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { endpoint, toFetchArgs, type RequestOptions } from "endpointkit";
import { fromOpenApi } from "endpointkit/openapi";
import type { paths } from "./petstore.js"; // written by openapi-typescript; a type, erased at run time

// Read the description once, at start-up. (An app that must not ship the YAML can ship the table instead:
// `endpointkit openapi petstore.yaml > petstore-table.js`, then `describedRoutes(table)`; see docs/your-own-api.md.)
const description: unknown = parse(readFileSync(new URL("./petstore.yaml", import.meta.url), "utf8"));
const described = fromOpenApi(description);
const pets = endpoint.defaults<paths>({ ...described, baseUrl: process.env.PETS_API_URL ?? described.baseUrl });

/** Sends request options with fetch and returns the JSON answer; a status other than 2xx is an error. */
async function send(options: RequestOptions): Promise<unknown> {
  const response = await fetch(...toFetchArgs(options));
  if (!response.ok) throw new Error(`${options.method} ${options.url}: HTTP ${response.status}`);
  return response.status === 204 ? undefined : response.json();
}

// A form body: application/x-www-form-urlencoded, as the description says, with no code of ours.
const session = (await send(pets("POST /login", { user: "rex-owner", password: "s3cret & more" }))) as { token?: string };
const authorization = `Bearer ${session.token ?? ""}`;

// A JSON body, a query parameter and a required header parameter, each where the description puts it.
const created = await send(
  pets("POST /pets", { name: "Rex", tags: ["dog"], dryRun: false, headers: { "X-Request-Id": "req-1", authorization } }),
);

// A deepObject query parameter and an exploded list: ?tags=dog&tags=small&filter[age]=2 (brackets encoded).
const found = await send(pets("GET /pets", { tags: ["dog", "small"], filter: { age: 2 }, limit: 10, headers: { authorization } }));

// A multipart upload: a File (a Blob) becomes a file part; fetch writes the content-type with its boundary.
const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "rex.png", { type: "image/png" });
await send(pets("POST /pets/{petId}/photos", { petId: 1, photo, caption: "Rex at the beach", headers: { authorization } }));

console.log(JSON.stringify({ created, found }));
