// Percent-encoding, for RFC 6570 and for query strings. One scan finds what the text holds: most text needs no escape
// and comes back as it is; the rest goes to the built-in encoder (one native call, a flat string), and the few
// characters where the built-in differs from the encoding asked for are then set right.

/**
 * What the encoders throw for a lone surrogate, which has no UTF-8 form to send: expandTemplate, which can meet one in
 * a value (a template literal is checked before it is encoded), turns it into an EndpointError naming the variable, so
 * this one needs no message of its own.
 */
export const LONE_SURROGATE = new URIError();

// Bits of an ASCII character's class: which encodings escape it, and where the built-in encoder writes it otherwise.
/** Escaped by simple, label, path, matrix and query expansion: all but RFC 3986 unreserved characters. */
const UNRESERVED = 1;
/** Escaped by reserved and fragment expansion: all but unreserved and reserved characters ("%" unless in a %XX). */
const RESERVED = 2;
/** Escaped by encodeURIComponent, "+" left aside (PLUS). */
const COMPONENT = 4;
/** Where the built-in encoder differs: encodeURIComponent escapes "!'()*", encodeURI "[", "]" and every "%". */
const DIFFERS = 8;
/** "+", escaped by encodeURIComponent and kept by encodeComponent(text, true). */
const PLUS = 16;
/** A hexadecimal digit, as a %XX escape holds. */
const HEX = 32;
/** Every encoding escapes non-ASCII text (as UTF-8), and the built-in encoders all write it alike. */
const NON_ASCII = UNRESERVED | RESERVED | COMPONENT;

/** Letters, digits and "_": the characters every encoding keeps, and RFC 6570's varchar but for %XX. */
function isWordCharacter(code: number): boolean {
  return (code > 47 && code < 58) || ((code | 32) > 96 && (code | 32) < 123) || code === 95;
}

/** The class of each ASCII character: the bits above that apply to it (DIFFERS as UNRESERVED and RESERVED times it). */
const CLASSES = new Uint8Array(128);
/** "%XX" for each ASCII character. */
const ESCAPED: string[] = [];
for (let code = 0; code < 128; code++) {
  const character = String.fromCharCode(code);
  const escapedUnless = (kept: string, bit: number): number => (isWordCharacter(code) || kept.includes(character) ? 0 : bit);
  const marked = (set: string, bit: number): number => (set.includes(character) ? bit : 0);
  CLASSES[code] =
    escapedUnless("-.~", UNRESERVED) |
    escapedUnless("-.~:/?#[]@!$&'()*+,;=", RESERVED) |
    escapedUnless("-.!~*'()+", COMPONENT) |
    marked("!'()*", UNRESERVED * DIFFERS) |
    marked("[]%", RESERVED * DIFFERS) |
    marked("+", PLUS) |
    marked("0123456789ABCDEFabcdef", HEX);
  ESCAPED.push(`%${code < 16 ? "0" : ""}${code.toString(16).toUpperCase()}`);
}

/** Encodes everything but unreserved characters (simple, label, path, matrix and query expansion). */
export function encodeUnreserved(text: string): string {
  return encode(text, UNRESERVED, UNRESERVED * DIFFERS, encodeURIComponent);
}

/** Encodes everything but reserved and unreserved characters and existing %XX triplets (`+` and `#`). */
export function encodeReserved(text: string): string {
  return encode(text, RESERVED, RESERVED * DIFFERS, encodeURI);
}

/** encodeURIComponent's result, but that with `keepPlus` a "+" stays a "+" (GitHub's search syntax in `q`). */
export function encodeComponent(text: string, keepPlus: boolean): string {
  return encode(text, keepPlus ? COMPONENT : COMPONENT | PLUS, keepPlus ? PLUS : 0, encodeURIComponent);
}

/**
 * `text` as it is when no character of it has a bit of `escapes`; else as `builtIn` writes it (one native call, a flat
 * string), or, when a character has a bit of `differs`, as escapeEach does.
 */
function encode(text: string, escapes: number, differs: number, builtIn: (text: string) => string): string {
  // The union of the classes of the characters: one pass, no early exit, as most text needs no escape. The table is
  // read from a local: a module-level binding is checked for initialisation on every read (measured: ~5% of an
  // expansion).
  const classes = CLASSES;
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    found |= code < 128 ? classes[code]! : NON_ASCII;
  }
  if ((found & escapes) === 0) return text;
  try {
    return found & differs ? escapeEach(text, escapes) : builtIn(text);
  } catch (error) {
    // A lone surrogate (URIError), or a RangeError: the result passing the engine's longest string. Both are left to
    // the caller, which names the value.
    throw error instanceof URIError ? LONE_SURROGATE : error;
  }
}

/**
 * Escapes as "%XX" every ASCII character with a bit of `escapes`, copying the kept runs between escapes in one slice
 * each, and each run of non-ASCII characters as its UTF-8 (encodeURIComponent). In reserved expansion a %XX of the text
 * stays as it is.
 */
function escapeEach(text: string, escapes: number): string {
  const classes = CLASSES;
  let result = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let end = i + 1;
    let escaped: string;
    if (code > 127) {
      while (end < text.length && text.charCodeAt(end) > 127) end++;
      escaped = encodeURIComponent(text.slice(i, end));
    } else if ((classes[code]! & escapes) === 0) {
      continue;
    } else if (escapes === RESERVED && code === 0x25 /* % */ && classes[text.charCodeAt(i + 1)]! & classes[text.charCodeAt(i + 2)]! & HEX) {
      continue;
    } else {
      escaped = ESCAPED[code]!;
    }
    result += text.slice(copied, i) + escaped;
    copied = end;
    i = end - 1;
  }
  return result + text.slice(copied);
}
