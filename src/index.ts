// The public surface of endpointkit.
import { BASE_DEFAULTS, withDefaults } from "./endpoint.js";
import type { Endpoint } from "./types.js";

/** Turns a route and parameters into request options; see README for the whole API. */
export const endpoint: Endpoint = withDefaults(BASE_DEFAULTS);

export { EndpointError, type EndpointErrorCode } from "./errors.js";
export { parseTemplate, type UriTemplate, type TemplateValues } from "./uri-template/index.js";
export type {
  Endpoint,
  EndpointDefaults,
  EndpointOptions,
  HeaderValue,
  MediaType,
  MergedOptions,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
  ResponseHeaders,
} from "./types.js";
export { toFetchArgs, type FetchInit } from "./fetch.js";
