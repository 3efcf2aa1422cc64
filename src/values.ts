// Caller values as the library reads them, for the engine, the query writer, the OpenAPI styles and toFetchArgs
// alike: maps told from lists and class instances, scalars and Dates as text, a wrong value described without reading
// it, and the bounds on lists and bigints. Imports nothing of the library but its errors.
import { EndpointError, quote, type EndpointErrorCode } from "./errors.js";
import { isoText } from "./iso-date.js";

/** Variable values: strings, numbers, bigints, booleans and Dates, lists of them, or maps of them. */
export type TemplateValues = { readonly [name: string]: unknown };

// Taken once, when the module loads: a caller's object cannot answer for it, and later changes to Object.prototype
// cannot replace it.
export const { hasOwnProperty: hasOwn, toString: objectTag } = Object.prototype;

/**
 * Longest list the library walks item by item. A sparse array's length costs its creator nothing
 * (`new Array(2 ** 32 - 1)` is a few bytes), but every walk over it costs time per index and a query string a comma
 * per hole: without a bound, one such value in a GET ran the heap out of memory. A URL holding 2^20 items is at least
 * 2 MB, already more than browsers and servers accept.
 */
export const MAX_LIST_LENGTH = 2 ** 20;

/**
 * True for objects created by `{}` literals, JSON.parse or `Object.create(null)`: RFC 6570's maps, and the options
 * merged deeply. An array whose prototype was set to null is still a list, never a record of "0", "1", ….
 */
export function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || (prototype === null && !Array.isArray(value));
}

/** An EndpointError about the value of the variable `name` (or of "a value" when there is no name). */
export function valueError(code: EndpointErrorCode, name: string | undefined, problem: string, cause?: unknown): EndpointError {
  return new EndpointError(code, `${name === undefined ? "a value" : `the value of ${quote(name)}`} ${problem}`, undefined, cause);
}

/**
 * Most digits a bigint may have: String() takes time that grows faster than its length (seconds for a few megabytes),
 * and no URL holds a number this long. Checked by magnitude, which costs one comparison.
 */
export const MAX_BIGINT_DIGITS = 10_000;
/** 10^MAX_BIGINT_DIGITS, worked out on the first bigint rather than when the module loads. */
let bigintLimit: bigint | undefined;
/** The text of a scalar value, or undefined when `value` is not a scalar; `name` names the value in errors. */
export function scalarText(value: unknown, name?: string): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "bigint":
      bigintLimit ??= 10n ** BigInt(MAX_BIGINT_DIGITS);
      if ((value < 0 ? -value : value) >= bigintLimit) throw valueError("ERR_TOO_LARGE", name, `is a bigint of more than ${MAX_BIGINT_DIGITS} digits`);
      return String(value);
    case "number":
    case "boolean":
      return String(value);
    case "object":
      return value === null ? undefined : isoDate(value, name);
  }
}

/** ISO 8601 text of a real Date (dateTime), or undefined for any other object; kept out of scalarText, which stays small. */
function isoDate(value: object, name: string | undefined): string | undefined {
  const time = dateTime(value);
  // NaN, the only value unequal to itself: an invalid Date.
  if (time !== time) throw valueError("ERR_INVALID_PARAMETER", name, "is an invalid Date");
  return time === undefined ? time : (isoText(value as Date) ?? toISOString.call(value));
}

// Read once, when the module loads; a pure call, so a bundle that reads no Date drops them.
const getTime = /* @__PURE__ */ (() => Date.prototype.getTime)();
const toISOString = /* @__PURE__ */ (() => Date.prototype.toISOString)();

/**
 * The time of a real Date, of this realm or another, or undefined for any other object, without throwing: the built-in
 * tag is "Date" only for an object holding a date value (never for Object.create(Date.prototype) or a proxy), and only a
 * Symbol.toStringTag, which JSON cannot add, could claim it falsely; getTime then throws, as for any value that lies.
 * No method of the object is called, so its own toISOString or valueOf never runs.
 */
export function dateTime(value: object): number | undefined {
  return objectTag.call(value) === "[object Date]" ? getTime.call(value) : undefined;
}

export function invalidValue(name: string, value: unknown): never {
  throw valueError("ERR_INVALID_PARAMETER", name, `is ${describeValue(value)}, which a URL cannot hold`);
}

/**
 * Names the kind of a value for error messages without printing the value itself. Reads no getter and calls nothing
 * of the value's: only own data properties of its prototype (`constructor`, then that function's `name`); a class
 * without such a name is "a nested object".
 */
export function describeValue(value: unknown): string {
  if (value == null) return String(value);
  if (typeof value !== "object") return `a ${typeof value}`;
  try {
    if (Array.isArray(value)) return "a nested list";
    const name = ownData(ownData(Object.getPrototypeOf(value), "constructor"), "name");
    // Only a short plain identifier is shown: a class name can be a megabyte, or hold CR LF ESC.
    return typeof name === "string" && name !== "Object" && /^[A-Za-z_$][\w$]{0,40}$/.test(name) ? `a ${name}` : "a nested object";
  } catch {
    // A revoked proxy throws at Array.isArray and getPrototypeOf; a proxy's traps may throw anything.
    return "an unreadable object";
  }
}

/** An own data property's value; undefined for a getter, an inherited property, or when `target` is not an object. */
function ownData(target: unknown, key: string): unknown {
  // getOwnPropertyDescriptor throws for null and undefined only; a primitive has no own "constructor" or "name". The
  // descriptor is a fresh object that inherits from Object.prototype: only its own `value` counts.
  const descriptor = target == null ? undefined : Object.getOwnPropertyDescriptor(target, key);
  return descriptor && hasOwn.call(descriptor, "value") ? descriptor.value : undefined;
}
