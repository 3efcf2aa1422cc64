// The compiled form of an RFC 6570 template: plain data, built once by compile.ts and read by expand.ts.

/** How one operator expands (RFC 6570 Appendix A table). */
export interface Operator {
  /** The operator as written after "{": "" for simple expansion. */
  readonly char: string;
  readonly first: string;
  readonly separator: string;
  readonly named: boolean;
  readonly ifEmpty: string;
  readonly allowReserved: boolean;
}

/** One variable of an expression: `name`, `name:3` or `name*`, with what expansion needs of its expression. */
export interface VarSpec {
  readonly name: string;
  /** The operator of the expression the variable is in. */
  readonly operator: Operator;
  /**
   * True for the first variable of its expression: expansion starts a new expression there, so the first defined value
   * from here on is written after `leadFirst`.
   */
  readonly opensExpression: boolean;
  /** Maximum length in characters for `:N`; 0 when there is no prefix. */
  readonly prefix: number;
  readonly explode: boolean;
  /**
   * What a scalar value is written after, worked out once from the operator: when it is the expression's first defined
   * value (`?name=`, `/`, or "" for simple expansion) and when it follows another (`&name=`, `/`, `,`). One
   * concatenation per value instead of three keeps expansion and the first read of the URL cheaper.
   */
  readonly leadFirst: string;
  readonly leadNext: string;
  /** The same for an empty scalar of a named operator (`?name=`, `;name`). */
  readonly emptyFirst: string;
  readonly emptyNext: string;
}

/**
 * A template compiled once: literal chunks (already encoded) and variables, in order. An expression is the run of
 * variables from one marked `opensExpression` to the next literal or opening variable; keeping them in one flat list
 * lets expansion walk a single loop (measured: ~4% faster than a loop per expression).
 */
export interface CompiledTemplate {
  readonly source: string;
  readonly parts: readonly (string | VarSpec)[];
  /** Variable names in order of first appearance, without repeats. */
  readonly variables: readonly string[];
  /**
   * True when some variable is named by more than one varspec (`{x}/{x}`): expansion then remembers what it read,
   * so a getter or proxy is read once. Worked out here so that templates without repeats pay nothing for it.
   */
  readonly repeats: boolean;
}

const operator = (char: string, first: string, separator: string, named: boolean, ifEmpty: string, allowReserved: boolean): Operator =>
  Object.freeze({ char, first, separator, named, ifEmpty, allowReserved });

/** The eight operators of RFC 6570 Level 4, keyed by their character ("" for simple expansion). */
export const OPERATORS: Readonly<Record<string, Operator>> = Object.freeze({
  "": operator("", "", ",", false, "", false),
  "+": operator("+", "", ",", false, "", true),
  "#": operator("#", "#", ",", false, "", true),
  ".": operator(".", ".", ".", false, "", false),
  "/": operator("/", "/", "/", false, "", false),
  ";": operator(";", ";", ";", true, "", false),
  "?": operator("?", "?", "&", true, "=", false),
  "&": operator("&", "&", "&", true, "=", false),
});
