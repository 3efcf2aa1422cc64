// Turns template text into the plain data of syntax.ts in one left-to-right scan: linear time, and no regular
// expression runs on more than the digits of a prefix.
import { EndpointError, quote } from "../errors.js";
import { encodeReserved } from "./encode.js";
import { OPERATORS, operatorAt, type CompiledTemplate, type VarSpec } from "./syntax.js";

/** How compileTemplate reads a template beyond strict RFC 6570. */
export interface CompileOptions {
  /**
   * Allows "-" inside a variable name (`{enterprise-team}`), as OpenAPI path templating does. RFC 6570 does not (its
   * conformance suite rejects `{default-graph-uri}`), so only endpoint()'s routes ask for it; a name still starts
   * with a letter, digit, "_" or %XX.
   */
  readonly hyphenInNames?: boolean;
}

/** Compiles an RFC 6570 template, or throws ERR_INVALID_TEMPLATE naming the first problem. */
export function compileTemplate(source: string, options?: CompileOptions): CompiledTemplate {
  const parts: (string | VarSpec)[] = [];
  const hyphens = options?.hyphenInNames === true;
  // Where the current piece of `source` starts. The first piece (at 0) is a literal; every other one follows a "{" and
  // is an expression up to its "}", then a literal. A "{" inside an expression starts a piece without a "}" first.
  let at = 0;
  for (const piece of source.split("{")) {
    let literal = piece;
    if (at > 0) {
      const close = piece.indexOf("}");
      if (close < 0) fail(source, at - 1, "this { is never closed");
      const operator = operatorAt(OPERATORS.indexOf(piece[0]!) + 1);
      // An empty expression, or a reserved operator ("=,!@|"), fails as a variable name that is empty or holds the
      // character. `at` moves over each varspec and the "," or "}" after it.
      at += operator.char.length;
      let opens = true;
      for (const varspec of piece.slice(operator.char.length, close).split(",")) {
        // `name`, `name*` or `name:N`.
        const explode = varspec.endsWith("*");
        const colon = varspec.indexOf(":");
        const name = varspec.slice(0, colon < 0 ? varspec.length - +explode : colon);
        const digits = colon < 0 ? "" : varspec.slice(colon + 1);
        const bad = name ? name.search(hyphens ? NOT_IN_NAME_OR_HYPHEN : NOT_IN_NAME) : 0;
        if (bad >= 0) fail(source, at + bad, `a variable name is letters, digits, _, %XX${hyphens ? ", -" : ""} and inner dots, not ${quote(name)}`);
        // RFC 6570 section 2.4.1: one to four digits, without a leading zero.
        if (colon >= 0 && !/^[1-9]\d{0,3}$/.test(digits)) fail(source, at + colon + 1, "a prefix must be from 1 to 9999");
        const named = operator.named ? `${name}=` : "";
        // The first varspec opens the expression: expansion writes its first value after `first`.
        parts.push(Object.freeze({ name, operator, opens, prefix: +digits, explode, first: operator.first + named, next: operator.next + named }));
        opens = false;
        at += varspec.length + 1;
      }
      literal = piece.slice(close + 1);
    }
    // A literal is checked, then encoded whole: encodeReserved keeps what the check lets through and %XX, and writes
    // non-ASCII text as UTF-8 escapes.
    const bad = literal.search(NOT_IN_LITERAL);
    if (bad >= 0) fail(source, at + bad, "not allowed in a literal: write it as %XX");
    if (literal) parts.push(encodeLiteral(source, literal));
    at += literal.length + 1;
  }
  return compiledTemplate(source, parts);
}

/**
 * The first character a literal may not hold: anything but what RFC 3986 allows in a URI and non-ASCII text (RFC 6570
 * allows it, and it is sent as UTF-8); a lone surrogate, which has no UTF-8 form (with the u flag a surrogate pair is
 * one character, outside \p{Cs}); a "%" that does not start a %XX escape.
 */
const NOT_IN_LITERAL = /[^\w\-.~:/?#[\]@!$&'()*+,;=%\xa0-\u{10ffff}]|\p{Cs}|%(?![\dA-Fa-f]{2})/u;

/**
 * The one place a CompiledTemplate is made, so every template has the same object shape and its `parts` the same kind
 * of array: expansion is shared by parseTemplate() and endpoint(), and a second shape made every read there polymorphic
 * (measured: parseTemplate(t).expand(v) about 10% slower after endpoint() calls). It and its varspecs are frozen (the
 * endpoint mix measured ~3% slower without); `parts` is not: V8 reads the elements of a frozen array more slowly
 * (measured: 6-9%). `variables`, worked out from `parts` unless given, is handed to users: it is frozen too.
 */
export function compiledTemplate(source: string, parts: (string | VarSpec)[], variables?: readonly string[]): CompiledTemplate {
  const names = parts.flatMap((part) => (typeof part === "string" ? [] : [part.name]));
  // A Set keeps its first insertion of each name, in order: the variables in order of first appearance.
  variables ??= Object.freeze([...new Set(names)]);
  return Object.freeze({ source, parts, variables, repeats: names.length > variables.length });
}

/**
 * The first character a variable name may not hold: RFC 6570's varname is varchars (letters, digits, "_", %XX) with
 * single "." between them; OpenAPI's path templating also has "-" inside (NOT_IN_NAME_OR_HYPHEN, asked for by
 * hyphenInNames).
 */
const NOT_IN_NAME = /^\.|(?<=\.)\.|\.$|[^\w.%]|%(?![\dA-Fa-f]{2})/;
const NOT_IN_NAME_OR_HYPHEN = /^[.-]|(?<=\.)\.|\.$|[^\w.%-]|%(?![\dA-Fa-f]{2})/;

/**
 * A literal encoded whole. Its escapes can pass the engine's longest string (100 M "é" make 600 M characters), which
 * encodeReserved leaves to its caller as a RangeError: parseTemplate() has no other guard to turn it into an EndpointError.
 */
function encodeLiteral(source: string, literal: string): string {
  try {
    return encodeReserved(literal);
  } catch {
    throw new EndpointError("ERR_TOO_LARGE", `the URI template ${quote(source)} escapes past the engine's longest string`);
  }
}

/** Throws ERR_INVALID_TEMPLATE naming the template, the position and the character there, and the problem. */
function fail(source: string, at: number, problem: string): never {
  throw new EndpointError("ERR_INVALID_TEMPLATE", `invalid URI template ${quote(source)} at character ${at + 1} (${quote(source[at]!)}): ${problem}`);
}
