// Caller text inside a message: cut to a readable length and escaped, so no log or terminal
// ever receives a raw control character from the command line.

const MAX_SHOWN = 60;
const MAX_MESSAGE = 2000;

// C0 and C1 controls, DEL, and the invisible characters that reorder or split lines.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

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

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
