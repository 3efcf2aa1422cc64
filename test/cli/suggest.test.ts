// The "did you mean" behind flag and placeholder hints.
import { describe, expect, it } from "vitest";
import { expectBounded, expectLinear } from "../growth.js";
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

// As in test/hostile/linear-time.test.ts, judged by growth measured in one run (test/growth.ts), never by the clock
// alone: before the bound on the work, the second case took 212 s.
describe("the work of a hint is bounded (issue 24, class 10)", () => {
  it("skips a candidate whose length alone puts it out of reach, and still finds a typo among them", () => {
    for (let i = 0; i < 2_000; i++) expect(nearest(`placeholder${i}`, ["x".repeat(120_000)])).toBeUndefined();
    expect(nearest("owner", ["x".repeat(120_000), "ownr"])).toBe("ownr");
    // A candidate 8 times longer costs no more: it is never compared.
    expectBounded("a long candidate", (n) => {
      const long = "x".repeat(n);
      return () => {
        for (let i = 0; i < 200; i++) nearest(`placeholder${i}`, [long]);
      };
    }, 15_000);
  });

  it("answers 2,000 placeholders and a 120,000-character item, or 2,000 near items, at once through the command", async () => {
    const route = `GET /x/${Array.from({ length: 2_000 }, (_, i) => `{p${i}}`).join("/")}`;
    const io = { readFile: () => new Uint8Array(), readStdin: async () => undefined };
    const cases = [
      [route, `${"q".repeat(120_000)}=1`],
      [route, ...Array.from({ length: 2_000 }, (_, i) => `q${i}=1`)],
    ];
    for (const argv of cases) expect((await run(argv, io)).exitCode).not.toBe(0);
    // 2,000 near items against 2,000 placeholders cost about what 125 against 125 do, 16 times: each missing name is
    // compared with a bounded number of items (quadratic: 16 times more). The command is async; its work is not.
    const routeOf = (n: number) => `GET /x/${Array.from({ length: n }, (_, i) => `{p${i}}`).join("/")}`;
    expectLinear("near items", (n) => {
      // --ignore-stdin: no await before the work, so the call does all of it before it returns.
      const argv = ["--ignore-stdin", routeOf(n), ...Array.from({ length: n }, (_, i) => `q${i}=1`)];
      return () => void run(argv, io);
    }, 125);
    // A typo is still found among many items.
    expect((await run([route, ...Array.from({ length: 1_999 }, (_, i) => `p${i + 1}=1`), "p=1"], io)).stderr).toMatch(/did you mean p0=/);
  });
});
