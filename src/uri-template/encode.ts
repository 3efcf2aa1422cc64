// Percent-encoding for RFC 6570: one scan for the common already-safe case, the built-in encoders otherwise.
import { EndpointError } from "../errors.js";

const UNRESERVED = new Uint8Array(128);
const RESERVED_OR_UNRESERVED = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~") {
  UNRESERVED[c.charCodeAt(0)] = 1;
  RESERVED_OR_UNRESERVED[c.charCodeAt(0)] = 1;
}
for (const c of ":/?#[]@!$&'()*+,;=") RESERVED_OR_UNRESERVED[c.charCodeAt(0)] = 1;

/** Encodes everything but unreserved characters (simple, label, path, matrix and query expansion). */
export function encodeUnreserved(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || UNRESERVED[code] === 0) return encodeUnreservedSlow(text);
  }
  return text;
}

function encodeUnreservedSlow(text: string): string {
  return encodeWellFormed(encodeURIComponent, text).replace(/[!'()*]/g, hexEscape);
}

/** Encodes everything but reserved and unreserved characters and existing %XX triplets (`+` and `#`). */
export function encodeReserved(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || RESERVED_OR_UNRESERVED[code] === 0) return encodeReservedSlow(text);
  }
  return text;
}

function encodeReservedSlow(text: string): string {
  // encodeURI keeps every reserved character but "[" and "]", and escapes the "%" of a triplet: undo both.
  return encodeWellFormed(encodeURI, text)
    .replace(/%5B/g, "[")
    .replace(/%5D/g, "]")
    .replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
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
