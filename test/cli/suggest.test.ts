// The "did you mean" behind flag and placeholder hints.
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { editDistance, nearest } from "../../src/cli/suggest.js";

describe("nearest", () => {
  it("suggests a close candidate and nothing for an exact or distant word", () => {
    expect(nearest("--crul", ["--curl", "--base-url"])).toBe("--curl");
    expect(nearest("rep", ["owner", "repo"])).toBe("repo");
    expect(nearest("--base-ulr", ["--curl", "--base-url"])).toBe("--base-url");
    expect(nearest("--curl", ["--curl"])).toBeUndefined();
    expect(nearest("state", ["owner", "repo"])).toBeUndefined();
    expect(nearest("x".repeat(100), ["x".repeat(99)])).toBeUndefined();
  });

  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("crul", "curl")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

// As in test/hostile/linear-time.test.ts, the clock is only a generous upper bound: before the bound on the work, the
// second case took 212 s; now each takes a few milliseconds, so 1.5 s leaves room for a busy machine.
describe("the work of a hint is bounded (issue 24, class 10)", () => {
  const LIMIT_MS = 1500;

  it("skips a candidate whose length alone puts it out of reach, and still finds a typo among them", () => {
    const long = "x".repeat(120_000);
    const start = performance.now();
    for (let i = 0; i < 2_000; i++) expect(nearest(`placeholder${i}`, [long])).toBeUndefined();
    expect(nearest("owner", [long, "ownr"])).toBe("ownr");
    expect(performance.now() - start).toBeLessThan(LIMIT_MS);
  });

  it("answers 2,000 placeholders and a 120,000-character item, or 2,000 near items, at once through the command", async () => {
    const route = `GET /x/${Array.from({ length: 2_000 }, (_, i) => `{p${i}}`).join("/")}`;
    const io = { readFile: () => new Uint8Array(), readStdin: async () => undefined };
    const cases = [
      [route, `${"q".repeat(120_000)}=1`],
      [route, ...Array.from({ length: 2_000 }, (_, i) => `q${i}=1`)],
    ];
    for (const argv of cases) {
      const start = performance.now();
      const outcome = await run(argv, io);
      expect(performance.now() - start).toBeLessThan(LIMIT_MS);
      expect(outcome.exitCode).not.toBe(0);
    }
    // A typo is still found among many items.
    expect((await run([route, ...Array.from({ length: 1_999 }, (_, i) => `p${i + 1}=1`), "p=1"], io)).stderr).toMatch(/did you mean p0=/);
  });
});
