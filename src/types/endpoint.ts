// The endpoint function's public type: its calls and attached operations, on GitHub's routes and on described ones.
import type { DescribedEndpoint, NoDescription } from "./described.js";
import type { ParseRoute } from "./route-params.js";
import type { TableTypes } from "./table-paths.js";
import type {
  CheckedRoute,
  EndpointDefaults,
  EndpointOptions,
  FilledKeys,
  MergedOptions,
  NoArguments,
  RequestOptions,
  RouteOptions,
  UrlOptions,
  UrlRequired,
  WithMediaType,
} from "./options.js";

/**
 * The `endpoint` function and its attached operations (SPEC 4). `Filled` names the parameters its defaults
 * already fill (`never` on the base function); placeholders among them are optional in calls.
 */
export interface Endpoint<in Filled extends string = never, in NeedsUrl extends object = UrlRequired> {
  /**
   * Builds request options from a route that needs no parameters (or whose placeholders defaults fill), or from
   * options that carry `url` (and `method`, `GET` by default). One signature for both, not two overloads: when no
   * overload matches, TypeScript reports only the last one's error, so a missing placeholder in the options form
   * would be reported as "not assignable to string".
   */
  <Route extends string, Url extends string = string>(
    routeOrOptions: (Route & NoInfer<CheckedRoute<ParseRoute<Route>, true, Filled>>) | UrlOptions<Url, Filled, NeedsUrl>,
  ): RequestOptions;
  /**
   * Builds request options from a route such as `"GET /repos/{owner}/{repo}"` and its parameters. For a literal
   * route the compiler requires every `{name}`, `{+name}`, `{#name}` and `:name` placeholder that no default fills.
   */
  <Route extends string>(
    route: Route & NoInfer<CheckedRoute<ParseRoute<Route>, false, Filled>>,
    options: NoInfer<RouteOptions<Route, Filled>>,
  ): RequestOptions;
  /** Builds the request the defaults describe; they must set `url` (`endpoint.defaults({ url, org })()`). */
  (this: NoArguments<NeedsUrl>): RequestOptions;
  /** The current defaults; a copy, so changing it changes nothing. */
  readonly DEFAULTS: EndpointDefaults;
  /**
   * Returns a new endpoint function with a route table's defaults (a module `endpointkit openapi` writes), typed with
   * no type argument: by the description's `paths` types when the module carries them (`-o` writes them), else by
   * the table's own routes.
   */
  defaults<Table extends EndpointOptions & { readonly "x-endpointkit-routes": object }>(
    options: string extends keyof Table["x-endpointkit-routes"] ? never : Table,
  ): DescribedEndpoint<TableTypes<Table>, Filled, NeedsUrl>;
  /**
   * Returns a new endpoint function with these defaults, typed by an API description: `Paths` is the `paths`
   * interface openapi-typescript writes (GitHub's: `@octokit/openapi-types`). Types only; the runtime is the same.
   */
  defaults<Paths extends object = NoDescription>(
    options: [Paths] extends [NoDescription] ? never : EndpointOptions,
  ): DescribedEndpoint<Paths, Filled, NeedsUrl>;
  /**
   * Returns a new endpoint function whose defaults are these options merged over the current ones. Placeholders
   * they fill become optional on the new function, through any number of cascaded calls.
   */
  defaults<Options extends EndpointOptions>(
    options: Options,
  ): Endpoint<Filled | FilledKeys<Options>, "url" extends FilledKeys<Options> ? {} : NeedsUrl>;
  /**
   * Merges route and options over the defaults without parsing them (SPEC 2.5). Placeholders are not required
   * here: only `endpoint()` and `parse()` fill them.
   */
  merge<Route extends string>(
    route: Route & NoInfer<CheckedRoute<ParseRoute<Route>, false, Filled>>,
    options?: EndpointOptions,
  ): MergedOptions & WithMediaType & { url: string };
  /** With no arguments, returns the defaults as merged options. */
  merge(options?: EndpointOptions): MergedOptions & WithMediaType;
  /** Turns merged options into request options; stateless. */
  parse(options: MergedOptions): RequestOptions;
}
