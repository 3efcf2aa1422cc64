// A route table's own type read as the `paths` interface openapi-typescript writes. Types only, importing nothing.

/**
 * A route table's own type (a module `endpointkit openapi` writes: its JSON text is its exact type) as the `paths`
 * interface openapi-typescript writes, so that `endpoint.defaults(table)` is typed by its routes with no type
 * argument: each route's path, query, header and cookie parameters by name (path ones and those marked `required`
 * required), and its body's properties. The table holds no schemas: values are `unknown`.
 */
export type TablePaths<Routes> = {
  [Path in PathOf<keyof Routes & string>]: {
    [Route in keyof Routes & string as Route extends `${infer Method} ${Path}` ? Lowercase<Method> : never]: TableOperation<Routes[Route]>;
  };
};

/**
 * The key under which a table module's declared type carries the description's `paths` types (openapi-typescript's,
 * written beside the table by `endpointkit openapi -o`). Optional and in the type only: no table has it at run time,
 * so JSON tables and describedRoutes() are untouched.
 */
export type PathsKey = "x-endpointkit-paths";

/** The types `endpoint.defaults(table)` checks calls against: the `paths` a table's type carries, else TablePaths. */
export type TableTypes<Table extends { readonly "x-endpointkit-routes": object }> =
  Table extends { readonly "x-endpointkit-paths"?: infer Paths } ? (unknown extends Paths ? TablePaths<Table["x-endpointkit-routes"]> : Exclude<Paths, undefined>) : TablePaths<Table["x-endpointkit-routes"]>;

/** The path of a route key, `"<METHOD> <path>"`; never for the table's settings entry. */
type PathOf<Route extends string> = Route extends `${string} ${infer Path}` ? Path : never;

/**
 * One entry as an operation of openapi-typescript's `paths`. An entry typed only as `object` (a table written inline,
 * not by `endpointkit openapi`) says nothing: any key and a body are taken, as the runtime decides.
 */
type TableOperation<Entry> = [keyof Entry] extends [never] ? (string extends Entry ? KnownOperation<Entry> : UnknownOperation) : KnownOperation<Entry>;

/** An operation the table's type does not describe. */
interface UnknownOperation {
  parameters: { query: { [key: string]: unknown } };
  requestBody?: { content: { "*/*": unknown } };
}

type KnownOperation<Entry> = {
  parameters: {
    path: TableParameters<Entry, "path", true>;
    query: TableParameters<Entry, "query" | "querystring", false>;
    header: TableParameters<Entry, "header", false>;
    cookie: TableParameters<Entry, "cookie", false>;
  };
} & (Entry extends { body: infer Body } ? { requestBody: { content: { [Type in MediaTypeOf<Body>]: TableBody<Body> } } } : {});

/** The parameters of an entry in `Where`, by name: required when the table says so (path ones always). */
type TableParameters<Entry, Where extends string, Always extends boolean> = Entry extends { parameters: readonly (infer Parameter)[] }
  ? {
      [P in Parameter as P extends { in: Where; name: infer Name extends string } ? (Always extends true ? Name : P extends { required: true } ? Name : never) : never]: unknown;
    } & {
      [P in Parameter as P extends { in: Where; name: infer Name extends string } ? (Always extends true ? never : P extends { required: true } ? never : Name) : never]?: unknown;
    }
  : {};

type MediaTypeOf<Body> = Body extends { mediaType: infer Type extends string } ? Type : string;

/** A body's properties when the table names them (any key too when it takes others), else a value given whole. */
type TableBody<Body> = Body extends { properties: readonly (infer Name extends string)[] }
  ? { [K in Name]?: unknown } & (Body extends { additional: true } ? { [key: string]: unknown } : {})
  : Body extends { additional: true }
    ? { [key: string]: unknown }
    : unknown;
