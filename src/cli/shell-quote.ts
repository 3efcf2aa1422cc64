// POSIX shell quoting: the words come back to the program exactly as given, in sh, dash, bash or zsh,
// and the printed line holds no control character but newline, so pasting it into a terminal is safe.

// Characters no POSIX shell treats specially anywhere in a word. `=` is left out (a first word
// with it is an assignment), and so are `~` (tilde expansion) and `#` (a comment at a word start).
const SAFE_WORD = /^[A-Za-z0-9_@%+:,./-]+$/;

// Control characters other than newline, DEL and the C1 controls (U+0080-U+009F: U+009B is CSI to a terminal that reads
// 8-bit controls): never printed raw (a terminal acts on them).
const CONTROL_RUN = /[\u0001-\u0009\u000b-\u001f\u007f-\u009f]+/g;

/**
 * Quotes one word for a POSIX shell: left bare when safe, else single-quoted with `'` written `'\''`.
 * A run of control characters is written `"$(printf '\033')"` (octal escapes): every POSIX shell
 * runs it, where `$'\x1b'` is lost on dash, the `sh` of Debian and Ubuntu.
 */
export function shellQuote(word: string): string {
  if (word.includes("\0")) throw new RangeError("a shell word cannot hold a NUL character");
  if (SAFE_WORD.test(word)) return word;
  let quoted = "";
  let last = 0;
  for (const match of word.matchAll(CONTROL_RUN)) {
    const start = match.index;
    if (start > last) quoted += singleQuote(word.slice(last, start));
    quoted += `"$(printf '${octal(match[0])}')"`;
    last = start + match[0].length;
  }
  if (last < word.length || quoted === "") quoted += singleQuote(word.slice(last));
  return quoted;
}

/** Joins words into one command line, each quoted by shellQuote. */
export function shellJoin(words: readonly string[]): string {
  return words.map(shellQuote).join(" ");
}

// Inside single quotes nothing is special, newlines included; only `'` itself must leave them.
function singleQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

// The UTF-8 bytes of the run, each as a printf octal escape: a C1 control is two bytes (U+009B is \302\233).
function octal(controls: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(controls)) out += `\\${byte.toString(8).padStart(3, "0")}`;
  return out;
}
