// A small API description, written the way openapi-typescript (7.x) writes `paths` for an OpenAPI document: path
// items list every method, absent ones as `?: never`; operations say `parameters` with `query`, `header`, `path` and
// `cookie`, and `requestBody` by media type. Used by openapi-petstore.types.ts, to type something that is not GitHub.

export interface paths {
  "/pets": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    /** List pets */
    get: {
      parameters: {
        query?: {
          status?: "available" | "pending" | "sold";
          /** At most 100. */
          limit?: number;
          tags?: string[];
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content: { "application/json": components["schemas"]["Pet"][] } } };
    };
    put?: never;
    /** Add a pet */
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { "application/json": components["schemas"]["NewPet"] } };
      responses: { 201: { headers: { [name: string]: unknown }; content: { "application/json": components["schemas"]["Pet"] } } };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/pets/{petId}": {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content: { "application/json": components["schemas"]["Pet"] } } };
    };
    put?: never;
    post?: never;
    /** Delete a pet: the store asks why. */
    delete: {
      parameters: { query: { reason: string }; header?: never; path: { petId: number }; cookie?: never };
      requestBody?: never;
      responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
    };
    options?: never;
    head?: never;
    /** Update a pet; every property optional, and the body itself too. */
    patch: {
      parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
      requestBody?: { content: { "application/json": { name?: string; status?: "available" | "pending" | "sold"; petId?: number } } };
      responses: { 200: { headers: { [name: string]: unknown }; content: { "application/json": components["schemas"]["Pet"] } } };
    };
    trace?: never;
  };
  "/pets/{petId}/photo": {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    get?: never;
    /** Upload a photo: a binary body, only through data. */
    put: {
      parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
      requestBody: { content: { "image/png": Uint8Array; "image/jpeg": Uint8Array } };
      responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

export interface components {
  schemas: {
    Pet: { id: number; name: string; status: "available" | "pending" | "sold"; tags?: string[] };
    NewPet: { name: string; status?: "available" | "pending" | "sold"; tags?: string[] };
  };
}
