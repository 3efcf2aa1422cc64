// Type tests for an endpoint typed by a description other than GitHub's (issue 16): the hand-written pet store of
// ./petstore.ts, in openapi-typescript's shape. Every `@ts-expect-error` line is ruled out by the description.
import { endpoint, type DescribedRoute } from "../../src/index.js";
import { expectTrue, type Equal } from "./assert.js";
import type { paths } from "./petstore.js";

const petstore = endpoint.defaults<paths>({ baseUrl: "https://petstore.example/v1", headers: { accept: "application/json" } });

// The routes are exactly the methods the description has (`?: never` methods are not routes).
expectTrue<Equal<DescribedRoute<paths>, "GET /pets" | "POST /pets" | "GET /pets/{petId}" | "DELETE /pets/{petId}" | "PATCH /pets/{petId}" | "PUT /pets/{petId}/photo">>();
// @ts-expect-error PUT /pets is `put?: never` in the description
petstore("PUT /pets", { data: {} });
// @ts-expect-error a typo
petstore("GET /pet");

// Query parameters: all optional here; an enum, an integer and a list.
petstore("GET /pets");
petstore("GET /pets", { status: "sold", limit: 10, tags: ["dog", "small"] });
// @ts-expect-error status is an enum
petstore("GET /pets", { status: "lost" });
// @ts-expect-error tags is a list of strings
petstore("GET /pets", { tags: "dog" });
// @ts-expect-error limit is a number
petstore("GET /pets", { limit: "10" });

// Path parameters and a required query parameter.
petstore("GET /pets/{petId}", { petId: 7 });
// @ts-expect-error petId is a number
petstore("GET /pets/{petId}", { petId: "7" });
// @ts-expect-error petId is required
petstore("GET /pets/{petId}");
petstore("DELETE /pets/{petId}", { petId: 7, reason: "adopted" });
// @ts-expect-error reason is a required query parameter
petstore("DELETE /pets/{petId}", { petId: 7 });

// A required JSON body: its required properties are required, or the body goes whole as data.
petstore("POST /pets", { name: "Rex", tags: ["dog"] });
petstore("POST /pets", { data: { name: "Rex" } });
// @ts-expect-error name is a required body property
petstore("POST /pets", { status: "available" });
// @ts-expect-error without options the body's required properties are missing
petstore("POST /pets");

// An optional body: every property optional. Its petId property collides with the path parameter, so it is not a
// parameter (the path parameter's type wins) and goes through data.
petstore("PATCH /pets/{petId}", { petId: 7 });
petstore("PATCH /pets/{petId}", { petId: 7, status: "sold" });
petstore("PATCH /pets/{petId}", { petId: 7, data: { petId: 8, name: "Rex" } });
// @ts-expect-error name is a string
petstore("PATCH /pets/{petId}", { petId: 7, name: 1 });

// A binary body only through data.
declare const photo: Uint8Array;
petstore("PUT /pets/{petId}/photo", { petId: 7, data: photo, headers: { "content-type": "image/png" } });
// @ts-expect-error the photo is binary
petstore("PUT /pets/{petId}/photo", { petId: 7, data: "not a photo" });

// defaults() keeps the description.
const pet7 = petstore.defaults({ petId: 7 });
pet7("GET /pets/{petId}");
pet7("DELETE /pets/{petId}", { reason: "adopted" });
// @ts-expect-error reason is still required
pet7("DELETE /pets/{petId}");

// A description written as a type alias rather than an interface works the same.
type Tiny = { "/a/{id}": { get: { parameters: { path: { id: number } } } } };
const tiny = endpoint.defaults<Tiny>({});
tiny("GET /a/{id}", { id: 1 });
// @ts-expect-error id is a number
tiny("GET /a/{id}", { id: "1" });
