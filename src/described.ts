// Described routes (DECISIONS "Described routes") as the core pipeline meets them: the option that holds the route
// table, and the plan a described route's call follows. Compiling table entries into plans, the styles and the body
// media types are endpointkit/openapi's (src/openapi/plan.ts), installed by fromOpenApi() and describedRoutes(), so
// `import { endpoint }` bundles carry none of it.
import { EndpointError } from "./errors.js";
import { checkDepth, type Dictionary } from "./objects.js";
import type { ResponseHeaders } from "./types.js";
import type { CompiledUrl } from "./url.js";

/**
 * The option that holds the route table: a name no API gives a parameter (OpenAPI's own `x-` prefix for extensions,
 * with a hyphen no JS identifier or query convention uses), so it is never taken for a parameter.
 */
export const ROUTES = "x-endpointkit-routes";

/** What a described route's call reads of the call beside its plan. */
export interface DescribedCall {
  readonly options: Dictionary;
  readonly keys: readonly string[];
  /** True for the option names (never parameters). */
  readonly isOption: (key: string) => boolean;
  /** The keys of the defaults' parameters, in their order. */
  readonly defaults: ReadonlySet<string>;
  /** The value of a parameter: the caller's own, over the defaults' as merge() combines them. */
  readonly read: (key: string) => unknown;
  readonly data: unknown;
  readonly headers: ResponseHeaders;
}

/** A route table entry compiled for calls: the same pipeline as any route, with these parts of its own. */
export interface DescribedPlan {
  /** The path with each path parameter's style as an RFC 6570 expression: `/pets/{petId}`, `/a/{;matrix*}`. */
  readonly url: string;
  /** The operation's own server, in place of the endpoint's baseUrl. */
  readonly baseUrl: string | undefined;
  readonly accept: string | undefined;
  /**
   * The path parameters: required in every style (OpenAPI), so the expansion reports one without a value (an empty
   * list or map too) where RFC 6570 would let `{.x}` or `{;x}` go empty. Checked there, on the value it read: a getter
   * is not asked again.
   */
  readonly pathParameters: ReadonlySet<string>;
  /** `url` compiled, by the first call that got that far. */
  compiled: CompiledUrl | undefined;
  /** True for an option name (`url`, `method`, …) that this route has as a query or cookie parameter. */
  claims(key: string): boolean;
  /** The caller's headers option with header parameters written as text. */
  headers(given: unknown): unknown;
  /** The query and body of a call; sets its cookie and content-type headers. */
  request(call: DescribedCall): { query: string; body: unknown };
}

/** Finds and compiles the plan of a route in a route table (src/openapi/plan.ts). */
export type DescribedCompiler = (table: unknown, method: string, url: string) => DescribedPlan | undefined;

let compiler: DescribedCompiler | undefined;

/** Turns on described routes: called by endpointkit/openapi. */
export function installDescribedRoutes(next: DescribedCompiler): void {
  compiler = next;
}

/** The plan of `method url` in `table`, or undefined when the table does not describe it. */
export function describedRoute(table: unknown, method: string, url: string): DescribedPlan | undefined {
  if (compiler === undefined) {
    // Never GitHub's rules for a described route: they would send its parameters elsewhere.
    throw new EndpointError("ERR_INVALID_ROUTE", `${ROUTES} is a route table: give it through fromOpenApi() or describedRoutes() of "endpointkit/openapi"`);
  }
  return compiler(table, method, url);
}

/**
 * Freezes a route table copy that defaults() keeps, so calls share it (merge() does not copy it per call) and its
 * compiled entries stay true to it.
 */
export function freezeTable(value: unknown, depth = 0): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  checkDepth(depth);
  Object.freeze(value);
  for (const key of Object.keys(value)) freezeTable((value as Dictionary)[key], depth + 1);
}
