// Type test: what fromOpenApi returns is what `endpoint.defaults<paths>()` takes, and the described endpoint is typed
// by `paths` (openapi-typescript's output) with its baseUrl filled. Compiled by `npm run typecheck`, never run.
import { endpoint, type RequestOptions } from "../../src/index.js";
import { fromOpenApi, type DescribedDefaults } from "../../src/openapi/index.js";
import type { paths } from "../types/petstore.js";

declare const document: unknown;
const defaults: DescribedDefaults = fromOpenApi(document, { server: 0 });
const petstore = endpoint.defaults<paths>(defaults);
const request: RequestOptions = petstore("GET /pets/{petId}", { petId: 7 });
// @ts-expect-error a route the description does not have
petstore("GET /pet");
// And untyped, as any other defaults.
endpoint.defaults(fromOpenApi(document))("GET /anything");
export { request };
