// HTTPie 3's request-item grammar, the part that maps onto a request builder.
import { parsePath, type PathStep } from "./nested.js";
import { show } from "./show.js";
import { UsageError } from "./usage-error.js";

/** Where a parameter's value comes from: the item's text, or a file named in it. */
export type ParameterValue =
  | { type: "string"; text: string }
  | { type: "json"; value: unknown }
  | { type: "string-file"; file: string }
  | { type: "json-file"; file: string }
  /** HTTPie's form file upload, `name@file` (`;type=` after the path gives its media type): a file part. */
  | { type: "upload"; file: string; mediaType: string };

/** One request item: a parameter (maybe nested), a header (undefined removes it) or the body from a file. */
export type Item =
  | { kind: "parameter"; name: string; path: readonly PathStep[]; value: ParameterValue }
  | { kind: "header"; name: string; value: string | undefined }
  | { kind: "body-file"; file: string };

// Every separator, longest first: at the same position the longer one wins (":=@" over ":=" over ":").
const SEPARATORS = [":=@", "==@", "=@", ":=", "==", "=", ":", ";", "@"] as const;
type Separator = (typeof SEPARATORS)[number];

// The characters a backslash makes literal. As in HTTPie, "\" before anything else stays as written,
// so Windows paths and regular expressions need no doubling. Names also escape "[", "]" and "\".
const SEPARATOR_CHARS = new Set([":", "=", "@", ";"]);

// Names that are request headers: `Authorization=Bearer x` is a header typed with "=", not a parameter.
const HEADER_NAMES = new Set([
  "accept", "accept-encoding", "accept-language", "authorization", "cache-control", "content-type",
  "content-length", "content-encoding", "cookie", "if-match", "if-none-match", "if-modified-since",
  "if-unmodified-since", "origin", "referer", "user-agent",
]);

/**
 * Reads one item: `name=value`, `name:=json`, `name=@file`, `name:=@file`, `Header:value`,
 * `Header:` (remove), `Header;` (empty value) or `@file` (the raw body). The separator that occurs
 * first wins, the longest at the same position, exactly like HTTPie: `q=repo:octocat` is a parameter
 * and `X-Note:a=b` a header. A backslash makes `:`, `=`, `@` or `;` literal.
 */
export function parseItem(text: string): Item {
  return readItem(text, false);
}

/**
 * parseItem with --openapi, where `name@file` is a file part of a multipart body, and an item is read by the
 * description first: a name in `described` (the route's path, query, cookie and querystring parameters and body
 * properties) is that parameter with "=", though it looks like a header (`origin=LON`).
 */
export function parseDescribedItem(text: string, described: ReadonlySet<string> = new Set()): Item {
  return readItem(text, true, described);
}

function readItem(text: string, uploads: boolean, described?: ReadonlySet<string>): Item {
  const found = split(text);
  if (found === undefined) {
    throw new UsageError(`${show(text)} is not an item: write name=value, name:=json, Header:value or @file`);
  }
  const { rawName, separator, rawValue } = found;
  const name = unescape(rawName, SEPARATOR_CHARS);
  const value = unescape(rawValue, SEPARATOR_CHARS);
  if (separator === "@") {
    if (rawName !== "" && uploads) return upload(text, rawName, name, value);
    if (rawName !== "") {
      throw new UsageError(
        `the item ${show(text)} is HTTPie's form file upload, which endpointkit builds only for a multipart/form-data body ` +
          `an OpenAPI description (--openapi) gives: write ${name}=@file for the file's text as a value, or @file for the raw body`,
      );
    }
    if (value === "") throw new UsageError(`the item "@" names no file: write @path/to/file`);
    return { kind: "body-file", file: value };
  }
  if (name === "" && separator !== "=" && separator !== ":=" && separator !== "=@" && separator !== ":=@") {
    throw new UsageError(`the item ${show(text)} has no name before ${JSON.stringify(separator)}`);
  }
  switch (separator) {
    case "==":
    case "==@":
      // HTTPie's `==` forces the query string; here the method decides (SPEC 2.2), so refuse it
      // rather than silently sending a value that starts with "=".
      throw new UsageError(
        `the item ${show(text)} uses HTTPie's "==": parameters go to the query or the body by method; ` +
          `write ${show(name)} with "=" (a value that starts with "=" is written name=\\=...)`,
      );
    case ":":
      // Whitespace around a field value is not part of it (RFC 9110 5.5). Nothing after the colon
      // removes the header, defaults included, as in HTTPie; `Name;` sends it empty.
      return { kind: "header", name, value: trimBlanks(value) === "" ? undefined : trimBlanks(value) };
    case ";":
      if (value !== "") {
        throw new UsageError(`the item ${show(text)} has text after ";": an empty header is written ${show(`${name};`)}, a header with a value ${show(`${name}:value`)}`);
      }
      return { kind: "header", name, value: "" };
    default:
      return parameter(text, rawName, name, separator, value, described);
  }
}

function parameter(text: string, rawName: string, name: string, separator: "=" | ":=" | "=@" | ":=@", value: string, described?: ReadonlySet<string>): Item {
  if (rawName === "") throw new UsageError(`the item ${show(text)} has no name before ${JSON.stringify(separator)}`);
  const path = parsePath(rawName, text);
  const first = path[0];
  const isDescribed = described !== undefined && first !== undefined && "key" in first && described.has(first.key);
  if ((separator === "=" || separator === "=@") && looksLikeHeader(name) && !isDescribed) {
    // The value is not repeated: it is often a token.
    throw new UsageError(
      `the item ${show(`${name}${separator}…`)} looks like a header written with "=": write ${show(`${name}:value`)}; ` +
        `for a parameter of that name, give a JSON string: ${name}:='"…"'`,
    );
  }
  if (separator === "=") return { kind: "parameter", name, path, value: { type: "string", text: value } };
  if (separator === ":=") return { kind: "parameter", name, path, value: { type: "json", value: parseJson(`the item ${show(text)} has invalid JSON after ":="`, value) } };
  if (value === "") throw new UsageError(`the item ${show(text)} names no file after ${JSON.stringify(separator)}`);
  return { kind: "parameter", name, path, value: separator === "=@" ? { type: "string-file", file: value } : { type: "json-file", file: value } };
}

/** `name@file` or `name@file;type=media/type`: a file part of a multipart body, named by one flat key. */
function upload(text: string, rawName: string, name: string, value: string): Item {
  const path = parsePath(rawName, text);
  if (path.length !== 1 || !("key" in path[0]!)) {
    throw new UsageError(`the file upload ${show(text)} has a nested name: a multipart body takes a file as one flat field`);
  }
  // HTTPie's `;type=` suffix, the last `;` of the item.
  const at = value.lastIndexOf(";type=");
  const typed = at !== -1 && !value.includes(";", at + 1);
  const file = typed ? value.slice(0, at) : value;
  if (file === "") throw new UsageError(`the item ${show(text)} names no file after "@"`);
  return { kind: "parameter", name, path, value: { type: "upload", file, mediaType: typed ? value.slice(at + ";type=".length) : "" } };
}

function looksLikeHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return HEADER_NAMES.has(lower) || /^x-[a-z0-9-]+$/.test(lower);
}

/** Parses the JSON of a `:=` item or a `:=@` file; `problem` starts the message. */
export function parseJson(problem: string, json: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${problem} (${show(reason)}); quote strings as in name:='"text"'`);
  }
  checkNumbers(json);
  return value;
}

/**
 * Refuses a JSON number that would not be sent as written. JSON.parse reads it into a JavaScript number and the request
 * writes that number back (the shortest text that reads as the same double); the rule is that the two texts denote the
 * same decimal value, exactly: `1.0`, `1e2`, `-0` and `0.1` pass (sent as `1`, `100`, `0`, `0.1`); `1e400` (sent as
 * null), `12345678901234567890`, `12345678901234567890.5`, `12345678901234567890e0` (all sent as 12345678901234567000),
 * `1e-400` (sent as 0) and `0.1000000000000000055511151231257827` (sent as 0.1) are refused. Number tokens are found
 * by one scan that skips strings (the text parsed already).
 */
function checkNumbers(json: string): void {
  for (let i = 0; i < json.length; i++) {
    const char = json[i]!;
    if (char === '"') {
      for (i++; i < json.length && json[i] !== '"'; i++) if (json[i] === "\\") i++;
      continue;
    }
    if (char !== "-" && (char < "0" || char > "9")) continue;
    let end = i + 1;
    while (end < json.length && "0123456789+-.eE".includes(json[end]!)) end++;
    const token = json.slice(i, end);
    const number = Number(token);
    if (!Number.isFinite(number) || decimalValue(token) !== decimalValue(String(number))) {
      const sent = Number.isFinite(number) ? String(number) : "null";
      throw new UsageError(`the JSON number ${show(token)} would be sent as ${sent} (JavaScript numbers hold 15 to 17 significant digits): quote it as a string`);
    }
    i = end - 1;
  }
}

/**
 * A number's text (JSON's grammar, or what String() writes for a finite number: `1e+21`, `1.5e-7`) as one canonical
 * form of its exact decimal value, `<sign><digits>e<exponent>` without leading or trailing zeros, or "0": two texts
 * get the same form exactly when they denote the same value. Linear in the text.
 */
export function decimalValue(text: string): string {
  let i = text[0] === "-" ? 1 : 0;
  const sign = i === 1 ? "-" : "";
  let digits = "";
  let exponent = 0;
  let fraction = false;
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (char === "e" || char === "E") break;
    if (char === ".") fraction = true;
    else {
      digits += char;
      if (fraction) exponent--;
    }
  }
  // An exponent past ±2^53 is read approximately; its number is Infinity or 0, refused before or written "0".
  if (i < text.length) exponent += Number(text.slice(i + 1));
  let start = 0;
  while (start < digits.length && digits[start] === "0") start++;
  let end = digits.length;
  while (end > start && digits[end - 1] === "0") end--;
  if (start === end) return "0";
  return `${sign}${digits.slice(start, end)}e${exponent + (digits.length - end)}`;
}

/**
 * Strips spaces and tabs at both ends. A loop, not /^[ \t]+|[ \t]+$/g: that regex retries `[ \t]+$` from every blank
 * of a run that does not end the text, which is quadratic (100,000 blanks inside a value took seconds).
 */
function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === " " || text[start] === "\t")) start++;
  while (end > start && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
  return text.slice(start, end);
}

/** Splits at the first unescaped separator; the name keeps its escapes for the nested-key reader. */
function split(text: string): { rawName: string; separator: Separator; rawValue: string } | undefined {
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") {
      i++;
      continue;
    }
    if (char !== ":" && char !== "=" && char !== "@" && char !== ";") continue;
    const separator = SEPARATORS.find((candidate) => text.startsWith(candidate, i)) as Separator;
    return { rawName: text.slice(0, i), separator, rawValue: text.slice(i + separator.length) };
  }
  return undefined;
}

/** Removes the backslash before each character of `special`; any other backslash stays. */
export function unescape(text: string, special: ReadonlySet<string>): string {
  if (!text.includes("\\")) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    const next = text[i + 1];
    if (char === "\\" && next !== undefined && special.has(next)) {
      out += next;
      i++;
    } else {
      out += char;
    }
  }
  return out;
}
