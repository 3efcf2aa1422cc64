// Turns template text into the plain data of syntax.ts in one left-to-right scan: linear time, no regular expressions.
import { EndpointError, quote } from "../errors.js";
import { encodeUnreserved, isHexDigit, isUriCharacter } from "./encode.js";
import { OPERATORS, type CompiledTemplate, type Operator, type VarSpec } from "./syntax.js";

const MAX_PREFIX = 9999;

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
  const variables: string[] = [];
  const seen = new Set<string>();
  const hyphenInNames = options?.hyphenInNames === true;
  // Literal text is gathered in pieces and joined: a string grown one character at a time is a rope of one node per
  // character, ~30 times the size of the text, and the compiled template is cached.
  let literal: string[] = [];
  let i = 0;
  while (i < source.length) {
    const code = source.charCodeAt(i);
    if (code === 0x7b /* { */) {
      const close = findExpressionEnd(source, i);
      if (literal.length > 0) parts.push(literal.join(""));
      literal = [];
      for (const spec of compileExpression(source, i + 1, close, hyphenInNames)) {
        if (!seen.has(spec.name)) {
          seen.add(spec.name);
          variables.push(spec.name);
        }
        parts.push(spec);
      }
      i = close + 1;
    } else if (code === 0x25 /* % */) {
      if (!isHexDigit(source.charCodeAt(i + 1)) || !isHexDigit(source.charCodeAt(i + 2))) {
        fail(source, i, "a % in a literal must start a %XX escape");
      }
      literal.push(source.slice(i, i + 3));
      i += 3;
    } else if (isUriCharacter(code) && code !== 0x7d /* } */) {
      let end = i + 1;
      while (end < source.length && isUriCharacter(source.charCodeAt(end))) end++;
      literal.push(source.slice(i, end));
      i = end;
    } else if (code >= 0xa0 && code !== 0x7f) {
      // Non-ASCII literal text is allowed by RFC 6570 and sent as UTF-8 escapes.
      const width = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
      try {
        literal.push(encodeUnreserved(source.slice(i, i + width)));
      } catch {
        fail(source, i, "a literal holds a lone surrogate");
      }
      i += width;
    } else {
      fail(source, i, `the character ${JSON.stringify(source[i])} is not allowed in a URI template literal`);
    }
  }
  if (literal.length > 0) parts.push(literal.join(""));
  return compiledTemplate(source, parts, Object.freeze(variables));
}

/**
 * The one place a CompiledTemplate is made, so every template has the same object shape and its `parts` the same kind
 * of array: expansion is shared by parseTemplate() and endpoint(), and a second shape made every read there polymorphic
 * (measured: parseTemplate(t).expand(v) about 10% slower after endpoint() calls). `parts` is left unfrozen (the type
 * keeps it read-only, and it is not reachable from the public API): V8 reads the elements of a frozen array more slowly
 * (measured: 6-9%). `variables` is handed to users, so the caller freezes it.
 */
export function compiledTemplate(source: string, parts: (string | VarSpec)[], variables: readonly string[]): CompiledTemplate {
  let varspecs = 0;
  for (let i = 0; i < parts.length; i++) if (typeof parts[i] !== "string") varspecs++;
  return Object.freeze({ source, parts, variables, repeats: varspecs > variables.length });
}

function findExpressionEnd(source: string, open: number): number {
  for (let j = open + 1; j < source.length; j++) {
    const code = source.charCodeAt(j);
    if (code === 0x7d /* } */) return j;
    if (code === 0x7b /* { */) fail(source, j, "an expression opened with { is not closed before the next {");
  }
  return fail(source, open, "an expression opened with { is never closed");
}

/** The variables of the expression between `start` and `end`, the first one marked as opening it. */
function compileExpression(source: string, start: number, end: number, hyphenInNames: boolean): VarSpec[] {
  if (start === end) fail(source, start - 1, "an expression is empty");
  let operatorChar = source[start] as string;
  if (operatorChar in OPERATORS && operatorChar !== "") {
    start++;
  } else if ("=,!@|".includes(operatorChar)) {
    fail(source, start, `the operator ${JSON.stringify(operatorChar)} is reserved and not part of RFC 6570`);
  } else {
    operatorChar = "";
  }
  const operator = OPERATORS[operatorChar]!;
  const varspecs: VarSpec[] = [];
  let specStart = start;
  for (let j = start; j <= end; j++) {
    if (j === end || source.charCodeAt(j) === 0x2c /* , */) {
      varspecs.push(compileVarSpec(source, specStart, j, operator, varspecs.length === 0, hyphenInNames));
      specStart = j + 1;
    }
  }
  return varspecs;
}

function compileVarSpec(source: string, start: number, end: number, operator: Operator, opensExpression: boolean, hyphenInNames: boolean): VarSpec {
  let nameEnd = start;
  let expectVarchar = true;
  while (nameEnd < end) {
    const code = source.charCodeAt(nameEnd);
    if (isVarchar(code) || (code === 0x2d /* - */ && hyphenInNames && nameEnd > start)) {
      nameEnd++;
      expectVarchar = false;
    } else if (code === 0x25 /* % */) {
      if (!isHexDigit(source.charCodeAt(nameEnd + 1)) || !isHexDigit(source.charCodeAt(nameEnd + 2)) || nameEnd + 2 >= end) {
        fail(source, nameEnd, "a % in a variable name must start a %XX escape");
      }
      nameEnd += 3;
      expectVarchar = false;
    } else if (code === 0x2e /* . */ && !expectVarchar) {
      nameEnd++;
      expectVarchar = true;
    } else {
      break;
    }
  }
  if (nameEnd === start && start === end) fail(source, start, "a variable name is missing (an empty name between commas?)");
  if (nameEnd === start || !isModifierAt(source, nameEnd, end)) badNameCharacter(source, start, nameEnd, end, hyphenInNames);
  if (expectVarchar) fail(source, nameEnd - 1, "a variable name may not end with a dot or hold two dots in a row");
  const name = source.slice(start, nameEnd);
  let prefix = 0;
  let explode = false;
  if (nameEnd < end) {
    const modifier = source.charCodeAt(nameEnd);
    if (modifier === 0x2a /* * */ && nameEnd + 1 === end) {
      explode = true;
    } else {
      prefix = parsePrefix(source, nameEnd + 1, end);
    }
  }
  const named = operator.named ? `${name}=` : "";
  return Object.freeze({
    name,
    operator,
    opensExpression,
    prefix,
    explode,
    leadFirst: operator.first + named,
    leadNext: operator.separator + named,
    emptyFirst: operator.first + name + operator.ifEmpty,
    emptyNext: operator.separator + name + operator.ifEmpty,
  });
}

/** True when the variable name ending at `nameEnd` is followed by the end of its varspec, `:` or a final `*`. */
function isModifierAt(source: string, nameEnd: number, end: number): boolean {
  const code = source.charCodeAt(nameEnd);
  return nameEnd === end || code === 0x3a /* : */ || (code === 0x2a /* * */ && nameEnd + 1 === end);
}

/**
 * Fails on the character at `at` that a variable name may not hold, naming the whole name as written (up to its
 * modifier), not the valid part before the character: `{enterprise-team}` is about "enterprise-team", not "enterprise".
 */
function badNameCharacter(source: string, start: number, at: number, end: number, hyphenInNames: boolean): never {
  const name = source.slice(start, end).replace(/(.)(:.*|\*)$/, "$1");
  const hyphen = hyphenInNames ? ' or "-"' : "";
  fail(source, at, `the variable name ${quote(name)} holds ${JSON.stringify(source[at])}; a name holds letters, digits, "_", %XX escapes, and "."${hyphen} inside`);
}

function parsePrefix(source: string, start: number, end: number): number {
  const digits = source.slice(start, end);
  // RFC 6570 section 2.4.1: one to four digits, without a leading zero.
  if (!/^[1-9]\d{0,3}$/.test(digits)) fail(source, start, `a prefix must be a whole number from 1 to ${MAX_PREFIX}`);
  return Number(digits);
}

function isVarchar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

function fail(source: string, at: number, problem: string): never {
  throw new EndpointError("ERR_INVALID_TEMPLATE", `invalid URI template ${quote(source)} at character ${at + 1}: ${problem}`);
}
