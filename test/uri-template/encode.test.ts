// The percent-encoders: encodeComponent against the built-in it stands for, and the RFC 6570 encodings on text that
// takes each way through them (nothing to escape, the built-in, the escapes the built-in writes differently).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeComponent, encodeReserved, encodeUnreserved, LONE_SURROGATE } from "../../src/uri-template/encode.js";

/** Any UTF-16 text, lone surrogates included, weighted towards the characters the encodings treat differently. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom("+", "%", "%2F", "%7e", "%C3%A9", "!", "'", "(", ")", "*", "[", "]", " ", "/", "~", "-", "_", ".", "a", "Z", "0", "é", "\u{1F600}"),
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  ),
  maxLength: 40,
});

/** What `encode` returns for `input`, or "lone surrogate" when it throws LONE_SURROGATE. */
function outcome(encode: (input: string) => string, input: string): string {
  try {
    return encode(input);
  } catch (error) {
    if (error === LONE_SURROGATE) return "lone surrogate";
    throw error;
  }
}

/** encodeURIComponent's result, or "lone surrogate" when it throws for one. */
function builtIn(input: string): string {
  try {
    return encodeURIComponent(input);
  } catch {
    return "lone surrogate";
  }
}

describe("encodeComponent", () => {
  it("property: is encodeURIComponent, with LONE_SURROGATE for a lone surrogate", () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(outcome((value) => encodeComponent(value, false), input)).toBe(builtIn(input));
      }),
      { numRuns: 2000 },
    );
  });

  it("property: with keepPlus, is encodeURIComponent with every + left as it is", () => {
    fc.assert(
      fc.property(text, (input) => {
        const expected = builtIn(input);
        const plusKept = expected === "lone surrogate" ? expected : expected.replaceAll("%2B", "+");
        expect(outcome((value) => encodeComponent(value, true), input)).toBe(plusKept);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps what encodeURIComponent keeps, and + only when asked", () => {
    expect(encodeComponent("AZaz09-_.!~*'()", false)).toBe("AZaz09-_.!~*'()");
    expect(encodeComponent("a+b c", true)).toBe("a+b%20c");
    expect(encodeComponent("a+b", false)).toBe("a%2Bb");
    expect(encodeComponent("is:open+label:bug", true)).toBe("is%3Aopen+label%3Abug");
  });
});

describe("the RFC 6570 encodings", () => {
  it("property: unreserved expansion keeps only A-Z a-z 0-9 -._~ and writes the rest as UTF-8 %XX", () => {
    fc.assert(
      fc.property(text, (input) => {
        const expected = builtIn(input);
        const unreserved = expected === "lone surrogate" ? expected : expected.replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
        expect(outcome(encodeUnreserved, input)).toBe(unreserved);
      }),
      { numRuns: 2000 },
    );
  });

  it("property: reserved expansion also keeps reserved characters and %XX triplets (RFC 6570 section 3.2.3)", () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(outcome(encodeReserved, input)).toBe(outcome(reservedByCodePoint, input));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("text with many escapes", () => {
  it("property: thousands of escapes, joined in batches past the first few thousand, give the references' text", () => {
    // Each escape is one of the kinds encode() writes (a table escape, one the built-in writes differently, a
    // non-ASCII run), with kept text or nothing between; the counts reach past one and two batches of joined pieces.
    const piece = fc.constantFrom(" ", "!", "/", "%", "%41", "[", "+", "é", "\u{1F600}", "a", "ab", "");
    fc.assert(
      fc.property(fc.integer({ min: 4000, max: 8300 }), fc.array(piece, { minLength: 1, maxLength: 4 }), (count, cycle) => {
        const input = Array.from({ length: count }, (_, i) => cycle[i % cycle.length]).join("");
        expect(encodeUnreserved(input)).toBe(builtIn(input).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`));
        expect(encodeReserved(input)).toBe(reservedByCodePoint(input));
        expect(encodeComponent(input, true)).toBe(builtIn(input).replaceAll("%2B", "+"));
      }),
      { numRuns: 40, examples: [[4095, [" "]], [4096, [" "]], [4097, ["!"]], [8192, ["%"]], [8193, ["a", "["]]] },
    );
  });

  it("escapes 10 M characters of each kind in a 128 MB heap: a result grown one escape at a time ran it out (a crash)", () => {
    // encode.ts bundled from the source and run in a node with a small heap, since running out of it ends the process.
    // 10 M escapes grown one at a time take over 500 MB of rope nodes; the 30 M characters of the result take 30 MB.
    const { outputFiles } = buildSync({ entryPoints: [fileURLToPath(new URL("../../src/uri-template/encode.ts", import.meta.url))], bundle: true, format: "esm", write: false });
    const script = `${outputFiles[0]!.text}
      const text = (character) => character.repeat(10_000_000);
      // One result at a time: each is let go before the next.
      const lengths = [() => encodeUnreserved(text(" ")), () => encodeUnreserved(text("!")), () => encodeReserved(text("%")), () => encodeComponent(text(" "), true)];
      console.log(lengths.map((encode) => encode().length).join());`;
    const child = spawnSync(process.execPath, ["--max-old-space-size=128", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).not.toContain("out of memory");
    expect({ status: child.status, stdout: child.stdout.trim() }).toEqual({ status: 0, stdout: "30000000,30000000,30000000,30000000" });
  }, 60_000);
});

describe("every ASCII character (the class table in encode.ts)", () => {
  // Each character alone, between letters, beside non-ASCII text (which goes to the built-in encoder with what follows
  // it) and in and after a %XX (its hexadecimal digits), against the references above.
  const contexts = (character: string): string[] => [character, `a${character}b`, `é${character}`, `${character}é`, `%${character}${character}`, `%4${character}`, `%${character}1`];
  const unreserved = (input: string): string => builtIn(input).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

  it.each(Array.from({ length: 128 }, (_, code) => [code, String.fromCharCode(code)] as const))("%i %j is encoded as the references say", (_, character) => {
    for (const input of contexts(character)) {
      expect(encodeUnreserved(input)).toBe(unreserved(input));
      expect(encodeReserved(input)).toBe(reservedByCodePoint(input));
      expect(encodeComponent(input, false)).toBe(builtIn(input));
      expect(encodeComponent(input, true)).toBe(builtIn(input).replaceAll("%2B", "+"));
    }
  });
});

/** Reserved expansion written from the RFC, one code point at a time: the reference the encoder is held to. */
function reservedByCodePoint(input: string): string {
  let result = "";
  for (let i = 0; i < input.length; ) {
    const triplet = input.slice(i, i + 3);
    if (/^%[0-9A-Fa-f]{2}$/.test(triplet)) {
      result += triplet;
      i += 3;
      continue;
    }
    const point = String.fromCodePoint(input.codePointAt(i)!);
    try {
      result += /^[\w\-.~:/?#[\]@!$&'()*+,;=]$/.test(point) ? point : encodeURIComponent(point);
    } catch {
      throw LONE_SURROGATE;
    }
    i += point.length;
  }
  return result;
}
