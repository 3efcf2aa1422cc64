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
  const semicolon = mediaType.indexOf(";");
  const type = (semicolon < 0 ? mediaType : mediaType.slice(0, semicolon)).trim();
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
