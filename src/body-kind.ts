// Which bodies an HTTP client writes itself, content-type included (DECISIONS.md difference 15). endpoint() gives them
// no JSON content-type and toFetchArgs() hands them over as they are: this is the one place that tells them apart.

/** A body a client encodes and labels itself: a form (multipart), URL-encoded parameters, a blob, bytes or a stream. */
export type NativeBodyKind = "form" | "params" | "blob" | "bytes" | "stream";

import { objectTag } from "./values.js";

/** The kind of each built-in tag; a null prototype, so no tag reads Object.prototype. */
const KINDS = {
  __proto__: null,
  FormData: "form",
  URLSearchParams: "params",
  Blob: "blob",
  File: "blob",
  ArrayBuffer: "bytes",
  ReadableStream: "stream",
} as unknown as Record<string, NativeBodyKind | undefined>;

/**
 * The kind of a body a client sends as it is, or undefined for data to send as JSON or text. Told by the built-in
 * tag (Symbol.toStringTag, read once), so a FormData from undici, another realm or a polyfill counts as one; a plain
 * object or array is decided without reading any of its properties. Nothing of the body is called.
 */
export function nativeBodyKind(body: unknown): NativeBodyKind | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  if (ArrayBuffer.isView(body)) return "bytes";
  if (isPlainInAnyRealm(body)) return undefined;
  // "[object <tag>]"
  const kind = KINDS[objectTag.call(body).slice(8, -1)];
  if (kind !== undefined) return kind;
  // Node's Readable and async generators: an async iterator of their class. One Object.prototype holds was put there
  // by prototype pollution (a symbol key, so only by code: reading it runs no data of the caller's).
  const iterator = (body as AsyncIterable<unknown>)[Symbol.asyncIterator];
  return typeof iterator === "function" && iterator !== (Object.prototype as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] ? "stream" : undefined;
}

/** A plain object of any realm (a vm context, an iframe): its prototype is null or an Object.prototype, whose is null. */
export function isPlainInAnyRealm(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
