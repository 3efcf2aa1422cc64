// Plain-object helpers that never read or write a prototype, whatever keys the input has, and the one walk that
// copies and merges options.
import { EndpointError, quote } from "./errors.js";
import { MAX_LIST_LENGTH, dateTime, describeValue, hasOwn, isPlainObject } from "./values.js";

/** A string-keyed record as the library reads it. */
export type Dictionary = { [key: string]: unknown };

export { isPlainObject };

/**
 * A new object with the own enumerable properties of `source`, `__proto__` included as a property. Copied key by key,
 * not spread: in V8 an object made by `{ ...source }` makes every property added to it later take about a microsecond.
 */
export function ownCopy(source: Dictionary): Dictionary {
  const copy: Dictionary = {};
  for (const key of Object.keys(source)) setOwn(copy, key, source[key]);
  return copy;
}

/** Sets an own property; a `__proto__` key becomes a plain property instead of changing the prototype. */
export function setOwn(target: Dictionary, key: string, value: unknown): void {
  if (key === "__proto__") {
    // A descriptor without a prototype: a polluted Object.prototype.get or .set must not turn it into an accessor.
    Object.defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
  } else {
    target[key] = value;
  }
}

// A pure call, so a bundle that never reads a caller's own enumerable value drops it.
const propertyIsEnumerable = /* @__PURE__ */ (() => Object.prototype.propertyIsEnumerable)();

/** Reads an own property only, so `constructor` or `__proto__` never reach Object.prototype. */
export function getOwn(source: Dictionary, key: string): unknown {
  return hasOwn.call(source, key) ? source[key] : undefined;
}

/** A caller's own enumerable property (what Object.keys and merge() see), read once; undefined otherwise. */
export function ownValue(source: Dictionary, key: string): unknown {
  return propertyIsEnumerable.call(source, key) ? source[key] : undefined;
}

/** Deepest nesting the library walks; beyond it (or on a cycle) it reports an error instead of overflowing the stack. */
export const MAX_DEPTH = 64;

/** Throws when a walk goes deeper than MAX_DEPTH. */
export function checkDepth(depth: number): void {
  if (depth > MAX_DEPTH) throw new EndpointError("ERR_TOO_LARGE", `options are nested more than ${MAX_DEPTH} levels deep (or hold a cycle)`);
}


/**
 * The items of a caller's list, copied by index, or ERR_TOO_LARGE beyond MAX_LIST_LENGTH items; `what` and the optional
 * `name` (quoted) say which list it is. Its length is read once, as a number (a proxy asked again, or an object's
 * valueOf, could answer the check with 1 and the loop with 2^31), and each item once as an own property, so a hole is
 * undefined and never reads a polluted Array.prototype, and no method of the list is called.
 */
export function ownItems(list: readonly unknown[], what: string, name?: string): unknown[] {
  const length: unknown = list.length;
  if (typeof length !== "number" || !(length <= MAX_LIST_LENGTH)) {
    // Worded as the engine words its lists' lengths.
    const number = typeof length === "number";
    throw new EndpointError(
      number && length > MAX_LIST_LENGTH ? "ERR_TOO_LARGE" : "ERR_INVALID_PARAMETER",
      `${name === undefined ? what : `${what} ${quote(name)}`} has a length of ${number ? length : typeof length}, not a number up to ${MAX_LIST_LENGTH} (a sparse array?)`,
    );
  }
  const items: unknown[] = [];
  for (let i = 0; i < length; i++) items.push(hasOwn.call(list, i) ? list[i] : undefined);
  return items;
}

/** How a walk treats what it reaches (see walk). */
const MERGE = 0;
const COPY = 1;
const COPY_KEEPING_OTHERS = 2;
type Mode = typeof MERGE | typeof COPY | typeof COPY_KEEPING_OTHERS;

/**
 * What one walk has done: `done` maps each object of `later` to its copy, or in a merge to a map from each `earlier`
 * to the result, so an object reached along many paths (a chain whose every level points twice at the next has 2^64
 * paths through 64 objects) is walked once and the result shares it the same way; `path` holds the objects being
 * walked, so a cycle is reported at once.
 */
interface Walk {
  readonly done: Map<object, unknown>;
  readonly path: Set<object>;
}

/**
 * The one walk over options. MERGE: plain objects merge key by key into a new object (an undefined value leaves the
 * earlier one); anything else, arrays included, replaces, and is taken as it is. COPY (`earlier` unused): plain
 * objects, arrays (walked by index: no method of the caller's array is called) and Dates are copied at every depth,
 * so a copy can never reach the original; any other object (a Map, a typed array, a class instance) is refused with
 * ERR_INVALID_PARAMETER, since a copy could not be trusted and sharing it would let later changes reach later
 * requests. COPY_KEEPING_OTHERS (the contents of `request`: a fetch, an agent, a signal) keeps those by reference.
 */
function walk(earlier: unknown, later: unknown, mode: Mode, depth = 0, state?: Walk, fresh = false): unknown {
  if (typeof later !== "object" || later === null) return later;
  const isList = Array.isArray(later);
  if (mode === MERGE) {
    if (!isPlainObject(earlier) || !isPlainObject(later)) return later;
  } else if (!isList && !isPlainObject(later)) {
    // A Date of any realm; an object that only inherits from Date.prototype is none.
    const time = dateTime(later);
    if (time !== undefined) return new Date(time);
    if (mode === COPY_KEEPING_OTHERS) return later;
    throw new EndpointError("ERR_INVALID_PARAMETER", `defaults() keeps plain objects, arrays, Dates and scalars, not ${describeValue(later)}: pass it per call`);
  }
  // A merge's `earlier` is a plain object; a copy's is undefined throughout. The walk's state is made when the first
  // nested object is met: most options are flat, and a top-level object is reached only once.
  const known = state?.done.get(later);
  const done = earlier === undefined ? known : (known as Map<unknown, unknown> | undefined)?.get(earlier);
  if (done !== undefined) return done;
  if (state?.path.has(later)) throw new EndpointError("ERR_INVALID_PARAMETER", "options hold a cycle: an object that contains itself");
  checkDepth(depth);
  state?.path.add(later);
  const into = (value: unknown, earlierValue: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    state ??= { done: new Map(), path: new Set([later]) };
    return walk(earlierValue, value, mode, depth + 1, state);
  };
  let result: unknown[] | Dictionary;
  if (isList) {
    result = ownItems(later, "a list in the options");
    for (let i = 0; i < result.length; i++) result[i] = into(result[i], undefined);
  } else {
    // Copied key by key, not spread: in V8 a key added to a spread copy takes about a microsecond (ownCopy).
    result = mode !== MERGE ? {} : fresh ? (earlier as Dictionary) : ownCopy(earlier as Dictionary);
    for (const key of Object.keys(later)) {
      const value = (later as Dictionary)[key];
      if (value !== undefined || mode !== MERGE) setOwn(result, key, into(value, mode === MERGE ? getOwn(result, key) : undefined));
    }
  }
  if (state !== undefined) {
    state.path.delete(later);
    // Map#set returns the map: a merge's results for `later` are kept in one map, by `earlier`.
    state.done.set(later, earlier === undefined ? result : ((known as Map<unknown, unknown> | undefined) ?? new Map()).set(earlier, result));
  }
  return result;
}

/** A deep copy of `value` (walk's COPY), keeping other objects by reference with `keepOthers`. */
export function deepCopy<T>(value: T, keepOthers = false): T {
  return walk(undefined, value, keepOthers ? COPY_KEEPING_OTHERS : COPY) as T;
}

/**
 * `later` merged over `earlier` (walk's MERGE): a new object where both are plain objects, else `later` itself.
 * `fresh`: `earlier` was made for this merge and nothing else holds it, so it takes the merge itself.
 */
export function mergeValue(earlier: unknown, later: unknown, fresh = false): unknown {
  return walk(earlier, later, MERGE, 0, undefined, fresh);
}

/**
 * A function that returns a new deep copy of `options` without the key `skip` and sharing the value of `share` (a
 * frozen route table), for options an endpoint keeps (its
 * defaults: copied and checked when they were set, so plain data, with other objects only in `request`). How each value
 * is copied is decided once, here: a scalar is shared, a flat list or map is copied in one step, and anything nested
 * (which may share objects) takes the walk.
 */
export function copier(options: Dictionary, skip: string, share: string): () => Dictionary {
  const keys = Object.keys(options).filter((key) => key !== skip);
  const copies = keys.map((key) => {
    const value = options[key];
    const keepOthers = key === "request";
    return key === share ? () => value : (copierOf(value, keepOthers, new Set()) ?? (() => deepCopy(value, keepOthers)));
  });
  // The scalars copied in one built-in step from a shallow copy, then each object replaced by its own copy. Object.assign
  // would set a prototype for a "__proto__" key: such options are copied key by key.
  if (keys.includes("__proto__")) {
    return () => {
      const copy: Dictionary = {};
      for (let i = 0; i < keys.length; i++) setOwn(copy, keys[i]!, copies[i]!());
      return copy;
    };
  }
  const shallow: Dictionary = {};
  for (const key of keys) shallow[key] = options[key];
  const objects = keys.flatMap((key, i) => (typeof options[key] === "object" && options[key] !== null ? [i] : []));
  return () => {
    const copy: Dictionary = Object.assign({}, shallow);
    for (const i of objects) copy[keys[i]!] = copies[i]!();
    return copy;
  };
}

/**
 * How to copy one value of checked options, worked out once: undefined when it holds an object twice (a shared object
 * the walk keeps shared, in linear time) or a "__proto__" key, which the walk copies.
 */
function copierOf(value: unknown, keepOthers: boolean, seen: Set<object>): (() => unknown) | undefined {
  if (typeof value !== "object" || value === null) return () => value;
  const isList = Array.isArray(value);
  if (isList || isPlainObject(value)) {
    if (seen.has(value) || (!isList && hasOwn.call(value, "__proto__"))) return undefined;
    seen.add(value);
    const keys = Object.keys(value);
    const values = keys.map((key) => (value as Dictionary)[key]);
    const copies = values.map((item) => copierOf(item, keepOthers, seen));
    if (!copies.every(Boolean)) return undefined;
    // Scalars only: one built-in copy; lists have no holes (the walk filled them).
    if (values.every((item) => typeof item !== "object" || item === null)) return isList ? () => value.slice() : () => Object.assign({}, value);
    return isList
      ? () => copies.map((copy) => copy!())
      : () => {
          const copy: Dictionary = {};
          for (let i = 0; i < keys.length; i++) copy[keys[i]!] = copies[i]!();
          return copy;
        };
  }
  const time = dateTime(value);
  if (time !== undefined) return () => new Date(time);
  // What the walk keeps by reference inside `request` (a fetch, an agent, a signal).
  return keepOthers ? () => value : undefined;
}
