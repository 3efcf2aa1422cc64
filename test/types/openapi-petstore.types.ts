// Type tests for an endpoint typed by a description other than GitHub's (issue 16): the hand-written pet store of
// ./petstore.ts, in openapi-typescript's shape. Every `@ts-expect-error` line is ruled out by the description.
import { endpoint, type DescribedRoute } from "../../src/index.js";
import { expectTrue, type Equal } from "./assert.js";
import type { paths } from "./petstore.js";

const petstore = endpoint.defaults<paths>({ baseUrl: "https://petstore.example/v1", headers: { accept: "application/json" } });

// The routes are exactly the methods the description has (`?: never` methods are not routes).
expectTrue<
  Equal<
    DescribedRoute<paths>,
    | "GET /pets"
    | "POST /pets"
    | "GET /pets/{petId}"
    | "PUT /pets/{petId}"
    | "DELETE /pets/{petId}"
    | "PATCH /pets/{petId}"
    | "PUT /pets/{petId}/photo"
    | "GET /pets/search"
    | "POST /login"
    | "POST /pets/{petId}/photos"
    | "PUT /pets/{petId}/papers"
    | "PUT /tags"
    | "POST /pets/{petId}/notes"
    | "PUT /pets/{petId}/notes"
  >
>();
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

// An optional body whose petId property collides with the path parameter: the body goes whole in data, optional.
petstore("PATCH /pets/{petId}", { petId: 7 });
petstore("PATCH /pets/{petId}", { petId: 7, data: { petId: 8, name: "Rex" } });
// @ts-expect-error the body's properties are not flat keys: petId would be the path's and the body's
petstore("PATCH /pets/{petId}", { petId: 7, status: "sold" });
// @ts-expect-error name is a string
petstore("PATCH /pets/{petId}", { petId: 7, data: { name: 1 } });
// The same with a required body: data is required.
petstore("PUT /pets/{petId}", { petId: 7, data: { petId: 8, name: "Rex" } });
// @ts-expect-error the required body is missing
petstore("PUT /pets/{petId}", { petId: 7 });
// @ts-expect-error without options: petId and data are missing
petstore("PUT /pets/{petId}");
// @ts-expect-error name is a required property of the body
petstore("PUT /pets/{petId}", { petId: 7, data: { petId: 8 } });
// @ts-expect-error not flat
petstore("PUT /pets/{petId}", { petId: 7, name: "Rex" });

// A binary body only through data.
declare const photo: Uint8Array;
petstore("PUT /pets/{petId}/photo", { petId: 7, data: photo, headers: { "content-type": "image/png" } });
// @ts-expect-error the photo is binary
petstore("PUT /pets/{petId}/photo", { petId: 7, data: "not a photo" });

// Query parameters of any method are flat keys: a POST's beside its body's properties, a DELETE's.
petstore("POST /pets", { name: "Rex", dryRun: true });
petstore("POST /pets", { dryRun: true, data: { name: "Rex" } });
// @ts-expect-error dryRun is a boolean
petstore("POST /pets", { name: "Rex", dryRun: "yes" });
petstore("DELETE /pets/{petId}", { petId: 7, reason: "adopted", hard: true });
// @ts-expect-error hard is a boolean
petstore("DELETE /pets/{petId}", { petId: 7, reason: "adopted", hard: 1 });

// An exploded list and a deepObject filter are flat keys with their schema types; so is a cookie parameter.
petstore("GET /pets", { tags: ["dog", "small"], filter: { species: "dog", minAge: 2 }, theme: "dark" });
// @ts-expect-error minAge is a number
petstore("GET /pets", { filter: { minAge: "2" } });
// @ts-expect-error the filter has no such property
petstore("GET /pets", { filter: { colour: "brown" } });
// @ts-expect-error theme is "light" or "dark"
petstore("GET /pets", { theme: "blue" });

// Header parameters go in headers, typed, the required one required; other headers as everywhere.
petstore("GET /pets/search", { session: "s1", headers: { "X-Request-Id": "r1" } });
petstore("GET /pets/search", {
  session: "s1",
  tags: ["dog"],
  filter: { species: "cat" },
  headers: { "X-Request-Id": "r1", "X-Page-Size": 50, "X-Dry-Run": true, "if-none-match": '"etag"', "x-other": undefined },
});
// @ts-expect-error X-Request-Id is a required header parameter
petstore("GET /pets/search", { session: "s1", headers: { "X-Page-Size": 50 } });
// @ts-expect-error so headers itself is required
petstore("GET /pets/search", { session: "s1" });
// @ts-expect-error X-Page-Size is a number
petstore("GET /pets/search", { session: "s1", headers: { "X-Request-Id": "r1", "X-Page-Size": "50" } });
// @ts-expect-error another header keeps its type
petstore("GET /pets/search", { session: "s1", headers: { "X-Request-Id": "r1", "x-other": {} } });
// @ts-expect-error a header parameter is no flat key
petstore("GET /pets/search", { session: "s1", "X-Request-Id": "r1" });
// @ts-expect-error session is a required cookie parameter
petstore("GET /pets/search", { headers: { "X-Request-Id": "r1" } });
// @ts-expect-error without options: session and X-Request-Id are missing
petstore("GET /pets/search");
// Headers that defaults set are optional then, whatever their case.
const traced = petstore.defaults({ session: "s1", headers: { "x-request-id": "r1" } });
traced("GET /pets/search");
traced("GET /pets/search", { headers: { "X-Page-Size": 10 } });
traced("GET /pets/search", { headers: { "X-Request-Id": "r2" } });
// @ts-expect-error still typed
traced("GET /pets/search", { headers: { "X-Page-Size": "10" } });
// @ts-expect-error a header default that may be undefined fills nothing
petstore.defaults({ session: "s1", headers: { "x-request-id": undefined } })("GET /pets/search");

// A form-urlencoded body: its properties are flat keys, like a JSON body's; data takes it whole or as URLSearchParams.
petstore("POST /login", { username: "u", password: "p", remember: true });
petstore("POST /login", { data: { username: "u", password: "p" } });
petstore("POST /login", { data: new URLSearchParams({ username: "u", password: "p" }) });
// @ts-expect-error password is a required property
petstore("POST /login", { username: "u" });
// @ts-expect-error remember is a boolean
petstore("POST /login", { username: "u", password: "p", remember: "yes" });
petstore("POST /login", { data: "username=u&password=p" });
// @ts-expect-error FormData is multipart, not this media type
petstore("POST /login", { data: new FormData() });

// A multipart body: flat properties, a free string (format binary) also takes a Blob; data takes it or a FormData.
declare const file: Blob;
petstore("POST /pets/{petId}/photos", { petId: 7, photo: file, caption: "Rex", extra: [file, "text"] });
petstore("POST /pets/{petId}/photos", { petId: 7, photo: "raw text", kind: "action" });
petstore("POST /pets/{petId}/photos", { petId: 7, data: new FormData() });
petstore("POST /pets/{petId}/photos", { petId: 7, data: { photo: file } });
// @ts-expect-error photo is required
petstore("POST /pets/{petId}/photos", { petId: 7, caption: "Rex" });
// @ts-expect-error kind is an enum, not a file
petstore("POST /pets/{petId}/photos", { petId: 7, photo: file, kind: file });
// @ts-expect-error URLSearchParams is form-urlencoded, not this media type
petstore("POST /pets/{petId}/photos", { petId: 7, data: new URLSearchParams() });

// An application/octet-stream body goes in data: the schema's string, or bytes; its query parameter stays flat.
declare const bytes: Uint8Array;
petstore("PUT /pets/{petId}/papers", { petId: 7, filename: "papers.pdf", data: bytes });
petstore("PUT /pets/{petId}/papers", { petId: 7, filename: "papers.pdf", data: file });
petstore("PUT /pets/{petId}/papers", { petId: 7, filename: "papers.pdf", data: new ArrayBuffer(8) });
// @ts-expect-error filename is a required query parameter
petstore("PUT /pets/{petId}/papers", { petId: 7, data: bytes });
// @ts-expect-error the body is required
petstore("PUT /pets/{petId}/papers", { petId: 7, filename: "papers.pdf" });
// @ts-expect-error not a body of this media type
petstore("PUT /pets/{petId}/papers", { petId: 7, filename: "papers.pdf", data: new FormData() });

// A JSON media type with a parameter; named properties are flat despite additional ones, which go through data. An
// Authorization header parameter is ignored (OpenAPI): headers stay optional.
petstore("POST /pets/{petId}/notes", { petId: 7, text: "good dog", pinned: true });
petstore("POST /pets/{petId}/notes", { petId: 7, data: { text: "good dog", mood: "happy" } });
// @ts-expect-error text is required
petstore("POST /pets/{petId}/notes", { petId: 7, pinned: true });
// @ts-expect-error an additional property is no flat key
petstore("POST /pets/{petId}/notes", { petId: 7, text: "good dog", mood: "happy" });
// A wildcard media type's object body is flat too.
petstore("PUT /pets/{petId}/notes", { petId: 7, text: "good dog" });
// @ts-expect-error text is a string
petstore("PUT /pets/{petId}/notes", { petId: 7, text: 1 });

// A list body (and its text alternative) goes in data.
petstore("PUT /tags", { data: ["dog", "cat"] });
petstore("PUT /tags", { data: "dog,cat" });
// @ts-expect-error a list of strings
petstore("PUT /tags", { data: [1] });

// defaults() keeps the description.
const pet7 = petstore.defaults({ petId: 7 });
pet7("GET /pets/{petId}");
pet7("DELETE /pets/{petId}", { reason: "adopted" });
// @ts-expect-error reason is still required
pet7("DELETE /pets/{petId}");

// Defaults with a key of their own beside the named options (as what fromOpenApi() returns, its route table) pass.
declare const table: { baseUrl: string; headers: { accept: string }; "x-route-table": { [route: string]: object } };
endpoint.defaults<paths>(table)("GET /pets/{petId}", { petId: 7 });
petstore.defaults(table)("GET /pets/{petId}", { petId: 7 });

// A description written as a type alias rather than an interface works the same.
type Tiny = { "/a/{id}": { get: { parameters: { path: { id: number } } } } };
const tiny = endpoint.defaults<Tiny>({});
tiny("GET /a/{id}", { id: 1 });
// @ts-expect-error id is a number
tiny("GET /a/{id}", { id: "1" });
