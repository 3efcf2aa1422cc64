// POSIX shell quoting: the words come back to the program exactly as given, in sh, dash, bash or zsh, and the printed
// line holds no control character but newline and no character that reorders or hides text, so what a user reads
// before `| sh` is what runs, and pasting it into a terminal is safe.

// Characters no POSIX shell treats specially anywhere in a word. `=` is left out (a first word
// with it is an assignment), and so are `~` (tilde expansion) and `#` (a comment at a word start).
const SAFE_WORD = /^[A-Za-z0-9_@%+:,./-]+$/;

// Never printed raw: control characters other than newline, DEL and the C1 controls (U+0080-U+009F: U+009B is CSI to a
// terminal that reads 8-bit controls), which a terminal acts on; every format character (the bidirectional overrides
// and isolates such as U+202E, which reorder what is displayed, zero-width and tag characters, which hide text),
// U+2028/9, and lone surrogates (written as the U+FFFD that UTF-8 output, and fetch, would make of them). From Unicode's
// properties, so no mark is missed by a hand-made list.
const CONTROL_RUN = /[\u0001-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]+/gu;
/** One character of CONTROL_RUN's class. */
const UNSAFE_CHAR = /[\u0001-\u0009\u000b-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * Quotes one word for a POSIX shell: left bare when safe, else single-quoted with `'` written `'\''`.
 * A run of the characters above is written `"$(printf '\033')"` (octal escapes of its UTF-8 bytes): every POSIX shell
 * runs it, where `$'\x1b'` is lost on dash, the `sh` of Debian and Ubuntu. A run never holds a newline, which command
 * substitution would strip at its end.
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
 * and each character shellQuote escapes as the octal escapes of its UTF-8 bytes, so the line holds none.
 * For a body too large for an argument: printf is built into every POSIX shell, so no exec limit applies, and unlike
 * shellQuote it needs no command substitution per control run (dash crashes on a word with thousands of them).
 */
export function printfCommand(text: string): string {
  if (text.includes("\0")) throw new RangeError("a shell word cannot hold a NUL character");
  let format = "";
  let first = true;
  // By code point: a tag character (U+E0001 and on) is one character of two UTF-16 units.
  for (const char of text) {
    const code = char.charCodeAt(0);
    // Printable ASCII and newline skip the Unicode test: bodies run to megabytes.
    if ((code < 0x20 && code !== 0x0a) || (code >= 0x7f && UNSAFE_CHAR.test(char))) format += octal(char);
    else if (char === "\\") format += "\\\\";
    else if (char === "%") format += "%%";
    // A leading "-" would be read as an option by bash's printf.
    else if (char === "-" && first) format += "\\055";
    else format += char;
    first = false;
  }
  return `printf ${singleQuote(format)}`;
}

/** A `printf` command that writes `bytes` exactly: printable ASCII as it is, every other byte (NUL too) in octal. */
export function printfBytes(bytes: Uint8Array): string {
  let format = "";
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    if (byte < 0x20 || byte > 0x7e || char === "\\" || char === "%" || char === "'" || (char === "-" && format === "")) {
      format += `\\${byte.toString(8).padStart(3, "0")}`;
    } else format += char;
  }
  return `printf '${format}'`;
}

/** How many command substitutions shellQuote would write for `text`. */
export function controlRuns(text: string): number {
  let runs = 0;
  for (const _ of text.matchAll(CONTROL_RUN)) runs++;
  return runs;
}

/** True when shellQuote would write a character of `text` as a command substitution. */
export function hasControl(text: string): boolean {
  return UNSAFE_CHAR.test(text);
}
