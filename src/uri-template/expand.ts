// Expands a compiled template with values, following RFC 6570 Appendix A; no parsing happens here.
import { EndpointError, quote } from "../errors.js";
import { checkListLength, isPlainObject } from "../objects.js";
import { encodeReserved, encodeUnreserved } from "./encode.js";
import type { CompiledTemplate, Operator, VarSpec } from "./syntax.js";

/** Variable values: strings, numbers, bigints, booleans and Dates, lists of them, or maps of them. */
export type TemplateValues = { readonly [name: string]: unknown };

/** Expands `template` with `values`; undefined, null, empty lists and empty maps are undefined in RFC 6570's sense. */
export function expandTemplate(template: CompiledTemplate, values: TemplateValues): string {
  const parts = template.parts;
  let result = "";
  // True until the current expression has written a value: its first value follows `leadFirst`, the others `leadNext`.
  // Each value is appended to the URL itself rather than to a text of its expression: a string and a rope node fewer
  // per expression, for expansion and for the first read of the URL.
  let first = true;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (typeof part === "string") {
      result += part;
      continue;
    }
    if (part.opensExpression) first = true;
    const value = lookup(values, part);
    if (value === undefined || value === null) continue;
    // Most values are strings or numbers with no prefix: they take this branch, lists, maps and the rest the general one.
    if (part.prefix === 0 && (typeof value === "string" || typeof value === "number")) {
      const encoded = typeof value === "string" ? encodeScalar(part.operator.allowReserved, value) : encodeNumber(value);
      if (part.operator.named && encoded === "") result += first ? part.emptyFirst : part.emptyNext;
      else result = result + (first ? part.leadFirst : part.leadNext) + encoded;
    } else {
      // Lists and maps append their items to `result` one by one; undefined when nothing was defined.
      const appended = expandVariable(part, value, first, result);
      if (appended === undefined) continue;
      result = appended;
    }
    first = false;
  }
  return result;
}

/** Looks a variable up among own properties only, so `constructor` or `__proto__` never read a prototype. */
export function lookup(values: TemplateValues, spec: VarSpec): unknown {
  if (spec.inherited && !Object.prototype.hasOwnProperty.call(values, spec.name)) return undefined;
  return values[spec.name];
}

function encodeScalar(allowReserved: boolean, text: string): string {
  return allowReserved ? encodeReserved(text) : encodeUnreserved(text);
}

/**
 * A number's text as a URL holds it. Below 1e21 in magnitude, String() writes only digits, ".", "-", "e", or the letters
 * of "Infinity": all unreserved, so there is nothing to escape; larger numbers have a "+" in their exponent.
 */
function encodeNumber(value: number): string {
  const text = String(value);
  return value < 1e21 && value > -1e21 ? text : encodeUnreserved(text);
}

/**
 * Appends to `result` a value other than a string or number without prefix, with its lead (see VarSpec.leadFirst);
 * undefined when the value is undefined in RFC 6570's sense (an empty list or map, or one of only undefined items).
 */
function expandVariable(spec: VarSpec, value: unknown, first: boolean, result: string): string | undefined {
  const { operator } = spec;
  // Lists and maps are tested first: they are the common values here, and neither can be a scalar (arrays and plain
  // objects are never Dates), so the order does not change any result.
  if (Array.isArray(value)) {
    if (spec.prefix > 0) prefixOnListOrMap(spec);
    return expandList(operator, spec, value, first, result);
  }
  if (isPlainObject(value)) {
    if (spec.prefix > 0) prefixOnListOrMap(spec);
    return expandMap(operator, spec, value, first, result);
  }
  const scalar = scalarText(value);
  if (scalar === undefined) return spec.prefix > 0 ? prefixOnListOrMap(spec) : invalidValue(spec.name, value);
  const text = spec.prefix > 0 ? prefixOf(scalar, spec.prefix) : scalar;
  if (operator.named && text === "") return result + (first ? spec.emptyFirst : spec.emptyNext);
  return result + (first ? spec.leadFirst : spec.leadNext) + encodeScalar(operator.allowReserved, text);
}

function prefixOnListOrMap(spec: VarSpec): never {
  const written = quote(`{${spec.operator.char}${spec.name}:${spec.prefix}}`);
  throw new EndpointError("ERR_INVALID_TEMPLATE", `the prefix modifier of ${written} cannot apply to a list or map value`);
}

function expandList(operator: Operator, spec: VarSpec, list: readonly unknown[], first: boolean, result: string): string | undefined {
  checkListLength(list, "the value of", spec.name);
  // Exploded, every item is written as a value of its own (`&name=item`); otherwise items are joined by commas after one lead.
  const emptyHasForm = spec.explode && operator.named;
  let count = 0;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (item === undefined || item === null) continue;
    const text = scalarText(item) ?? invalidValue(spec.name, item);
    const leading = count === 0 && first;
    if (emptyHasForm && text === "") result += leading ? spec.emptyFirst : spec.emptyNext;
    else result = result + (count > 0 && !spec.explode ? "," : leading ? spec.leadFirst : spec.leadNext) + encodeScalar(operator.allowReserved, text);
    count++;
  }
  return count === 0 ? undefined : result;
}

function expandMap(operator: Operator, spec: VarSpec, map: TemplateValues, first: boolean, result: string): string | undefined {
  const keys = Object.keys(map);
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = map[key];
    if (item === undefined || item === null) continue;
    const text = scalarText(item) ?? invalidValue(`${spec.name}.${key}`, item);
    const encodedKey = encodeScalar(operator.allowReserved, key);
    if (!spec.explode) {
      // `name=k1,v1,k2,v2`: the name (when the operator names it) once, then keys and values joined by commas.
      const lead = count > 0 ? "," : first ? spec.leadFirst : spec.leadNext;
      result = result + lead + encodedKey + "," + encodeScalar(operator.allowReserved, text);
    } else {
      // `k1=v1&k2=v2`: every pair stands as a variable of its own, so the variable's name is not written.
      const lead = count === 0 && first ? operator.first : operator.separator;
      if (operator.named && text === "") result = result + lead + encodedKey + operator.ifEmpty;
      else result = result + lead + encodedKey + "=" + encodeScalar(operator.allowReserved, text);
    }
    count++;
  }
  return count === 0 ? undefined : result;
}

/** The text of a scalar value, or undefined when `value` is not a scalar. */
export function scalarText(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "bigint":
    case "boolean":
      return String(value);
    case "object":
      return value instanceof Date ? isoDate(value) : undefined;
    default:
      return undefined;
  }
}

const { getTime, toISOString } = Date.prototype;

/** ISO 8601 text of a real Date; an object that only inherits from Date.prototype is not a scalar. */
function isoDate(date: Date): string | undefined {
  // The built-ins, not the object's own methods: `instanceof` can be fooled by Object.create(Date.prototype),
  // whose getTime() throws a TypeError, and a Date's own toISOString could return anything.
  let time: number;
  try {
    time = getTime.call(date);
  } catch {
    return undefined;
  }
  if (Number.isNaN(time)) throw new EndpointError("ERR_INVALID_PARAMETER", "an invalid Date cannot be written into a URL");
  return toISOString.call(date);
}


function prefixOf(text: string, length: number): string {
  // Counts characters, not UTF-16 units, so a prefix never splits a surrogate pair.
  let end = 0;
  for (let count = 0; count < length && end < text.length; count++) {
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff && end + 1 < text.length ? 2 : 1;
  }
  return text.slice(0, end);
}

function invalidValue(name: string, value: unknown): never {
  throw new EndpointError("ERR_INVALID_PARAMETER", `the value of ${quote(name)} is ${describeValue(value)}, which cannot be written into a URL`);
}

/** Names the kind of a value for error messages without printing the value itself. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a nested list";
  if (typeof value !== "object") return `a ${typeof value}`;
  const constructor: unknown = (Object.getPrototypeOf(value) as { constructor?: unknown } | null)?.constructor;
  const name = typeof constructor === "function" && typeof constructor.name === "string" ? constructor.name : "";
  return name && name !== "Object" ? `a ${name}` : "a nested object";
}
