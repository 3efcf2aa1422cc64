// A tool's arguments checked against its schema and mapped to endpoint() parameters (keys renamed back, null leaving
// out what the description does not let be null), and the inverse: parameters as the tool's arguments.
import { isPlainObject, setOwn, type Dictionary } from "../objects.js";
import { propertyKeys } from "./keys.js";
import type { Node, Property } from "./schema.js";

/** A value that does not fit its schema: where (a path of tool keys) and what is wrong. */
export class Mismatch extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(problem);
  }
}

export interface Walk {
  /** "call": tool arguments to endpoint parameters; "args": endpoint parameters to tool arguments. */
  readonly direction: "call" | "args";
  /** The tool is strict: an object whose schema names its properties takes no other key, at any depth. */
  readonly closed: boolean;
  /** "args" on a strict tool: an optional property left out is written null (strict mode requires every key). */
  readonly fill: boolean;
}

const properties = /* @__PURE__ */ new WeakMap<Node, Map<string, Property>>();

function byName(node: Node): Map<string, Property> {
  let found = properties.get(node);
  if (found === undefined) {
    found = new Map();
    for (const property of node.properties ?? []) found.set(property.name, property);
    properties.set(node, found);
  }
  return found;
}

const join = (path: string, key: string): string => (path === "" ? key : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/** `value` checked against `node` and mapped the walk's way; a Mismatch when it does not fit. */
export function mapValue(node: Node, value: unknown, path: string, walk: Walk): unknown {
  if (node.cut !== undefined) return value;
  if (value === null) {
    if (node.nullable) return null;
    throw new Mismatch(path, "is null, which its schema does not admit");
  }
  if (node.anyOf !== undefined) {
    let first: Mismatch | undefined;
    for (const branch of node.anyOf) {
      try {
        return mapValue(branch, value, path, walk);
      } catch (error) {
        if (!(error instanceof Mismatch)) throw error;
        first ??= error;
      }
    }
    throw node.anyOf.length === 1 && first !== undefined ? first : new Mismatch(path, "fits none of the alternatives its schema gives");
  }
  const types = node.types;
  if (types !== undefined && !types.some((type) => fits(type, value, walk))) {
    throw new Mismatch(path, `is ${kindOf(value)}, where its schema says ${types.length === 0 ? "null" : types.join(" or ")}`);
  }
  if (node.enum !== undefined && !node.enum.some((allowed) => same(allowed, value))) {
    const shown = node.enum.slice(0, 10).map((allowed) => JSON.stringify(allowed)).join(", ");
    throw new Mismatch(path, `is not one of the values its schema allows (${shown}${node.enum.length > 10 ? ", …" : ""})`);
  }
  if (Array.isArray(value)) {
    if (node.items === undefined) return value;
    return value.map((item, index) => mapValue(node.items!, item, `${path}[${index}]`, walk));
  }
  if (isPlainObject(value) && (node.properties !== undefined || (node.additional !== undefined && node.additional !== true))) return mapObject(node, value, path, walk);
  return value;
}

/** An object's keys checked and mapped: named properties by their keys, others by `additional`. */
export function mapObject(node: Node, value: Dictionary, path: string, walk: Walk): Dictionary {
  const keys = propertyKeys(node);
  const named = byName(node);
  const toCall = walk.direction === "call";
  const out: Dictionary = {};
  const seen = new Set<string>();
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const name = toCall ? keys.name.get(key) : named.has(key) ? key : undefined;
    const property = name === undefined ? undefined : named.get(name);
    if (property === undefined) {
      const additional = node.additional;
      // Named properties and nothing said of others: closed in strict mode (additionalProperties: false); no named
      // property (`properties: {}`) is a free-form object, as endpointkit/openapi reads it.
      const closed = additional === false || (additional === undefined && walk.closed && node.properties !== undefined && node.properties.length > 0);
      if (closed) throw new Mismatch(join(path, key), `is not a property its schema names${suggestion(keys.key, key)}`);
      setOwn(out, key, additional === undefined || additional === true ? item : mapValue(additional, item, join(path, key), walk));
      continue;
    }
    const toolKey = keys.key.get(property.name)!;
    seen.add(property.name);
    if (item === null && !property.node.nullable) {
      // null leaves out a property the description does not let be null (strict mode's "left out").
      if (property.required) throw new Mismatch(join(path, toolKey), "is required, and its schema does not admit null");
      if (!toCall && walk.fill) setOwn(out, toolKey, null);
      continue;
    }
    setOwn(out, toCall ? property.name : toolKey, mapValue(property.node, item, join(path, toolKey), walk));
  }
  for (const property of node.properties ?? []) {
    if (seen.has(property.name)) continue;
    const toolKey = keys.key.get(property.name)!;
    if (property.required) throw new Mismatch(join(path, toCall ? toolKey : property.name), "is required");
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
