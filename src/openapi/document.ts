// Reading a parsed OpenAPI document as untrusted data: own properties only, local $refs followed with a bound on
// chains and on the whole work, so a cyclic or huge document gives an EndpointError, never a hang or a stack overflow.
import { EndpointError, quote } from "../errors.js";
import { isPlainObject, type Dictionary } from "../objects.js";

/** Most steps (refs followed, schemas and parameters visited) one document may take: far above GitHub's ~400,000. */
const MAX_WORK = 5_000_000;
/** Longest chain of $refs pointing at $refs, and deepest schema nesting walked. */
export const MAX_CHAIN = 64;

/** A document being read, with the work spent on it. */
export class Reader {
  private work = 0;
  /** A body schema's property names, by the schema a $ref names: a schema shared by many bodies is walked once. */
  private readonly propertyNames = new Map<string, Map<object, readonly string[] | undefined>>();
  /**
   * A body schema's properties whose schema says `format: date`, by the schema a $ref names: found by the walk that
   * lists its property names ("properties"), so a shared schema's properties are read once for both.
   */
  readonly dates = new Map<object, readonly string[]>();
  /** Each object's keys, listed once, and what listing them counts at each reference. */
  private readonly listed = new Map<object, { keys: readonly string[]; cost: number }>();
  /**
   * Each $ref pointer's tokens, decoded once: a long pointer reached through many references is decoded, and its
   * text counted, once, where decoding it at each reference cost its length every time for one step.
   */
  private readonly tokens = new Map<string, readonly string[]>();
  /**
   * @param root the document
   * @param openapi32 true for an OpenAPI 3.2 document: what 3.2 added (`in: querystring`, `style: cookie`) is read;
   * in an earlier one it is not OpenAPI, and read as before (an unknown location left out, an unknown style the default).
   */
  constructor(
    readonly root: Dictionary,
    readonly openapi32 = false,
  ) {}

  /**
   * The property names `walk` finds in the schema `value` names (`kind` says which walk: "properties", "objects"),
   * walked once per schema and kind however often referenced.
   */
  properties(kind: string, value: unknown, walk: (schema: unknown) => ReadonlySet<string> | undefined): readonly string[] | undefined {
    const schema = this.resolve(value);
    if (!isPlainObject(schema)) return undefined;
    let found = this.propertyNames.get(kind);
    if (found === undefined) this.propertyNames.set(kind, (found = new Map()));
    if (found.has(schema)) return found.get(schema);
    const walked = walk(schema);
    const names = walked === undefined ? undefined : [...walked];
    found.set(schema, names);
    return names;
  }

  /**
   * Counts `count` steps; throws ERR_TOO_LARGE past MAX_WORK. Every key listed, item walked and name written into the
   * table is counted, so a part of the document reached through many $refs costs its size at every reference: one
   * 50,000-property schema referenced by 1,000 operations is 50,000,000 steps, not 1,000.
   */
  step(count = 1): void {
    this.work += count;
    if (this.work > MAX_WORK) throw new EndpointError("ERR_TOO_LARGE", "fromOpenApi(): the description takes too much work to read (cyclic or huge $ref structures, or one large part referenced from many places?)");
  }

  /** The own enumerable keys of a plain object (none of anything else), each counted as a step. */
  keys(value: unknown): readonly string[] {
    if (!isPlainObject(value)) return [];
    // Listed once per object (Object.keys of a large object sorts its keys: 50,000 take about 10 ms), counted at
    // every reference, with their text (a step per 32 characters): a key is lowercased, matched or copied at each
    // reference, so a 1 MB media type in a part referenced a million times would cost 10^12 character steps.
    let listed = this.listed.get(value);
    if (listed === undefined) {
      const keys = Object.keys(value);
      let characters = 0;
      for (const key of keys) characters += key.length;
      this.listed.set(value, (listed = { keys, cost: keys.length + (characters >> 5) }));
    }
    this.step(listed.cost);
    return listed.keys;
  }

  /** Counts a string read at a reference by its length (a step per 32 characters), as keys() does for keys. */
  text(value: string): string {
    this.step(value.length >> 5);
    return value;
  }

  /**
   * A route table key made of a method and a path (`GET /pets`), counted a step per 4 characters: each is a new copy of
   * its path, so one 1 MB path with 400 OpenAPI 3.2 additionalOperations made 400 MB of keys out of a 1 MB description
   * (out of memory at a 256 MB heap); counted so, the keys of one description hold at most 20 million characters.
   */
  routeKey(method: string, path: string): string {
    this.step((method.length + 1 + path.length) >> 2);
    return `${method} ${path}`;
  }

  /**
   * The items of a list, each counted as a step before any is read: a hole (or an index past the end) is undefined,
   * never looked up on Array.prototype or Object.prototype, and a sparse list of length 2^32 - 1 costs no time.
   */
  items(value: unknown): unknown[] {
    if (!Array.isArray(value)) return [];
    const length: unknown = value.length;
    if (typeof length !== "number") return [];
    this.step(length);
    const items: unknown[] = [];
    for (let i = 0; i < length; i++) items.push(Object.prototype.hasOwnProperty.call(value, i) ? (value as unknown[])[i] : undefined);
    return items;
  }

  /** `value` with its local $ref chain followed; a non-local $ref or a cycle is an EndpointError. */
  resolve(value: unknown): unknown {
    let current = value;
    for (let depth = 0; isPlainObject(current) && own(current, "$ref") !== undefined; depth++) {
      this.step();
      const ref = own(current, "$ref");
      // A $ref that is not a string is described by its type: String() would call the document's toString (or throw
      // on a Symbol.toPrimitive), running code of whoever built the document to word a message.
      if (typeof ref !== "string") throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): a $ref is ${describeValue(ref)}, not a string`);
      if (depth >= MAX_CHAIN) throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the $ref ${quote(ref)} is part of a cycle or a chain too long`);
      if (!ref.startsWith("#")) {
        throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the $ref ${quote(ref)} is not local to the document: bundle the description first (for example with redocly bundle)`);
      }
      current = this.pointer(ref);
    }
    return current;
  }

  /** The tokens of a local JSON pointer, decoded once per pointer string and its text counted then. */
  private decoded(ref: string): readonly string[] {
    let tokens = this.tokens.get(ref);
    if (tokens === undefined) {
      this.text(ref);
      const path = ref.slice(1);
      tokens = path === "" ? [] : path.slice(1).split("/").map(decodedToken);
      this.tokens.set(ref, tokens);
    }
    return tokens;
  }

  /** What a local JSON pointer (`#/components/schemas/Pet`) names; an EndpointError when it names nothing. */
  private pointer(ref: string): unknown {
    let current: unknown = this.root;
    for (const token of this.decoded(ref)) {
      this.step();
      // Own properties only: an index past a list's end (or a hole) names nothing, and is never looked up on
      // Array.prototype or Object.prototype, where a prototype pollution puts "0", "1"...
      const next = Array.isArray(current)
        ? /^(0|[1-9]\d*)$/.test(token) && Object.prototype.hasOwnProperty.call(current, token)
          ? (current as unknown[])[Number(token)]
          : undefined
        : isPlainObject(current)
          ? own(current, token)
          : undefined;
      if (next === undefined) throw new EndpointError("ERR_INVALID_PARAMETER", `fromOpenApi(): the $ref ${quote(ref)} names nothing in the document`);
      current = next;
    }
    return current;
  }
}

/** One token of a JSON pointer: percent-decoded (a URI fragment), then `~1` and `~0` unescaped (RFC 6901). */
function decodedToken(raw: string): string {
  try {
    return decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
  } catch {
    return raw;
  }
}

/** An own property of a plain object, else undefined: nothing inherited (`__proto__`, `constructor`) is ever read. */
export function own(value: unknown, key: string): unknown {
  return isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** An own string property, else undefined. */
export function ownString(value: unknown, key: string): string | undefined {
  const found = own(value, key);
  return typeof found === "string" ? found : undefined;
}

/** What a value is, for a message, without calling any of its methods. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "missing (undefined, or a hole in a list)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/**
 * Parameters by location and name, the first one of each kept (an operation's override its path item's). Keyed by
 * the document's own strings, never a concatenation: a string caches its hash, so a name shared by a million
 * references is hashed once, where a new `in + name` key would be hashed at each.
 */
export class ParameterSet<P> {
  private readonly byLocation = new Map<string, Map<string, P>>();
  readonly values: P[] = [];

  /** Adds `parameter` unless one of the same location and name came first. */
  add(where: string, name: string, parameter: P): void {
    let names = this.byLocation.get(where);
    if (names === undefined) this.byLocation.set(where, (names = new Map()));
    if (names.has(name)) return;
    names.set(name, parameter);
    this.values.push(parameter);
  }
}

/**
 * Sets an own, enumerable property, a `__proto__` key included, by a descriptor without a prototype: a descriptor
 * written `{ value, ... }` inherits `get` and `set` from Object.prototype, so with those polluted defineProperty
 * would throw or install the polluter's getter. (src/objects.ts setOwn builds its descriptor that way.)
 */
export function setProperty(target: Dictionary, key: string, value: unknown): void {
  const descriptor = Object.create(null) as PropertyDescriptor;
  descriptor.value = value;
  descriptor.writable = true;
  descriptor.enumerable = true;
  descriptor.configurable = true;
  Object.defineProperty(target, key, descriptor);
}
