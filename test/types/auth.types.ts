// Type tests for `auth` (DECISIONS "Credentials: `auth`"): an option of every call, typed by scheme name where the
// table's type is known (a table `endpointkit openapi -o` wrote is typed by its own value). Nothing here runs.
import { endpoint, type Auth } from "../../src/index.js";
import type { SchemeNames } from "../../src/openapi/index.js";
import { expectTrue, type Equal } from "./assert.js";
import type { paths } from "./petstore.js";

const petstore = endpoint.defaults<paths>({ baseUrl: "https://petstore.example/v1", headers: { accept: "application/json" } });

// A described call takes auth: a string or { username, password } per scheme.
petstore("GET /pets/{petId}", { petId: 1, auth: { api_key: "k", basic: { username: "u", password: "p" } } });
// @ts-expect-error a credential is a string or a { username, password } pair
petstore("GET /pets/{petId}", { petId: 1, auth: { api_key: 42 } });
// @ts-expect-error basic needs both
endpoint("GET /x", { auth: { basic: { username: "u" } } });

// A table written as a typed module names its schemes: Auth<SchemeNames<typeof table>> takes only those.
declare const table: {
  baseUrl: string;
  "x-endpointkit-routes": {
    "GET /a": { security: [["api_key"], ["oauth"]]; schemes: { api_key: { type: "apiKey"; in: "query"; name: "key" }; oauth: { type: "oauth2" } } };
    "GET /b": { security: [["basic"]]; schemes: { basic: { type: "http"; scheme: "basic" } } };
    "GET /c": {};
  };
};
expectTrue<Equal<SchemeNames<typeof table>, "api_key" | "oauth" | "basic">>();
const typed: Auth<SchemeNames<typeof table>> = { api_key: "k", basic: { username: "u", password: "p" } };
void typed;
// @ts-expect-error not a scheme of the table
const misspelt: Auth<SchemeNames<typeof table>> = { api_kye: "k" };
void misspelt;
// Without a known table, any scheme name.
expectTrue<Equal<SchemeNames<unknown>, string>>();
