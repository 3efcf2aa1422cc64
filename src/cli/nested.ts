// HTTPie 3's nested JSON keys: `a[b][c]=v` builds {"a":{"b":{"c":"v"}}}, `a[]=v` appends to a list,
// `a[0]=v` sets an index, `[]:=1` builds a top-level list, and `\[` `\]` are literal brackets.
import { show } from "./show.js";
import { UsageError } from "./usage-error.js";

/** One step of a key path: an object key, a list index, or "append to the list". */
export type PathStep = { key: string } | { index: number } | { append: true };

/** The largest list index a key may name: the list is filled with nulls up to it. */
export const MAX_INDEX = 10_000;

const NAME_ESCAPES = new Set(["[", "]", "\\", ":", "=", "@", ";"]);

/** Reads an item's name (escapes still in it) into a path; a plain name is a one-step path. */
export function parsePath(rawName: string, item: string): PathStep[] {
  const steps: PathStep[] = [];
  let i = 0;
  let root = "";
  for (; i < rawName.length && rawName[i] !== "["; i++) {
    const char = rawName[i] as string;
    if (char === "\\" && NAME_ESCAPES.has(rawName[i + 1] ?? "")) root += rawName[++i];
    else if (char === "]") throw syntax(item, `a "]" with no "[" before it (a literal one is written \\])`);
    else root += char;
  }
  if (i === rawName.length) return [{ key: root }];
  if (root !== "") steps.push({ key: root });
  while (i < rawName.length) {
    if (rawName[i] !== "[") throw syntax(item, `text after "]" where "[" or the separator should be`);
    let inner = "";
    let escapedStart = false;
    let closed = false;
    for (i++; i < rawName.length; i++) {
      const char = rawName[i] as string;
      if (char === "]") {
        closed = true;
        i++;
        break;
      }
      if (char === "[") throw syntax(item, `a "[" inside brackets (a literal one is written \\[)`);
      if (char === "\\" && NAME_ESCAPES.has(rawName[i + 1] ?? "")) {
        if (inner === "") escapedStart = true;
        inner += rawName[++i];
      } else {
        // `[\1]` is the key "1"; a backslash before a digit only marks that.
        if (char === "\\" && inner === "" && /[0-9]/.test(rawName[i + 1] ?? "")) {
          escapedStart = true;
          continue;
        }
        inner += char;
      }
    }
    if (!closed) throw syntax(item, `a "[" that is never closed`);
    steps.push(stepOf(inner, escapedStart, item));
  }
  if (root === "" && "key" in (steps[0] as PathStep)) {
    throw syntax(item, `a name that starts with a [key]: only a top-level list starts with [ ([] or [0])`);
  }
  return steps;
}

function stepOf(inner: string, escaped: boolean, item: string): PathStep {
  if (inner === "" && !escaped) return { append: true };
  if (!escaped && /^[0-9]+$/.test(inner)) {
    const index = Number(inner);
    if (index > MAX_INDEX) throw syntax(item, `the list index ${inner.length > 12 ? `${inner.slice(0, 12)}…` : inner} is over ${MAX_INDEX}`);
    return { index };
  }
  return { key: inner };
}

function syntax(item: string, problem: string): UsageError {
  return new UsageError(`the item ${show(item)} has a malformed nested key: ${problem}`);
}

/**
 * Builds parameters from paths and values, as HTTPie 3 does; a clash of kinds (a key on a list, a
 * value set twice, a key below a plain value) is refused, never resolved by guessing.
 */
export class NestedBuilder {
  readonly root: Record<string, unknown> = {};
  list: unknown[] | undefined;
  // Containers this builder made: only those may be extended by later items.
  private readonly built = new WeakSet<object>();

  /** Puts `value` at `path`; `item` names the item in a refusal. */
  set(path: readonly PathStep[], value: unknown, item: string): void {
    if ("key" in (path[0] as PathStep)) {
      if (this.list !== undefined) throw clash(item, "the body is already a top-level list ([]...)");
      this.walk(this.root, path, value, item);
      return;
    }
    if (Object.keys(this.root).length > 0) throw clash(item, "a top-level list ([]...) cannot go with named parameters");
    this.list ??= this.made([]);
    this.walk(this.list, path, value, item);
  }

  private walk(start: Record<string, unknown> | unknown[], path: readonly PathStep[], value: unknown, item: string): void {
    let container = start;
    for (let i = 0; i < path.length; i++) {
      const step = path[i] as PathStep;
      const slot = this.slotOf(container, step, item);
      const existing = read(container, slot);
      if (i === path.length - 1) {
        if (existing !== undefined && !(existing === null && Array.isArray(container))) {
          if (path.length === 1) {
            throw new UsageError(`the parameter ${show(item)} is given twice; pass a list as ${item}:='["a","b"]' or as ${item}[]=a ${item}[]=b`);
          }
          throw clash(item, "that key is given twice");
        }
        write(container, slot, value);
        return;
      }
      const wantList = !("key" in (path[i + 1] as PathStep));
      if (existing === undefined || existing === null) {
        const made = this.made(wantList ? [] : {});
        write(container, slot, made);
        container = made;
      } else if (typeof existing === "object" && this.built.has(existing) && Array.isArray(existing) === wantList) {
        container = existing as Record<string, unknown> | unknown[];
      } else {
        const was = Array.isArray(existing) ? "a list" : typeof existing === "object" ? "an object given whole" : "a plain value";
        throw clash(item, `it uses as ${wantList ? "a list" : "an object"} what an earlier item made ${was}`);
      }
    }
  }

  private slotOf(container: Record<string, unknown> | unknown[], step: PathStep, item: string): string | number {
    if (Array.isArray(container)) {
      if ("key" in step) throw clash(item, `it gives the key ${show(step.key)} to a list (write [\\${step.key}] only for an object)`);
      if ("append" in step) return container.length;
      if (step.index > container.length + MAX_INDEX) throw clash(item, `the index ${step.index} is too far past the end`);
      return step.index;
    }
    if (!("key" in step)) throw clash(item, "it uses a list index ([] or [n]) on an object");
    return step.key;
  }

  private made<T extends object>(value: T): T {
    this.built.add(value);
    return value;
  }
}

function read(container: Record<string, unknown> | unknown[], slot: string | number): unknown {
  if (Array.isArray(container)) return container[slot as number];
  return Object.prototype.hasOwnProperty.call(container, slot) ? container[slot as string] : undefined;
}

function write(container: Record<string, unknown> | unknown[], slot: string | number, value: unknown): void {
  if (Array.isArray(container)) {
    // HTTPie fills the gap before an index with nulls.
    while (container.length < (slot as number)) container.push(null);
    container[slot as number] = value;
    return;
  }
  // A key may be `__proto__`; plain assignment would change the prototype instead.
  Object.defineProperty(container, slot, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
}

function clash(item: string, problem: string): UsageError {
  return new UsageError(`the key ${show(item)} does not fit the items before it: ${problem}`);
}
