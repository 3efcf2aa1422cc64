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
