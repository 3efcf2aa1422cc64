// A YAML description read with bounded work: the `yaml` library parses it, and one linear walk over its nodes checks
// what the library checks quadratically (duplicate keys) or not at all (the values merge keys copy).
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode, type Scalar } from "yaml";

/**
 * Aliases a document may resolve, each alias counted with the aliases inside what it names (an alias of a list of ten
 * aliases resolves eleven, as a merge through it does): a "billion laughs" document stops here. The library's own
 * maxAliasCount bounds the uses of each anchor, not of the document, and finding the aliases inside an anchor walks
 * the whole document once per anchor: its check is off, the walk below counts instead.
 */
export const MAX_ALIASES = 1000;

/**
 * Values merge keys (`<<: *name`, YAML 1.1) may copy into a document, beyond its own: at least this many, and never
 * fewer than the document holds. The library builds a fresh copy of the merged map for every merge key, so 1,000 merges
 * of one 27,000-value map (a 250 kB file) would build 27 million values.
 */
export const MIN_MERGE_BUDGET = 100_000;

/** Most warnings printed for one document; the rest are counted. */
export const MAX_WARNINGS = 10;

/** The document cannot be read: the message says why and where. */
export class YamlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "YamlError";
  }
}

/** A parsed document and the warnings the parser gave (one line each, with the position). */
export interface YamlDocument {
  value: unknown;
  warnings: string[];
}

/** Parses one YAML document; a syntax error, a duplicate key or an excessive expansion is a YamlError. */
export function readYaml(text: string): YamlDocument {
  const lines = new LineCounter();
  // uniqueKeys: false turns off the library's check, which compares each key with every earlier one of its map
  // (60,000 paths: 45 s); the walk below does it with a Set. logLevel "error": nothing is written to the console,
  // every warning is returned to be printed escaped.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false, logLevel: "error" });
  const at = (offset: number | undefined): string => {
    if (offset === undefined) return "";
    const { line, col } = lines.linePos(offset);
    return ` at line ${line}, column ${col}`;
  };
  const first = doc.errors[0];
  if (first !== undefined) throw new YamlError(`${first.message}${at(first.pos[0])}`);
  new Walk(doc, at).check();
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: -1 });
  } catch (error) {
    throw new YamlError(error instanceof Error ? error.message : String(error));
  }
  const warnings = doc.warnings.slice(0, MAX_WARNINGS).map((warning) => `${warning.message}${at(warning.pos[0])}`);
  if (doc.warnings.length > MAX_WARNINGS) warnings.push(`and ${doc.warnings.length - MAX_WARNINGS} more warnings`);
  return { value, warnings };
}

/** One pass over the nodes: each map's keys against a Set, and the size of the document with its merges expanded. */
class Walk {
  private readonly sizes = new Map<YamlNode, number>();
  // The aliases each node resolves when built, an alias counted with those inside its anchored node; found with its size.
  private readonly aliases = new Map<YamlNode, number>();
  private readonly open = new Set<YamlNode>();
  // Anchors by name as the walk meets them, in document order: an alias names the last one before it. The library's
  // Alias.resolve() searches the whole document on each call, which 1,000 merge keys would make quadratic.
  private readonly anchors = new Map<string, YamlNode>();
  private own = 0;

  constructor(
    private readonly doc: Document.Parsed,
    private readonly at: (offset: number | undefined) => string,
  ) {}

  check(): void {
    let expanded: number;
    try {
      expanded = this.size(this.doc.contents);
    } catch (error) {
      if (error instanceof RangeError) throw new YamlError("the document is nested too deeply to read");
      throw error;
    }
    const budget = Math.max(MIN_MERGE_BUDGET, this.own);
    if (expanded - this.own > budget) {
      throw new YamlError(
        `its merge keys (<<) copy ${expanded - this.own} values, more than the ${budget} a document of ${this.own} values may add: merge fewer or smaller maps`,
      );
    }
    const aliases = this.aliases.get(this.doc.contents as YamlNode) ?? 0;
    if (aliases > MAX_ALIASES) {
      // A count past 2^53 (a "billion laughs" of many levels) is only an estimate, and the message says so.
      const count = Number.isSafeInteger(aliases) ? String(aliases) : "more than 2^53";
      throw new YamlError(`its aliases (*name) resolve ${count} times, the aliases inside what each one names included, more than the ${MAX_ALIASES} a document may`);
    }
  }

  /** The values `node` becomes, merged maps counted at each merge key; each node is walked once. */
  private size(node: unknown): number {
    if (node === null || node === undefined || typeof node !== "object") return 0;
    const known = this.sizes.get(node as YamlNode);
    if (known !== undefined) return known;
    if (this.open.has(node as YamlNode)) throw new YamlError(`a merge key (<<) merges a map into itself${this.at(rangeStart(node))}`);
    this.open.add(node as YamlNode);
    const anchor = (node as { anchor?: unknown }).anchor;
    if (typeof anchor === "string") this.anchors.set(anchor, node as YamlNode);
    this.own++;
    let total = 1;
    let aliases = 0;
    const add = (child: unknown): void => {
      total += this.size(child);
      if (child !== null && typeof child === "object") aliases += this.aliases.get(child as YamlNode) ?? 0;
    };
    if (isMap(node)) {
      const keys = new Set<string>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        if (isMergeKey(pair.key)) {
          // `<<: *S` with S a list merges each map of S, as `<<: [...]` does: each one is copied at every merge.
          const merged = this.target(pair.value);
          for (const source of isSeq(merged) ? merged.items : [pair.value]) total += this.size(this.target(source));
          // The merge key's own nodes (the alias, the list) count once, as in the document; its aliases resolve at
          // every merge, which the alias's count (with those inside what it names) already says.
          add(pair.value);
          continue;
        }
        const name = this.keyText(pair.key);
        if (keys.has(name)) throw new YamlError(`the key ${JSON.stringify(name)} appears twice in one map${this.at(rangeStart(pair.key))}`);
        keys.add(name);
        add(pair.key);
        add(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) add(item);
    } else if (isAlias(node)) {
      // One resolution, and the aliases inside the anchored node resolve again wherever a merge copies it; a copy
      // never made (a plain alias shares its node's object) still counts, so a "billion laughs" is refused whatever
      // is later done with the value. A node aliased inside itself (still open) counts once.
      const named = this.anchors.get(node.source);
      aliases = 1 + (named === undefined || this.open.has(named) ? 0 : (this.aliases.get(named) ?? 0));
    }
    // A scalar or an alias is one value: the library resolves an alias to the object its anchor already built.
    this.open.delete(node as YamlNode);
    this.sizes.set(node as YamlNode, total);
    this.aliases.set(node as YamlNode, aliases);
    return total;
  }

  /** The map a merge source names: an alias's anchored node, or the node itself. */
  private target(source: unknown): unknown {
    return isAlias(source) ? this.anchors.get(source.source) : source;
  }

  /**
   * The property name a key becomes in the JavaScript object, as the library writes it (`1` and `"1"` are one name). A
   * list or map as a key (`? [a, b]`) would become its YAML text, which no description means: refused.
   */
  private keyText(key: unknown): string {
    const node = this.target(key);
    if (!isScalar(node)) throw new YamlError(`a key is a list or a map${this.at(rangeStart(key))}, where a description's keys are text`);
    const value = (node as Scalar).value;
    if (value === null || value === undefined) return "";
    return typeof value === "object" ? String(node) : String(value);
  }
}

/** `<<` read as a merge key: the library resolves it to a symbol only where merge keys are on (YAML 1.1, merge: true). */
function isMergeKey(key: unknown): boolean {
  return isScalar(key) && typeof key.value === "symbol" && key.value.description === "<<";
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: readonly number[] | null }).range;
  return range?.[0];
}
