// Expands a compiled template with values, following RFC 6570 Appendix A; no parsing happens here.
import { EndpointError, quote } from "../errors.js";
import { checkListLength, isPlainObject } from "../objects.js";
import { encodeReserved, encodeUnreserved } from "./encode.js";
import type { CompiledTemplate, Expression, VarSpec } from "./syntax.js";

/** Variable values: strings, numbers, bigints, booleans and Dates, lists of them, or maps of them. */
export type TemplateValues = { readonly [name: string]: unknown };

/** Expands `template` with `values`; undefined, null, empty lists and empty maps are undefined in RFC 6570's sense. */
export function expandTemplate(template: CompiledTemplate, values: TemplateValues): string {
  const parts = template.parts;
  let result = "";
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    result += typeof part === "string" ? part : expandExpression(part, values);
  }
  return result;
}

/** Looks a variable up among own properties only, so `constructor` or `__proto__` never read a prototype. */
export function lookup(values: TemplateValues, spec: VarSpec): unknown {
  if (spec.inherited && !Object.prototype.hasOwnProperty.call(values, spec.name)) return undefined;
  return values[spec.name];
}

function expandExpression(expression: Expression, values: TemplateValues): string {
  const { operator, varspecs } = expression;
  let result = "";
  let first = true;
  for (let i = 0; i < varspecs.length; i++) {
    const spec = varspecs[i]!;
    const value = lookup(values, spec);
    if (value === undefined || value === null) continue;
    // Most values are strings or numbers with no prefix: they take this branch, lists, maps and the rest the general one.
    let piece: string | undefined;
    if (spec.prefix === 0 && (typeof value === "string" || typeof value === "number")) {
      const encoded = typeof value === "string" ? encodeScalar(operator.allowReserved, value) : encodeNumber(value);
      if (operator.named && encoded === "") piece = first ? spec.emptyFirst : spec.emptyNext;
      else piece = (first ? spec.leadFirst : spec.leadNext) + encoded;
    } else {
      piece = expandVariable(expression, spec, value);
      if (piece === undefined) continue;
      piece = (first ? operator.first : operator.separator) + piece;
    }
    result += piece;
    first = false;
  }
  return result;
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

function expandVariable(expression: Expression, spec: VarSpec, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const { operator } = expression;
  const encode = operator.allowReserved ? encodeReserved : encodeUnreserved;
  const scalar = scalarText(value);
  if (scalar !== undefined) {
    const text = spec.prefix > 0 ? prefixOf(scalar, spec.prefix) : scalar;
    if (!operator.named) return encode(text);
    return text === "" ? spec.name + operator.ifEmpty : `${spec.name}=${encode(text)}`;
  }
  if (spec.prefix > 0) {
    const written = quote(`{${expression.operatorChar}${spec.name}:${spec.prefix}}`);
    throw new EndpointError("ERR_INVALID_TEMPLATE", `the prefix modifier of ${written} cannot apply to a list or map value`);
  }
  if (Array.isArray(value)) return expandList(expression, spec, value, encode);
  if (isPlainObject(value)) return expandMap(expression, spec, value, encode);
  return invalidValue(spec.name, value);
}

function expandList(expression: Expression, spec: VarSpec, list: readonly unknown[], encode: (text: string) => string): string | undefined {
  const { operator } = expression;
  const joiner = spec.explode ? operator.separator : ",";
  checkListLength(list, "the value of", spec.name);
  let result = "";
  let count = 0;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (item === undefined || item === null) continue;
    const text = scalarText(item) ?? invalidValue(spec.name, item);
    let piece = encode(text);
    if (spec.explode && operator.named) piece = text === "" ? spec.name + operator.ifEmpty : `${spec.name}=${piece}`;
    result += count === 0 ? piece : joiner + piece;
    count++;
  }
  if (count === 0) return undefined;
  return operator.named && !spec.explode ? `${spec.name}=${result}` : result;
}

function expandMap(expression: Expression, spec: VarSpec, map: TemplateValues, encode: (text: string) => string): string | undefined {
  const { operator } = expression;
  let result = "";
  let count = 0;
  for (const key of Object.keys(map)) {
    const item = map[key];
    if (item === undefined || item === null) continue;
    const text = scalarText(item) ?? invalidValue(`${spec.name}.${key}`, item);
    let piece: string;
    if (!spec.explode) piece = `${encode(key)},${encode(text)}`;
    else if (operator.named && text === "") piece = encode(key) + operator.ifEmpty;
    else piece = `${encode(key)}=${encode(text)}`;
    result += count === 0 ? piece : (spec.explode ? operator.separator : ",") + piece;
    count++;
  }
  if (count === 0) return undefined;
  return operator.named && !spec.explode ? `${spec.name}=${result}` : result;
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
