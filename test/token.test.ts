// RFC 9110 tokens: the grammar of methods and header names.
import { describe, expect, it } from "vitest";
import { isToken } from "../src/token.js";

describe("isToken", () => {
  it("accepts letters, digits and !#$%&'*+-.^_`|~", () => {
    for (const token of ["GET", "x-github-request-id", "!#$%&'*+-.^_`|~", "0", "M-SEARCH"]) expect(isToken(token)).toBe(true);
  });

  it("rejects the empty string", () => {
    expect(isToken("")).toBe(false);
  });

  it.each([" ", "\t", "(", ")", ",", "/", ":", ";", "<", "=", ">", "?", "@", "[", "\\", "]", "{", "}", '"', "\r", "\n", "\u0000", "\u007f", "é", "😀"])(
    "rejects any token holding %j",
    (character) => {
      expect(isToken(`a${character}b`)).toBe(false);
    },
  );
});
