// Caller text inside a message: cut to a readable length and escaped, so no log or terminal
// ever receives a raw control character from the command line.

const MAX_SHOWN = 60;
const MAX_MESSAGE = 2000;

// Every control (Cc: C0, DEL, C1), every format character (Cf: the bidirectional marks and overrides such as U+061C,
// U+200E and U+202E, zero-width characters, tag characters), the line and paragraph separators, and lone surrogates:
// the characters that act on a terminal, reorder or split a line, or hide in it. From Unicode's properties, so a mark
// no list here named (U+061C was missed) is covered too.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** Caller text as a quoted, escaped literal of at most 60 characters (and an ellipsis). */
export function show(text: string): string {
  const cut = text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
  // JSON.stringify escapes C0 controls, quotes, backslashes and lone surrogates; the rest follow.
  return JSON.stringify(cut).replace(UNSAFE, escapeChar);
}

/** A whole message (which may quote text from anywhere, the library's included) made one safe, bounded line. */
export function cleanMessage(message: string): string {
  const cut = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
  return cut.replace(UNSAFE, escapeChar);
}

/** `\uXXXX`, or `\u{XXXXX}` for a character beyond the BMP (a tag character). */
function escapeChar(char: string): string {
  const code = char.codePointAt(0) as number;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
}
