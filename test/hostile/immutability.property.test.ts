// Inputs are never mutated: deep-frozen inputs work, and every input comes out equal to a structuredClone taken
// before. Results and DEFAULTS share nothing the library keeps: changing them changes no later answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint, type EndpointOptions, type MergedOptions } from "../../src/index.js";
import { clonableValue, oneHostileSlot, options, plausibleOptions, plausibleRoute, route, routeAndOptions } from "./arbitraries.js";
import { canonical, deepFreeze, outcome } from "./checks.js";

const RUNS = 700;
const BASE_DEFAULTS = canonical(endpoint.DEFAULTS);

type Call = (route: unknown, options?: unknown) => unknown;

/** Runs every entry point on the inputs: endpoint, merge, parse, defaults and what defaults returns. */
function useEverywhere(first: unknown, second: unknown, defaults: unknown): void {
  const args = (second === undefined ? [first] : [first, second]) as [unknown, unknown?];
  outcome(() => (endpoint as unknown as Call)(...args));
  outcome(() => (endpoint.merge as unknown as Call)(...args));
  outcome(() => endpoint.parse(first as MergedOptions));
  outcome(() => endpoint.parse(second as MergedOptions));
  const withDefaults = outcome(() => endpoint.defaults(defaults as EndpointOptions));
  if (withDefaults === undefined) return;
  outcome(() => (withDefaults as unknown as Call)(...args));
  outcome(() => (withDefaults.merge as unknown as Call)(...args));
  outcome(() => withDefaults.DEFAULTS);
  const cascaded = outcome(() => withDefaults.defaults(second as EndpointOptions));
  if (cascaded !== undefined) outcome(() => (cascaded as unknown as Call)(first));
}

/** Changes every plain object and array reachable from `value`: overwrites each key and adds one. */
function scribble(value: unknown, seen = new Set<unknown>()): void {
  if (typeof value !== "object" || value === null || seen.has(value) || Object.isFrozen(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) scribble(item, seen);
    value.push("scribbled");
    return;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    scribble(record[key], seen);
    if (typeof record[key] !== "object") record[key] = "scribbled";
  }
  record.scribbled = "yes";
}

const inputs = fc.tuple(routeAndOptions(clonableValue), fc.oneof(oneHostileSlot(clonableValue), options(clonableValue)));

describe("inputs are never mutated", () => {
  it("every input comes out equal to a structuredClone taken before the calls", () => {
    fc.assert(
      fc.property(inputs, ([[first, second], defaults]) => {
        const all = [first, second, defaults];
        const before = canonical(all);
        const clone = structuredClone(all);
        useEverywhere(first, second, defaults);
        expect(canonical(all)).toBe(before);
        expect(canonical(all, true)).toBe(canonical(clone, true));
      }),
      { numRuns: RUNS },
    );
  });

  it("deep-frozen inputs give the same answers as unfrozen copies, and stay unchanged", () => {
    fc.assert(
      fc.property(inputs, ([[first, second], defaults]) => {
        const all = [first, second, defaults];
        const before = canonical(all);
        const clone = structuredClone(all);
        const [thawedFirst, thawedSecond] = structuredClone([first, second]);
        deepFreeze(all);
        useEverywhere(first, second, defaults);
        expect(canonical(all)).toBe(before);
        expect(canonical(all, true)).toBe(canonical(clone, true));
        // Same answer frozen or not (compared as clones, so `request` identity does not matter).
        const frozenArgs = (second === undefined ? [first] : [first, second]) as [unknown, unknown?];
        const thawedArgs = (second === undefined ? [thawedFirst] : [thawedFirst, thawedSecond]) as [unknown, unknown?];
        const frozenAnswer = answer(() => (endpoint as unknown as Call)(...frozenArgs));
        const thawedAnswer = answer(() => (endpoint as unknown as Call)(...thawedArgs));
        expect(frozenAnswer).toBe(thawedAnswer);
      }),
      { numRuns: RUNS },
    );
  });
});

/** A comparable picture of what a call did: its result, or its error code. */
function answer(work: () => unknown): string {
  try {
    return `result ${canonical(work(), true)}`;
  } catch (error) {
    outcome(() => {
      throw error;
    });
    return `error ${(error as { code: string }).code}`;
  }
}

describe("results and DEFAULTS are the caller's to change", () => {
  it("changing a result, deeply, changes no later result", () => {
    fc.assert(
      fc.property(plausibleRoute, plausibleOptions, (first, second) => {
        const call = () => (endpoint as unknown as Call)(first, second) as Record<string, unknown> | undefined;
        const result = outcome(call);
        if (result === undefined) return;
        const { request, body, ...own } = result;
        const before = canonical(own);
        scribble(own.headers);
        (own.headers as Record<string, unknown>).accept = "scribbled";
        const { request: _request, body: _body, ...ownAgain } = call()!;
        expect(canonical(ownAgain)).toBe(before);
        // `request` and `body` are the caller's own objects (or built from them): theirs to change, and nothing kept.
        scribble(request);
        scribble(body);
        expect(canonical(call())).toBe(canonical(call()));
      }),
      { numRuns: RUNS },
    );
  });

  it("changing DEFAULTS, or merged options, deeply, changes nothing the endpoint does later", () => {
    fc.assert(
      fc.property(plausibleOptions, plausibleRoute, (defaults, first) => {
        const target = outcome(() => endpoint.defaults(defaults as EndpointOptions));
        if (target === undefined) return;
        const defaultsBefore = canonical(target.DEFAULTS);
        const answerBefore = answer(() => (target as unknown as Call)(first));
        scribble(target.DEFAULTS);
        const shown = target.DEFAULTS as Record<string, unknown>;
        scribble(shown);
        shown.method = "DELETE";
        shown.baseUrl = "https://evil.example";
        // merge() returns the caller's own parameter objects, so it is given a copy the test may scribble on.
        const merged = outcome(() => (target.merge as unknown as Call)(structuredClone(first))) as Record<string, unknown> | undefined;
        if (merged !== undefined) scribble(merged);
        expect(canonical(target.DEFAULTS)).toBe(defaultsBefore);
        expect(answer(() => (target as unknown as Call)(first))).toBe(answerBefore);
        expect(canonical(endpoint.DEFAULTS)).toBe(BASE_DEFAULTS);
      }),
      { numRuns: Math.round(RUNS / 2) },
    );
  });
});

describe("defaults() keeps its own copy", () => {
  it("changing the options given to defaults(), deeply, afterwards changes nothing the endpoint does", () => {
    fc.assert(
      fc.property(fc.oneof(plausibleOptions, options(clonableValue)), plausibleRoute, (defaults, first) => {
        const target = outcome(() => endpoint.defaults(defaults as EndpointOptions));
        if (target === undefined) return;
        const defaultsBefore = canonical(target.DEFAULTS);
        const answerBefore = answer(() => (target as unknown as Call)(structuredClone(first)));
        scribble(defaults);
        expect(canonical(target.DEFAULTS)).toBe(defaultsBefore);
        expect(answer(() => (target as unknown as Call)(structuredClone(first)))).toBe(answerBefore);
      }),
      { numRuns: Math.round(RUNS / 2) },
    );
  });
});

// Route arbitraries built on clonable values are used above through routeAndOptions; this keeps `route` honest too.
describe("route objects", () => {
  it("a route object is not changed by being merged twice", () => {
    fc.assert(
      fc.property(route(clonableValue), (first) => {
        const before = canonical(first);
        outcome(() => (endpoint.merge as unknown as Call)(first, first));
        outcome(() => (endpoint as unknown as Call)(first, first));
        expect(canonical(first)).toBe(before);
      }),
      { numRuns: Math.round(RUNS / 2) },
    );
  });
});
