// A small API description, written the way openapi-typescript (7.x) writes `paths` for an OpenAPI document: path
// items list every method, absent ones as `?: never`; operations say `parameters` with `query`, `header`, `path` and
// `cookie`, and `requestBody` by media type; path items refer to `operations`. Used by openapi-petstore.types.ts, to type
// something that is not GitHub: header and cookie parameters, query parameters on a POST and a DELETE, an exploded
// list, a deepObject, form-urlencoded, multipart and octet-stream bodies, and a body colliding with a path parameter.

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
          /** style form, explode true (OpenAPI's default): tags=a&tags=b */
          tags?: string[];
          /** style deepObject: filter[species]=dog */
          filter?: { species?: string; minAge?: number };
        };
        header?: never;
        path?: never;
        cookie?: { theme?: "light" | "dark" };
      };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content: { "application/json": components["schemas"]["Pet"][] } } };
    };
    put?: never;
    /** Add a pet; dryRun is a query parameter of the POST. */
    post: {
      parameters: { query?: { dryRun?: boolean }; header?: never; path?: never; cookie?: never };
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
    put: operations["replacePet"];
    post?: never;
    /** Delete a pet: the store asks why (query parameters of a DELETE). */
    delete: {
      parameters: { query: { reason: string; hard?: boolean }; header?: never; path: { petId: number }; cookie?: never };
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
  // The path items below as openapi-typescript writes them, each on fewer lines.
  "/pets/search": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: operations["searchPets"]; put?: never; post?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never;
  };
  "/login": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never; put?: never; post: operations["login"]; delete?: never; options?: never; head?: never; patch?: never; trace?: never;
  };
  "/pets/{petId}/photos": {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    get?: never; put?: never; post: operations["uploadPhotos"]; delete?: never; options?: never; head?: never; patch?: never; trace?: never;
  };
  "/pets/{petId}/papers": {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    get?: never; put: operations["putPapers"]; post?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never;
  };
  "/tags": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get?: never; put: operations["replaceTags"]; post?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never;
  };
  "/pets/{petId}/notes": {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    get?: never; put: operations["putNote"]; post: operations["addNote"]; delete?: never; options?: never; head?: never; patch?: never; trace?: never;
  };
}

export interface operations {
  /** Search: a required and an optional header parameter, a required cookie, an exploded list, a deepObject. */
  searchPets: {
    parameters: {
      query?: { tags?: string[]; filter?: { species?: string; minAge?: number } };
      header: { "X-Request-Id": string; "X-Page-Size"?: number; "X-Dry-Run"?: boolean };
      path?: never;
      cookie: { session: string };
    };
    requestBody?: never;
    responses: { 200: { headers: { [name: string]: unknown }; content: { "application/json": components["schemas"]["Pet"][] } } };
  };
  /** Replace a pet: the JSON body's petId collides with the path parameter, so the body goes whole in data. */
  replacePet: {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    requestBody: { content: { "application/json": { petId: number; name: string } } };
    responses: { 200: { headers: { [name: string]: unknown }; content: { "application/json": components["schemas"]["Pet"] } } };
  };
  /** Log in with a form-urlencoded body. */
  login: {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    requestBody: { content: { "application/x-www-form-urlencoded": { username: string; password: string; remember?: boolean } } };
    responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
  };
  /** Upload photos: multipart, `format: binary` written as `string` by openapi-typescript. */
  uploadPhotos: {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    requestBody: { content: { "multipart/form-data": { photo: string; extra?: string[]; caption?: string; kind?: "portrait" | "action" } } };
    responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
  };
  /** Upload the papers as bytes, named by a query parameter. */
  putPapers: {
    parameters: { query: { filename: string }; header?: never; path: { petId: number }; cookie?: never };
    requestBody: { content: { "application/octet-stream": string } };
    responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
  };
  /**
   * A JSON media type with a parameter, a body with additional properties (its named ones are flat keys), and an
   * Authorization header parameter, which OpenAPI says to ignore.
   */
  addNote: {
    parameters: { query?: never; header: { Authorization: string }; path: { petId: number }; cookie?: never };
    requestBody: { content: { "application/json; charset=utf-8": { text: string; pinned?: boolean; [key: string]: unknown } } };
    responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
  };
  /** A wildcard media type (as Kubernetes writes its JSON bodies) with an object: flat keys. */
  putNote: {
    parameters: { query?: never; header?: never; path: { petId: number }; cookie?: never };
    requestBody: { content: { "*/*": { text: string } } };
    responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
  };
  /** A body that is a list goes in data. */
  replaceTags: {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    requestBody: { content: { "application/json": string[]; "text/plain": string } };
    responses: { 204: { headers: { [name: string]: unknown }; content?: never } };
  };
}

export interface components {
  schemas: {
    Pet: { id: number; name: string; status: "available" | "pending" | "sold"; tags?: string[] };
    NewPet: { name: string; status?: "available" | "pending" | "sold"; tags?: string[] };
  };
}
