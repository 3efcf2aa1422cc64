// Public types of options and results only; no logic lives here.
import type { InvalidRoute, ParseRoute, ParseUrl, RouteParameterNames } from "./route-params.js";
import type { OptionName as AnOptionName, ROUTES } from "../option-names.js";

export type { InvalidRoute, RouteParameterNames } from "./route-params.js";

/** A header value as the library accepts and returns it. */
export type HeaderValue = string | number;

/** Headers as passed in: any case; an `undefined` value is dropped, so a default of that name stays. */
export interface RequestHeaders {
  [name: string]: HeaderValue | undefined;
}

/** Headers as returned: lowercase names, no `undefined`. */
export interface ResponseHeaders {
  [name: string]: HeaderValue;
}

/** Media-type options that amend the `accept` header. */
export interface MediaType {
  /** A format such as `raw`, `diff` or `text+json`. */
  format?: string | undefined;
  /** API preview names such as `mercy` (a `-preview` suffix is dropped). */
  previews?: readonly string[] | undefined;
}

/** Caller's meta information for the HTTP client; returned unchanged. */
export interface RequestMeta {
  /** An `AbortSignal`, carried to `fetch` by `toFetchArgs`. */
  signal?: unknown;
  [key: string]: unknown;
}

/** The options accepted by `endpoint()`, `merge()` and `defaults()`. */
export interface EndpointOptions {
  method?: string | undefined;
  url?: string | undefined;
  baseUrl?: string | undefined;
  headers?: RequestHeaders | undefined;
  mediaType?: MediaType | undefined;
  /** Sets the request body as it is, instead of a JSON body built from parameters. */
  data?: unknown;
  request?: RequestMeta | undefined;
  /**
   * Credentials by the API description's security scheme names, for described routes only (DECISIONS "Credentials:
   * `auth`"); a call's replace the defaults' scheme by scheme. On any other route it is an error (difference 17).
   */
  auth?: Auth | undefined;
  /** Any other key is a request parameter: URL placeholder, query or body. */
  [parameter: string]: unknown;
}

/** http basic credentials: sent as the base64 of the UTF-8 `username:password`. */
export interface BasicCredentials {
  username: string;
  password: string;
}

/** One credential: an API key, a bearer, OAuth 2 or OpenID Connect token, or http basic's pair; null or undefined: none. */
export type Credential = string | BasicCredentials | null | undefined;

/** Credentials by security scheme name; `Scheme`: the description's scheme names, when they are known. */
export type Auth<Scheme extends string = string> = { [S in Scheme]?: Credential };

/**
 * The current defaults of an endpoint function (`endpoint.DEFAULTS`): read-only all the way down, because it is
 * a copy and changing it would change nothing.
 */
export interface EndpointDefaults {
  readonly method: string;
  readonly baseUrl: string;
  readonly headers: { readonly [name: string]: HeaderValue };
  readonly url?: string;
  /** Always there, `{ format: "" }` at least, as in octokit. */
  readonly mediaType: { readonly format: string; readonly previews?: readonly string[] };
  readonly request?: Readonly<RequestMeta>;
  readonly [parameter: string]: unknown;
}

/** What `merge()` returns and `parse()` takes (SPEC 2.5): the defaults with the route and options merged in. */
export interface MergedOptions {
  /** In the case given (uppercase in the route form). */
  method: string;
  baseUrl: string;
  /** Lowercase names, defaults merged in. */
  headers: ResponseHeaders;
  /** The template as given, placeholders not filled; absent when neither defaults nor options set one. */
  url?: string;
  /** Always there in what `merge()` returns, `{ format: "" }` at least; `parse()` does not need it. */
  mediaType?: { format?: string; previews?: string[] };
  request?: RequestMeta;
  /** Placeholder values, query and body parameters. */
  [parameter: string]: unknown;
}

/** What `merge()` returns: `mediaType` is always there, as in octokit, so `merged.mediaType.format` needs no guard. */
export type WithMediaType = { mediaType: { format: string; previews?: string[] } };

/** What `endpoint()` and `parse()` return: request options for any HTTP client (SPEC 2.4). */
export interface RequestOptions {
  /** HTTP method: lowercase (uppercase from endpointkit/octokit, as @octokit/endpoint). */
  method: string;
  /** The full URL, placeholders filled, query appended. */
  url: string;
  headers: ResponseHeaders;
  /** Present only for PATCH, POST, PUT and DELETE with a body. */
  body?: unknown;
  /** The `request` option, the same object as given. */
  request?: RequestMeta;
}

// ---------------------------------------------------------------------------------------------------------------
// Typed routes. src/route-params.ts reads a literal route string the way the runtime does; the types below turn
// what it finds into the shape of the options argument. A route typed plain `string` is not checked at all.

/** One value a placeholder can expand: `String()` of it, or ISO 8601 for a `Date`. */
export type PlaceholderScalar = string | number | bigint | boolean | Date;

/**
 * What a URL placeholder accepts: a scalar, a list of scalars or a map of scalars (RFC 6570). Members that are
 * `null` or `undefined` are skipped; a required placeholder itself may not be `null` or `undefined`.
 */
export type PlaceholderValue =
  | PlaceholderScalar
  | readonly (PlaceholderScalar | null | undefined)[]
  | { readonly [key: string]: PlaceholderScalar | null | undefined };

/**
 * Shown by the compiler when a route is called without options although it has placeholders no default fills:
 * `Names` are the parameters it needs.
 */
export interface MissingParameters<Names extends string> {
  readonly "missing parameters": Names;
}

/** The option names that are never template values: the runtime leaves them out when filling placeholders. */
type OptionName = Exclude<AnOptionName, typeof ROUTES>;

/**
 * The keys an options object passed to `defaults()` surely fills: present, and neither `undefined` (which merging
 * skips) nor `null`. An index signature fills nothing, since no key is sure to be there.
 */
export type FilledKeys<Options> = {
  [K in keyof Options]: {} extends Pick<Options, K>
    ? never
    : undefined extends Options[K]
      ? never
      : null extends Options[K]
        ? never
        : K;
}[keyof Options] &
  string;

type RequiredOf<Names> = Names extends RouteParameterNames<infer Required, string> ? Required : never;
type OptionalOf<Names> = Names extends RouteParameterNames<string, infer Optional> ? Optional : never;

/**
 * The placeholder part of the options for parsed route names (for a union of routes, every member's names):
 * required placeholders not filled by defaults, then filled ones (optional; `undefined` keeps the default), then
 * operator-expression ones (optional, `null` or `undefined` leave them out).
 */
type PlaceholderOptions<Names, Filled extends string> = Flatten<
  { [K in Exclude<RequiredOf<Names>, Filled>]: PlaceholderValue } & {
    [K in Exclude<RequiredOf<Names> & Filled, OptionName>]?: PlaceholderValue | undefined;
  } & {
    [K in Exclude<OptionalOf<Names>, RequiredOf<Names> | OptionName>]?: PlaceholderValue | null | undefined;
  }
>;

/** One object type instead of an intersection, so error messages show one readable shape. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** A required placeholder named like an option can never be filled: the runtime always throws for such a route. */
type OptionPlaceholder<Names> = Extract<RequiredOf<Names>, OptionName>;

/**
 * What the route argument must be: the route itself, or, when endpoint() would throw for it, the route joined
 * with a message type the string cannot match (so the compiler prints the message).
 */
export type CheckedRoute<Names, NeedsNoParameters extends boolean, Filled extends string> = [Names] extends [never]
  ? unknown
  : [Extract<Names, InvalidRoute<string>>] extends [never]
    ? [OptionPlaceholder<Names>] extends [never]
      ? NeedsNoParameters extends true
        ? [Exclude<RequiredOf<Names>, Filled>] extends [never]
          ? unknown
          : MissingParameters<Exclude<RequiredOf<Names>, Filled>>
        : unknown
      : InvalidRoute<`the placeholder "${OptionPlaceholder<Names>}" is an option name, so nothing can fill it`>
    : Extract<Names, InvalidRoute<string>>;

/**
 * The options argument for parsed route names: the named options, the placeholders, and any other key (a query
 * or body parameter). `undefined` is allowed when nothing is required. Unchecked for non-literal or invalid routes.
 */
type OptionsFor<Names, Filled extends string> = [Names] extends [never]
  ? EndpointOptions | undefined
  : [Extract<Names, InvalidRoute<string>>] extends [never]
    ? [Exclude<RequiredOf<Names>, Filled>] extends [never]
      ? (EndpointOptions & PlaceholderOptions<Names, Filled>) | undefined
      : EndpointOptions & PlaceholderOptions<Names, Filled>
    : EndpointOptions | undefined;

/** The options argument of `endpoint(route, options)`. */
export type RouteOptions<Route extends string, Filled extends string = never> = OptionsFor<ParseRoute<Route>, Filled>;

/**
 * What the options form must carry on an endpoint without a default `url`. An endpoint whose defaults set `url`
 * has `{}` instead, so its options may leave `url` out. (A separate type parameter rather than a test of
 * `"url" extends Filled`: a conditional type on `Filled` would make `Endpoint` invariant, and then an endpoint
 * returned by `defaults()` could no longer be stored in a variable typed `Endpoint`.)
 */
export interface UrlRequired {
  url: string;
}

/**
 * The `this` of `endpoint()` without arguments: anything when the defaults set `url`, else a message type that
 * nothing matches, so the compiler prints the message.
 */
export type NoArguments<NeedsUrl extends object> = NeedsUrl extends UrlRequired
  ? { "endpoint() without arguments needs defaults that set url": "pass a route or { url }, or set url with defaults()" }
  : unknown;

/** The options argument of `endpoint({ url, ...options })`; its `url` template is checked like a route's. */
export type UrlOptions<Url extends string, Filled extends string = never, NeedsUrl extends object = UrlRequired> = EndpointOptions &
  NeedsUrl & { url?: Url & CheckedRoute<ParseUrl<Url>, false, Filled> } & NoInfer<OptionsFor<ParseUrl<Url>, Filled> & {}>;

/** The parameters a route names, for type-level use: `{ required: "owner" | "repo"; optional: "per_page" }`. */
export type RouteParameters<Route extends string> = ParseRoute<Route>;

