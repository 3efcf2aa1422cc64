// RFC 9110 tokens: the grammar of HTTP methods and header names.

/** A non-empty run of tchar (RFC 9110 5.6.2): letters, digits and !#$%&'*+-.^_`|~. Anchored, one class. */
const TOKEN = /^[\w!#$%&'*+.^\x60|~-]+$/;

/** True when `text` is a non-empty RFC 9110 token. */
export function isToken(text: string): boolean {
  return TOKEN.test(text);
}
