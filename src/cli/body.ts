// Bodies that are not JSON text (a FormData, URLSearchParams, Blob or bytes, as described routes build them): shown as
// readable JSON, and told apart for --curl. JSON.stringify writes each of them as `{}`, dropping every field.
import { utf8 } from "./options.js";

/** Where each uploaded file (`name@path`) was read from: curl reads it from there again when the command runs. */
export type FilePaths = ReadonlyMap<object, string>;

/** How a body is written: JSON text (a string, a plain object or list), or one of the kinds fetch writes itself. */
export type BodyKind = "json" | "form" | "params" | "blob" | "bytes" | "other";

/** The kind of a request body, by its class's tag as the library reads it (a FormData of another realm counts too). */
export function bodyKind(body: unknown): BodyKind {
  if (typeof body !== "object" || body === null) return "json";
  if (Array.isArray(body)) return "json";
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return "bytes";
  const tag = Object.prototype.toString.call(body);
  if (tag === "[object FormData]") return "form";
  if (tag === "[object URLSearchParams]") return "params";
  if (tag === "[object Blob]" || tag === "[object File]") return "blob";
  const prototype: unknown = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null ? "json" : "other";
}

/** The bytes of an ArrayBuffer or a view of one. */
export function bytesOf(body: ArrayBuffer | ArrayBufferView): Uint8Array {
  return body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}

/** One part of a multipart body: a text field, or a file (a Blob, with the name and type fetch writes for it). */
export type FormPart = { name: string; text: string; type?: string } | { name: string; file: Blob; filename: string; type: string };

/**
 * The text of each Blob part that is no uploaded file: a part the description types (an Encoding Object's
 * `contentType`, JSON text for a JSON type), which the library builds from a value. Read before the body is shown.
 */
export type PartTexts = ReadonlyMap<object, string>;

/** The texts of a multipart body's Blob parts that are not in `files` (PartTexts); none for any other body. */
export async function partTexts(body: unknown, files: FilePaths): Promise<PartTexts> {
  const texts = new Map<object, string>();
  if (bodyKind(body) !== "form") return texts;
  for (const [, value] of (body as FormData).entries()) {
    if (typeof value !== "string" && !files.has(value)) texts.set(value, await (value as Blob).text());
  }
  return texts;
}

/**
 * The parts of a FormData in order, written as fetch writes them: a name's and a text value's line breaks (CR, LF, CRLF)
 * become CRLF, a file with no type is `application/octet-stream`, a Blob that is not a File is named "blob".
 */
export function formParts(form: unknown, texts: PartTexts = new Map()): FormPart[] {
  const parts: FormPart[] = [];
  for (const [name, value] of (form as { entries(): Iterable<[string, unknown]> }).entries()) {
    const partName = crlf(name);
    const text = typeof value === "string" ? undefined : texts.get(value as object);
    if (typeof value === "string") parts.push({ name: partName, text: crlf(value) });
    // A typed part built from a value: its text (as is: a Blob's bytes are sent unchanged) and its type.
    else if (text !== undefined) parts.push({ name: partName, text, type: (value as Blob).type });
    else {
      const file = value as Blob & { name?: unknown };
      parts.push({ name: partName, file, filename: typeof file.name === "string" ? file.name : "blob", type: file.type === "" ? "application/octet-stream" : file.type });
    }
  }
  return parts;
}

/**
 * The body as the JSON output shows it: JSON bodies as they are; a multipart body as `{"multipart/form-data": [[name,
 * value], ...]}`, a file as its name, type, size and the path it is read from; a URLSearchParams as its text; a Blob or
 * bytes by size and type, and their text when it is UTF-8.
 */
export function shownBody(body: unknown, files: FilePaths, texts: PartTexts = new Map()): unknown {
  switch (bodyKind(body)) {
    case "form":
      return {
        "multipart/form-data": formParts(body, texts).map((part) =>
          "text" in part ? (part.type === undefined ? [part.name, part.text] : [part.name, { type: part.type, text: part.text }]) : [part.name, shownFile(part.file, part.filename, part.type, files)],
        ),
      };
    case "params":
      return { "application/x-www-form-urlencoded": String(body) };
    case "blob": {
      const blob = body as Blob & { name?: unknown };
      return { blob: shownFile(blob, typeof blob.name === "string" ? blob.name : undefined, blob.type, files) };
    }
    case "bytes": {
      const bytes = bytesOf(body as ArrayBuffer);
      const text = utf8(bytes);
      return { bytes: text === undefined ? { size: bytes.length } : { size: bytes.length, text } };
    }
    default:
      return body;
  }
}

function shownFile(file: Blob, filename: string | undefined, type: string, files: FilePaths): Record<string, unknown> {
  const path = files.get(file);
  return { ...(path === undefined ? {} : { file: path }), ...(filename === undefined ? {} : { filename }), ...(type === "" ? {} : { type }), size: file.size };
}

/** CR, LF and CRLF as CRLF: what the multipart/form-data encoding (and fetch) makes of a name or a text value. */
function crlf(text: string): string {
  return text.replace(/\r\n|\r|\n/g, "\r\n");
}
