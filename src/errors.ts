import { methodAsSent } from "./token.js";

/** Every problem endpointkit reports on purpose, one stable code each. */
export type EndpointErrorCode =
  | "ERR_INVALID_ROUTE"
  | "ERR_INVALID_METHOD"
  | "ERR_URL_REQUIRED"
  | "ERR_INVALID_BASE_URL"
  | "ERR_INVALID_TEMPLATE"
  | "ERR_MISSING_PARAMETER"
  | "ERR_INVALID_HEADER"
  | "ERR_INVALID_PARAMETER"
  | "ERR_TOO_LARGE";

/** Longest message an EndpointError carries: caller text in it is cut, so a 1 MB input never makes a 1 MB message. */
const MAX_MESSAGE = 1000;
/** Longest piece of caller text (a quoted value, a route's method or url) a message shows. */
const MAX_QUOTED = 80;

/** The only error endpointkit throws for bad input: check `code`, show `message`. */
export class EndpointError extends Error {
  declare readonly code: EndpointErrorCode;
  /** The route the problem belongs to (`"GET /repos/{owner}"`), when there is one. */
  declare readonly route: string | undefined;

  constructor(code: EndpointErrorCode, problem: string, route?: string, cause?: unknown) {
    // Every message and route passes here, so this is the one place that keeps caller text from injecting log lines or
    // terminal escapes, whichever path built the message; escapes can make it longer, so it is cut again.
    super(cut(escapeControls(cut(route === undefined ? problem : `${route}: ${problem}`, MAX_MESSAGE)), MAX_MESSAGE), cause === undefined ? undefined : { cause });
    this.name = "EndpointError";
    this.code = code;
    this.route = route && escapeControls(route);
    made.add(this);
  }
}

/**
 * Every EndpointError this library made. A caller's getter may throw anything, including an object whose prototype is
 * EndpointError.prototype (which passes `instanceof`) or a proxy whose getPrototypeOf trap throws (which makes
 * `instanceof` throw): membership here is the one test that is both true to the brand and free of caller code.
 */
const made = /* @__PURE__ */ new WeakSet<object>();

/** True only for an EndpointError this library constructed (see `made`); never runs caller code. */
export function isEndpointError(value: unknown): value is EndpointError {
  // WeakSet.has answers false for a primitive, without throwing.
  return made.has(value as object);
}

/** Quotes user text for an error message, cut short so a 100 kB input gives a readable message. */
export function quote(text: string): string {
  // JSON.stringify escapes quotes, backslashes, C0 controls and lone surrogates; EndpointError the rest.
  return JSON.stringify(cut(text, MAX_QUOTED));
}

/** `text` cut to `max` characters, with its length said. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never between the two halves of a surrogate pair: the high half left would be a lone surrogate, and the cut after
  // escaping (EndpointError) has no later escape to catch it.
  const end = text.charCodeAt(max - 1) >> 10 === 0xd800 >> 10 ? max - 1 : max;
  return `${text.slice(0, end)}…(${text.length} characters)`;
}

/**
 * `text` with every character no message may carry as it is written `\uNNNN`: C0 and C1 control characters, DEL,
 * U+2028/9 and lone surrogates (with the u flag a surrogate pair is one character, outside the class). No CR, LF, ESC
 * or BEL of the caller's reaches a log or a terminal.
 */
function escapeControls(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]/gu, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Names a route for error messages: method and URL, each cut short (EndpointError escapes them). */
export function describeRoute(method: unknown, url: unknown): string {
  const shownUrl = typeof url === "string" ? cut(url, MAX_QUOTED) : "(no url)";
  return typeof method === "string" && method ? `${cut(methodAsSent(method), MAX_QUOTED)} ${shownUrl}` : shownUrl;
}

/**
 * Re-throws what was raised below the route level as an EndpointError with the route named in its message: a caller's
 * getter or proxy that threw is named by its route too, not only by the entry point (asEndpointError).
 */
export function withRoute(error: unknown, route: string): never {
  const endpointError = asEndpointError(error);
  if (endpointError.route === undefined) {
    throw new EndpointError(endpointError.code, endpointError.message, route, endpointError.cause);
  }
  throw endpointError;
}

/**
 * The error a public entry point throws for `error`, anything its work on caller data raised: an EndpointError as it
 * is; anything else (a getter's or a revoked proxy's TypeError, a RangeError from a string past the engine's maximum
 * length or a stack overflow) becomes an EndpointError whose `cause` is the original.
 */
export function asEndpointError(error: unknown, where?: string): EndpointError {
  if (isEndpointError(error)) return error;
  const text = thrownText(error);
  const tooLarge = isInstance(error, RangeError);
  const problem = tooLarge ? "the input is too large to build a request from" : "reading the input failed";
  const message = `${where === undefined ? "" : `${where}: `}${problem} (${cut(text, MAX_QUOTED)})`;
  return new EndpointError(tooLarge ? "ERR_TOO_LARGE" : "ERR_INVALID_PARAMETER", message, undefined, error);
}

/**
 * `name: message` of something a caller's code threw, for a message: anything but an Error with string name and message
 * is named by its type. Whatever reading it throws (a getter, a revoked proxy) gives a neutral text instead.
 */
export function thrownText(error: unknown): string {
  try {
    if (!isInstance(error, Error)) return typeof error;
    const { name, message } = error as Error;
    return typeof name === "string" && typeof message === "string" ? `${name}: ${message}` : "an Error";
  } catch {
    return "an unreadable error";
  }
}

/** `instanceof` that cannot throw: a proxy's getPrototypeOf trap may, and a revoked proxy does. */
export function isInstance(value: unknown, type: abstract new (...args: never[]) => unknown): boolean {
  try {
    return value instanceof type;
  } catch {
    return false;
  }
}

/** `run` as a public entry point: whatever it throws leaves as an EndpointError (asEndpointError). */
export function guarded<A extends unknown[], R>(where: string, run: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    try {
      return run(...args);
    } catch (error) {
      throw asEndpointError(error, where);
    }
  };
}
