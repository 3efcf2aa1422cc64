// Caller text in messages: cut, quoted and free of anything a terminal would act on.
import { describe, expect, it } from "vitest";
import { cleanMessage, show } from "../../src/cli/show.js";

describe("show and cleanMessage", () => {
  it("quotes, cuts at 60 characters and escapes controls, DEL, C1 and bidi marks", () => {
    expect(show("a\r\n\u001b[2J\u0007")).toBe('"a\\r\\n\\u001b[2J\\u0007"');
    expect(show("\u007f\u009b\u202e")).toBe('"\\u007f\\u009b\\u202e"');
    expect(show("x".repeat(100))).toBe(`"${"x".repeat(60)}…"`);
  });

  it("makes a whole message one bounded line", () => {
    expect(cleanMessage("GET /x\r\n\u001b]0;t\u0007: bad")).toBe("GET /x\\u000d\\u000a\\u001b]0;t\\u0007: bad");
    expect(cleanMessage("y".repeat(5000)).length).toBe(2001);
  });
});

/** Every code point (lone surrogates included) that Unicode classes as a control, a format character or a line or paragraph separator. */
function everyUnsafeCodePoint(): number[] {
  const unsafe = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]$/u;
  const found: number[] = [];
  for (let code = 0; code <= 0x10ffff; code++) if (unsafe.test(String.fromCodePoint(code))) found.push(code);
  return found;
}

describe("every control and format character is escaped (issue 24 class 15)", () => {
  const unsafe = everyUnsafeCodePoint();

  it("covers U+061C and the other bidirectional controls, zero-width and tag characters", () => {
    for (const code of [0x061c, 0x200e, 0x200f, 0x202a, 0x202e, 0x2066, 0x2069, 0x200b, 0xfeff, 0x00ad, 0xe0001, 0xd800]) expect(unsafe).toContain(code);
  });

  it("leaves none of them raw in a message or a quoted value, one code point at a time", () => {
    for (const code of unsafe) {
      const char = String.fromCodePoint(code);
      const escape = code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
      expect(cleanMessage(`a${char}b`), `U+${code.toString(16)}`).toBe(`a${escape}b`);
      expect(show(`a${char}b`), `U+${code.toString(16)}`).not.toContain(char);
    }
  });

  it("keeps every other character as it is", () => {
    const kept = "aé中😀\u0300\u05d0\u0627 \u00a0";
    expect(cleanMessage(kept)).toBe(kept);
  });
});
