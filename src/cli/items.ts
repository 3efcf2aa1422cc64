// HTTPie's request-item syntax, the subset that maps onto endpoint() options.
import { UsageError } from "./usage-error.js";

/** One request item: a string parameter, a JSON-valued parameter or a header. */
export type Item =
  | { kind: "parameter"; name: string; value: string }
  | { kind: "json"; name: string; value: unknown }
  | { kind: "header"; name: string; value: string };

// The characters a backslash can escape; as in HTTPie, `\` before anything else stays as written,
// so Windows paths and regular expressions in values need no doubling.
const SPECIAL = new Set([":", "="]);

/**
 * Reads `name=value`, `name:=json` or `Header:value`. The separator that occurs first wins and,
 * at the same position, the longer one (`:=` over `:`), exactly like HTTPie: so `q=repo:octocat`
 * is a parameter and `X-Note:a=b` a header. `\:` and `\=` are literal characters, never separators.
 */
export function parseItem(text: string): Item {
  const { name, separator, value } = split(text);
  if (separator === undefined) {
    throw new UsageError(`${show(text)} is not an item: write name=value, name:=json or Header-Name:value`);
  }
  if (name === "") throw new UsageError(`the item ${show(text)} has no name before ${JSON.stringify(separator)}`);
  if (separator === "==") {
    // HTTPie's `==` forces the query string; here the method decides (SPEC 2.2), so refuse it
    // rather than silently sending a value that starts with "=".
    throw new UsageError(
      `the item ${show(text)} uses HTTPie's "==": parameters go to the query or the body by method; ` +
        `write ${name}=value (a value that starts with "=" is written ${name}=\\=...)`,
    );
  }
  // Whitespace around a field value is not part of it (RFC 9110 5.5); "Name: value" is how
  // headers are usually copied from documentation.
  if (separator === ":") return { kind: "header", name, value: trimBlanks(value) };
  if (separator === "=") return { kind: "parameter", name, value };
  return { kind: "json", name, value: parseJson(text, value) };
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

type Separator = ":=" | "==" | "=" | ":";

/** Splits at the first unescaped separator, removing the escapes on both sides. */
function split(text: string): { name: string; separator: Separator | undefined; value: string } {
  let name = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (char === "\\") {
      const next = text[i + 1] ?? "";
      name += SPECIAL.has(next) ? next : char + next;
      i++;
      continue;
    }
    if (char === ":" || char === "=") {
      const separator: Separator = text[i + 1] === "=" ? (char === ":" ? ":=" : "==") : char;
      return { name, separator, value: unescape(text.slice(i + separator.length)) };
    }
    name += char;
  }
  return { name, separator: undefined, value: "" };
}

function unescape(text: string): string {
  return text.replace(/\\([\s\S]?)/g, (match, next: string) => (SPECIAL.has(next) ? next : match));
}

function parseJson(item: string, json: string): unknown {
  try {
    return JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`the item ${show(item)} has invalid JSON after ":=" (${reason}); quote strings as in name:='"text"'`);
  }
}

const MAX_SHOWN = 60;

function show(text: string): string {
  return JSON.stringify(text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);
}
