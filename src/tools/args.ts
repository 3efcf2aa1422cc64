// A tool's arguments checked against its schema and mapped to endpoint() parameters (keys renamed back, null leaving
// out what the description does not let be null), and the inverse: parameters as the tool's arguments.
import { isPlainObject, setOwn, type Dictionary } from "../objects.js";
import { propertyKeys } from "./keys.js";
import type { Node, Property } from "./schema.js";

/**
 * A value that does not fit its schema: where (tool keys and list indexes, outermost first) and what is wrong. The
 * place is added key by key as the error leaves each object and list, so a call that fits builds no path at all.
 */
export class Mismatch extends Error {
  readonly at: (string | number)[] = [];

  constructor(readonly problem: string) {
    super(problem);
  }

  /** The place as text: `items[0].price_data`, `["first name"]`. */
  get path(): string {
    let text = "";
    for (const key of this.at) {
      if (typeof key === "number") text += `[${key}]`;
      else text += text === "" ? key : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    }
    return text;
  }
}

/** `error` placed under `key`, when it is a Mismatch. */
function under(error: unknown, key: string | number): unknown {
  if (error instanceof Mismatch) error.at.unshift(key);
  return error;
}

function mismatchAt(key: string | number, problem: string): Mismatch {
  const error = new Mismatch(problem);
  error.at.push(key);
  return error;
}

export interface Walk {
  /** "call": tool arguments to endpoint parameters; "args": endpoint parameters to tool arguments. */
  readonly direction: "call" | "args";
  /** The tool is strict: an object whose schema names its properties takes no other key, at any depth. */
  readonly closed: boolean;
  /** "args" on a strict tool: an optional property left out is written null (strict mode requires every key). */
  readonly fill: boolean;
}

/** An object node's properties by name and by tool key, worked out once per node. */
interface Lookup {
  readonly keys: ReturnType<typeof propertyKeys>;
  readonly byName: ReadonlyMap<string, Property>;
  readonly byKey: ReadonlyMap<string, Property>;
  /** True when strict mode closes the object (named properties, nothing said of others). */
  readonly closable: boolean;
}

const lookups = /* @__PURE__ */ new WeakMap<Node, Lookup>();

function lookupOf(node: Node): Lookup {
  let found = lookups.get(node);
  if (found === undefined) {
    const keys = propertyKeys(node);
    const byName = new Map<string, Property>();
    const byKey = new Map<string, Property>();
    for (const property of node.properties ?? []) {
      byName.set(property.name, property);
      byKey.set(keys.key.get(property.name)!, property);
    }
    found = { keys, byName, byKey, closable: node.additional === undefined && node.properties !== undefined && node.properties.length > 0 };
    lookups.set(node, found);
  }
  return found;
}


/** `value` checked against `node` and mapped the walk's way; a Mismatch when it does not fit. */
export function mapValue(node: Node, value: unknown, walk: Walk): unknown {
  if (node.cut !== undefined) return value;
  if (value === null) {
    if (node.nullable) return null;
    throw new Mismatch("is null, which its schema does not admit");
  }
  if (node.anyOf !== undefined) {
    let first: Mismatch | undefined;
    for (const branch of node.anyOf) {
      try {
        return mapValue(branch, value, walk);
      } catch (error) {
        if (!(error instanceof Mismatch)) throw error;
        first ??= error;
      }
    }
    throw node.anyOf.length === 1 && first !== undefined ? first : new Mismatch("fits none of the alternatives its schema gives");
  }
  const types = node.types;
  if (types !== undefined && !fitsOne(types, value, walk)) {
    throw new Mismatch(`is ${kindOf(value)}, where its schema says ${types.length === 0 ? "null" : types.join(" or ")}`);
  }
  if (node.enum !== undefined && !isListed(node.enum, value)) {
    const shown = node.enum.slice(0, 10).map((allowed) => JSON.stringify(allowed)).join(", ");
    throw new Mismatch(`is not one of the values its schema allows (${shown}${node.enum.length > 10 ? ", …" : ""})`);
  }
  if (Array.isArray(value)) {
    if (node.items === undefined) return value;
    const items = node.items;
    return value.map((item, index) => {
      try {
        return mapValue(items, item, walk);
      } catch (error) {
        throw under(error, index);
      }
    });
  }
  if (isPlainObject(value) && (node.properties !== undefined || (node.additional !== undefined && node.additional !== true))) return mapObject(node, value, walk);
  return value;
}

/** An object's keys checked and mapped: named properties by their keys, others by `additional`. */
export function mapObject(node: Node, value: Dictionary, walk: Walk): Dictionary {
  const { keys, byName, byKey, closable } = lookupOf(node);
  const toCall = walk.direction === "call";
  const out: Dictionary = {};
  let given = 0;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const property = toCall ? byKey.get(key) : byName.get(key);
    if (property === undefined) {
      const additional = node.additional;
      // Named properties and nothing said of others: closed in strict mode (additionalProperties: false); no named
      // property (`properties: {}`) is a free-form object, as endpointkit/openapi reads it.
      const closed = additional === false || (walk.closed && closable);
      if (closed) throw mismatchAt(key, `is not a property its schema names${suggestion(keys.key, key)}`);
      if (additional === undefined || additional === true) setOwn(out, key, item);
      else {
        try {
          setOwn(out, key, mapValue(additional, item, walk));
        } catch (error) {
          throw under(error, key);
        }
      }
      continue;
    }
    const toolKey = keys.key.get(property.name)!;
    given += 1;
    if (item === null && !property.node.nullable) {
      // null leaves out a property the description does not let be null (strict mode's "left out").
      if (property.required) throw mismatchAt(toolKey, "is required, and its schema does not admit null");
      if (!toCall && walk.fill) setOwn(out, toolKey, null);
      continue;
    }
    let mapped: unknown;
    try {
      mapped = mapValue(property.node, item, walk);
    } catch (error) {
      throw under(error, toolKey);
    }
    setOwn(out, toCall ? property.name : toolKey, mapped);
  }
  // Every named property given (the common case of strict arguments): nothing is missing.
  const properties = node.properties ?? [];
  for (let i = 0; given < properties.length && i < properties.length; i++) {
    const property = properties[i]!;
    const toolKey = keys.key.get(property.name)!;
    if (Object.prototype.hasOwnProperty.call(value, toCall ? toolKey : property.name) && value[toCall ? toolKey : property.name] !== undefined) continue;
    if (property.required) throw mismatchAt(toCall ? toolKey : property.name, "is required");
    if (!toCall && walk.fill) setOwn(out, toolKey, null);
  }
  if (toCall) return out;
  // Arguments in the schema's order, as a model writes them.
  const ordered: Dictionary = {};
  for (const property of node.properties ?? []) {
    const toolKey = keys.key.get(property.name)!;
    if (Object.prototype.hasOwnProperty.call(out, toolKey)) setOwn(ordered, toolKey, out[toolKey]);
  }
  for (const key of Object.keys(out)) if (!Object.prototype.hasOwnProperty.call(ordered, key)) setOwn(ordered, key, out[key]);
  return ordered;
}

function suggestion(keys: ReadonlyMap<string, string>, key: string): string {
  const names = [...keys.values()];
  if (names.length === 0) return " (it names none)";
  return ` (it names ${names.slice(0, 8).map((name) => JSON.stringify(name)).join(", ")}${names.length > 8 ? ", …" : ""})`;
}

/** True when `value` has one of `types` (a loop, not a closure: this runs for every argument of every call). */
function fitsOne(types: readonly string[], value: unknown, walk: Walk): boolean {
  for (let i = 0; i < types.length; i++) if (fits(types[i]!, value, walk)) return true;
  return false;
}

function isListed(allowed: readonly unknown[], value: unknown): boolean {
  for (let i = 0; i < allowed.length; i++) if (same(allowed[i], value)) return true;
  return false;
}

function fits(type: string, value: unknown, walk: Walk): boolean {
  switch (type) {
    case "string":
      // Parameters (the "args" way) may hold a Date where a string goes: endpoint() writes it as its ISO 8601 text.
      return typeof value === "string" || (walk.direction === "args" && value instanceof Date);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    default:
      return false;
  }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value === null) return "null";
  if (typeof value === "object") return isPlainObject(value) ? "an object" : "not a JSON value";
  if (typeof value === "number" && !Number.isInteger(value)) return "a number with a fraction";
  return `a ${typeof value}`;
}

/** JSON equality of an allowed value and a given one. */
function same(allowed: unknown, value: unknown): boolean {
  if (allowed === value) return true;
  if (typeof allowed !== "object" || typeof value !== "object" || allowed === null || value === null) return false;
  try {
    return JSON.stringify(allowed) === JSON.stringify(value);
  } catch {
    return false;
  }
}
