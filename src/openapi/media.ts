// Request body media types as described routes read them: how each kind is written.
import type { BodyKind } from "../types/route-table.js";

/** How a body of `mediaType` is written: worked out once per route, when its plan is compiled. */
export function bodyKind(mediaType: string): BodyKind {
  const type = mediaType.toLowerCase();
  return type === "multipart/form-data" ? "multipart" : type === "application/x-www-form-urlencoded" ? "form" : isJson(type) ? "json" : "other";
}

/** True for application/json and its variants (`+json`, `x-json`, `text/json`), as OpenAPI tools read them. */
export function isJson(mediaType: string): boolean {
  return /^(application|text)\/(x-)?json\s*(;|$)|\+json\s*(;|$)/.test(mediaType);
}
