// Expands a compiled template with values, following RFC 6570 Appendix A; no parsing happens here.
import { EndpointError, isEndpointError, isInstance, quote } from "../errors.js";
import { isPlainObject, MAX_LIST_LENGTH, type Dictionary } from "../objects.js";
import { encodeReserved, encodeUnreserved } from "./encode.js";
import type { CompiledTemplate, Operator, VarSpec } from "./syntax.js";

/** Variable values: strings, numbers, bigints, booleans and Dates, lists of them, or maps of them. */
export type TemplateValues = { readonly [name: string]: unknown };

// Taken once, when the module loads: a caller's object cannot answer for it, and later changes to Object.prototype
// cannot replace it.
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Read right after expandTemplate() returns: true when every varspec of that expansion had a value, and each value was
 * a number, or a string of three or more characters written whole by an operator that escapes "/" and "%". Such values
 * cannot write a piece of text that is empty or only dots (".", ".."), so a caller looking for empty or dot segments in
 * the result (endpoint()'s URL checks) need not search it. Kept in a variable, not returned, so that an expansion
 * allocates nothing for it; it is set when an expansion ends, so a nested expansion (a getter's) cannot change it.
 */
export let expandedPlainValues = false;

/**
 * Expands `template` with `values`; undefined, null, empty lists and empty maps are undefined in RFC 6570's sense, and
 * `onUndefined` is told of each varspec whose value is. Every variable is read once, as an own property, and no method
 * of a value is called; whatever a value does (a getter that throws, a revoked proxy, an expansion longer than the
 * engine's longest string) ends as an EndpointError naming the variable.
 */
export function expandTemplate(template: CompiledTemplate, values: TemplateValues, onUndefined?: (spec: VarSpec) => void): string {
  const parts = template.parts;
  // Values read so far, when the template names a variable more than once: a getter or proxy is asked once and
  // cannot answer two ways. Most templates name each variable once and need no memory.
  const read = template.repeats ? new Map<string, unknown>() : undefined;
  let result = "";
  // True until the current expression has written a value: its first value follows `leadFirst`, the others `leadNext`.
  // Each value is appended to the URL itself rather than to a text of its expression: a string and a rope node fewer
  // per expansion, for expansion and for the first read of the URL.
  let first = true;
  let plain = true;
  let i = 0;
  try {
    for (; i < parts.length; i++) {
      const part = parts[i]!;
      if (typeof part === "string") {
        result += part;
        continue;
      }
      if (part.opensExpression) first = true;
      const value = read === undefined ? readOwn(values, part.name) : readOnce(values, part.name, read);
      if (value === undefined || value === null) {
        plain = false;
        if (onUndefined !== undefined) onUndefined(part);
        continue;
      }
      // Most values are strings or numbers with no prefix: they take this branch, lists, maps and the rest the general one.
      if (part.prefix === 0 && (typeof value === "string" || typeof value === "number")) {
        if (typeof value === "string" && (value.length < 3 || part.operator.allowReserved)) plain = false;
        const encoded = typeof value === "string" ? encodeScalar(part.operator.allowReserved, value) : encodeNumber(value);
        if (part.operator.named && encoded === "") result += first ? part.emptyFirst : part.emptyNext;
        else result = result + (first ? part.leadFirst : part.leadNext) + encoded;
      } else {
        plain = false;
        // Lists and maps append their items to `result` one by one; undefined when nothing was defined.
        const appended = expandVariable(part, value, first, result);
        if (appended === undefined) {
          if (onUndefined !== undefined) onUndefined(part);
          continue;
        }
        result = appended;
      }
      first = false;
    }
  } catch (error) {
    throw expansionError(error, parts[i]);
  }
  expandedPlainValues = plain;
  return result;
}

/** An own property's value, or undefined: inherited values (a polluted Object.prototype, a getter) are never read. */
function readOwn(values: object, key: string | number): unknown {
  return hasOwn.call(values, key) ? (values as TemplateValues)[key] : undefined;
}


/**
 * The value of `name`, read from `values` the first time only. A list or map is copied on that read, so its items are
 * read once too, however many varspecs name it.
 */
function readOnce(values: TemplateValues, name: string, read: Map<string, unknown>): unknown {
  if (read.has(name)) return read.get(name);
  let value = readOwn(values, name);
  if (Array.isArray(value)) {
    const length = listLength(value, name);
    const copy: unknown[] = [];
    for (let i = 0; i < length; i++) copy.push(readOwn(value, i));
    value = copy;
  } else if (isPlainObject(value)) {
    const copy: Dictionary = Object.create(null) as Dictionary;
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) copy[keys[i]!] = readOwn(value, keys[i]!);
    value = copy;
  }
  read.set(name, value);
  return value;
}

/** What escapes an expansion: an EndpointError as it is, anything else as an EndpointError naming the variable. */
function expansionError(error: unknown, part: string | VarSpec | undefined): EndpointError {
  if (isEndpointError(error)) return error;
  const name = quote(typeof part === "object" ? part.name : "");
  if (isInstance(error, RangeError)) {
    // The engine's maximum string length (2^29 - 24 characters in V8, 2^30 - 2 in SpiderMonkey) is far below what
    // 2^20 list items may hold; V8 reports it as a RangeError ("Invalid string length").
    return new EndpointError("ERR_TOO_LARGE", `the expansion of ${name} is longer than the longest string the JavaScript engine can hold (2^29 - 24 characters in V8)`);
  }
  return new EndpointError("ERR_INVALID_PARAMETER", `the value of ${name} could not be read: a getter or proxy threw, or the proxy was revoked`, undefined, error);
}


/** A list's length, read once; throws ERR_INVALID_PARAMETER beyond MAX_LIST_LENGTH (see objects.ts). */
function listLength(list: readonly unknown[], name: string): number {
  const length = list.length;
  if (length <= MAX_LIST_LENGTH) return length;
  throw new EndpointError("ERR_TOO_LARGE", `the value of ${quote(name)} has ${length} items, more than the ${MAX_LIST_LENGTH} endpointkit walks (a sparse array?)`);
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
  const scalar = scalarText(value, spec.name);
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
  const length = listLength(list, spec.name);
  // Exploded, every item is written as a value of its own (`&name=item`); otherwise items are joined by commas after one lead.
  const emptyHasForm = spec.explode && operator.named;
  let count = 0;
  for (let i = 0; i < length; i++) {
    // By index, own items only: a hole never reads Array.prototype, and no method of the list is called.
    const item = readOwn(list, i);
    if (item === undefined || item === null) continue;
    const text = scalarText(item, spec.name) ?? invalidValue(spec.name, item);
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
    const item = readOwn(map, key);
    if (item === undefined || item === null) continue;
    const text = scalarText(item, spec.name) ?? invalidValue(`${spec.name}.${key}`, item);
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

/**
 * Most digits a bigint may have: String() takes time that grows faster than its length (seconds for a few megabytes),
 * and no URL holds a number this long. Checked by magnitude, which costs one comparison.
 */
export const MAX_BIGINT_DIGITS = 10_000;
let bigintLimit: bigint | undefined;
let negativeBigintLimit: bigint | undefined;

/** The text of a scalar value, or undefined when `value` is not a scalar; `name` names the value in errors. */
export function scalarText(value: unknown, name?: string): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "bigint":
      bigintLimit ??= 10n ** BigInt(MAX_BIGINT_DIGITS);
      negativeBigintLimit ??= -bigintLimit;
      if (value >= bigintLimit || value <= negativeBigintLimit) {
        const which = name === undefined ? "a value" : `the value of ${quote(name)}`;
        throw new EndpointError("ERR_TOO_LARGE", `${which} is a bigint of more than ${MAX_BIGINT_DIGITS} digits, too long to write into a URL`);
      }
      return String(value);
    case "number":
    case "boolean":
      return String(value);
    case "object":
      return isoDate(value);
    default:
      return undefined;
  }
}

const { getTime, toISOString } = Date.prototype;

/**
 * ISO 8601 text of a real Date, or undefined for any other object. The built-ins decide, not the object: getTime
 * throws for anything but a Date (Object.create(Date.prototype) included), so no prototype is walked and none of the
 * object's own methods (a toISOString that returns anything) is called.
 */
function isoDate(value: object | null): string | undefined {
  let time: number;
  try {
    time = getTime.call(value);
  } catch {
    return undefined;
  }
  if (Number.isNaN(time)) throw new EndpointError("ERR_INVALID_PARAMETER", "an invalid Date cannot be written into a URL");
  return toISOString.call(value);
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

/**
 * Names the kind of a value for error messages without printing the value itself. Reads no getter and calls nothing
 * of the value's: only own data properties of its prototype (`constructor`, then that function's `name`), and a name
 * that is not a short plain identifier is quoted, cut and escaped (a class name can be a megabyte, or hold CR LF ESC).
 */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return `a ${typeof value}`;
  try {
    if (Array.isArray(value)) return "a nested list";
    const name = ownData(ownData(Object.getPrototypeOf(value), "constructor"), "name");
    if (typeof name !== "string" || name === "" || name === "Object") return "a nested object";
    return /^[A-Za-z_$][\w$]{0,40}$/.test(name) ? `a ${name}` : `an object of class ${quote(name)}`;
  } catch {
    // A revoked proxy throws at Array.isArray and getPrototypeOf; a proxy's traps may throw anything.
    return "an unreadable object (a revoked proxy?)";
  }
}

/** An own data property's value; undefined for a getter, an inherited property, or when `target` is not an object. */
function ownData(target: unknown, key: string): unknown {
  if ((typeof target !== "object" && typeof target !== "function") || target === null) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  // The descriptor is a fresh object that inherits from Object.prototype: only its own `value` counts.
  return descriptor !== undefined && hasOwn.call(descriptor, "value") ? descriptor.value : undefined;
}
