// mediaType.format and mediaType.previews: how they rewrite the accept header. No regular expressions, so
// no input can make them backtrack (the accept header is caller-controlled).
import { MAX_CACHED_KEY_LENGTH, boundedMemo } from "./cache.js";
import { checkHeaderValue } from "./headers.js";
import { EndpointError, quote } from "./errors.js";
import { getOwn, isPlainObject, ownItems, type Dictionary } from "./objects.js";

/** The media type that switches both rewrites off: a binary download must keep its accept header. */
const OCTET_STREAM = "application/octet-stream";
const VENDOR_PREFIX = "application/vnd.";

/**
 * Checks a mediaType option and returns a copy with its previews listed once each; format "" means none. `given`: the
 * caller wrote these names (endpoint(), merge(), defaults()), so each loses its "-preview" suffix here, once; parse()
 * reads merged options, whose names merge() has normalised already (a second pass would turn "x-preview-preview" into
 * "x" where endpoint() keeps "x-preview").
 */
export function normalizeMediaType(mediaType: unknown, given: boolean): Dictionary {
  if (!isPlainObject(mediaType)) throw new EndpointError("ERR_INVALID_PARAMETER", "mediaType must be a plain object");
  // Copied first and checked in the copy: a getter or a proxy could answer the check with one value and the copy with
  // another, and the copy is what rewrites the accept header.
  const normalized: Dictionary = { ...mediaType };
  const format = getOwn(normalized, "format");
  const previews = getOwn(normalized, "previews");
  if (format !== undefined && format !== "" && (typeof format !== "string" || !consistsOf(format, "-.+"))) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `mediaType.format ${formatForMessage(format)} must be letters, digits, "_", "-", "." or "+"`);
  }
  if (previews !== undefined) normalized.previews = mergePreviews([], previews, given);
  return normalized;
}

/**
 * Previews set earlier, then new ones, each named once; lists walked by index. `given`: `later` is as the caller wrote
 * it, and each name loses its "-preview" suffix (DECISIONS): the one place that rule is applied.
 */
export function mergePreviews(earlier: readonly string[], later: unknown, given: boolean): string[] {
  if (!Array.isArray(later)) throw new EndpointError("ERR_INVALID_PARAMETER", "mediaType.previews must be an array of preview names");
  const items = ownItems(later, "mediaType.previews");
  const merged = new Set<string>();
  for (let i = 0; i < earlier.length; i++) merged.add(earlier[i]!);
  for (let i = 0; i < items.length; i++) {
    const preview: unknown = items[i];
    if (typeof preview !== "string" || !consistsOf(preview, "-")) {
      throw new EndpointError("ERR_INVALID_PARAMETER", `the preview ${formatForMessage(preview)} must be letters, digits, "_" or "-"`);
    }
    const name = given && preview.endsWith("-preview") ? preview.slice(0, -"-preview".length) : preview;
    if (name !== "") merged.add(name);
  }
  return Array.from(merged);
}

/** Rewrites an accept header for a format and previews, the way GitHub's API reads them. */
export function applyMediaType(accept: string, format: string | undefined, previews: readonly string[] | undefined): string {
  // The common call, a format on the default accept header, gives the same answer every time: it is cached.
  if (format && !previews?.length && accept.length <= MAX_CACHED_KEY_LENGTH) return acceptWithFormats(accept)(format);
  return rewriteAccept(accept, format, previews);
}

/** How many accept headers, and formats for each, the cache below keeps: at most 20 x 20 rewritten headers. */
const ACCEPT_CACHE_SIZE = 20;

/**
 * Accept headers rewritten for a format, looked up by the accept header and then by the format. Both are strings the
 * caller already holds, whose hashes V8 keeps: a key made of both would be a new string, hashed on every call (that
 * cost a tenth of a mediaType call).
 */
export const acceptWithFormats = boundedMemo(ACCEPT_CACHE_SIZE, (accept) =>
  boundedMemo(
    ACCEPT_CACHE_SIZE,
    (format) => rewriteAccept(accept, format, undefined),
    // A rewrite is as long as its accept header, which the format's key does not tell.
    (format, rewritten) => format.length + rewritten.length,
  ),
);

function rewriteAccept(accept: string, format: string | undefined, previews: readonly string[] | undefined): string {
  if (accept.toLowerCase().includes(OCTET_STREAM)) return accept;
  let result = format ? accept.split(",").map((type) => withFormat(type, format)).join(",") : accept;
  if (previews && previews.length > 0) {
    const names = previewsNamedIn(result);
    for (const preview of previews) names.add(preview);
    const suffix = format ? `.${format}` : "+json";
    // Grown name by name, not mapped then joined: 2^20 long names stop at the engine's longest string (a RangeError,
    // which the entry point reports as ERR_TOO_LARGE) instead of first making a new string per name.
    result = "";
    for (const name of names) result += `${result === "" ? "" : ","}application/vnd.github.${name}-preview${suffix}`;
  }
  // The rewrite is made of pieces of a checked header and of checked words, so this never fails; it is kept so that
  // no change here can let a line break into a header. A cached rewrite is checked once, when it is made.
  return checkHeaderValue("accept", result) as string;
}

/** `application/vnd.<vendor>[.<version>][.<x>][+json]` becomes `application/vnd.<vendor>[.<version>].<format>`. */
function withFormat(mediaType: string, format: string): string {
  const start = mediaType.indexOf(VENDOR_PREFIX);
  if (start === -1) return mediaType;
  const lead = mediaType.slice(0, start);
  if (lead.trim() !== "") return mediaType;
  let rest = mediaType.slice(start + VENDOR_PREFIX.length);
  if (rest.endsWith("+json")) rest = rest.slice(0, -"+json".length);
  const segments = rest.split(".");
  if (segments.length > 3 || !segments.every((segment) => consistsOf(segment, ""))) return mediaType;
  const [vendor, second] = segments as [string, string | undefined];
  const version = second !== undefined && isVersion(second) ? `.${second}` : "";
  if (segments.length === 3 && version === "") return mediaType;
  return `${lead}${VENDOR_PREFIX}${vendor}${version}.${format}`;
}

/** Names already asked for in accept as `<name>-preview`: in each run of word characters and dashes, what stands before its last "-preview". */
function previewsNamedIn(accept: string): Set<string> {
  const names = new Set<string>();
  let runStart = 0;
  for (let i = 0; i <= accept.length; i++) {
    if (i < accept.length && (isWordCharacter(accept.charCodeAt(i)) || accept[i] === "-")) continue;
    // Searching only inside the run keeps the whole scan linear in the header's length.
    const run = accept.slice(runStart, i);
    const end = run.lastIndexOf("-preview");
    if (end > 0) names.add(run.slice(0, end));
    runStart = i + 1;
  }
  return names;
}

function isVersion(segment: string): boolean {
  if (segment.length < 2 || segment[0] !== "v") return false;
  for (let i = 1; i < segment.length; i++) {
    const code = segment.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** True for a non-empty text of letters, digits, "_" and the characters of `punctuation` only. */
function consistsOf(text: string, punctuation: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    if (!isWordCharacter(text.charCodeAt(i)) && !punctuation.includes(text[i]!)) return false;
  }
  return true;
}

function isWordCharacter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
}

function formatForMessage(value: unknown): string {
  return typeof value === "string" ? quote(value) : `(a ${value === null ? "null" : typeof value})`;
}
