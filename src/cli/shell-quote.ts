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

/**
 * A `printf` command that writes `text` exactly, as one single-quoted format: `\` and `%` escaped, `'` written `'\''`,
 * and each control character but newline (C1 included, as its UTF-8 bytes) as an octal escape, so the line holds none.
 * For a body too large for an argument: printf is built into every POSIX shell, so no exec limit applies, and unlike
 * shellQuote it needs no command substitution per control run (dash crashes on a word with thousands of them).
 */
export function printfCommand(text: string): string {
  if (text.includes("\0")) throw new RangeError("a shell word cannot hold a NUL character");
  let format = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (isControl(char.charCodeAt(0))) format += octal(char);
    else if (char === "\\") format += "\\\\";
    else if (char === "%") format += "%%";
    // A leading "-" would be read as an option by bash's printf.
    else if (char === "-" && i === 0) format += "\\055";
    else format += char;
  }
  return `printf ${singleQuote(format)}`;
}

/** True when shellQuote would write a control character of `text` as a command substitution. */
export function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/** The characters CONTROL_RUN matches (NUL aside, refused before). */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
}
