// The call-time writers a route table may bring (Writers): one named export each, so that a table module written by
// `endpointkit openapi` imports those its routes use and a bundler drops the others. fromOpenApi() and
// describedRoutes() bring them all (ALL_WRITERS): any description may use any.
import { getOwn, isPlainObject } from "../objects.js";
import { ROUTES } from "../option-names.js";
import type { Writers } from "../types/route-table.js";
import { bodyWriters } from "./media.js";
import { formData, formText, isFlatKey, querystringText } from "./call.js";
import { explainOptionNamed } from "./plan.js";
import { securedPlan } from "./security.js";
import { bracketPairs, cookiePairs } from "./styles.js";
import { withDayProperties, withDays } from "./dates.js";

/** Security requirements: a call's `auth` written where the route's schemes say. */
export const writeCredentials: Writers = { credentials: securedPlan };
/** OpenAPI 3.2's `in: querystring` parameter. */
export const writeQuerystring: Writers = { querystring: querystringText };
/** OpenAPI 3.2's `style: cookie`. */
export const writeCookieStyle: Writers = { cookieStyle: cookiePairs };
/** `style: deepObject` query parameters. */
export const writeDeepObject: Writers = { deepObject: bracketPairs };
/** multipart/form-data request bodies. */
export const writeMultipart: Writers = { multipart: formData };
/** application/x-www-form-urlencoded request bodies. */
export const writeFormBody: Writers = { formBody: formText };
/** `format: date` parameters and body properties: Dates written as days. */
export const writeDates: Writers = { dates: withDays, dateProperties: withDayProperties };
/** Query and cookie parameters named like an option (`data`): a call's error names their qualified keys. */
export const writeOptionNamed: Writers = { optionNamed: explainOptionNamed };

/** Every writer: what a description read at run time, or a table kept as JSON, may need. */
export const ALL_WRITERS: Writers = {
  credentials: securedPlan,
  querystring: querystringText,
  cookieStyle: cookiePairs,
  deepObject: bracketPairs,
  multipart: formData,
  formBody: formText,
  dates: withDays,
  dateProperties: withDayProperties,
  optionNamed: explainOptionNamed,
};

/** The export of each writer, by the Writers key it fills: what `endpointkit openapi` imports for a table. */
export const WRITER_EXPORTS: { readonly [K in keyof Writers]-?: string } = {
  credentials: "writeCredentials",
  querystring: "writeQuerystring",
  cookieStyle: "writeCookieStyle",
  deepObject: "writeDeepObject",
  multipart: "writeMultipart",
  formBody: "writeFormBody",
  dates: "writeDates",
  dateProperties: "writeDates",
  optionNamed: "writeOptionNamed",
};

/**
 * The names of the writers (exports of "endpointkit/openapi") the routes of `defaults` use, sorted: what a module
 * written by `endpointkit openapi` imports for its table. The same rules as compiling a route (plan.ts) applies.
 */
export function tableWriters(defaults: unknown): string[] {
  const used = new Set<string>();
  const table = getOwn(isPlainObject(defaults) ? defaults : {}, ROUTES);
  const entries = isPlainObject(table) ? table : {};
  for (const route of Object.keys(entries)) {
    const entry = entries[route];
    if (!isPlainObject(entry)) continue;
    if (getOwn(entry, "security") !== undefined) used.add(WRITER_EXPORTS.credentials);
    const parameters = getOwn(entry, "parameters");
    for (const parameter of Array.isArray(parameters) ? parameters : []) {
      if (!isPlainObject(parameter)) continue;
      const where = getOwn(parameter, "in");
      const style = getOwn(parameter, "style");
      if (getOwn(parameter, "date") === true) used.add(WRITER_EXPORTS.dates);
      if ((where === "query" || where === "cookie" || where === "querystring") && typeof getOwn(parameter, "name") === "string" && !isFlatKey(getOwn(parameter, "name") as string)) used.add(WRITER_EXPORTS.optionNamed);
      if (where === "querystring") used.add(WRITER_EXPORTS.querystring);
      else if (where === "cookie" && style === "cookie") used.add(WRITER_EXPORTS.cookieStyle);
      else if (where === "query" && style === "deepObject" && getOwn(parameter, "json") !== true) used.add(WRITER_EXPORTS.deepObject);
    }
    // The body's media type, and the others a call's content-type may choose (ranges included: bodyWriters).
    const body = getOwn(entry, "body");
    const others = isPlainObject(body) ? getOwn(body, "mediaTypes") : undefined;
    const dates = isPlainObject(body) ? getOwn(body, "dates") : undefined;
    if (Array.isArray(dates) && dates.length > 0) used.add(WRITER_EXPORTS.dates);
    const types = [isPlainObject(body) ? getOwn(body, "mediaType") : undefined, ...(Array.isArray(others) ? others : [])];
    for (const type of types) if (typeof type === "string") for (const writer of bodyWriters(type)) used.add(WRITER_EXPORTS[writer]);
  }
  return [...used].sort();
}
