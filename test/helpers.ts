// Shared helpers for the test files; not a test file itself.
import { endpoint, EndpointError, type Endpoint, type EndpointDefaults, type EndpointErrorCode, type MergedOptions, type RequestOptions } from "../src/index.js";

/** Runs `action` and returns the EndpointError it throws; fails when it throws anything else or nothing. */
export function endpointErrorOf(action: () => unknown): EndpointError {
  try {
    action();
  } catch (error) {
    if (error instanceof EndpointError) return error;
    throw new Error(`expected an EndpointError, got ${String(error)}`, { cause: error });
  }
  throw new Error("expected an EndpointError, but nothing was thrown");
}

/** Asserts that `action` throws an EndpointError with `code`, and returns it for further checks. */
/** What a call gives: its result, or `{ code }` of the EndpointError it throws (anything else fails the test). */
export function settle(work: () => unknown): unknown {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof EndpointError)) throw new Error(`not an EndpointError: ${String(error)}`, { cause: error });
    return { code: error.code };
  }
}

export function expectEndpointError(action: () => unknown, code: EndpointErrorCode): EndpointError {
  const error = endpointErrorOf(action);
  if (error.code !== code) throw new Error(`expected ${code}, got ${error.code}: ${error.message}`);
  return error;
}

/** Freezes an object graph at every depth, so any attempt to change it throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** A structured copy made before a call, to compare the input with after it. */
export function snapshotOf<T>(value: T): T {
  return structuredClone(value);
}

/**
 * The endpoint function without its compile-time route checks, for tests that pass what the types
 * rightly refuse (a missing placeholder, a bad route) to see what happens at run time.
 */
export interface LooseEndpoint {
  (route?: unknown, options?: unknown): RequestOptions;
  merge(route?: unknown, options?: unknown): MergedOptions;
  defaults(options: unknown): LooseEndpoint;
  parse(options: unknown): RequestOptions;
  readonly DEFAULTS: EndpointDefaults;
}

/** Loosens the types of an endpoint function (see LooseEndpoint). */
export function loosen(target: Endpoint): LooseEndpoint {
  return target as unknown as LooseEndpoint;
}

export const loose: LooseEndpoint = loosen(endpoint);
