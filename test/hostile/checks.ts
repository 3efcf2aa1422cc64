// What a clean outcome is: a well-formed result, or an EndpointError with a known code. Shared by the hostile suite.
import { expect } from "vitest";
import { EndpointError, type EndpointErrorCode } from "../../src/index.js";

/** Every code endpointkit documents; `satisfies` makes the type checker flag a code added to errors.ts but not here. */
const CODES = {
  ERR_INVALID_ROUTE: true,
  ERR_INVALID_METHOD: true,
  ERR_URL_REQUIRED: true,
  ERR_INVALID_BASE_URL: true,
  ERR_INVALID_TEMPLATE: true,
  ERR_MISSING_PARAMETER: true,
  ERR_INVALID_HEADER: true,
  ERR_INVALID_PARAMETER: true,
  ERR_TOO_LARGE: true,
} satisfies Record<EndpointErrorCode, true>;

export const KNOWN_CODES: ReadonlySet<string> = new Set(Object.keys(CODES));

/** Longest error message accepted: user text is quoted cut short, so a 100 kB input never makes a 100 kB message. */
const MAX_MESSAGE = 4096;

/** Runs `call`; returns its result, or undefined after checking that what it threw is a proper EndpointError. */
export function outcome<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch (error) {
    if (!(error instanceof EndpointError)) {
      throw new Error(`something other than an EndpointError escaped: ${String(error)}`, { cause: error });
    }
    expect(error).toBeInstanceOf(Error);
    expect(KNOWN_CODES.has(error.code), `unknown code ${error.code}`).toBe(true);
    expect(error.name).toBe("EndpointError");
    expect(typeof error.message).toBe("string");
    expect(error.message.length).toBeLessThan(MAX_MESSAGE);
    // No CR, LF, ESC, BEL or other control character of the caller's reaches a log line or a terminal.
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    return undefined;
  }
}

// RFC 9110 token, lowercase only.
const LOWER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
// CR, LF or NUL: what would split a header line.
const INJECTION = /[\r\n\0]/;
// ASCII control characters and space: what would split a request line.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;

const RESULT_KEYS = new Set(["method", "url", "headers", "body", "request"]);
const BODY_METHODS = new Set(["post", "put", "patch", "delete"]);

/** The length of a leading `scheme:`, or 0 (same rule as DECISIONS.md). */
export function hasScheme(url: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url);
}

function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}

/** Checks the header object of a result or of merged options: lowercase token names, safe values. */
export function checkHeaders(headers: unknown, valuesChecked: boolean): void {
  expect(typeof headers).toBe("object");
  expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
  const record = headers as Record<string, unknown>;
  for (const name of Reflect.ownKeys(record)) {
    expect(typeof name).toBe("string");
    expect(name as string).toMatch(LOWER_TOKEN);
    if (!valuesChecked) continue;
    const value = record[name as string];
    if (typeof value === "number") {
      expect(Number.isFinite(value)).toBe(true);
    } else {
      expect(typeof value).toBe("string");
      expect(INJECTION.test(value as string), `header ${String(name)} holds CR, LF or NUL`).toBe(false);
    }
  }
}

/**
 * Checks request options from endpoint()/parse(). `template` and `baseUrl` are what parse() saw, so a URL that was
 * joined to baseUrl can be recognised and parsed with new URL().
 */
export function checkRequestOptions(result: unknown, template: unknown, baseUrl: unknown): void {
  expect(typeof result).toBe("object");
  expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  const options = result as Record<string, unknown>;
  for (const key of Reflect.ownKeys(options)) expect(RESULT_KEYS.has(key as string), `unexpected key ${String(key)}`).toBe(true);
  const { method, url } = options;
  expect(typeof method).toBe("string");
  expect(method as string).toMatch(LOWER_TOKEN);
  expect(typeof url).toBe("string");
  expect(CONTROL_OR_SPACE.test(url as string), `url ${JSON.stringify(url)} holds a control character or space`).toBe(false);
  checkHeaders(options.headers, true);
  if ("body" in options) expect(BODY_METHODS.has(method as string), `a ${String(method)} request has a body`).toBe(true);
  if (typeof template !== "string" || typeof baseUrl !== "string") return;
  // A URL is either absolute as it stands or joined to baseUrl, which is absolute: either way it has a scheme.
  expect(hasScheme(url as string), `${String(url)} has no scheme`).toBe(true);
  const prefix = `${trimTrailingSlashes(baseUrl)}/`;
  // The scheme rule applies to the expanded URL, so "repo{;a}:0" with no `a` becomes the absolute "repo:0". Only a
  // template that starts with "/", or has neither a colon nor a reserved expansion ({+x}), is certain to be joined.
  const mustJoin = template.startsWith("/") || (!template.includes(":") && !template.includes("{+"));
  if (mustJoin) expect((url as string).startsWith(prefix), `${String(url)} is not joined to ${baseUrl}`).toBe(true);
  if (mustJoin || (url as string).startsWith(prefix)) {
    expect(() => new URL(url as string), `${String(url)} does not parse`).not.toThrow();
  }
}

/** Checks merged options from merge(): plain objects with the right prototypes and lowercase token header names. */
export function checkMerged(merged: unknown): void {
  expect(typeof merged).toBe("object");
  expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  const record = merged as Record<string, unknown>;
  checkHeaders(record.headers, false);
  if (record.mediaType !== undefined) expect(Object.getPrototypeOf(record.mediaType)).toBe(Object.prototype);
}

/** Freezes a value and everything reachable through its own properties (typed arrays with elements cannot be frozen). */
export function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if ((typeof value !== "object" && typeof value !== "function") || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor && "value" in descriptor) deepFreeze(descriptor.value, seen);
  }
  if (value instanceof Map) for (const [key, item] of value) (deepFreeze(key, seen), deepFreeze(item, seen));
  if (value instanceof Set) for (const item of value) deepFreeze(item, seen);
  if (!ArrayBuffer.isView(value) || (value as unknown as { length?: number }).length === 0) Object.freeze(value);
  return value;
}

/** A picture of the built-in prototypes that pollution would change. */
export function prototypeSnapshot(): string {
  const prototypes = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
  return JSON.stringify(
    Object.entries(prototypes).map(([name, prototype]) => [
      name,
      Reflect.ownKeys(prototype).map(String).sort(),
      String(Object.getPrototypeOf(prototype)),
    ]),
  );
}

/**
 * A canonical text of a value, for "unchanged" checks (`asCloned` to compare with a structuredClone): own keys in order, array holes, Map and Set entries, typed
 * arrays, boxed primitives, -0 and invalid Dates all show. (toStrictEqual is fooled by an own `constructor` key, and
 * util.isDeepStrictEqual calls two invalid Dates different.)
 */
export function canonical(value: unknown, asCloned = false, seen: Map<unknown, number> = new Map()): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "bigint":
      return `${value}n`;
    case "undefined":
    case "boolean":
      return String(value);
    case "symbol":
      return `Symbol(${value.description ?? ""})`;
    case "function":
      return `function ${value.name}`;
  }
  if (value === null) return "null";
  const object = value as object;
  if (seen.has(object)) return `<cycle ${seen.get(object)}>`;
  seen.set(object, seen.size);
  try {
    if (object instanceof Date) return `Date(${object.getTime()})`;
    if (object instanceof Number || object instanceof String || object instanceof Boolean || object instanceof BigInt) {
      return `Boxed(${canonical(object.valueOf(), asCloned, seen)})`;
    }
    if (ArrayBuffer.isView(object)) return `${object.constructor.name}[${Array.from(object as unknown as ArrayLike<number>).join(",")}]`;
    if (object instanceof Map) return `Map{${[...object].map(([k, v]) => `${canonical(k, asCloned, seen)}=>${canonical(v, asCloned, seen)}`).join(",")}}`;
    if (object instanceof Set) return `Set{${[...object].map((item) => canonical(item, asCloned, seen)).join(",")}}`;
    const prototype: unknown = Object.getPrototypeOf(object);
    // structuredClone gives every plain object Object.prototype: `asCloned` shows a null prototype as it would.
    const plain = prototype === Object.prototype || (asCloned && prototype === null);
    const kind = Array.isArray(object) ? "Array" : plain ? "" : prototype === null ? "Null" : "Other";
    const record = object as Record<string, unknown>;
    const keys = Reflect.ownKeys(record).filter((key) => key !== "length" || !Array.isArray(object));
    const parts = keys.map((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(record, key)!;
      const shown = "value" in descriptor ? canonical(descriptor.value, asCloned, seen) : "<accessor>";
      return `${String(key)}${descriptor.enumerable ? "" : "(hidden)"}:${shown}`;
    });
    const length = Array.isArray(object) ? `#${object.length}` : "";
    return `${kind}${length}{${parts.join(",")}}`;
  } finally {
    seen.delete(object);
  }
}
