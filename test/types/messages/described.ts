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
// @names GET /pet
petstore.merge("GET /pet");
// @names X-Request-Id
petstore("GET /pets/search", { session: "s1", headers: {} });
// @names headers
petstore("GET /pets/search", { session: "s1" });
// @names session X-Request-Id
petstore("GET /pets/search");
// @names X-Page-Size
petstore("GET /pets/search", { session: "s1", headers: { "X-Request-Id": "r1", "X-Page-Size": "50" } });
// @names session
petstore("GET /pets/search", { headers: { "X-Request-Id": "r1" } });
// @names password
petstore("POST /login", { username: "u" });
// @names photo
petstore("POST /pets/{petId}/photos", { petId: 7, caption: "Rex" });
// @names data
petstore("PUT /pets/{petId}/papers", { petId: 7, filename: "papers.pdf" });
