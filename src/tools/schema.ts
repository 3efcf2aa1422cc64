// An OpenAPI schema read into the one model a tool is emitted from (emit.ts) and its arguments are checked and mapped
// by (args.ts): $ref, allOf, oneOf and anyOf resolved, nullability said once, cycles and oversized parts cut and said
// so. Built on the Reader of endpointkit/openapi, so the same bounds hold: own properties only, $ref chains bounded,
// every step counted.
import { isPlainObject, type Dictionary } from "../objects.js";
import { own, type Reader } from "../openapi/document.js";

/** One schema as a tool states it. */
export interface Node {
  /** The JSON types a value may have, "null" aside; undefined: any JSON value. */
  types?: readonly string[];
  /** True when the description admits null: then null is sent, where it would otherwise leave the property out. */
  nullable: boolean;
  description?: string;
  /** The allowed values, null aside (said by `nullable`). */
  enum?: readonly unknown[];
  /** Keywords that constrain or document a value without changing its shape: format, pattern, default, examples... */
  extra: readonly (readonly [string, unknown])[];
  /** Named properties of an object, in the description's order. */
  properties?: readonly Property[];
  /** false: no other key; true or a node: other keys of that schema; undefined: not said (named properties only). */
  additional?: boolean | Node;
  items?: Node;
  /** Alternatives (oneOf and anyOf alike): a value fits one of them. */
  anyOf?: readonly Node[];
  /** Property names the description marks readOnly: never sent, so never a tool's input. */
  readOnly?: readonly string[];
  /** Why this part was cut (a cycle, too deep, too large): the node then stands for any JSON value. */
  cut?: string;
  /** Nodes in this tree, itself included: what emitting it costs. */
  size: number;
}

export interface Property {
  /** The name the request uses. */
  name: string;
  node: Node;
  required: boolean;
  /** A parameter: null and "left out" send the same request (endpoint() writes no null parameter). */
  nullIsAbsent?: boolean;
}

/** Keywords a tool keeps as they are (JSON Schema 2020-12 spellings; OpenAPI 3.0's boolean exclusives are rewritten). */
const EXTRA_KEYWORDS = ["format", "pattern", "minLength", "maxLength", "minimum", "maximum", "multipleOf", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "default"];
const TYPES = new Set(["string", "number", "integer", "boolean", "array", "object"]);
/** Deepest schema nesting read into a tool; deeper parts are cut (and said so). */
export const MAX_NESTING = 24;
/** Most nodes one tool's schema is built from; past it, parts are cut (and said so). */
export const MAX_TOOL_NODES = 12_000;
/** Longest description text kept from the document for one schema. */
const MAX_TEXT = 2000;

/**
 * `node` with every field present, in one order: call() reads nodes on every argument, and objects of one shape keep
 * those reads monomorphic (nodes made by spreads and merges had dozens of shapes, and call() was 2.5 times endpoint()).
 */
export function fixed(node: Node): Node {
  return {
    types: node.types,
    nullable: node.nullable,
    description: node.description,
    enum: node.enum,
    extra: node.extra,
    properties: node.properties?.map(fixedProperty),
    additional: node.additional,
    items: node.items,
    anyOf: node.anyOf,
    readOnly: node.readOnly,
    cut: node.cut,
    size: node.size,
    requiredOnly: (node as Mutable).requiredOnly,
  } as Node;
}

function fixedProperty(property: Property): Property {
  return { name: property.name, node: property.node, required: property.required, nullIsAbsent: property.nullIsAbsent === true };
}

export const ANY: Node = /* @__PURE__ */ Object.freeze(fixed({ nullable: true, extra: [], size: 1 }));

/** Builds nodes from one document's schemas, a schema reached through many $refs built once when it can be. */
export class SchemaBuilder {
  /** Nodes of schemas that read the same wherever they are reached (no cut depends on the way there). */
  private readonly memo = new Map<object, Node>();
  /** The schemas being built, outermost first: one met again is a cycle. */
  private readonly stack: object[] = [];
  /** The lowest stack index a cycle cut since the last reset points at (memo only below it). */
  private lowest = Infinity;
  private left = MAX_TOOL_NODES;
  private budgetCut = false;

  constructor(
    private readonly reader: Reader,
    /** Swagger 2.0: `x-nullable`, and parameters that are their own schema. */
    private readonly swagger2: boolean,
  ) {}

  /** A new tool: its own node budget. */
  startTool(): void {
    this.left = MAX_TOOL_NODES;
  }

  node(value: unknown, depth = 0): Node {
    this.reader.step();
    if (this.left <= 0) {
      this.budgetCut = true;
      return cutNode(`(cut: the schema is larger than ${MAX_TOOL_NODES} parts; any JSON value the API accepts here)`);
    }
    if (depth > MAX_NESTING) {
      this.budgetCut = true;
      return cutNode(`(cut: nested deeper than ${MAX_NESTING} levels; any JSON value the API accepts here)`);
    }
    const ref = isPlainObject(value) && typeof own(value, "$ref") === "string" ? (own(value, "$ref") as string) : undefined;
    const schema = this.reader.resolve(value);
    if (schema === true || schema === undefined) return ANY;
    if (!isPlainObject(schema)) return ANY;
    const at = this.stack.indexOf(schema);
    if (at >= 0) {
      this.lowest = Math.min(this.lowest, at);
      const name = ref === undefined ? "this schema" : ref.slice(ref.lastIndexOf("/") + 1);
      return cutNode(`(recursive: a ${name} again, cut here; give it as a JSON value of that schema)`);
    }
    const known = this.memo.get(schema);
    if (known !== undefined) {
      this.left -= known.size;
      return known;
    }
    const lowest = this.lowest;
    const budgetCut = this.budgetCut;
    this.lowest = Infinity;
    this.budgetCut = false;
    this.stack.push(schema);
    this.left -= 1;
    let built: Node;
    try {
      built = fixed(this.build(schema, depth));
    } finally {
      this.stack.pop();
    }
    // The same node serves every reference when no cut in it depends on the way here: a cycle through a schema
    // outside it (one below it on the stack), the tool's budget or the depth (budgetCut).
    if (this.lowest >= this.stack.length && !this.budgetCut) this.memo.set(schema, built);
    this.lowest = Math.min(this.lowest, lowest);
    this.budgetCut ||= budgetCut;
    return built;
  }

  private build(schema: Dictionary, depth: number): Node {
    const reader = this.reader;
    let nullable = own(schema, "nullable") === true || (this.swagger2 && own(schema, "x-nullable") === true);
    const type = own(schema, "type");
    let types: string[] | undefined;
    if (typeof type === "string") types = [type];
    else if (Array.isArray(type)) types = reader.items(type).filter((t): t is string => typeof t === "string");
    if (types !== undefined) {
      if (types.includes("null")) nullable = true;
      // Swagger 2.0's `file` is a file's bytes: a string.
      types = [...new Set(types.map((t) => (t === "file" ? "string" : t)).filter((t) => TYPES.has(t)))];
      if (types.length === 0 && !nullable) types = undefined;
    }
    let enumValues: unknown[] | undefined;
    const listed = own(schema, "enum");
    if (Array.isArray(listed)) {
      enumValues = [];
      for (const value of reader.items(listed)) {
        if (value === null) nullable = true;
        else if (value !== undefined) enumValues.push(value);
      }
    }
    const constant = own(schema, "const");
    if (constant !== undefined) {
      if (constant === null) nullable = true;
      else enumValues = [constant];
    }
    if (types === undefined) {
      if (own(schema, "properties") !== undefined || own(schema, "additionalProperties") !== undefined) types = ["object"];
      else if (own(schema, "items") !== undefined) types = ["array"];
      else if (enumValues !== undefined && enumValues.length > 0) types = [...new Set(enumValues.map(jsonType))];
    }
    const extra: [string, unknown][] = [];
    for (const keyword of EXTRA_KEYWORDS) {
      const value = own(schema, keyword);
      if (value !== undefined && (typeof value !== "object" || keyword === "default")) extra.push([keyword, value]);
    }
    for (const [keyword, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
      const value = own(schema, keyword);
      if (typeof value === "number") extra.push([keyword, value]);
      else if (value === true) {
        // OpenAPI 3.0: a boolean beside minimum or maximum, which JSON Schema writes as the number itself.
        const at = extra.findIndex(([name]) => name === bound);
        if (at >= 0) extra.splice(at, 1, [keyword, extra[at]![1]]);
      }
    }
    const examples = own(schema, "examples");
    const example = own(schema, "example");
    if (Array.isArray(examples)) extra.push(["examples", reader.items(examples).slice(0, 3)]);
    else if (example !== undefined) extra.push(["examples", [example]]);
    let description = text(own(schema, "description")) ?? text(own(schema, "title"));
    if (own(schema, "deprecated") === true) description = description === undefined ? "Deprecated." : `Deprecated. ${description}`;
    const node: Mutable = { types, nullable, description, enum: enumValues, extra, size: 1 };
    // Object parts.
    const properties = own(schema, "properties");
    if (isPlainObject(properties)) {
      const required = new Set(reader.items(own(schema, "required")).filter((name): name is string => typeof name === "string"));
      const list: Property[] = [];
      for (const name of reader.keys(properties)) {
        const value = properties[name];
        if (isReadOnly(reader, value)) {
          (node.readOnly ??= []).push(name);
          continue;
        }
        const child = this.node(value, depth + 1);
        list.push({ name, node: child, required: required.has(name) });
        node.size += child.size;
      }
      node.properties = list;
    } else if (Array.isArray(own(schema, "required")) && types === undefined) {
      // A branch that only says which properties are required (`oneOf: [{ required: [a] }, { required: [b] }]`).
      node.requiredOnly = reader.items(own(schema, "required")).filter((name): name is string => typeof name === "string");
    }
    const additional = own(schema, "additionalProperties");
    if (additional === false) node.additional = false;
    else if (additional === true) node.additional = true;
    else if (isPlainObject(additional)) {
      const child = this.node(additional, depth + 1);
      node.additional = child === ANY ? true : child;
      node.size += child.size;
    }
    if (own(schema, "patternProperties") !== undefined && node.additional === undefined) node.additional = true;
    const items = own(schema, "items");
    if (items !== undefined) {
      node.items = this.node(items, depth + 1);
      node.size += node.items.size;
    }
    let result: Node = node;
    for (const member of reader.items(own(schema, "allOf"))) {
      const child = this.node(member, depth + 1);
      result = merge(result, child, true);
    }
    const branches: Node[] = [];
    for (const key of ["oneOf", "anyOf"]) {
      for (const member of reader.items(own(schema, key))) {
        const child = this.node(member, depth + 1);
        // A branch that is null alone says the value may be null.
        if (child.types !== undefined && child.types.length === 0 && child.nullable && child.enum === undefined) {
          result = { ...result, nullable: true };
          continue;
        }
        branches.push(child);
      }
    }
    if (branches.length === 1) result = merge(result, branches[0]!, false);
    else if (branches.length > 1) {
      // Each alternative beside what the schema says itself (its properties, type): one node per alternative.
      const base: Node = { ...result, description: undefined };
      const alternatives = branches.map((branch) => merge(base, branch, false));
      let size = 1;
      for (const alternative of alternatives) size += alternative.size;
      result = { nullable: result.nullable, description: result.description, extra: [], anyOf: alternatives, size };
    }
    return result;
  }
}

interface Mutable {
  types?: readonly string[];
  nullable: boolean;
  description?: string;
  enum?: readonly unknown[];
  extra: (readonly [string, unknown])[];
  properties?: Property[];
  additional?: boolean | Node;
  items?: Node;
  anyOf?: Node[];
  cut?: string;
  size: number;
  readOnly?: string[];
  requiredOnly?: readonly string[];
}

function cutNode(reason: string): Node {
  return fixed({ nullable: true, extra: [], cut: reason, size: 1 });
}

function isReadOnly(reader: Reader, value: unknown): boolean {
  return own(value, "readOnly") === true || own(reader.resolve(value), "readOnly") === true;
}

function text(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
}

export function jsonType(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value === "object" ? "object" : typeof value;
}

/**
 * Two schemas a value must both fit, as one node (allOf; an alternative beside its schema's own keywords): types
 * intersected, properties and required names joined, the first of every other keyword kept.
 */
export function merge(a: Node, b: Node, allOf: boolean): Node {
  if (a.cut !== undefined) return b.cut !== undefined ? a : { ...b, description: b.description ?? undefined };
  if (b.cut !== undefined) return { ...a, cut: a.types === undefined && a.properties === undefined && a.anyOf === undefined ? b.cut : a.cut };
  // The alternatives are kept, each taking what the other side says: the node that holds them goes first.
  if (a.anyOf === undefined && b.anyOf !== undefined) {
    const swapped = merge(b, a, allOf);
    const description = a.description ?? b.description;
    return swapped.description === description ? swapped : fixed({ ...swapped, description });
  }
  let types: readonly string[] | undefined = a.types ?? b.types;
  if (a.types !== undefined && b.types !== undefined) {
    const both = a.types.filter((t) => b.types!.includes(t) || (t === "integer" && b.types!.includes("number")));
    for (const t of b.types) if (t === "integer" && a.types.includes("number") && !both.includes("integer")) both.push("integer");
    types = both.length > 0 ? both : a.types;
  }
  // An allOf member's own nullability does not widen the schema (`allOf: [$ref], nullable: true` is how OpenAPI 3.0
  // makes a referenced schema nullable); both must admit null where neither says it alone.
  const untyped = (node: Node): boolean => node.types === undefined && node.enum === undefined && node.properties === undefined && node.anyOf === undefined;
  const nullable = allOf ? (a.nullable && (b.nullable || untyped(b))) || (untyped(a) && b.nullable) || (a.nullable && untyped(b)) : (a.nullable && (b.nullable || untyped(b))) || (untyped(a) && b.nullable);
  let properties: Property[] | undefined;
  const required = new Set<string>([...((a as Mutable).requiredOnly ?? []), ...((b as Mutable).requiredOnly ?? [])]);
  if (a.properties !== undefined || b.properties !== undefined) {
    properties = [];
    const at = new Map<string, number>();
    for (const property of [...(a.properties ?? []), ...(b.properties ?? [])]) {
      const found = at.get(property.name);
      if (found === undefined) {
        at.set(property.name, properties.length);
        properties.push(property);
      } else if (property.required && !properties[found]!.required) properties[found] = { ...properties[found]!, required: true };
    }
    if (required.size > 0) properties = properties.map((property) => (required.has(property.name) && !property.required ? { ...property, required: true } : property));
  }
  const extra = [...a.extra];
  for (const entry of b.extra) if (!extra.some(([name]) => name === entry[0])) extra.push(entry);
  const merged: Mutable = {
    types,
    nullable,
    description: a.description ?? b.description,
    enum: a.enum ?? b.enum,
    extra,
    properties,
    additional: a.additional ?? b.additional,
    items: a.items ?? b.items,
    anyOf: a.anyOf === undefined ? undefined : [...a.anyOf],
    size: a.size + b.size,
  };
  if (merged.anyOf !== undefined && b.anyOf === undefined && (b.types !== undefined || b.properties !== undefined)) {
    // Both say something of the value: each alternative takes what the other says.
    merged.anyOf = merged.anyOf.map((alternative) => merge(alternative, { ...b, description: undefined }, allOf));
  }
  if (properties === undefined && required.size > 0) merged.requiredOnly = [...required];
  if (a.readOnly !== undefined || b.readOnly !== undefined) merged.readOnly = [...(a.readOnly ?? []), ...(b.readOnly ?? [])];
  return fixed(merged);
}

/** A node of an object with `properties` (all built already), for a tool's root or its headers. */
export function objectNode(properties: Property[], additional: boolean | Node, description?: string): Node {
  let size = 1;
  for (const property of properties) size += property.node.size;
  const node: Mutable = { types: ["object"], nullable: false, extra: [], properties, additional, size };
  if (description !== undefined) node.description = description;
  return fixed(node);
}

/** `node` with `description` in place of its own (a parameter's description over its schema's). */
export function described(node: Node, description: string | undefined, extra?: readonly (readonly [string, unknown])[]): Node {
  if (description === undefined && (extra === undefined || extra.length === 0)) return node;
  const copy: Mutable = { ...(node as Mutable), extra: [...node.extra] };
  if (description !== undefined) copy.description = node.description === undefined || node.description === description ? description : `${description}\n${node.description}`;
  for (const entry of extra ?? []) if (!copy.extra.some(([name]) => name === entry[0])) copy.extra.push([entry[0], entry[1]]);
  return fixed(copy);
}

