// Plain-object helpers that never read or write a prototype, whatever keys the input has.
import { EndpointError, quote } from "./errors.js";
import { dateTime, describeValue } from "./uri-template/index.js";

/** A string-keyed record as the library reads it. */
export type Dictionary = { [key: string]: unknown };

/**
 * True for objects created by `{}` literals, JSON.parse or `Object.create(null)`: the ones merged deeply. An array
 * whose prototype was set to null is still a list, never a record of "0", "1", … (as headers, options or a merge).
 */
export function isPlainObject(value: unknown): value is Dictionary {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || (prototype === null && !Array.isArray(value));
}

/** Sets an own property; a `__proto__` key becomes a plain property instead of changing the prototype. */
export function setOwn(target: Dictionary, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** Reads an own property only, so `constructor` or `__proto__` never reach Object.prototype. */
export function getOwn(source: Dictionary, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined;
}

/** A caller's own enumerable property (what Object.keys and merge() see), read once; undefined otherwise. */
export function ownValue(source: Dictionary, key: string): unknown {
  return propertyIsEnumerable.call(source, key) ? source[key] : undefined;
}

const { propertyIsEnumerable } = Object.prototype;

/** Deepest nesting the library walks; beyond it (or on a cycle) it reports an error instead of overflowing the stack. */
export const MAX_DEPTH = 64;

/**
 * Copies plain objects, arrays (walked by index, so no method of the caller's array is called) and Dates at every
 * depth, so a caller's copy can never reach the original. Any other object (a Map, a typed array, a class instance) is
 * refused with ERR_INVALID_PARAMETER, since a copy could not be trusted and sharing it would let later changes reach
 * later requests; with `keepOthers` (the contents of `request`: a fetch, an agent, a signal) it is kept by reference.
 */
export function deepCopy<T>(value: T, keepOthers = false): T {
  if (typeof value !== "object" || value === null) return value;
  return copyValue(value, 0, new Map(), new Set(), keepOthers) as T;
}

/**
 * `copies` maps each object already copied to its copy, so an object reached along many paths (a chain whose every
 * level points twice at the next has 2^64 paths through 64 objects) is copied once and the copy shares it the same
 * way; `path` holds the objects being copied, so a cycle is reported at once.
 */
function copyValue(value: unknown, depth: number, copies: Map<object, unknown>, path: Set<object>, keepOthers: boolean): unknown {
  if (typeof value !== "object" || value === null) return value;
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value)) {
    // A Date of any realm; an object that only inherits from Date.prototype is none.
    const time = dateTime(value);
    if (time !== undefined) return new Date(time);
    if (keepOthers) return value;
    throw new EndpointError("ERR_INVALID_PARAMETER", `defaults() keeps plain objects, arrays, Dates and scalars, not ${describeValue(value)}: pass it per call`);
  }
  if (copies.has(value)) return copies.get(value);
  if (path.has(value)) throw cycleError();
  checkDepth(depth);
  path.add(value);
  let copy: unknown;
  if (isArray) {
    const copied = ownItems(value as unknown[], "a list in the options");
    for (let i = 0; i < copied.length; i++) copied[i] = copyValue(copied[i], depth + 1, copies, path, keepOthers);
    copy = copied;
  } else {
    const record = value as Dictionary;
    const copied: Dictionary = {};
    for (const key of Object.keys(record)) setOwn(copied, key, copyValue(record[key], depth + 1, copies, path, keepOthers));
    copy = copied;
  }
  path.delete(value);
  copies.set(value, copy);
  return copy;
}

/** The error for options that contain themselves. */
export function cycleError(): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", "options hold a cycle: an object that contains itself");
}

/**
 * Longest list the library walks item by item. A sparse array's length costs its creator nothing
 * (`new Array(2 ** 32 - 1)` is a few bytes), but every walk over it costs time per index and a query string a comma
 * per hole: without a bound, one such value in a GET ran the heap out of memory. A URL holding 2^20 items is at least
 * 2 MB, already more than browsers and servers accept.
 */
export const MAX_LIST_LENGTH = 2 ** 20;

/**
 * The length of a caller's list, read once, or ERR_TOO_LARGE beyond MAX_LIST_LENGTH; `what` and the optional `name`
 * (quoted) say which list it is. Every walk loops up to this number: a proxy asked for `length` again could answer 1
 * to the check and 2^31 to the loop.
 */
export function checkListLength(list: readonly unknown[], what: string, name?: string): number {
  const length: unknown = list.length;
  // A number, used as read: an object's valueOf could answer this check with 1 and each loop step with 2^40.
  if (typeof length === "number" && length <= MAX_LIST_LENGTH) return length;
  const which = name === undefined ? what : `${what} ${quote(name)}`;
  if (typeof length !== "number" || length !== length) throw new EndpointError("ERR_INVALID_PARAMETER", `${which} has a length that is not a number`);
  throw new EndpointError("ERR_TOO_LARGE", `${which} has ${length} items, more than the ${MAX_LIST_LENGTH} endpointkit walks (a sparse array?)`);
}

/**
 * The items of a caller's list, copied by index: its length read once (checkListLength) and each item read once as an
 * own property, so a hole is undefined and never reads a polluted Array.prototype, and no method of the list is called.
 */
export function ownItems(list: readonly unknown[], what: string, name?: string): unknown[] {
  const length = checkListLength(list, what, name);
  const items: unknown[] = [];
  for (let i = 0; i < length; i++) items.push(hasOwnProperty.call(list, i) ? list[i] : undefined);
  return items;
}

const { hasOwnProperty } = Object.prototype;

/** Throws when a walk goes deeper than MAX_DEPTH. */
export function checkDepth(depth: number): void {
  if (depth > MAX_DEPTH) {
    throw new EndpointError("ERR_TOO_LARGE", `options are nested more than ${MAX_DEPTH} levels deep (or hold a cycle)`);
  }
}
