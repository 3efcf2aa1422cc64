// Percent-encoding for RFC 6570: one scan for the common text that needs no escape; then the built-in encoders (one
// native call, a flat string) wherever they agree with the RFC, and escapes from a table where they do not.
import { EndpointError } from "../errors.js";

/** "%XX" for every ASCII character code. */
const ESCAPED: readonly string[] = Array.from({ length: 128 }, (_, code) => `%${code.toString(16).toUpperCase().padStart(2, "0")}`);

/** Bit set in a class table for a character the encoding escapes (non-ASCII characters always have it). */
const ESCAPE = 1;
/** Bit set for a character the built-in encoder treats differently from RFC 6570 in this encoding. */
const BUILT_IN_DIFFERS = 2;

/**
 * The class of every ASCII character in each encoding, so one scan tells both whether anything needs an escape and
 * whether the built-in encoder can do it. Outside reserved expansion, encodeURIComponent keeps "!'()*", which RFC 6570
 * escapes. In reserved expansion, encodeURI escapes "[" and "]" (which RFC 6570 keeps) and the "%" of a triplet.
 */
const UNRESERVED_CLASS = /* @__PURE__ */ classTable("", "!'()*");
const RESERVED_CLASS = /* @__PURE__ */ classTable(":/?#[]@!$&'()*+,;=", "[]%");

/** A class table: letters, digits, "-._~" and `alsoKept` kept, `differs` marked BUILT_IN_DIFFERS. */
function classTable(alsoKept: string, differs: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let code = 0; code < 128; code++) {
    const character = String.fromCharCode(code);
    const kept = /[\w.~-]/.test(character) || alsoKept.includes(character);
    table[code] = (kept ? 0 : ESCAPE) | (differs.includes(character) ? BUILT_IN_DIFFERS : 0);
  }
  return table;
}

/** Encodes everything but unreserved characters (simple, label, path, matrix and query expansion). */
export function encodeUnreserved(text: string): string {
  const found = classesIn(text, UNRESERVED_CLASS);
  if ((found & ESCAPE) === 0) return text;
  if ((found & BUILT_IN_DIFFERS) === 0) return encodeWellFormed(encodeURIComponent, text);
  return escapeAscii(text, UNRESERVED_CLASS, false) ?? encodeUnreservedSlow(text);
}

function encodeUnreservedSlow(text: string): string {
  return encodeWellFormed(encodeURIComponent, text).replace(/[!'()*]/g, hexEscape);
}

/** Encodes everything but reserved and unreserved characters and existing %XX triplets (`+` and `#`). */
export function encodeReserved(text: string): string {
  const found = classesIn(text, RESERVED_CLASS);
  if ((found & ESCAPE) === 0) return text;
  if ((found & BUILT_IN_DIFFERS) === 0) return encodeWellFormed(encodeURI, text);
  return escapeAscii(text, RESERVED_CLASS, true) ?? encodeReservedSlow(text);
}

function encodeReservedSlow(text: string): string {
  // encodeURI keeps every reserved character but "[" and "]", and escapes the "%" of a triplet: undo both.
  return encodeWellFormed(encodeURI, text)
    .replace(/%5B/g, "[")
    .replace(/%5D/g, "]")
    .replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
}

/** The union of the classes of the characters of `text`: one pass, no early exit, as most text needs no escape. */
function classesIn(text: string, classes: Uint8Array): number {
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    found |= code < 128 ? classes[code]! : ESCAPE;
  }
  return found;
}

/**
 * Escapes as "%XX" every ASCII character that `classes` marks ESCAPE, copying the kept runs between escapes in one
 * slice each; with `keepTriplets`, a "%XX" already in the text stays. Text that needs no escape comes back as it is.
 * Returns undefined when the text holds a non-ASCII character: the built-in encoders handle UTF-8 and lone surrogates.
 */
function escapeAscii(text: string, classes: Uint8Array, keepTriplets: boolean): string | undefined {
  let result = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return undefined;
    if ((classes[code]! & ESCAPE) === 0) continue;
    if (keepTriplets && code === 0x25 /* % */ && isHexDigit(text.charCodeAt(i + 1)) && isHexDigit(text.charCodeAt(i + 2))) {
      i += 2;
      continue;
    }
    result += text.slice(copied, i) + ESCAPED[code];
    copied = i + 1;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

function hexEscape(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase()}`;
}

function encodeWellFormed(encoder: (text: string) => string, text: string): string {
  try {
    return encoder(text);
  } catch (error) {
    // A lone surrogate (URIError) has no UTF-8 form to send. Anything else is a RangeError, the result passing the
    // engine's longest string: left to expandTemplate, which names the variable and the limit.
    if (!(error instanceof URIError)) throw error;
    throw new EndpointError("ERR_INVALID_PARAMETER", `value ${JSON.stringify(text.slice(0, 80))} is not well-formed Unicode (lone surrogate)`);
  }
}

/** True for the characters RFC 3986 allows anywhere in a URI, so a template literal may keep them as they are. */
export function isUriCharacter(code: number): boolean {
  return code < 128 && (RESERVED_CLASS[code]! & ESCAPE) === 0;
}

/** True for a hexadecimal digit's character code. */
export function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}
