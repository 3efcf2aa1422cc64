// Percent-encoding for RFC 6570: one scan for the common text that needs no escape; then the built-in encoders (one
// native call, a flat string) wherever they agree with the RFC, and escapes from a table where they do not.
import { EndpointError } from "../errors.js";

const UNRESERVED = new Uint8Array(128);
const RESERVED_OR_UNRESERVED = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~") {
  UNRESERVED[c.charCodeAt(0)] = 1;
  RESERVED_OR_UNRESERVED[c.charCodeAt(0)] = 1;
}
for (const c of ":/?#[]@!$&'()*+,;=") RESERVED_OR_UNRESERVED[c.charCodeAt(0)] = 1;

/** "%XX" for every ASCII character code. */
const ESCAPED: readonly string[] = Array.from({ length: 128 }, (_, code) => `%${code.toString(16).toUpperCase().padStart(2, "0")}`);

/** Characters encodeURIComponent leaves as they are although RFC 6570 escapes them outside reserved expansion. */
const KEPT_BY_ENCODE_URI_COMPONENT = new Uint8Array(128);
for (const c of "!'()*") KEPT_BY_ENCODE_URI_COMPONENT[c.charCodeAt(0)] = 1;

/** Characters encodeURI escapes although reserved expansion keeps them ("%" only when it starts a %XX triplet). */
const ESCAPED_BY_ENCODE_URI = new Uint8Array(128);
for (const c of "[]%") ESCAPED_BY_ENCODE_URI[c.charCodeAt(0)] = 1;

/** Encodes everything but unreserved characters (simple, label, path, matrix and query expansion). */
export function encodeUnreserved(text: string): string {
  if (!needsEscape(text, UNRESERVED)) return text;
  if (!holdsAny(text, KEPT_BY_ENCODE_URI_COMPONENT)) return encodeWellFormed(encodeURIComponent, text);
  return escapeAscii(text, UNRESERVED, false) ?? encodeUnreservedSlow(text);
}

function encodeUnreservedSlow(text: string): string {
  return encodeWellFormed(encodeURIComponent, text).replace(/[!'()*]/g, hexEscape);
}

/** Encodes everything but reserved and unreserved characters and existing %XX triplets (`+` and `#`). */
export function encodeReserved(text: string): string {
  if (!needsEscape(text, RESERVED_OR_UNRESERVED)) return text;
  if (!holdsAny(text, ESCAPED_BY_ENCODE_URI)) return encodeWellFormed(encodeURI, text);
  return escapeAscii(text, RESERVED_OR_UNRESERVED, true) ?? encodeReservedSlow(text);
}

function encodeReservedSlow(text: string): string {
  // encodeURI keeps every reserved character but "[" and "]", and escapes the "%" of a triplet: undo both.
  return encodeWellFormed(encodeURI, text)
    .replace(/%5B/g, "[")
    .replace(/%5D/g, "]")
    .replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
}

/** True when some character of `text` is not one `keep` marks (non-ASCII included): the common answer is no. */
function needsEscape(text: string, keep: Uint8Array): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || keep[code] === 0) return true;
  }
  return false;
}

/** True when `text` holds an ASCII character that `table` marks. */
function holdsAny(text: string, table: Uint8Array): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && table[code] === 1) return true;
  }
  return false;
}

/**
 * Escapes as "%XX" every ASCII character that `keep` does not mark, copying the kept runs between escapes in one
 * slice each; with `keepTriplets`, a "%XX" already in the text stays. Text that needs no escape comes back as it is.
 * Returns undefined when the text holds a non-ASCII character: the built-in encoders handle UTF-8 and lone surrogates.
 */
function escapeAscii(text: string, keep: Uint8Array, keepTriplets: boolean): string | undefined {
  let result = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return undefined;
    if (keep[code] === 1) continue;
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
  } catch {
    // Only a lone surrogate makes the built-in encoders throw; it has no UTF-8 form to send.
    throw new EndpointError("ERR_INVALID_PARAMETER", `value ${JSON.stringify(text.slice(0, 80))} is not well-formed Unicode (lone surrogate)`);
  }
}

/** True for the characters RFC 3986 allows anywhere in a URI, so a template literal may keep them as they are. */
export function isUriCharacter(code: number): boolean {
  return code < 128 && RESERVED_OR_UNRESERVED[code] === 1;
}

/** True for a hexadecimal digit's character code. */
export function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}
