// OpenAPI path templating as the route table carries it (DECISIONS "Described routes"): `{name}` where the name is any
// text without braces, and every other character literal text, `:name` included. The core compiles a described
// route's path as an RFC 6570 template, so the table gives each entry whose path would read otherwise a `path` the
// core reads literally:
// - in literal text (`:name` included: the core reads a described path without GitHub's `:name` placeholders), each
//   character RFC 6570 forbids in a literal (space, `"<>\^`|`, controls, a brace of no placeholder, a "%" of no %XX)
//   is written %XX;
// - a placeholder whose name is no RFC 6570 variable name (`{insight_id:}`, `{.format}`) becomes a variable whose name
//   is the parameter's name with each character other than a letter, a digit, "_" or an inner "-" written as its
//   UTF-8 %XX (`{insight_id%3A}`, `{%2Eformat}`). decodeURIComponent() of the variable gives the parameter's name
//   back, and no two names give one variable (a "%" of a name is written %25).
// A placeholder that no path parameter names exactly but that is an RFC 6570 expression (Google's `{+name}`, whose
// parameter is `name`) stays as the description writes it.

/** A name RFC 6570 (with OpenAPI's inner hyphens, as the core reads them) takes as it is. */
const PLAIN_NAME = /^[A-Za-z0-9_][\w-]*$/;
/** An RFC 6570 expression as descriptions write one themselves: an operator, a plain name, an explode. */
const EXPRESSION = /^[+#./;?&]?[A-Za-z0-9_][\w-]*\*?$/;
/** What the core would read in a literal: a ":name" placeholder, or a character RFC 6570 refuses there. */
const NOT_LITERAL = /[\x00-\x20"<>\\^`{|}\x7f-\x9f]|%(?![\dA-Fa-f]{2})/g;

/**
 * The path of a table entry as the core must compile it, given the names of the operation's path parameters; the same
 * string when the description's path reads the same way already (the usual case: the entry then carries none).
 */
export function templatePath(path: string, pathParameters: ReadonlySet<string>): string {
  if (!/[{}\s"<>\\^`|%\x00-\x1f\x7f-\x9f]/.test(path)) return path;
  return path.replace(/\{([^{}]*)\}|[^{}]+|[{}]/g, (piece, name: string | undefined) => {
    if (name === undefined) return piece.replace(NOT_LITERAL, escapeCharacter);
    if (name === "" || (!pathParameters.has(name) && EXPRESSION.test(name))) return piece;
    return `{${variableName(name)}}`;
  });
}

/** A parameter name as an RFC 6570 variable name that decodeURIComponent() turns back into it. */
export function variableName(name: string): string {
  if (PLAIN_NAME.test(name)) return name;
  let variable = "";
  let i = 0;
  for (const character of name) {
    variable += /\w/.test(character) || (character === "-" && i > 0) ? character : escapeCharacter(character);
    i++;
  }
  return variable;
}

/** A character as its UTF-8 %XX escapes (a lone surrogate as U+FFFD's, which no well-formed name holds). */
function escapeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (character.length === 1 && code < 0x80) return `%${code < 16 ? "0" : ""}${code.toString(16).toUpperCase()}`;
  try {
    return encodeURIComponent(character);
  } catch {
    return "%EF%BF%BD";
  }
}
