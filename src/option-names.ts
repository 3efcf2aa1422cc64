// The option names: the keys of a call's options that are never request parameters on GitHub's rules (SPEC 2.1),
// one constant for the runtime, from which the type-level names are derived (src/types/).

/**
 * The option that holds a route table (endpointkit/openapi): a name no API gives a parameter (OpenAPI's own `x-` prefix
 * for extensions, with a hyphen no JS identifier or query convention uses), so it is never taken for a parameter.
 */
export const ROUTES = "x-endpointkit-routes";

/** The option names, `data` aside: it is a parameter a template may name, and the body otherwise. */
export const OPTION_NAMES = /* @__PURE__ */ new Set(["method", "baseUrl", "url", "headers", "request", "mediaType", "auth", ROUTES] as const);

/** One of OPTION_NAMES, as the types read it. */
export type OptionName = typeof OPTION_NAMES extends Set<infer Name> ? Name : never;
