// YAML descriptions (issue 30 classes 15, 16 and 17): merge keys copy a bounded number of values, duplicate keys are
// found in linear time and stay an error, and the parser's warnings reach stderr escaped, as every message does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readDescription } from "../../src/cli/openapi.js";
import { run, type Io } from "../../src/cli/run.js";
import { MAX_ALIASES, MIN_MERGE_BUDGET } from "../../src/cli/yaml.js";
import { RAW_UNSAFE, UNSAFE_CHARS } from "./unsafe-chars.js";

/** Reads `text` as the YAML description "api.yaml"; returns the value, or the UsageError's message. */
function read(text: string, warnings: string[] = []): unknown {
  return readDescription("api.yaml", () => new TextEncoder().encode(text), warnings);
}

function refusal(text: string): string {
  try {
    read(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the description was read");
}

/** Runs the command with `text` as the file every path names. */
function runWith(text: string, ...argv: string[]): ReturnType<typeof run> {
  const io: Io = { readFile: () => new TextEncoder().encode(text), readStdin: async () => undefined };
  return run(argv, io);
}

/** A `%YAML 1.1` document: one anchored map of `size` entries, merged by `merges` keys. */
function merging(size: number, merges: number): string {
  const entries = Array.from({ length: size }, (_, i) => `k${i}: ${i}`).join(", ");
  const lines = Array.from({ length: merges }, (_, i) => `  m${i}: {<<: *A}`).join("\n");
  return `%YAML 1.1\n---\nopenapi: 3.0.3\nx-a: &A {${entries}}\nx-m:\n${lines}\npaths: {}\n`;
}

describe("merge keys (class 15)", () => {
  it("still merge: the keys of the map itself win over the merged ones", () => {
    const value = read("%YAML 1.1\n---\nbase: &B {a: 1, b: 2}\nchild: {<<: *B, b: 3}\nboth: {<<: [*B, {c: 4}]}\n");
    expect(value).toEqual({ base: { a: 1, b: 2 }, child: { a: 1, b: 3 }, both: { a: 1, b: 2, c: 4 } });
  });

  it("copy at most max(100,000, the document's own values): one more merge is refused with the count", () => {
    // Each merge of 2,000 entries copies 4,001 values (keys, values, the map): the last count within the budget of a
    // document of some 4,000 values, and two more merges past it. Both are read in well under a second.
    const within = Math.floor(MIN_MERGE_BUDGET / 4001) - 1;
    expect(() => read(merging(2000, within))).not.toThrow();
    const message = refusal(merging(2000, within + 2));
    expect(message).toContain('"api.yaml"');
    expect(message).toContain("merge keys (<<)");
    expect(message).toContain(`copy ${(within + 2) * 4001} values`);
  });

  it("count a merged map that itself merges at its full size, each merge once per use", () => {
    // B merges A (11 values); each of 7,000 maps merges B: B's own 6 (its alias of A included) and A's 11 again.
    const doc = `%YAML 1.1\n---\na: &A {p: 1, q: 2, r: 3, s: 4, t: 5}\nb: &B {<<: *A, u: 1, v: 2}\nc:\n${Array.from({ length: 7000 }, (_, i) => `  c${i}: {<<: *B}`).join("\n")}\n`;
    expect(refusal(doc)).toContain(`copy ${11 + 7000 * (6 + 11)} values`);
  });

  it("through an alias of a list copy each map of the list at every merge, as `<<: [*A, ...]` does", () => {
    // S lists A ten times; A is 11 values (a map of five entries): each `<<: *S` copies 110.
    const doc = `%YAML 1.1\n---\na: &A {p: 1, q: 2, r: 3, s: 4, t: 5}\ns: &S [${Array(10).fill("*A").join(", ")}]\nc:\n${Array.from({ length: 1000 }, (_, i) => `  c${i}: {<<: *S}`).join("\n")}\n`;
    expect(refusal(doc)).toContain(`copy ${1000 * 10 * 11} values`);
    expect(read("%YAML 1.1\n---\na: &A {p: 1}\nb: &B {q: 2, p: 3}\ns: &S [*A, *B]\nc: {<<: *S}\n")).toEqual({ a: { p: 1 }, b: { q: 2, p: 3 }, s: [{ p: 1 }, { q: 2, p: 3 }], c: { p: 1, q: 2 } });
  });

  it("refuse a map merged into itself (the library would recurse until the stack ends)", () => {
    expect(refusal("%YAML 1.1\n---\na: &A {x: 1, <<: *A}\n")).toContain("merges a map into itself");
  });
});

describe("aliases (SECURITY.md: at most 1,000 resolutions per document)", () => {
  /** `uses` aliases of one anchored scalar. */
  const aliasing = (uses: number): string => `a: &a 1\nb: [${Array(uses).fill("*a").join(", ")}]\n`;

  it(`resolve ${MAX_ALIASES} times, and one more is refused with the count`, () => {
    expect((read(aliasing(MAX_ALIASES)) as { b: unknown[] }).b.length).toBe(MAX_ALIASES);
    expect(refusal(aliasing(MAX_ALIASES + 1))).toContain(`aliases (*name) resolve ${MAX_ALIASES + 1} times`);
  });

  it("count an alias with the aliases inside what it names, per document, not per anchor", () => {
    // A list of n aliases, aliased once: n + (1 + n) resolutions; the library counted each anchor's uses alone.
    const listed = (n: number): string => `a: &a 1\ns: &S [${Array(n).fill("*a").join(", ")}]\nt: *S\n`;
    const half = MAX_ALIASES / 2;
    expect(() => read(listed(half - 1))).not.toThrow();
    expect(refusal(listed(half))).toContain(`resolve ${MAX_ALIASES + 1} times`);
  });

  it('refuse a "billion laughs" at once, with the count it would resolve', () => {
    // Level k lists level k-1 ten times: the aliases of level k are 10 * (1 + those of level k-1).
    const levels = Array.from({ length: 9 }, (_, k) => `l${k + 1}: &l${k + 1} [${Array(10).fill(`*l${k}`).join(", ")}]`);
    let inside = 0;
    let total = 0;
    for (let k = 0; k < 9; k++) total += inside = 10 * (1 + inside);
    expect(refusal(`l0: &l0 [lol]\n${levels.join("\n")}\n`)).toContain(`resolve ${total} times`);
  });
});

describe("duplicate keys (class 16)", () => {
  it("are an error naming the key and its line, found in a map of 20,000 keys", () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `  /p${i}: {}`);
    keys.push("  /p0: {}");
    const message = refusal(`openapi: 3.0.3\npaths:\n${keys.join("\n")}\n`);
    expect(message).toContain('the key "/p0" appears twice');
    expect(message).toContain("line 20003");
  });

  it("are keys that become one JavaScript property name: 1 and '1', null and ''", () => {
    expect(refusal("a: {1: x, '1': y}\n")).toContain('the key "1" appears twice');
    expect(refusal("a: {~: x, '': y}\n")).toContain('the key "" appears twice');
  });

  it("are checked on text keys only: a list or a map as a key is refused", () => {
    expect(refusal("? [a, b]\n: 1\n")).toContain("a key is a list or a map at line 1");
  });

  it("leave equal keys of different maps, and several merge keys in one map, alone", () => {
    expect(read("a: {x: 1}\nb: {x: 2}\n")).toEqual({ a: { x: 1 }, b: { x: 2 } });
    expect(read("%YAML 1.1\n---\na: &A {x: 1}\nb: &B {z: 2}\nc: {<<: *A, <<: *B}\n")).toEqual({ a: { x: 1 }, b: { z: 2 }, c: { x: 1, z: 2 } });
  });
});

/** `!!x<char>` written as a tag: percent-encoded UTF-8, which the parser decodes into its warning. */
function taggedWith(char: string): string {
  const encoded = [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).padStart(2, "0").toUpperCase()}`).join("");
  return `openapi: 3.0.3\nservers: [{url: "https://api.example"}]\ninfo: !!x${encoded}y z\npaths: {}\n`;
}

describe("YAML warnings (class 17)", () => {
  it("are printed on stderr, escaped: ESC, OSC, BEL and U+202E from a percent-encoded tag", async () => {
    const text = "openapi: 3.0.3\nservers: [{url: \"https://api.example\"}]\ninfo: !!x%1B%5B2J%1B%5D0;pwn%07%E2%80%AE x\npaths: {}\n";
    const outcome = await runWith(text, "openapi", "api.yaml");
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stderr).toContain('endpointkit: warning: the description "api.yaml": Unresolved tag');
    expect(outcome.stderr).toContain("\\u001b[2J\\u001b]0;pwn\\u0007\\u202e at line 3");
    expect(outcome.stderr).not.toMatch(RAW_UNSAFE);
  });

  it("go with --openapi too, and with a failure", async () => {
    const outcome = await runWith(taggedWith("\u202e"), "--ignore-stdin", "--openapi", "api.yaml", "GET /x/{id}");
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toMatch(/^endpointkit: warning: .*\\u202e.*\nendpointkit: ERR_/);
  });

  it("are bounded: ten, then a count", () => {
    const warnings: string[] = [];
    read(`${Array.from({ length: 25 }, (_, i) => `k${i}: !!x y`).join("\n")}\n`, warnings);
    expect(warnings.length).toBe(11);
    expect(warnings[10]).toContain("and 15 more warnings");
  });

  it("never reach stderr raw: every control, format and separator character, in a tag, a key or broken YAML", async () => {
    for (const char of UNSAFE_CHARS) {
      if (char === "\n") continue;
      const tagged = await runWith(taggedWith(char), "openapi", "api.yaml");
      expect(tagged.stderr).toContain("warning");
      expect(tagged.stderr.replace(/\n/g, "")).not.toMatch(RAW_UNSAFE);
    }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...UNSAFE_CHARS), fc.string(), fc.constantFrom("key", "value", "broken"), async (char, text, place) => {
        const odd = `${text}${char}`;
        const yaml =
          place === "key"
            ? `openapi: 3.0.3\nservers: [{url: "https://api.example"}]\npaths: {${JSON.stringify(`/a${odd}`)}: {get: {responses: {}}}, ${JSON.stringify(`/a${odd}`)}: {}}\n`
            : place === "value"
              ? `openapi: 3.0.3\nservers: [{url: ${JSON.stringify(odd)}}]\npaths: {}\n`
              : `openapi: [${odd}\n`;
        const outcome = await runWith(yaml, "openapi", "api.yaml");
        expect(outcome.stdout).not.toMatch(RAW_UNSAFE);
        expect(outcome.stderr.replace(/\n/g, "")).not.toMatch(RAW_UNSAFE);
      }),
      { numRuns: 300 },
    );
  });
});
