// Turns template text into the plain data of syntax.ts in one left-to-right scan: linear time, and no regular
// expression runs on more than one varspec (a character of a name, a prefix, or the varspec a message names).
import { EndpointError, quote } from "../errors.js";
import { encodeReserved, isHexDigit, isUriCharacter } from "./encode.js";
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
  const hyphenInNames = options?.hyphenInNames === true;
  let i = 0;
  while (i < source.length) {
    if (source[i] === "{") {
      i = compileExpression(source, i, hyphenInNames, parts);
    } else {
      // A literal is sliced whole (a string grown one character at a time is a rope of one node per character, ~30
      // times the size of the text, and the compiled template is cached), and encoded at once: encodeReserved keeps
      // the characters checkLiteral lets through and %XX, and writes non-ASCII text as UTF-8 escapes.
      const end = checkLiteral(source, i);
      parts.push(encodeReserved(source.slice(i, end)));
      i = end;
    }
  }
  // A Set keeps its first insertion of each name, in order: the variables in order of first appearance.
  const variables = new Set<string>();
  for (const part of parts) if (typeof part !== "string") variables.add(part.name);
  return compiledTemplate(source, parts, Object.freeze([...variables]));
}

/**
 * Checks the literal text from `start` and returns where it ends (at the next "{" or the end): characters RFC 3986
 * allows in a URI, %XX escapes, and non-ASCII text (RFC 6570 allows it, and it is sent as UTF-8) but no lone
 * surrogate, which has no UTF-8 form.
 */
function checkLiteral(source: string, start: number): number {
  let i = start;
  while (i < source.length && source[i] !== "{") {
    const code = source.charCodeAt(i);
    if (isUriCharacter(code) || (code >= 0xa0 && (code < 0xd800 || code > 0xdfff))) {
      i++;
    } else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(source.charCodeAt(i + 1))) {
      i += 2;
    } else if (code === 0x25 /* % */ && isHexDigit(source.charCodeAt(i + 1)) && isHexDigit(source.charCodeAt(i + 2))) {
      i += 3;
    } else {
      // A lone %, other ASCII characters, C1 controls, and a lone surrogate (which fail() shows escaped).
      fail(source, i, code === 0x25 ? "a % must start a %XX escape" : "not allowed in a literal");
    }
  }
  return i;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
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

/**
 * Appends to `parts` the varspecs of the expression whose "{" is at `open`, the first one marked as opening it, and
 * returns the index after its "}".
 */
function compileExpression(source: string, open: number, hyphenInNames: boolean, parts: (string | VarSpec)[]): number {
  let close = open + 1;
  while (source[close] !== "}") {
    if (close === source.length) fail(source, open, "this { is never closed");
    if (source[close] === "{") fail(source, close, "the { before it is not closed");
    close++;
  }
  let start = open + 1;
  const operatorChar = source[start]!;
  let operator = OPERATORS[""]!;
  // Tested against the text, never looked up first: a polluted Object.prototype cannot add an operator.
  if ("+#./;?&".includes(operatorChar)) {
    operator = OPERATORS[operatorChar]!;
    start++;
  } else if ("=,!@|".includes(operatorChar)) {
    fail(source, start, "a reserved operator");
  } else if (start === close) {
    fail(source, open, "an expression is empty");
  }
  let specStart = start;
  for (let j = start; j <= close; j++) {
    if (j === close || source[j] === ",") {
      parts.push(compileVarSpec(source, specStart, j, operator, specStart === start, hyphenInNames));
      specStart = j + 1;
    }
  }
  return close + 1;
}

function compileVarSpec(source: string, start: number, end: number, operator: Operator, opensExpression: boolean, hyphenInNames: boolean): VarSpec {
  if (start === end) fail(source, start, "a variable name is missing");
  // The name: varchars (letters, digits, "_", %XX), and "." between two of them or "-" inside (OpenAPI) when asked. The
  // character at `end` ("," or "}") is none of these, so the scan stops there at the latest.
  let nameEnd = start;
  for (;;) {
    const code = source.charCodeAt(nameEnd);
    const inside = nameEnd > start;
    if (isVarchar(code) || (inside && ((code === 0x2d /* - */ && hyphenInNames) || (code === 0x2e /* . */ && source[nameEnd - 1] !== ".")))) {
      nameEnd++;
    } else if (code === 0x25 /* % */ && isHexDigit(source.charCodeAt(nameEnd + 1)) && isHexDigit(source.charCodeAt(nameEnd + 2))) {
      nameEnd += 3;
    } else {
      break;
    }
  }
  // What follows the name: nothing, a final "*", or ":" and a prefix.
  const explode = source[nameEnd] === "*" && nameEnd + 1 === end;
  const hasPrefix = source[nameEnd] === ":";
  if (nameEnd === start || !(nameEnd === end || explode || hasPrefix)) badName(source, start, nameEnd, end, hyphenInNames);
  // A name ends with a varchar: a final "." is the character it may not hold.
  if (source[nameEnd - 1] === ".") badName(source, start, nameEnd - 1, end, hyphenInNames);
  const name = source.slice(start, nameEnd);
  const named = operator.named ? `${name}=` : "";
  return Object.freeze({
    name,
    operator,
    opensExpression,
    prefix: hasPrefix ? parsePrefix(source, nameEnd + 1, end) : 0,
    explode,
    leadFirst: operator.first + named,
    leadNext: operator.separator + named,
    emptyFirst: operator.first + name + operator.ifEmpty,
    emptyNext: operator.separator + name + operator.ifEmpty,
  });
}

/**
 * Fails on the character at `at` that a variable name may not hold, naming the whole name as written (up to its
 * modifier), not the valid part before the character: `{enterprise-team}` is about "enterprise-team", not "enterprise".
 */
function badName(source: string, start: number, at: number, end: number, hyphenInNames: boolean): never {
  // Cut at the modifier by search, not by a regular expression: `/(.)(:.*|\*)$/` backtracks from every ":" to a line
  // break, which took 11 s on `{a-` + 100,000 ":" + U+2028.
  const written = source.slice(start, end);
  const colon = written.indexOf(":", 1);
  const name = colon !== -1 ? written.slice(0, colon) : written.length > 1 && written.endsWith("*") ? written.slice(0, -1) : written;
  const hyphen = hyphenInNames ? ', "-"' : "";
  fail(source, at, `the variable name ${quote(name)} may hold only letters, digits, "_", %XX${hyphen} and "." between them`);
}

function parsePrefix(source: string, start: number, end: number): number {
  const digits = source.slice(start, end);
  // RFC 6570 section 2.4.1: one to four digits, without a leading zero.
  if (!/^[1-9]\d{0,3}$/.test(digits)) fail(source, start, `a prefix must be from 1 to ${MAX_PREFIX}`);
  return Number(digits);
}

/** Letters, digits and "_" (RFC 6570 varchar, but for %XX). */
function isVarchar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

/** Throws ERR_INVALID_TEMPLATE naming the template, the position and the character there, and the problem. */
function fail(source: string, at: number, problem: string): never {
  throw new EndpointError("ERR_INVALID_TEMPLATE", `invalid URI template ${quote(source)} at character ${at + 1} (${JSON.stringify(source[at])}): ${problem}`);
}
