// Request body media types as described routes read them: how each kind is written.
import type { BodyKind } from "../types/route-table.js";

/**
 * How a body of `mediaType` is written: worked out once per route, when its plan is compiled. A media range that JSON
 * falls in (`*` + `/*`, `application/*`) or no media type at all is written as JSON (DECISIONS "Request bodies by media
 * type"): Kubernetes describes every write as `*` + `/*`, and a body sent unlabelled is read as text/plain and refused.
 */
export function bodyKind(mediaType: string): BodyKind {
  const type = mediaType.toLowerCase();
  return type === "multipart/form-data" ? "multipart" : type === "application/x-www-form-urlencoded" ? "form" : isJson(type) || isJsonRange(type) ? "json" : "other";
}

/** True for application/json and its variants (`+json`, `x-json`, `text/json`), as OpenAPI tools read them. */
export function isJson(mediaType: string): boolean {
  return /^(application|text)\/(x-)?json\s*(;|$)|\+json\s*(;|$)/.test(mediaType);
}

/** True for no media type, `*` + `/*` or `application/*` (parameters aside), lowercase: ranges application/json is in. */
export function isJsonRange(mediaType: string): boolean {
  const type = essence(mediaType);
  return type === "" || type === "*/*" || type === "application/*";
}

/**
 * The content-type a JSON body of `mediaType` is sent with: application/json for a range or none, with the charset
 * every route gives it (DECISIONS "Body") when it is application/json itself, else the media type as described.
 */
export function jsonContentType(mediaType: string): string {
  const type = mediaType.toLowerCase();
  return isJsonRange(type) ? "application/json" : type === "application/json" ? "application/json; charset=utf-8" : mediaType;
}

/** A media type's essence: its type and subtype, lowercase, without parameters (`charset`) or white space. */
function essence(mediaType: string): string {
  const semicolon = mediaType.indexOf(";");
  return (semicolon < 0 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * The media type of `described` that a call's content-type `label` names (DECISIONS "Described routes"): the one of its
 * essence, case and parameters aside, else a range it falls in (`*` + `/*`, `text/*`; no media type is JSON's); undefined
 * when the operation describes none.
 */
export function chosenMedia(described: readonly string[], label: string): string | undefined {
  const given = essence(label);
  for (const type of described) if (essence(type) === given) return type;
  for (const type of described) {
    const range = essence(type);
    if (range === "" ? isJson(given) : range === "*/*" ? given.includes("/") : range.endsWith("/*") && given.startsWith(range.slice(0, -1))) return type;
  }
  return undefined;
}

/**
 * The writers (keys of Writers) a body described as `mediaType` may need: its kind's, and for a range every kind a
 * call's content-type within it may choose (chosenMedia): `*` + `/*` multipart and form, `multipart/*`, `application/*`.
 */
export function bodyWriters(mediaType: string): ("multipart" | "formBody")[] {
  const type = essence(mediaType);
  if (type === "*/*") return ["multipart", "formBody"];
  if (type === "multipart/*") return ["multipart"];
  if (type === "application/*") return ["formBody"];
  const kind = bodyKind(type);
  return kind === "multipart" ? ["multipart"] : kind === "form" ? ["formBody"] : [];
}

/** How a body labelled `label` by the caller is written: the kind of its essence. */
export function labelKind(label: string): BodyKind {
  return bodyKind(essence(label));
}
