// Type tests for qualified keys (DECISIONS "Described routes"): every path, query and cookie parameter may be given by
// `"<in>:<name>"` too, with its own schema type; a required body is required (the body's required properties, or the
// body whole as data). Every `@ts-expect-error` line is ruled out by the description.
import { endpoint } from "../../src/index.js";

interface paths {
  "/items/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: { id?: string; limit?: number }; header?: never; path: { id: number }; cookie?: { id?: string } };
      requestBody?: never;
      responses: {};
    };
    post: {
      parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
      requestBody: { content: { "application/json": { name: string; note?: string } } };
      responses: {};
    };
  };
}

const api = endpoint.defaults<paths>({ baseUrl: "https://api.example" });

api("GET /items/{id}", { id: 7 });
api("GET /items/{id}", { id: 7, "query:id": "q", "cookie:id": "c", "query:limit": 5 });
api("GET /items/{id}", { id: 7, "path:id": 8 });
// @ts-expect-error query:id is a string, as the query parameter id
api("GET /items/{id}", { id: 7, "query:id": 1 });
// @ts-expect-error path:id is a number, as the path parameter id
api("GET /items/{id}", { id: 7, "path:id": "8" });
// @ts-expect-error no header parameter has a qualified key (headers go in `headers`)
api("GET /items/{id}", { id: 7, "header:id": "h" });
// @ts-expect-error the route has no cookie parameter limit
api("GET /items/{id}", { id: 7, "cookie:limit": 5 });

// A required body: its required property, or the body whole as data.
api("POST /items/{id}", { id: 7, name: "Rex" });
api("POST /items/{id}", { id: 7, data: { name: "Rex" } });
// @ts-expect-error name is required: the body is
api("POST /items/{id}", { id: 7, note: "n" });
// @ts-expect-error the body is required
api("POST /items/{id}", { id: 7 });

// A required body none of whose properties is required: at least one of them, or data (a call with none sends no body).
interface patches {
  "/notes/{id}": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    patch: {
      parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
      requestBody: { content: { "application/json": { title?: string; body?: string } } };
      responses: {};
    };
  };
}
const notes = endpoint.defaults<patches>({ baseUrl: "https://api.example" });
notes("PATCH /notes/{id}", { id: 1, title: "t" });
notes("PATCH /notes/{id}", { id: 1, body: "b", title: "t" });
notes("PATCH /notes/{id}", { id: 1, data: {} });
// @ts-expect-error the body is required: give a property or data
notes("PATCH /notes/{id}", { id: 1 });
// @ts-expect-error the body is required
notes("PATCH /notes/{id}");
