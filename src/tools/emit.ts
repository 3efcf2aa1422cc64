// A tool's input schema written from its node (schema.ts): faithful JSON Schema, or OpenAI's strict mode where the
// node can be stated in it without saying less (every property required, optional ones nullable,
// additionalProperties false, only the keywords strict mode takes, the others said in the description).
import type { Reader } from "../openapi/document.js";
import { propertyKeys } from "./keys.js";
import type { Node } from "./schema.js";

export type JsonSchema = { [keyword: string]: unknown };

/** OpenAI's strict-mode limits (Structured Outputs, "Supported schemas"), the older, lower ones where they changed. */
const STRICT_MAX_PROPERTIES = 5000;
const STRICT_MAX_DEPTH = 10;
const STRICT_MAX_ENUM_VALUES = 1000;
const STRICT_MAX_TEXT = 15_000;
/** Most schema objects one tool's input schema holds; past it, parts are cut and said so. */
const MAX_EMITTED = 20_000;

/** Why a node cannot be stated in strict mode (the tool is then strict: false). */
class NotStrict extends Error {}

interface Budget {
  emitted: number;
  properties: number;
  enumValues: number;
  text: number;
}

/**
 * The input schema of a tool, strict when asked and possible: `strict` says which it is. Every schema object
 * written is counted on `reader` (the description's bounds hold for output too).
 */
export function emitSchema(root: Node, wantStrict: boolean, reader: Reader): { schema: JsonSchema; strict: boolean } {
  if (wantStrict) {
    try {
      const budget: Budget = { emitted: 0, properties: 0, enumValues: 0, text: 0 };
      const schema = strictSchema(root, 0, budget, reader);
      return { schema, strict: true };
    } catch (error) {
      if (!(error instanceof NotStrict)) throw error;
    }
  }
  return { schema: faithful(root, { emitted: 0, properties: 0, enumValues: 0, text: 0 }, reader), strict: false };
}

function count(budget: Budget, reader: Reader): boolean {
  reader.step();
  budget.emitted += 1;
  return budget.emitted <= MAX_EMITTED;
}

const TOO_LARGE = "(cut: the input schema is too large to state here; any JSON value the API accepts)";

/** JSON Schema saying what the node says. */
function faithful(node: Node, budget: Budget, reader: Reader): JsonSchema {
  if (!count(budget, reader)) return { description: TOO_LARGE };
  const out: JsonSchema = {};
  if (node.cut !== undefined) {
    out.description = node.description === undefined ? node.cut : `${node.description} ${node.cut}`;
    return out;
  }
  if (node.anyOf !== undefined) {
    const branches = node.anyOf.map((branch) => faithful(branch, budget, reader));
    if (node.nullable && !node.anyOf.some((branch) => branch.nullable)) branches.push({ type: "null" });
    if (node.description !== undefined) out.description = node.description;
    out.anyOf = branches;
    return out;
  }
  const type = typeOf(node, node.nullable);
  if (type !== undefined) out.type = type;
  if (node.description !== undefined) out.description = node.description;
  if (node.enum !== undefined) out.enum = node.nullable && type !== undefined ? [...node.enum, null] : [...node.enum];
  for (const [keyword, value] of node.extra) out[keyword] = value;
  if (node.properties !== undefined) {
    const keys = propertyKeys(node);
    const properties: JsonSchema = {};
    const required: string[] = [];
    for (const property of node.properties) {
      const key = keys.key.get(property.name)!;
      defineKey(properties, key, withRename(faithful(property.node, budget, reader), key, property.name));
      if (property.required) required.push(key);
    }
    out.properties = properties;
    if (required.length > 0) out.required = required;
  }
  if (node.additional === false) out.additionalProperties = false;
  else if (node.additional !== undefined && node.additional !== true) out.additionalProperties = faithful(node.additional, budget, reader);
  if (node.items !== undefined) out.items = faithful(node.items, budget, reader);
  return out;
}

/** The node in strict mode; NotStrict where it cannot be. */
function strictSchema(node: Node, depth: number, budget: Budget, reader: Reader): JsonSchema {
  if (!count(budget, reader) || node.cut !== undefined || depth > STRICT_MAX_DEPTH) throw new NotStrict();
  const out: JsonSchema = {};
  const notes: string[] = [];
  if (node.anyOf !== undefined) {
    if (depth === 0) throw new NotStrict();
    const branches = node.anyOf.map((branch) => strictSchema(branch, depth, budget, reader));
    if (node.nullable && !node.anyOf.some((branch) => branch.nullable)) branches.push({ type: "null" });
    if (node.description !== undefined) out.description = node.description;
    out.anyOf = branches;
    return out;
  }
  const types = node.types;
  // Any value (no type), or a value that may be of several types none of which is said further, has no strict form.
  if (types === undefined) throw new NotStrict();
  const type = typeOf(node, node.nullable);
  out.type = type;
  if (node.description !== undefined) notes.push(node.description);
  if (node.enum !== undefined) {
    // One more for the null an optional or nullable property adds: the limit counts every value written.
    budget.enumValues += node.enum.length + 1;
    for (const value of node.enum) {
      if (typeof value === "string") budget.text += value.length;
      else if (typeof value === "object") throw new NotStrict();
    }
    if (budget.enumValues > STRICT_MAX_ENUM_VALUES || budget.text > STRICT_MAX_TEXT) throw new NotStrict();
    out.enum = node.nullable ? [...node.enum, null] : [...node.enum];
  }
  // The keywords strict mode does not take are said in the description, so the schema says no less.
  for (const [keyword, value] of node.extra) notes.push(`${keyword}: ${JSON.stringify(value)}`);
  if (types.includes("object")) {
    const open = node.additional === true || (typeof node.additional === "object" && node.additional !== null);
    // A map of any keys, or an object whose properties are not named, cannot be stated with additionalProperties: false.
    if (open || ((node.properties === undefined || node.properties.length === 0) && node.additional !== false)) throw new NotStrict();
    if (depth + 1 > STRICT_MAX_DEPTH) throw new NotStrict();
    const keys = propertyKeys(node);
    const properties: JsonSchema = {};
    const required: string[] = [];
    for (const property of node.properties ?? []) {
      const key = keys.key.get(property.name)!;
      budget.properties += 1;
      budget.text += key.length;
      if (budget.properties > STRICT_MAX_PROPERTIES || budget.text > STRICT_MAX_TEXT) throw new NotStrict();
      // Optional and nullable in a body: null is sent, so strict mode (which requires the key) could not leave it out.
      if (!property.required && property.node.nullable && property.nullIsAbsent !== true) throw new NotStrict();
      let child = strictSchema(property.node, depth + 1, budget, reader);
      // Optional: required in strict mode, with null standing for "left out" (call() leaves it out).
      if (!property.required && !property.node.nullable) child = orNull(child);
      defineKey(properties, key, withRename(child, key, property.name, !property.required));
      required.push(key);
    }
    out.properties = properties;
    out.required = required;
    out.additionalProperties = false;
  } else if (node.properties !== undefined && node.properties.length > 0) throw new NotStrict();
  if (types.includes("array")) {
    if (node.items === undefined) throw new NotStrict();
    out.items = strictSchema(node.items, depth + 1, budget, reader);
  }
  if (notes.length > 0) out.description = notes.join("\n");
  return out;
}

/** A strict schema that also takes null (meaning: left out). */
function orNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  const type = schema.type;
  const copy: JsonSchema = { ...schema, type: Array.isArray(type) ? [...type, "null"] : [type, "null"] };
  if (Array.isArray(schema.enum)) copy.enum = [...schema.enum, null];
  return copy;
}

function typeOf(node: Node, nullable: boolean): string | string[] | undefined {
  if (node.types === undefined) return undefined;
  const types = nullable ? [...node.types, "null"] : [...node.types];
  return types.length === 1 ? types[0] : types;
}

/** A renamed property says the name it is sent as; an optional one in strict mode says what null does. */
function withRename(schema: JsonSchema, key: string, name: string, nullLeavesOut = false): JsonSchema {
  const notes: string[] = [];
  if (key !== name) notes.push(`(sent as ${JSON.stringify(name)})`);
  if (nullLeavesOut) notes.push("(optional: null leaves it out)");
  if (notes.length === 0) return schema;
  const description = typeof schema.description === "string" ? `${schema.description} ${notes.join(" ")}` : notes.join(" ");
  return { ...schema, description };
}

/** Sets a property of a JSON Schema `properties` map, whatever its key (`__proto__` included). */
export function defineKey(target: JsonSchema, key: string, value: unknown): void {
  Object.defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
}
