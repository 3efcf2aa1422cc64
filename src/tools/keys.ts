// Names a tool holds: its own name (from the operationId, else method and path) and its property keys, each made to
// fit the providers' rules deterministically and without collisions.
import type { Node } from "./schema.js";

/** Anthropic's rule for property keys, at every depth (a tools array with one key breaking it is refused whole). */
export const KEY_RULE = /^[a-zA-Z0-9_.-]{1,64}$/;
/** The rule for tool names (OpenAI, Anthropic and MCP clients alike). */
export const NAME_RULE = /^[a-zA-Z0-9_-]{1,64}$/;

/** The tool keys of an object's property names, both ways. */
export interface Keys {
  readonly key: ReadonlyMap<string, string>;
  readonly name: ReadonlyMap<string, string>;
}

const keyed = /* @__PURE__ */ new WeakMap<readonly unknown[], Keys>();

/**
 * Each name as a key fitting KEY_RULE: a name that fits keeps it; one that does not (`query:id`, `filter[x]`, `$top`,
 * `@odata.type`) becomes its fitting characters joined by `_`, cut to fit, and numbered past any key already taken.
 * Names that fit are placed first, so a renamed one never takes a name the description uses.
 */
export function keysOf(names: readonly string[]): Keys {
  const key = new Map<string, string>();
  const name = new Map<string, string>();
  for (const original of names) {
    if (KEY_RULE.test(original) && !name.has(original)) {
      key.set(original, original);
      name.set(original, original);
    }
  }
  // The next number to try per base: many names of one base (`a!`, `a?`, `a#`...) are numbered in linear time.
  const next = new Map<string, number>();
  for (const original of names) {
    if (key.has(original)) continue;
    // Each run of other characters as one "_"; a trailing one dropped (`filter[x]` → `filter_x`), a leading one kept
    // (`$top` → `_top`). Trimmed by a loop: an unanchored `_+$` would take time quadratic in a run of "_".
    let base = original.replace(/[^a-zA-Z0-9_.-]+/g, "_");
    const end = trailingUnderscores(base);
    if (end > 0 && end < base.length) base = base.slice(0, end);
    if (base === "") base = "_";
    base = base.slice(0, 60);
    let candidate = base;
    let n = next.get(base) ?? 2;
    while (name.has(candidate)) candidate = `${base.slice(0, 64 - String(n).length - 1)}_${n++}`;
    next.set(base, n);
    key.set(original, candidate);
    name.set(candidate, original);
  }
  return { key, name };
}

/** The tool keys of an object node's properties (memoised per node's property list). */
export function propertyKeys(node: Node): Keys {
  const properties = node.properties ?? [];
  let found = keyed.get(properties);
  if (found === undefined) keyed.set(properties, (found = keysOf(properties.map((property) => property.name))));
  return found;
}

/** Where the run of "_" that ends `text` starts (its length when none). */
function trailingUnderscores(text: string): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x5f) end--;
  return end;
}

/** `text` without the "_" it starts or ends with. */
function trimUnderscores(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 0x5f) start++;
  return text.slice(start, Math.max(start, trailingUnderscores(text)));
}

/** 32-bit FNV-1a of a string, in base 36: a short, stable tag for cut names. */
export function hashTag(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * Tool names for `operations` (the whole description, in order): the operationId made to fit NAME_RULE within
 * `length` characters, else method and path; a name cut to fit ends in a tag of its whole text; a name taken by an
 * earlier operation is numbered. The same operations give the same names.
 */
export function toolNames(operations: readonly { method: string; path: string; operationId: string | undefined }[], length: number): string[] {
  const fit = (text: string): string => {
    const clean = trimUnderscores(text.replace(/[^a-zA-Z0-9_-]+/g, "_").replace(/_{2,}/g, "_"));
    if (clean.length <= length) return clean;
    const tag = hashTag(text);
    return length > tag.length + 8 ? `${trimUnderscores(clean.slice(0, length - tag.length - 1))}_${tag}` : clean.slice(0, length);
  };
  const bases = operations.map(({ method, path, operationId }) => {
    const fromId = operationId === undefined ? "" : fit(operationId);
    return fromId !== "" ? fromId : fit(`${method.toLowerCase()}_${path}`) || fit(`${method.toLowerCase()}_${hashTag(path)}`) || "operation";
  });
  const counts = new Map<string, number>();
  for (const base of bases) counts.set(base, (counts.get(base) ?? 0) + 1);
  const taken = new Set<string>();
  const next = new Map<string, number>();
  // Names that occur once are kept as they are; the others are numbered in document order, past every name taken.
  for (const base of bases) if (counts.get(base) === 1) taken.add(base);
  return bases.map((base) => {
    if (counts.get(base) === 1) return base;
    if (!taken.has(base)) {
      taken.add(base);
      return base;
    }
    for (let n = next.get(base) ?? 2; ; n++) {
      const suffix = `_${n}`;
      const candidate = `${base.slice(0, length - suffix.length)}${suffix}`;
      if (!taken.has(candidate)) {
        taken.add(candidate);
        next.set(base, n + 1);
        return candidate;
      }
    }
  });
}
