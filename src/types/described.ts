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
import type { OptionName as AnOptionName } from "../option-names.js";
import type {
  Auth,
  EndpointDefaults,
  EndpointOptions,
  FilledKeys,
  HeaderValue,
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
} from "./options.js";

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

/** The route argument's check: a literal route the description lacks is `NotInDescription<Route>`, which no string is. */
type RouteArgument<Paths, Route extends string> = IsRoute<Route> extends true
  ? [DescribedOperation<Paths, Route>] extends [never]
    ? NotInDescription<Route>
    : Route
  : Route;

/**
 * The options that stay options on a described route whatever it describes (DECISIONS "Described routes"); the others
 * (`url`, `method`, `baseUrl`, `mediaType`) are the route's parameter or body property where it has one.
 */
type AlwaysOption = Extract<AnOptionName, "headers" | "request" | "auth"> | "data";

/** Where OpenAPI puts a parameter; openapi-typescript writes one `parameters` entry for each. */
type Location = "path" | "query" | "header" | "cookie";

/** The parameters of an operation in one location, `{}` when there are none. */
type ParametersIn<Operation, Where extends Location> = Operation extends { parameters: infer Parameters }
  ? Where extends keyof Parameters
    ? Present<Parameters[Where]>
    : {}
  : {};
/** What openapi-typescript writes for a location: its parameters, `?: never` when it has none. */
type Present<Found> = [Exclude<Found, undefined>] extends [never] ? {} : Exclude<Found, undefined>;

/** The request body's content by media type, or `never` when the operation takes no body. */
type BodyContent<Operation> = Operation extends { requestBody?: infer Body }
  ? Exclude<Body, undefined> extends { content: infer Content }
    ? Content
    : never
  : never;

/** JSON media types as OpenAPI tools read them: `application/json`, `text/json`, `x-json`, `+json`, parameters allowed. */
type JsonType = `${"application" | "text"}/${"" | "x-"}json` | `${string}+json`;
type Json = JsonType | `${JsonType};${string}`;
/** The two form media types. */
type FormUrlencoded = "application/x-www-form-urlencoded";
type Multipart = "multipart/form-data";

/**
 * The instances of a global class where the environment declares it (the DOM library, Node's types), else `never`:
 * the declarations compile with `lib: ["ES2022"]` alone, where `FormData` and `Blob` do not exist.
 */
type GlobalInstance<Name extends string> = typeof globalThis extends { [K in Name]: { prototype: infer Instance } } ? Instance : never;

/** What a client sends as raw bytes: given as `data` for a media type that is neither JSON nor a form. */
type Binary = GlobalInstance<"Blob"> | ArrayBuffer | ArrayBufferView;

/**
 * A multipart body's properties: a free string (how openapi-typescript writes `format: binary`) or a list of them
 * also takes a `Blob`, which becomes a file part.
 */
type MultipartFields<Body> = Body extends readonly unknown[]
  ? Body
  : Body extends object
    ? { [K in keyof Body]: FilePart<Body[K]> }
    : Body;
type FilePart<Value> =
  | Value
  | (string extends Value ? GlobalInstance<"Blob"> : never)
  | (Value extends readonly (infer Item)[] ? (string extends Item ? readonly (Item | GlobalInstance<"Blob">)[] : never) : never);

/** The whole body as `data` takes it, for each media type the operation accepts, with the form classes for forms. */
type DataBody<Content> = {
  [Media in keyof Content]-?: Media extends Multipart
    ? MultipartFields<Content[Media]> | GlobalInstance<"FormData">
    : Media extends FormUrlencoded
      ? Content[Media] | GlobalInstance<"URLSearchParams"> | string
      : Media extends Json
        ? Content[Media]
        : Content[Media] | Binary;
}[keyof Content];

/**
 * The body whose properties can be flat keys, with its media type's field types. The runtime's choice
 * (src/openapi/routes.ts): a JSON media type, else the one the operation lists (a wildcard, a form, multipart; the
 * first of those when it lists several, which the compiler cannot see: form-urlencoded is taken before multipart).
 */
type ObjectBody<Content> = ObjectOnly<
  [Extract<keyof Content, Json>] extends [never]
    ? [Extract<keyof Content, `${string}*${string}`>] extends [never]
      ? Content extends { [K in FormUrlencoded]: infer Form }
        ? Form
        : Content extends { [K in Multipart]: infer Parts }
          ? MultipartFields<Parts>
          : never
      : Content[Extract<keyof Content, `${string}*${string}`>]
    : Content[Extract<keyof Content, Json>]
>;
/**
 * The named properties of an object body. A list, a scalar or a map without named properties has none: it goes
 * whole through `data`. Additional properties (an index signature) are not flat keys; such a body can go as `data`.
 */
type ObjectOnly<Body> = [Body] extends [never]
  ? never
  : Body extends readonly unknown[]
    ? never
    : Body extends object
      ? string extends keyof Body
        ? NamedProperties<Body>
        : Body
      : never;
type NamedProperties<Body> = {
  [K in keyof Body as string extends K ? never : number extends K ? never : K]: Body[K];
} extends infer Named
  ? [keyof Named] extends [never]
    ? never
    : Named
  : never;

/** Every property name of a body, of each member of a `oneOf` too. */
type PropertyNames<Body> = Body extends unknown ? keyof Body : never;

/** The names a call gives flat besides the body's properties: path, query and cookie parameters, and the options. */
type TakenNames<Operation> =
  | keyof ParametersIn<Operation, "path">
  | keyof ParametersIn<Operation, "query">
  | keyof ParametersIn<Operation, "cookie">
  | AlwaysOption;

/**
 * The body's properties as flat keys, as octokit takes them: required ones required when the body is, all optional
 * when the body itself is. `never` when the body has no named properties, or when one of them is named like a
 * parameter or an option: then the whole body goes through `data` (DECISIONS.md, "Described routes").
 */
type FlatBody<Operation> =
  ObjectBody<BodyContent<Operation>> extends infer Body
    ? [Body] extends [never]
      ? never
      : [PropertyNames<Body> & TakenNames<Operation>] extends [never]
        ? Operation extends { requestBody: object }
          ? RequiredBody<Body>
          : Partial<Body>
        : never
    : never;

/**
 * A required body given flat: its required properties, and at least one property when none is required (a call with
 * none sends no body, ERR_MISSING_PARAMETER at run time). Each member of a oneOf body on its own.
 */
type RequiredBody<Body> = Body extends unknown ? ({} extends Body ? AtLeastOne<Body> : Body) : never;
type AtLeastOne<Body> = { [K in keyof Body]-?: Body & { [P in K]-?: Exclude<Body[P], undefined> } }[keyof Body];

/** The whole body as `data`: required when the operation's body is. */
type DataOption<Operation> = Operation extends { requestBody: object }
  ? { data: DataBody<BodyContent<Operation>> }
  : { data?: DataBody<BodyContent<Operation>> | undefined };

/** Path, query and cookie parameters, with their schema types; one named like an option is left out. */
type UrlParameters<Operation> = ParametersIn<Operation, "path"> &
  WithoutOptions<NotIn<ParametersIn<Operation, "query"> & ParametersIn<Operation, "cookie">, keyof ParametersIn<Operation, "path">>> &
  QualifiedKeys<Operation>;

/**
 * Parameters less those a path parameter shares its name with: the flat key takes the path's type (a path `id: number`
 * beside a query `id?: string` would intersect to `never`), and the query's own value goes by its qualified key.
 */
type NotIn<Parameters, Names> = [keyof Parameters & Names] extends [never] ? Parameters : Omit<Parameters, Names & keyof Parameters>;

/**
 * Each path, query and cookie parameter by its qualified key too (`"query:id"`): one parameter's own value where two
 * places share a name (DECISIONS "Described routes"). Optional: the flat key is the parameter's name.
 */
type QualifiedKeys<Operation> = Qualified<ParametersIn<Operation, "path">, "path"> &
  Qualified<ParametersIn<Operation, "query">, "query"> &
  Qualified<ParametersIn<Operation, "cookie">, "cookie">;
type Qualified<Parameters, Where extends string> = { [K in keyof Parameters & string as `${Where}:${K}`]?: Parameters[K] | undefined };

/** Parameters without those named like an option; the same type when none is (the usual case, and cheaper). */
type WithoutOptions<Parameters> = [keyof Parameters & AlwaysOption] extends [never] ? Parameters : Omit<Parameters, AlwaysOption>;

/** The names an operation takes as its own: path, query and cookie parameters, and its body's flat properties. */
type ClaimedNames<Operation> =
  | keyof ParametersIn<Operation, "path">
  | keyof ParametersIn<Operation, "query">
  | keyof ParametersIn<Operation, "cookie">
  | PropertyNames<FlatBody<Operation>>;

/** The named options, less those the operation has as a parameter or property of its own (they are that, on a call). */
type OptionsOf<Operation> = [keyof NamedOptions & ClaimedNames<Operation>] extends [never] ? NamedOptions : Omit<NamedOptions, ClaimedNames<Operation>>;

/** Keys filled by defaults become optional (`undefined` keeps the default); the others keep their modifiers. */
type Relax<Parameters, Filled extends string> = [Filled] extends [never]
  ? Parameters
  : Parameters extends unknown // each member of a oneOf body on its own
    ? [Filled & keyof Parameters] extends [never]
      ? Parameters
      : Omit<Parameters, Filled> & { [K in keyof Parameters & Filled]?: Parameters[K] | undefined }
    : never;

/** How `Filled` names a header that defaults set: `headers.` and its lowercase name (header names ignore case). */
type FilledHeader<Name> = Name extends string ? `headers.${Lowercase<Name>}` : never;

/** The headers that defaults surely set, as `Filled` names them. */
type FilledHeaders<Options> = Options extends { headers?: infer Headers } ? FilledHeader<FilledKeys<Exclude<Headers, undefined>>> : never;

/**
 * `headers` with the operation's header parameters: their schema types, required ones required unless defaults set
 * them, written as the description spells them; any other header as everywhere.
 */
type TypedHeaders<Described, Filled extends string> = HeaderParameters<Described, Filled> & {
  [name: string]: HeaderValue | undefined | Described[keyof Described];
};

/**
 * The header parameters alone, those that defaults set made optional. OpenAPI says to ignore header parameters named
 * Accept, Content-Type or Authorization (so does the runtime): they are headers as any other.
 */
type HeaderParameters<Described, Filled extends string> = {
  [K in keyof Described as FilledHeader<K> extends Filled | IgnoredHeader ? never : K]: Described[K];
} & {
  [K in keyof Described as FilledHeader<K> extends IgnoredHeader ? never : FilledHeader<K> extends Filled ? K : never]?: Described[K] | undefined;
};
type IgnoredHeader = "headers.accept" | "headers.content-type" | "headers.authorization";

/** The header parameters that a call must give. */
type RequiredHeaders<Operation, Filled extends string> = RequiredKeys<HeaderParameters<ParametersIn<Operation, "header">, Filled>>;

/** The `headers` option: typed when the operation has header parameters, required when one of them must be given. */
type HeaderOption<Operation, Filled extends string> =
  ParametersIn<Operation, "header"> extends infer Described
    ? [keyof Described] extends [never]
      ? { headers?: RequestHeaders | undefined }
      : [RequiredHeaders<Operation, Filled>] extends [never]
        ? { headers?: Flatten<TypedHeaders<Described, Filled>> | undefined }
        : { headers: Flatten<TypedHeaders<Described, Filled>> }
    : never;

/** The keys an object type requires. */
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T] & string;

/** One object type instead of an intersection, so error messages show one readable shape. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The named options every call takes, as everywhere else; `url` is not one of them beside a route. */
interface NamedOptions {
  method?: string | undefined;
  baseUrl?: string | undefined;
  mediaType?: MediaType | undefined;
  request?: RequestMeta | undefined;
  /** Credentials by the description's security scheme names (DECISIONS "Credentials: `auth`"). */
  auth?: Auth | undefined;
}

/**
 * The options of an operation: path, query and cookie parameters (schema types, required ones required), header
 * parameters in `headers`, and the body either as its properties (JSON or form) or whole as `data`.
 */
export type DescribedOptions<Operation, Filled extends string = never> = [BodyContent<Operation>] extends [never]
  ? Flatten<OptionsOf<Operation> & HeaderOption<Operation, Filled> & Relax<UrlParameters<Operation>, Filled>>
  : [FlatBody<Operation>] extends [never]
    ? Flatten<OptionsOf<Operation> & HeaderOption<Operation, Filled> & Relax<UrlParameters<Operation> & DataOption<Operation>, Filled>>
    : // The flat form last: an argument that matches neither is reported against the last member that fits it best.
        | Flatten<
            OptionsOf<Operation> &
              HeaderOption<Operation, Filled> &
              Relax<UrlParameters<Operation>, Filled> & { data: DataBody<BodyContent<Operation>> } & {
                // Named here too, so that editors complete them (they list what every member has).
                [K in keyof FlatBody<Operation>]?: never;
              }
          >
        | Flatten<OptionsOf<Operation> & HeaderOption<Operation, Filled> & Relax<UrlParameters<Operation> & FlatBody<Operation>, Filled> & { data?: undefined }>;

/**
 * For a route called without options: the route itself, or a message naming the parameters it requires. (The
 * required keys are computed inline: the compiler shares one union object between equal unions and prints the
 * first alias it was built under, and `MissingParameters<RequiredKeys<...>>` would name none of them.)
 */
type CheckedBareRoute<Paths, Route extends string, Filled extends string> = IsRoute<Route> extends true
  ? [DescribedOperation<Paths, Route>] extends [never]
    ? unknown
    : DescribedOperation<Paths, Route> extends infer Operation
      ? Relax<UrlParameters<Operation> & ([FlatBody<Operation>] extends [never] ? DataOption<Operation> : FlatBody<Operation>), Filled> extends infer Options
        ? ({ [K in keyof Options]-?: {} extends Pick<Options, K> ? never : K }[keyof Options] | RequiredHeaders<Operation, Filled>) extends infer Names extends string
          ? [Names] extends [never]
            ? unknown
            : MissingParameters<Names>
          : unknown
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
    routeOrOptions: DescribedRoute<Paths> | RouteArgument<Paths, Route> | UrlOptions<Url, Filled, NeedsUrl>,
  ): RequestOptions;
  /**
   * A route of the description (`"<METHOD> <path>"`) with its parameters: path, query, and the JSON body's
   * properties, or the whole body as `data`. A route not in the description is an error on the route itself
   * (`NotInDescription<"GET /pest">`): the parameter is the description's routes or that check, a union, so editors
   * still complete every route (an intersection or a bare conditional type would hide them).
   */
  <Route extends DescribedRoute<Paths> | (string & {})>(
    route: DescribedRoute<Paths> | RouteArgument<Paths, Route>,
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
  /** More defaults, same description: what they fill (header parameters included) becomes optional. */
  defaults<Options extends EndpointOptions>(
    options: Options,
  ): DescribedEndpoint<Paths, Filled | FilledKeys<Options> | FilledHeaders<Options>, "url" extends FilledKeys<Options> ? {} : NeedsUrl>;
  /** With no arguments, returns the defaults as merged options. */
  merge(options?: EndpointOptions): Merged;
  /** Merges route and options over the defaults without parsing them; last, so a wrong route is reported. */
  merge<Route extends DescribedRoute<Paths> | (string & {})>(
    route: DescribedRoute<Paths> | RouteArgument<Paths, Route>,
    options?: EndpointOptions,
  ): Merged & { url: string };
  /** Turns merged options into request options; stateless. */
  parse(options: MergedOptions): RequestOptions;
}
