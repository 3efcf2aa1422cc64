// Caches stay bounded on hostile input: long keys are never cached, so 1000 distinct 100 kB routes cannot pin the
// gigabytes their compiled templates would take (a 100 kB template of `{x}` compiles to ~10 MB).
import { describe, expect, it } from "vitest";
import { MAX_CACHED_KEY_LENGTH } from "../../src/cache.js";
import { headerName } from "../../src/headers.js";
import { acceptWithFormats, applyMediaType } from "../../src/media-type.js";
import { endpoint, parseTemplate } from "../../src/index.js";
import { parseCached } from "../../src/uri-template/index.js";
import { githubPlans } from "../../src/plan.js";
import { outcome } from "./checks.js";

// Every memo from boundedMemo() reports its entry count as `size`, though most are typed as plain functions.
const sizeOf = (memo: unknown) => (memo as { readonly size: number }).size;
const sizes = () => [githubPlans, parseCached, headerName].map(sizeOf);

describe("bounded caches", () => {
  it("a key longer than the limit is answered but not cached, in any cache", () => {
    const long = "/{x}".repeat(MAX_CACHED_KEY_LENGTH);
    endpoint("GET /warm-up", { headers: { "x-warm-up": "v" } }); // caches the default header names
    const before = sizes();
    for (let i = 0; i < 50; i++) {
      outcome(() => endpoint(`GET /${i}${long}`, { x: 1, headers: { [`x-${i}-${"h".repeat(MAX_CACHED_KEY_LENGTH)}`]: "v" } }));
      outcome(() => endpoint({ method: "GET", url: `/${i}${long}`, x: 1 }));
      outcome(() => parseTemplate(`/${i}${long}`).expand({ x: 1 }));
    }
    expect(sizes()).toEqual(before);
  });

  it("the same long route still gives the same answer every time", () => {
    const route = `GET /a${"/{x}".repeat(MAX_CACHED_KEY_LENGTH)}`;
    expect(endpoint(route, { x: 1 })).toEqual(endpoint(route, { x: 1 }));
  });

  it("the accept rewrites stay within 20 formats for each of 20 accept headers, and long headers are not kept", () => {
    for (let a = 0; a < 50; a++) {
      for (let f = 0; f < 50; f++) applyMediaType(`application/vnd.a${a}+json`, `f${f}`, undefined);
    }
    expect(sizeOf(acceptWithFormats)).toBe(20);
    expect(sizeOf(acceptWithFormats("application/vnd.a49+json"))).toBe(20);
    const long = `application/vnd.${"a".repeat(MAX_CACHED_KEY_LENGTH)}+json`;
    expect(applyMediaType(long, "raw", undefined)).toBe(`application/vnd.${"a".repeat(MAX_CACHED_KEY_LENGTH)}.raw`);
    expect(sizeOf(acceptWithFormats)).toBe(20);
    expect(sizeOf(acceptWithFormats("application/vnd.a49+json"))).toBe(20);
  });

  it("short keys are cached as before", () => {
    endpoint("GET /bounded-caches/{x}", { x: 1 });
    const after = sizes();
    endpoint("GET /bounded-caches/{x}", { x: 2 });
    expect(sizes()).toEqual(after);
  });
});
