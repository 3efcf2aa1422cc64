// Endpoints typed by an API description: the `paths` interface that openapi-typescript writes for any OpenAPI
// document (GitHub's is published as @octokit/openapi-types). Pure types: `endpoint.defaults<Paths>(options)` is
// the runtime's plain `defaults(options)`, and nothing here exists at run time.
//
// How it stays cheap on GitHub's 1,000+ routes:
// - The union of all routes (`DescribedRoute`) is computed once per description and only serves as the route
//   parameter's constraint, so editors complete it; no call distributes over it.
// - A call reads its own literal route: split at the first space, then `Paths[path][method]` is looked up
//   directly, so the work per call is that of one operation, whatever the size of the description.

import type { IsLiteral } from "./route-params.js";
import type {
  EndpointDefaults,
  EndpointOptions,
  FilledKeys,
  MediaType,
  MergedOptions,
  MissingParameters,
  NoArguments,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
  UrlOptions,
  UrlRequired,
  WithMediaType,
} from "./types.js";

/** The HTTP methods an OpenAPI path item may describe, as openapi-typescript spells its keys. */
type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** Every route of a description, `"<METHOD> <path>"`: one for each method a path has (not `never`, not absent). */
export type DescribedRoute<Paths> = {
  [P in keyof Paths & string]: {
    [M in keyof Paths[P] & HttpMethod]-?: [Exclude<Paths[P][M], undefined>] extends [never] ? never : `${Uppercase<M>} ${P}`;
  }[keyof Paths[P] & HttpMethod];
}[keyof Paths & string];

/**
 * The operation a literal route names in the description, or `never` when the description has no such route.
 * Deliberately not distributive: editors and the compiler sometimes read a call's options with the route still
 * generic, that is as the union of all routes, and distributing over it would build every operation's options.
 */
export type DescribedOperation<Paths, Route extends string> = [Route] extends [`${infer Method} ${infer Path}`]
  ? Path extends keyof Paths
    ? Lowercase<Method> extends keyof Paths[Path]
      ? Exclude<Paths[Path][Lowercase<Method>], undefined>
      : never
    : never
  : never;

/** Shown by the compiler in place of a literal route that the description does not have. */
export interface NotInDescription<Route extends string> {
  readonly "not a route of the API description": Route;
}

/**
 * True for one literal route; false for `string`, a pattern, or the route parameter left at its constraint (when
 * the options form is called, nothing is inferred for it).
 */
type IsRoute<Route extends string> = string extends Route ? false : IsLiteral<Route>;

/** What the route argument must be: for a literal route, one the description has; plain `string` is unchecked. */
type CheckedDescribedRoute<Paths, Route extends string> = IsRoute<Route> extends true
  ? [DescribedOperation<Paths, Route>] extends [never]
    ? NotInDescription<Route>
    : unknown
  : unknown;

/** Option names that are never parameters: a body property or query parameter of such a name goes through `data`. */
type OptionName = "method" | "baseUrl" | "url" | "headers" | "request" | "mediaType" | "data";

/** The parameters of an operation in one place (`path` or `query`), `{}` when there are none. */
type ParametersIn<Operation, Where extends "path" | "query"> = Operation extends { parameters: infer Parameters }
  ? Parameters extends { [K in Where]?: infer Found }
    ? [Exclude<Found, undefined>] extends [never]
      ? {}
      : Exclude<Found, undefined>
    : {}
  : {};

/** The request body's content by media type, or `never` when the operation takes no body. */
type BodyContent<Operation> = Operation extends { requestBody?: infer Body }
  ? Exclude<Body, undefined> extends { content: infer Content }
    ? Content
    : never
  : never;

/** The whole body as `data` takes it: any of the media types the operation accepts. */
type WholeBody<Operation> = BodyContent<Operation> extends infer Content ? Content[keyof Content] : never;

/** The JSON body (`application/json`, or another `...json` type), when it is an object whose properties can be flat. */
type JsonObjectBody<Operation> = BodyContent<Operation> extends infer Content
  ? Content extends { "application/json": infer Json }
    ? ObjectOnly<Json>
    : ObjectOnly<Content[Extract<keyof Content, `${string}json`>]>
  : never;
/**
 * An object body with named properties. A list, a scalar or a map (`{ [key: string]: ... }`, whose keys could be
 * anything, path parameters and option names included) has none to flatten: it goes whole through `data`.
 */
type ObjectOnly<Body> = [Body] extends [never]
  ? never
  : Body extends readonly unknown[]
    ? never
    : Body extends object
      ? string extends keyof Body
        ? never
        : Body
      : never;

/**
 * The body's properties as flat parameters, as octokit takes them: required ones required when the body is,
 * all optional when the body itself is. A property named like a path parameter or an option is left out; it goes
 * through `data`.
 */
type BodyParameters<Operation, Taken extends PropertyKey> = [JsonObjectBody<Operation>] extends [never]
  ? {}
  : Operation extends { requestBody: object }
    ? OmitEach<JsonObjectBody<Operation>, Taken>
    : Partial<OmitEach<JsonObjectBody<Operation>, Taken>>;

/** `Omit` for each member of a union (a `oneOf` body), which keeps each member's own required properties. */
type OmitEach<Body, Taken extends PropertyKey> = Body extends unknown ? Omit<Body, Taken> : never;

/** Path and query parameters, with their schema types; a query parameter named like an option is left out. */
type UrlParameters<Operation> = ParametersIn<Operation, "path"> & Omit<ParametersIn<Operation, "query">, OptionName>;

/** Keys filled by defaults become optional (`undefined` keeps the default); the others keep their modifiers. */
type Relax<Parameters, Filled extends string> = [Filled] extends [never]
  ? Parameters
  : Parameters extends unknown // each member of a oneOf body on its own
    ? [Filled & keyof Parameters] extends [never]
      ? Parameters
      : Omit<Parameters, Filled> & { [K in keyof Parameters & Filled]?: Parameters[K] | undefined }
    : never;

/** One object type instead of an intersection, so error messages show one readable shape. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The named options every call takes, as everywhere else; `url` is not one of them beside a route. */
interface NamedOptions {
  method?: string | undefined;
  baseUrl?: string | undefined;
  headers?: RequestHeaders | undefined;
  mediaType?: MediaType | undefined;
  request?: RequestMeta | undefined;
}

/**
 * The options of an operation: path parameters (required, schema types), query parameters (required ones
 * required), and the body either as the JSON body's properties or whole as `data` (raw and non-JSON bodies).
 */
export type DescribedOptions<Operation, Filled extends string = never> = [WholeBody<Operation>] extends [never]
  ? Flatten<NamedOptions & Relax<UrlParameters<Operation>, Filled>>
  : [JsonObjectBody<Operation>] extends [never]
    ? Flatten<NamedOptions & Relax<UrlParameters<Operation>, Filled> & { data?: WholeBody<Operation> | undefined }>
    : // The flat form last: an argument that matches neither is reported against the last member that fits it best.
        | Flatten<
            NamedOptions &
              Relax<UrlParameters<Operation>, Filled> & { data: WholeBody<Operation> } & {
                // Named here too, so that editors complete them (they list what every member has).
                [K in keyof FlatBody<Operation>]?: never;
              }
          >
        | Flatten<NamedOptions & Relax<UrlParameters<Operation> & FlatBody<Operation>, Filled> & { data?: undefined }>;

type FlatBody<Operation> = BodyParameters<Operation, OptionName | keyof ParametersIn<Operation, "path">>;

/**
 * For a route called without options: the route itself, or a message naming the parameters it requires. (The
 * required keys are computed inline: the compiler shares one union object between equal unions and prints the
 * first alias it was built under, and `MissingParameters<RequiredKeys<...>>` would name none of them.)
 */
type CheckedBareRoute<Paths, Route extends string, Filled extends string> = IsRoute<Route> extends true
  ? [DescribedOperation<Paths, Route>] extends [never]
    ? NotInDescription<Route>
    : Relax<UrlParameters<DescribedOperation<Paths, Route>> & FlatBody<DescribedOperation<Paths, Route>>, Filled> extends infer Options
      ? { [K in keyof Options]-?: {} extends Pick<Options, K> ? never : K }[keyof Options] extends infer Names extends string
        ? [Names] extends [never]
          ? unknown
          : MissingParameters<Names>
        : unknown
      : unknown
  : unknown;

/** The options argument for a route: typed by its operation for a literal route, free for a plain `string`. */
type OptionsFor<Paths, Route extends string, Filled extends string> = IsRoute<Route> extends true
  ? DescribedOptions<DescribedOperation<Paths, Route>, Filled>
  : EndpointOptions | undefined;

/** Chosen by `defaults()` when no description is given, so the untyped overload applies. */
export interface NoDescription {
  readonly "no API description": never;
}

/** What `merge()` returns: `mediaType` is always there. */
type Merged = MergedOptions & WithMediaType;

/**
 * An endpoint typed by an API description (`Paths`, as openapi-typescript writes it): routes are those of the
 * description, parameters take their schema types. `Filled` names what its defaults fill, as on `Endpoint`.
 */
export interface DescribedEndpoint<Paths, in Filled extends string = never, in NeedsUrl extends object = UrlRequired> {
  /**
   * A route of the description whose parameters defaults fill or that needs none, or options that carry `url`
   * (checked by their placeholders only).
   */
  <Route extends DescribedRoute<Paths> | (string & {}) = never, Url extends string = string>(
    this: NoInfer<CheckedBareRoute<Paths, Route, Filled>>,
    routeOrOptions: Route | UrlOptions<Url, Filled, NeedsUrl>,
  ): RequestOptions;
  /**
   * A route of the description (`"<METHOD> <path>"`) with its parameters: path, query, and the JSON body's
   * properties, or the whole body as `data`. (A route not in the description fails on `this`, the one place a
   * check can go without hiding the route's completions from editors.)
   */
  <Route extends DescribedRoute<Paths> | (string & {})>(
    this: NoInfer<CheckedDescribedRoute<Paths, Route>>,
    route: Route,
    options: NoInfer<OptionsFor<Paths, Route, Filled>>,
  ): RequestOptions;
  /** The request the defaults describe; they must set `url`. */
  (this: NoArguments<NeedsUrl>): RequestOptions;
  /** The current defaults; a copy, so changing it changes nothing. */
  readonly DEFAULTS: EndpointDefaults;
  /** Another description for the same defaults. */
  defaults<Other extends object = NoDescription>(
    options: [Other] extends [NoDescription] ? never : EndpointOptions,
  ): DescribedEndpoint<Other, Filled, NeedsUrl>;
  /** More defaults, same description: what they fill becomes optional. */
  defaults<Options extends EndpointOptions>(
    options: Options,
  ): DescribedEndpoint<Paths, Filled | FilledKeys<Options>, "url" extends FilledKeys<Options> ? {} : NeedsUrl>;
  /** With no arguments, returns the defaults as merged options. */
  merge(options?: EndpointOptions): Merged;
  /** Merges route and options over the defaults without parsing them; last, so a wrong route is reported. */
  merge<Route extends DescribedRoute<Paths> | (string & {})>(
    this: NoInfer<CheckedDescribedRoute<Paths, Route>>,
    route: Route,
    options?: EndpointOptions,
  ): Merged & { url: string };
  /** Turns merged options into request options; stateless. */
  parse(options: MergedOptions): RequestOptions;
}
