// Fixture for test/types/messages.test.ts: errors of an endpoint typed by a description name the parameter (or
// the route) that is wrong, under TypeScript 6 and 7. Not type-checked by `npm run typecheck`.
import { endpoint } from "../../../src/index.js";
import type { paths } from "../petstore.js";

const petstore = endpoint.defaults<paths>({});

// @names petId
petstore("GET /pets/{petId}", {});
// @names petId
petstore("GET /pets/{petId}");
// @names petId
petstore("GET /pets/{petId}", { petId: "7" });
// @names status
petstore("GET /pets", { status: "lost" });
// @names reason
petstore("DELETE /pets/{petId}", { petId: 7 });
// @names name
petstore("POST /pets", { tags: ["dog"] });
// @names stauts
petstore("GET /pets", { stauts: "sold" });
// @names GET /pet
petstore("GET /pet");
// @names GET /pet
petstore("GET /pet", { petId: 7 });
