// The route table that fromOpenApi() writes and endpoint.defaults() reads (DECISIONS "Described routes"), and the
// shape of its entries once compiled for calls (src/openapi/plan.ts). Types only.
import type { DescribedPlan } from "../plan.js";
import type { EndpointError } from "../errors.js";
import type { Encode, EncodingStyle, Pieces, Seen, Style } from "../openapi/styles.js";

/** How one parameter is sent; what OpenAPI makes the default is left out. */
export interface DescribedParameter {
  name: string;
  /** `querystring` (OpenAPI 3.2): the whole query, written by `mediaType`. */
  in: "path" | "query" | "header" | "cookie" | "querystring";
  /** A querystring parameter's media type. */
  mediaType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  required?: boolean;
  /** Described by `content` of a JSON media type: sent as its JSON text. */
  json?: boolean;
  /** Its schema (a list's items) says `format: date`: a `Date` is written `YYYY-MM-DD`, its UTC date. */
  date?: boolean;
  /** A form querystring parameter's Encoding Object, by property (OpenAPI 3.2). */
  encoding?: { [property: string]: DescribedEncoding };
}

/** How one property of a form body is written (OpenAPI's Encoding object), defaults left out. */
export interface DescribedEncoding {
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  json?: boolean;
  /** A multipart part's media type, as the Encoding Object names it: the part is sent with it. */
  contentType?: string;
}

/** The request body of an operation: its media type, and its property names when they are flat keys. */
export interface DescribedBody {
  mediaType: string;
  /** Present when the body is an object whose properties are given as flat keys; else the body goes in `data`. */
  properties?: string[];
  /**
   * True when the body also takes keys it does not name (a free-form object, or `additionalProperties` other than
   * false): a flat key that is no parameter is then a body property.
   */
  additional?: boolean;
  /** The properties whose schema (a list's items) says `format: date`: a `Date` is written `YYYY-MM-DD`, its UTC date. */
  dates?: string[];
  encoding?: { [property: string]: DescribedEncoding };
  /** True when the body's JSON schema says `type: string`: a string given as data is sent as JSON text (`"abc"`). */
  jsonString?: boolean;
  /** The operation's other media types, which a call's content-type header may choose instead of `mediaType`. */
  mediaTypes?: string[];
  /** True when the operation requires a body (`requestBody.required`; Swagger 2.0's required body or formData). */
  required?: boolean;
  /** The object body's top-level required properties: a body given as an object must hold them. */
  requiredProperties?: string[];
  /** Swagger 2.0: the name of the `in: body` parameter, which a message about a missing body names. */
  name?: string;
}

/** One operation of the route table. */
export interface DescribedOperationEntry {
  /**
   * The path the URL is built from, when the route's own would read otherwise as a template (src/openapi/path-template.ts):
   * a literal ":" written %3A, a placeholder name that is no RFC 6570 variable name written with %XX escapes.
   */
  path?: string;
  parameters?: DescribedParameter[];
  body?: DescribedBody;
  /** The operation's own server (a path's or operation's `servers`), in place of the endpoint's baseUrl. */
  baseUrl?: string;
  /** The description's server, which `baseUrl` stands in for: a call on another baseUrl (a staging server) keeps it. */
  replaces?: string;
  /** Only in the table's settings entry ("*", a key no route has): routes it does not describe follow GitHub's rules. */
  undescribed?: "github";
  /** The accept header of this operation when it is not the document's. */
  accept?: string;
  /**
   * The operation's security requirements (its own, else the document's): alternatives, each the scheme names needed
   * together; `[]` an alternative that needs none. Absent: the operation requires no credential.
   */
  security?: string[][];
  /**
   * In the table's settings entry ("*"): the schemes the routes' `security` names, by name, each written once however
   * many routes name it. (An entry of its own may hold them too, as tables written before did; its own are read first.)
   */
  schemes?: { [scheme: string]: DescribedScheme };
  /**
   * Only in the table's settings entry ("*"): the origins (`https://uploads.example`) a route's own server may be on
   * and still be sent the credentials of `auth` (fromOpenApi's `trust`).
   */
  trust?: string[];
}

/**
 * A security scheme as the table records it: where its credential goes. `unsupported`: a scheme endpointkit cannot
 * write (mutualTLS, an http scheme other than basic and bearer), which a call cannot meet with `auth`.
 */
export type DescribedScheme =
  | { type: "apiKey"; in: "header" | "query" | "cookie"; name: string }
  | { type: "http"; scheme: "basic" | "bearer" }
  | { type: "oauth2" }
  | { type: "openIdConnect" }
  | { type: "unsupported" };

/** The route table: `"<METHOD> <path>"` to its operation. */
export interface RouteTable {
  [route: string]: DescribedOperationEntry;
}

/**
 * The security scheme names a route table's operations require: for a table typed by `endpointkit openapi -o`
 * (its type is the table's own value), the exact names, so `Auth<SchemeNames<typeof table>>` checks each key.
 */
export type SchemeNames<Table> = Table extends { "x-endpointkit-routes": infer Routes }
  ? { [Route in keyof Routes]: Routes[Route] extends { security: infer Security } ? SecurityNames<Security> : never }[keyof Routes]
  : string;

/** The scheme names of a route's `security`: its alternatives' names. */
type SecurityNames<Security> = Security extends readonly (infer Alternative)[] ? (Alternative extends readonly (infer Name)[] ? Name & string : never) : never;

/** Where a flat key goes on a described route: a query or cookie parameter, a path parameter, or a body property. */
export type Place = SlottedStyle | "path" | "body";

/** How a body of a media type is written (src/openapi/media.ts). */
export type BodyKind = "multipart" | "form" | "json" | "other";

/**
 * The call-time writers a route table brings (DECISIONS "One pipeline": pay for what you use): a table module written
 * by `endpointkit openapi` imports, by name, those its routes use; describedRoutes() and fromOpenApi() bring them all.
 * A route that needs one its table lacks is ERR_INVALID_ROUTE.
 */
export interface Writers {
  /** Security requirements: `auth` written where the route's schemes say (src/openapi/security.ts). */
  readonly credentials?: (plan: CompiledPlan, table: { readonly [route: string]: unknown }) => DescribedPlan;
  /** OpenAPI 3.2's querystring parameter: the whole query, as its media type says. */
  readonly querystring?: (style: SlottedStyle, value: unknown, seen: Seen) => string;
  /** OpenAPI 3.2's `style: cookie`: pairs sent unescaped. */
  readonly cookieStyle?: (pairs: Pieces, style: Style, value: unknown, seen: Seen) => void;
  /** `style: deepObject`: `name[key]=value`. */
  readonly deepObject?: (pairs: Pieces, parameter: string, name: string, value: unknown, encode: Encode, seen: Seen) => void;
  /** A multipart/form-data body, as a FormData. */
  readonly multipart?: (body: { readonly [key: string]: unknown }, encoding: ReadonlyMap<string, EncodingStyle>, seen: Seen) => unknown;
  /** An application/x-www-form-urlencoded body, as its text. */
  readonly formBody?: (body: { readonly [key: string]: unknown }, encoding: ReadonlyMap<string, Style> | undefined, seen: Seen) => string;
  /** `format: date` values: a Date written as its day (`YYYY-MM-DD`). */
  readonly dates?: (name: string, value: unknown) => unknown;
  /** `format: date` body properties: the body with their Dates written as days (a copy when one holds a Date). */
  /** A query or cookie parameter named like an option (`data`): a call's error says to give it by its qualified key. */
  readonly optionNamed?: (error: EndpointError, keys: readonly string[], optionNamed: readonly (readonly [string, string])[]) => EndpointError;
  readonly dateProperties?: (body: { readonly [key: string]: unknown }, dates: ReadonlySet<string>) => { readonly [key: string]: unknown };
}

/** A route table entry compiled for calls. */
export interface CompiledPlan extends DescribedPlan {
  readonly route: string;
  /** The writers of its table: those its routes use, checked when the route was compiled. */
  readonly writers: Writers;
  /** True when the route has security requirements (Writers.credentials applies them). */
  readonly secured: boolean;
  /** The route's own server (a path's or operation's `servers`); undefined: the endpoint's. */
  readonly ownServer: string | undefined;
  /** The description's server that the route's own one stands in for (a baseUrl equal to it is no pin). */
  readonly replaces: string | undefined;
  /** Flat keys: path, query and cookie parameters, then body properties. */
  readonly places: ReadonlyMap<string, Place>;
  readonly query: readonly SlottedStyle[];
  readonly cookies: readonly SlottedStyle[];
  /** How many names the query and cookie parameters have: the length of the values a call reads for them. */
  readonly slots: number;
  /** Header parameters, by lowercase name. */
  readonly headerStyles: readonly DescribedStyle[];
  /** The required query and cookie parameters, in the description's order. */
  readonly requiredParameters: readonly SlottedStyle[];
  /** Qualified keys (`query:id`, `path:id`): each gives one parameter its own value, over the flat key. */
  readonly qualified: ReadonlyMap<string, SlottedStyle | "path">;
  /** How many query, querystring and cookie parameters there are: the length of the values a call reads for their qualified keys. */
  readonly parameterSlots: number;
  /** OpenAPI 3.2's querystring parameter: the whole query, so no query parameter beside it; its style, its media type's kind. */
  readonly querystring: SlottedStyle | undefined;
  readonly body: CompiledBody | undefined;
}

/** A route's request body, compiled for calls. */
export interface CompiledBody {
  readonly kind: BodyKind;
  /** The media type the body is written as when the call chooses none. */
  readonly mediaType: string;
  /** The content-type of a body written as `kind` says (undefined: none, a media range the body need not be in). */
  readonly contentType: string | undefined;
  /** Any key that is no parameter and no option is a body property. */
  readonly additional: boolean;
  /** Properties whose Date is written `YYYY-MM-DD`. */
  readonly dates: ReadonlySet<string>;
  /** The JSON schema says `type: string`: a string given as data is sent as JSON text. */
  readonly jsonString: boolean;
  readonly encoding: ReadonlyMap<string, EncodingStyle>;
  /** Every media type the operation describes, `mediaType` first, when it describes more than one. */
  readonly mediaTypes: readonly string[] | undefined;
  readonly required: boolean;
  readonly requiredProperties: readonly string[];
  /** Swagger 2.0's name of the body parameter. */
  readonly name: string | undefined;
}

/** A parameter with its style filled in. */
export interface DescribedStyle extends Style {
  readonly required: boolean;
  /** Its schema says `format: date`: a Date is written `YYYY-MM-DD`. */
  readonly date: boolean;
}

/**
 * A query, querystring or cookie parameter, with where a call keeps its value (one slot per name: a name both in the
 * query and a cookie is read once and sent to both).
 */
export interface SlottedStyle extends DescribedStyle {
  readonly in: "query" | "cookie" | "querystring";
  readonly slot: number;
  /** Where a call keeps the value of its qualified key, which this parameter alone reads. */
  readonly own: number;
  /** A form querystring's Encoding Object, by property. */
  readonly encoding?: ReadonlyMap<string, EncodingStyle> | undefined;
}
