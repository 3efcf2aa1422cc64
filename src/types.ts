// Public types only; no logic lives here.

/** A header value as the library accepts and returns it. */
export type HeaderValue = string | number;

/** Headers as passed in: any case, `undefined` removes a default. */
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
  /** Any other key is a request parameter: URL placeholder, query or body. */
  [parameter: string]: unknown;
}

/** The current defaults of an endpoint function (`endpoint.DEFAULTS`). */
export interface EndpointDefaults {
  method: string;
  baseUrl: string;
  headers: ResponseHeaders;
  url?: string;
  mediaType?: { format?: string; previews?: string[] };
  request?: RequestMeta;
  [parameter: string]: unknown;
}

/** What `merge()` returns and `parse()` takes (SPEC 2.5). */
export interface MergedOptions extends EndpointDefaults {}

/** What `endpoint()` and `parse()` return: request options for any HTTP client (SPEC 2.4). */
export interface RequestOptions {
  /** Lowercase HTTP method. */
  method: string;
  /** The full URL, placeholders filled, query appended. */
  url: string;
  headers: ResponseHeaders;
  /** Present only for PATCH, POST, PUT and DELETE with a body. */
  body?: unknown;
  /** The `request` option, the same object as given. */
  request?: RequestMeta;
}

/** The `endpoint` function and its attached operations (SPEC 4). */
export interface Endpoint {
  /** Builds request options from a route such as `"GET /repos/{owner}/{repo}"` and its parameters. */
  (route: string, options?: EndpointOptions): RequestOptions;
  /** Builds request options from options that carry `method` and `url`. */
  (options: EndpointOptions): RequestOptions;
  /** The current defaults; a copy, so changing it changes nothing. */
  readonly DEFAULTS: EndpointDefaults;
  /** Returns a new endpoint function whose defaults are these options merged over the current ones. */
  defaults(options: EndpointOptions): Endpoint;
  /** Merges route and options over the defaults without parsing them (SPEC 2.5). */
  merge(route: string, options?: EndpointOptions): MergedOptions;
  merge(options: EndpointOptions): MergedOptions;
  /** Turns merged options into request options; stateless. */
  parse(options: MergedOptions): RequestOptions;
}
