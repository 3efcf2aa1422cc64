// RFC 9110 tokens: the grammar of HTTP methods and header names.

/** A non-empty run of tchar (RFC 9110 5.6.2): letters, digits and !#$%&'*+-.^_`|~. Anchored, one class. */
const TOKEN = /^[\w!#$%&'*+.^\x60|~-]+$/;

/** True when `text` is a non-empty RFC 9110 token. */
export function isToken(text: string): boolean {
  return TOKEN.test(text);
}

/**
 * A method as it is sent and named: uppercase when written lowercase, as endpoint() gives every method; one written in
 * another case (an OpenAPI 3.2 additionalOperations key, `Purge`) as written, a method of its own beside `PURGE`.
 */
export function methodAsSent(method: string): string {
  return method === method.toLowerCase() ? method.toUpperCase() : method;
}
