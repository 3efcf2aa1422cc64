// POSIX shell quoting: the words come back to the program exactly as given, in sh, dash, bash or zsh.

// Characters no POSIX shell treats specially anywhere in a word. `=` is left out (a first word
// with it is an assignment), and so are `~` (tilde expansion) and `#` (a comment at a word start).
const SAFE_WORD = /^[A-Za-z0-9_@%+:,./-]+$/;

/** Quotes one word for a POSIX shell: left bare when safe, else single-quoted with `'` written `'\''`. */
export function shellQuote(word: string): string {
  if (word.includes("\0")) throw new RangeError("a shell word cannot hold a NUL character");
  if (SAFE_WORD.test(word)) return word;
  // Inside single quotes nothing is special, newlines included; only `'` itself must leave them.
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Joins words into one command line, each quoted by shellQuote. */
export function shellJoin(words: readonly string[]): string {
  return words.map(shellQuote).join(" ");
}
