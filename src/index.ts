// The public surface of endpointkit.
import { BASE_DEFAULTS, withDefaults } from "./endpoint.js";
import type { Endpoint } from "./types/index.js";

/** Turns a route and parameters into request options; see README for the whole API. */
// Marked pure so a bundler drops it (and the HTTP modules behind it) when only parseTemplate is imported.
export const endpoint: Endpoint = /* @__PURE__ */ withDefaults(BASE_DEFAULTS);

export { EndpointError, type EndpointErrorCode } from "./errors.js";
export { parseTemplate, type UriTemplate, type TemplateValues } from "./uri-template/index.js";
export type {
  Auth,
  BasicCredentials,
  Credential,
  Endpoint,
  EndpointDefaults,
  EndpointOptions,
  FilledKeys,
  HeaderValue,
  InvalidRoute,
  MediaType,
  MergedOptions,
  MissingParameters,
  PlaceholderScalar,
  PlaceholderValue,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
  ResponseHeaders,
  RouteOptions,
  RouteParameterNames,
  RouteParameters,
  UrlOptions,
  UrlRequired,
} from "./types/index.js";
export type { DescribedEndpoint, DescribedOperation, DescribedOptions, DescribedRoute, NotInDescription } from "./types/index.js";
export { toFetchArgs, type FetchInit } from "./fetch.js";
