// Every character a terminal acts on or that reorders, hides or splits a line: each Unicode control (Cc) and format
// (Cf) character, U+2028 and U+2029, and a lone surrogate of each kind. Listed from Unicode's properties, not by hand.
const chars: string[] = [];
for (let code = 0; code <= 0x10ffff; code++) {
  if (code >= 0xd800 && code <= 0xdfff) continue;
  const char = String.fromCodePoint(code);
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char)) chars.push(char);
}

/** The characters, each as a string (a tag character is a surrogate pair), NUL first. */
export const UNSAFE_CHARS: readonly string[] = [...chars, "\ud800", "\udfff"];

/** Matches any of them but newline (a printed line break), as a raw character. */
export const RAW_UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
