// Plain-object helpers that never read or write a prototype, whatever keys the input has.
import { EndpointError } from "./errors.js";

/** A string-keyed record as the library reads it. */
export type Dictionary = { [key: string]: unknown };

/** True for objects created by `{}` literals, JSON.parse or `Object.create(null)`: the ones merged deeply. */
export function isPlainObject(value: unknown): value is Dictionary {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
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

/** Deepest nesting the library walks; beyond it (or on a cycle) it reports an error instead of overflowing the stack. */
export const MAX_DEPTH = 64;

/** Copies plain objects and arrays at every depth, so a caller's copy can never reach the original. */
export function deepCopy<T>(value: T, depth = 0): T {
  if (Array.isArray(value)) {
    checkDepth(depth);
    return value.map((item: unknown) => deepCopy(item, depth + 1)) as T;
  }
  if (!isPlainObject(value)) return value;
  checkDepth(depth);
  const copy: Dictionary = {};
  for (const key of Object.keys(value)) setOwn(copy, key, deepCopy(value[key], depth + 1));
  return copy as T;
}

/** Throws when a walk goes deeper than MAX_DEPTH. */
export function checkDepth(depth: number): void {
  if (depth > MAX_DEPTH) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `options are nested more than ${MAX_DEPTH} levels deep (or hold a cycle)`);
  }
}
