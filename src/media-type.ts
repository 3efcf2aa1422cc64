// mediaType.format and mediaType.previews: how they rewrite the accept header (DECISIONS "mediaType"). The accept
// header is the caller's: each regular expression here is anchored or a single character class, and linear.
import { MAX_CACHED_KEY_LENGTH, boundedMemo } from "./cache.js";
import { checkHeaderValue } from "./headers.js";
import { EndpointError, quote } from "./errors.js";
import { getOwn, isPlainObject, mergeValue, ownItems, type Dictionary } from "./objects.js";

/** A format, and a preview name: letters, digits and "_", with ".", "+" and "-" in a format and "-" in a name. */
const FORMAT = /^[\w.+-]+$/;
const PREVIEW = /^[\w-]+$/;

/**
 * Checks a mediaType option and returns a copy with its previews listed once each, after `earlierPreviews`; format ""
 * means none. `given`: the caller wrote these names (endpoint(), merge(), defaults()), so each loses its "-preview"
 * suffix here, once (DECISIONS): parse() reads merged options, whose names merge() has normalised already (a second
 * pass would turn "x-preview-preview" into "x" where endpoint() keeps "x-preview").
 */
export function normalizeMediaType(mediaType: unknown, given: boolean, earlierPreviews: readonly string[] = []): Dictionary {
  if (!isPlainObject(mediaType)) throw new EndpointError("ERR_INVALID_PARAMETER", "mediaType must be a plain object");
  // Copied first and checked in the copy: a getter or a proxy could answer the check with one value and the copy with
  // another, and the copy is what rewrites the accept header.
  const normalized: Dictionary = { ...mediaType };
  const format = getOwn(normalized, "format");
  const previews = getOwn(normalized, "previews");
  if (format !== undefined && format !== "") checkWord(format, FORMAT, "mediaType.format", '"-", "." or "+"');
  if (previews !== undefined) {
    if (!Array.isArray(previews)) throw new EndpointError("ERR_INVALID_PARAMETER", "mediaType.previews must be an array of preview names");
    let items = ownItems(previews, "mediaType.previews");
    // No previews, as Octokit's defaults give on every request: the copy is the list.
    if (items.length > 0 || earlierPreviews.length > 0) {
      const names = new Set(earlierPreviews);
      for (let i = 0; i < items.length; i++) {
        const preview = checkWord(items[i], PREVIEW, "the preview", 'or "-"');
        const name = given && preview.endsWith("-preview") ? preview.slice(0, -8) : preview;
        if (name !== "") names.add(name);
      }
      items = Array.from(names);
    }
    normalized.previews = items;
  }
  return normalized;
}

/**
 * A caller's mediaType merged over `earlier`, the merged options' (if any): by key, except previews, which accumulate:
 * earlier ones first, then new ones, no repeats.
 */
export function mergeMediaType(earlier: unknown, later: unknown, fresh = false): Dictionary {
  const previews = isPlainObject(earlier) && getOwn(earlier, "previews");
  return mergeValue(earlier, normalizeMediaType(later, true, Array.isArray(previews) ? previews : undefined), fresh) as Dictionary;
}

/** `value` when it is a string of letters, digits, "_" and what `pattern` adds (`allowed`), else ERR_INVALID_PARAMETER. */
function checkWord(value: unknown, pattern: RegExp, what: string, allowed: string): string {
  if (typeof value === "string" && pattern.test(value)) return value;
  const shown = typeof value === "string" ? quote(value) : `(a ${value === null ? "null" : typeof value})`;
  throw new EndpointError("ERR_INVALID_PARAMETER", `${what} ${shown} must be letters, digits, "_", ${allowed}`);
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
 * caller already holds, whose hashes V8 keeps: a key made of both would be a new string, hashed on every call.
 */
export const acceptWithFormats = /* @__PURE__ */ boundedMemo(ACCEPT_CACHE_SIZE, (accept) =>
  boundedMemo(
    ACCEPT_CACHE_SIZE,
    (format) => rewriteAccept(accept, format, undefined),
    // A rewrite is as long as its accept header, which the format's key does not tell.
    (format, rewritten) => format.length + rewritten.length,
  ),
);

/**
 * A vendor media type `application/vnd.<vendor>[.<version>][.<x>][+json]`, blanks before it, with its first two parts
 * captured. `\w+` stops at a dot, so each part is found one way only.
 */
const VENDOR_TYPE = /^(\s*application\/vnd\.\w+)(\.v\d+)?(?:\.\w+)?(?:\+json)?$/;

function rewriteAccept(accept: string, format: string | undefined, previews: readonly string[] | undefined): string {
  // A binary download must keep its accept header: this media type switches both rewrites off.
  if (accept.toLowerCase().includes("application/octet-stream")) return accept;
  // Each media type becomes `application/vnd.<vendor>[.<version>].<format>`; a format holds no "$".
  let result = format ? accept.split(",").map((type) => type.replace(VENDOR_TYPE, `$1$2.${format}`)).join(",") : accept;
  if (previews?.length) {
    // The names already asked for as `<name>-preview`: in each run of word characters and dashes, what stands before
    // its last "-preview". Most accept headers name none, and are not split.
    const names = new Set<string>();
    if (result.includes("-preview")) for (const run of result.split(/[^\w-]/)) {
      const end = run.lastIndexOf("-preview");
      if (end > 0) names.add(run.slice(0, end));
    }
    for (const preview of previews) names.add(preview);
    const suffix = format ? `.${format}` : "+json";
    // Grown name by name, not mapped then joined: 2^20 long names stop at the engine's longest string (a RangeError,
    // which the entry point reports as ERR_TOO_LARGE) instead of first making a new string per name.
    result = "";
    for (const name of names) result += `${result && ","}application/vnd.github.${name}-preview${suffix}`;
  }
  // The rewrite is made of pieces of a checked header and of checked words, so this never fails; it is kept so that
  // no change here can let a line break into a header. A cached rewrite is checked once, when it is made.
  return checkHeaderValue("accept", result) as string;
}
