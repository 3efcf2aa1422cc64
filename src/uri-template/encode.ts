// Percent-encoding, for RFC 6570 and for query strings, in one scan: most text needs no escape and comes back as it is,
// an ASCII character is escaped from a table, and non-ASCII text goes to the built-in encoder.

/**
 * What the encoders throw for a lone surrogate, which has no UTF-8 form to send: expandTemplate, which can meet one in
 * a value (a template literal is checked before it is encoded), turns it into an EndpointError naming the variable, so
 * this one needs no message of its own.
 */
export const LONE_SURROGATE = /* @__PURE__ */ new URIError();

// Bits of an ASCII character's class: which encodings escape it, and where the built-in encoder writes it otherwise.
/** Escaped by simple, label, path, matrix and query expansion: all but RFC 3986 unreserved characters. */
const UNRESERVED = 1;
/** Escaped by reserved and fragment expansion: all but unreserved and reserved characters ("%" unless in a %XX). */
const RESERVED = 2;
/** Escaped by encodeURIComponent, "+" left aside (PLUS). */
const COMPONENT = 4;
/** "+", escaped by encodeURIComponent and kept by encodeComponent(text, true). */
const PLUS = 8;
/** A hexadecimal digit, as a %XX escape holds. */
const HEX = 16;
/** "!'()*", which encodeURIComponent keeps and unreserved expansion escapes. */
const UNRESERVED_DIFFERS = 32;
/** "[", "]" and "%", which encodeURI escapes and reserved expansion keeps (a "%" in a %XX). */
const RESERVED_DIFFERS = 64;

/**
 * The class of each ASCII character (the bits above that apply to it), as data: character `code` of this text is
 * 35 + that class, so the text stays printable and compresses to a few bytes. test/uri-template/encode.test.ts works
 * each class out again from RFC 3986's character sets and holds this text to it.
 */
const CLASSES = /* @__PURE__ */ Uint8Array.from(
  "*********************************D*((j(DDDD,(##(3333333333((*(*((333333####################h*h*#*333333####################***#*",
  (character) => character.charCodeAt(0) - 35,
);
/** "%XX" for each ASCII character. */
const ESCAPED = /* @__PURE__ */ Array.from(CLASSES, (_, code) => `%${code < 16 ? "0" : ""}${code.toString(16).toUpperCase()}`);

/** Encodes everything but unreserved characters (simple, label, path, matrix and query expansion). */
export function encodeUnreserved(text: string): string {
  return encode(text, UNRESERVED, UNRESERVED_DIFFERS, encodeURIComponent);
}

/** Encodes everything but reserved and unreserved characters and existing %XX triplets (`+` and `#`). */
export function encodeReserved(text: string): string {
  return encode(text, RESERVED, RESERVED_DIFFERS, encodeURI);
}

/** encodeURIComponent's result, but that with `keepPlus` a "+" stays a "+" (GitHub's search syntax in `q`). */
export function encodeComponent(text: string, keepPlus: boolean): string {
  return encode(text, keepPlus ? COMPONENT : COMPONENT | PLUS, keepPlus ? PLUS : 0, encodeURIComponent);
}

/** How many escapes encode() adds to its result one at a time; after that, it joins this many at once. */
const PIECES_JOINED = 4096;

/**
 * `text` with every ASCII character that has a bit of `escapes` written "%XX" (but the "%" of a %XX in reserved
 * expansion), and each non-ASCII character, with the run after it of characters without a bit of `differs`, as
 * `builtIn` writes it (one native call writes the UTF-8 of a word, and the characters around it as asked). Kept runs
 * are copied in one slice each; text with nothing to escape is returned as it is.
 */
function encode(text: string, escapes: number, differs: number, builtIn: (text: string) => string): string {
  // The table is read from a local: a module-level binding is checked for initialisation on every read (measured: ~5%
  // of an expansion).
  const classes = CLASSES;
  let result = "";
  // A string grown by one short piece per escape is a chain of rope nodes of about 50 bytes each: on 200 M characters
  // of " " or "!" that ran the heap out of memory (a fatal crash, not an error) before the engine's longest string.
  // Past the first few thousand pieces, they are joined a few thousand at a time (a join writes one flat string); text
  // with fewer escapes, nearly all, grows the result directly, which is faster than an array.
  let pieces: string[] | undefined;
  let count = 0;
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let end = i + 1;
    let escaped: string;
    if (code < 128) {
      // A character past the text's end, or not ASCII, has no class: `undefined & HEX` is 0.
      if ((classes[code]! & escapes) === 0 || (code === 0x25 /* % */ && escapes === RESERVED && classes[text.charCodeAt(end)]! & classes[text.charCodeAt(i + 2)]! & HEX)) continue;
      escaped = ESCAPED[code]!;
    } else {
      while (end < text.length && (classes[text.charCodeAt(end)]! & differs) === 0) end++;
      try {
        escaped = builtIn(text.slice(i, end));
      } catch (error) {
        // A lone surrogate (URIError), or a RangeError: the result passing the engine's longest string. Both are left to
        // the caller, which names the value.
        throw error instanceof URIError ? LONE_SURROGATE : error;
      }
    }
    const piece = text.slice(copied, i) + escaped;
    if (++count < PIECES_JOINED) {
      result += piece;
    } else if ((pieces ??= []).push(piece) === PIECES_JOINED) {
      result += pieces.join("");
      pieces.length = 0;
    }
    copied = end;
    i = end - 1;
  }
  return copied ? result + (pieces ? pieces.join("") : "") + text.slice(copied) : text;
}
