// Any value in any option, through every entry point: a result or an EndpointError with a known code, nothing else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint, parseTemplate, type Endpoint, type EndpointOptions, type MergedOptions } from "../../src/index.js";
import { anyValue, hostileOptions, hostileRoute, hostileString, oneHostileSlot, routeAndOptions, urlTemplate } from "./arbitraries.js";
import { checkMerged, checkRequestOptions, outcome } from "./checks.js";

const RUNS = 2000;

type Call = (route: unknown, options?: unknown) => unknown;
const call = endpoint as unknown as Call;
const merge = endpoint.merge as unknown as Call;

/** Calls endpoint(route, options) and, when it answers, checks the answer against what merge() says it parsed. */
function checkEndpoint(target: Endpoint, route: unknown, options: unknown, withOptions: boolean): boolean {
  const args = withOptions ? [route, options] : [route];
  const result = outcome(() => (target as unknown as Call)(...(args as [unknown, unknown?])));
  if (result === undefined) return false;
  const merged = (target.merge as unknown as Call)(...(args as [unknown, unknown?])) as MergedOptions;
  checkRequestOptions(result, merged.url, merged.baseUrl);
  return true;
}

/** Fails when too few runs got past the checks: a property that only ever sees errors proves little about results. */
function expectSomeResults(results: number, runs: number): void {
  expect(results, `only ${results} of ${runs} runs gave a result`).toBeGreaterThan(runs * 0.05);
}

describe("arbitrary input never lets anything but an EndpointError escape", () => {
  it("endpoint(route, options)", () => {
    let results = 0;
    fc.assert(
      fc.property(routeAndOptions(anyValue), ([route, options]) => {
        if (checkEndpoint(endpoint, route, options, options !== undefined)) results++;
      }),
      { numRuns: RUNS },
    );
    expectSomeResults(results, RUNS);
  });

  it("endpoint(route, anything) and endpoint(anything)", () => {
    fc.assert(
      fc.property(hostileRoute, anyValue, (route, value) => {
        outcome(() => call(route, value));
        outcome(() => call(value));
      }),
      { numRuns: RUNS },
    );
  });

  it("merge(route, options)", () => {
    let results = 0;
    fc.assert(
      fc.property(fc.oneof(routeAndOptions(anyValue), fc.tuple(hostileRoute, anyValue)), ([route, options]) => {
        const merged = outcome(() => merge(route, options));
        if (merged === undefined) return;
        checkMerged(merged);
        results++;
      }),
      { numRuns: RUNS },
    );
    expectSomeResults(results, RUNS);
  });

  it("parse(anything shaped like merged options)", () => {
    let results = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 4, arbitrary: oneHostileSlot(anyValue) }, { weight: 1, arbitrary: hostileOptions }, { weight: 1, arbitrary: anyValue }), (options) => {
        const result = outcome(() => endpoint.parse(options as MergedOptions));
        if (result === undefined) return;
        const record = options as Record<string, unknown>;
        checkRequestOptions(result, record.url, record.baseUrl);
        results++;
      }),
      { numRuns: RUNS },
    );
    expectSomeResults(results, RUNS);
  });

  it("parse(merge(route, options)) with hostile values written over the merged options", () => {
    fc.assert(
      fc.property(hostileRoute, oneHostileSlot(anyValue), (route, overrides) => {
        const merged = outcome(() => merge(route));
        if (merged === undefined) return;
        const options = { ...(merged as object), ...overrides } as MergedOptions;
        const result = outcome(() => endpoint.parse(options));
        if (result !== undefined) checkRequestOptions(result, options.url, options.baseUrl);
      }),
      { numRuns: RUNS },
    );
  });

  it("defaults(options), then every operation of the endpoint it returns, cascaded", () => {
    fc.assert(
      fc.property(
        fc.oneof({ weight: 4, arbitrary: oneHostileSlot(anyValue) }, { weight: 1, arbitrary: hostileOptions }, { weight: 1, arbitrary: anyValue }),
        oneHostileSlot(anyValue),
        routeAndOptions(anyValue),
        (first, second, [route, options]) => {
          const withFirst = outcome(() => endpoint.defaults(first as EndpointOptions));
          if (withFirst === undefined) return;
          const withSecond = outcome(() => withFirst.defaults(second as EndpointOptions)) ?? withFirst;
          for (const target of [withFirst, withSecond]) {
            const defaults = outcome(() => target.DEFAULTS);
            if (defaults !== undefined) checkMerged(defaults);
            const merged = outcome(() => (target.merge as unknown as Call)(route, options));
            if (merged !== undefined) checkMerged(merged);
            checkEndpoint(target, route, options, true);
            checkEndpoint(target, route, undefined, false);
          }
        },
      ),
      { numRuns: Math.round(RUNS / 3) },
    );
  });

  it("parseTemplate(anything).expand(anything)", () => {
    fc.assert(
      fc.property(fc.oneof(hostileString, urlTemplate, anyValue), fc.oneof(oneHostileSlot(anyValue), anyValue), (template, values) => {
        const parsed = outcome(() => parseTemplate(template as string));
        if (parsed === undefined) return;
        const expanded = outcome(() => parsed.expand(values as Record<string, unknown>));
        if (expanded !== undefined && typeof expanded !== "string") throw new Error("expand() returned a non-string");
      }),
      { numRuns: RUNS },
    );
  });
});
