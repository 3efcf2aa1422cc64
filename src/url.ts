// URL templates as endpoint() reads them: ":name" placeholders, required variables, and joining to baseUrl.
import { boundedMemo } from "./cache.js";
import { EndpointError, quote } from "./errors.js";
import { OPTION_NAMES } from "./option-names.js";
import { compileTemplate, compiledTemplate, type CompiledTemplate, type VarSpec } from "./uri-template/index.js";

/** A route URL compiled once: the template and what endpoint() needs to know about its variables. */
export interface CompiledUrl {
  readonly template: CompiledTemplate;
  /**
   * The option names and the template's variables: the keys that are never query or body parameters for this URL. (A
   * defaults' parameter or `data`, never an option name, is in it when the template names it.)
   */
  readonly notParameters: ReadonlySet<string>;
  /**
   * How the expanded URL meets baseUrl (DECISIONS "URL and placeholders", and SECURITY.md: a value never chooses the
   * scheme and host unless the template hands it the start of the URL through `{+name}`). "absolute": the template
   * starts with a literal scheme. "path": a literal comes first, and `template` has its leading slashes removed, ready
   * to follow one "/". "pathAfterExpansion": an expression or a literal of slashes only comes first, so the expanded
   * text has its leading slashes removed (read from a text just expanded, they would flatten it early). "fromValue":
   * `{+name}` comes first, and a scheme in the expanded text makes the URL absolute.
   */
  readonly join: "absolute" | "path" | "pathAfterExpansion" | "fromValue";
  /** False when no expansion can hold "?" or "#": no literal has one, and no `{?…}`, `{#…}` or `{+…}` may write one. */
  readonly mayHoldQueryOrFragment: boolean;
  /**
   * True when a literal holds "." or "%": it may then be a dot segment itself (`/repos/../{owner}`, `/%2e%2e/`), so the
   * path is searched for one whatever the values (expandedPlainValues). Route paths rarely hold either.
   */
  readonly literalMayFormDot: boolean;
  /** True when the engine may read the caller's options itself: no variable is an option name or `data`. */
  readonly readsDirectly: boolean;
}

/** A simple placeholder (`{name}`, `{+name}`, `{#name}`, `:name`) must have a value (DECISIONS, "URL and placeholders"). */
export function isRequired(spec: VarSpec): boolean {
  const operator = spec.operator.char;
  return operator === "" || operator === "+" || operator === "#";
}

/**
 * Compiles a route URL; throws ERR_INVALID_TEMPLATE when it is malformed. Its plan keeps it (plan.ts). `colons`: a
 * `:name` in the path is a placeholder (GitHub's rules); OpenAPI path templating reads it as literal text.
 */
export function compileUrlText(url: string, colons = true): CompiledUrl {
  const written = compileTemplate(colons ? colonPlaceholdersToTemplate(url) : url, { hyphenInNames: true });
  const join = joinOf(written.parts[0]);
  const first = written.parts[0];
  // A first literal loses its leading slashes once, here, rather than the expanded text on every call.
  const template = join === "path" ? compiledTemplate(written.source, [withoutLeadingSlashes(first as string), ...written.parts.slice(1)], written.variables) : written;
  const parts = template.parts;
  return Object.freeze({
    template,
    notParameters: new Set([...OPTION_NAMES, ...template.variables]),
    join,
    mayHoldQueryOrFragment: parts.some((part) => (typeof part === "string" ? part.includes("?") || part.includes("#") : ["?", "#", "+"].includes(part.operator.char))),
    literalMayFormDot: parts.some((part) => typeof part === "string" && (part.includes(".") || part.includes("%"))),
    readsDirectly: template.variables.every((name) => name !== "data" && !OPTION_NAMES.has(name as never)),
  });
}

function joinOf(first: CompiledTemplate["parts"][number] | undefined): CompiledUrl["join"] {
  if (typeof first !== "string") return first?.operator.char === "+" ? "fromValue" : "pathAfterExpansion";
  if (schemeLength(first) > 0) return "absolute";
  // A literal of slashes only does not tell how many slashes the expansion starts with.
  return withoutLeadingSlashes(first) === "" ? "pathAfterExpansion" : "path";
}

/**
 * Rewrites `:name` as `{name}`, only in the path and only right after "/" or ".", so ports, queries and `{x:3}` stay:
 * an expression (to its "}", or to the end when it is never closed), the query and the fragment are matched whole and
 * kept as they are.
 */
export function colonPlaceholdersToTemplate(url: string): string {
  if (!url.includes(":")) return url;
  const start = pathStart(url);
  return url.slice(0, start) + url.slice(start).replace(/\{[^}]*\}?|[?#][\s\S]*|(?<=[/.]):([A-Za-z_]\w*)/g, (match, name?: string) => (name === undefined ? match : `{${name}}`));
}

/** Where the path begins: after "scheme://authority" or "scheme:", else at the start. */
export function pathStart(url: string): number {
  const schemeEnd = schemeLength(url);
  if (schemeEnd === 0) return 0;
  if (!url.startsWith("//", schemeEnd)) return schemeEnd;
  let i = schemeEnd + 2;
  while (i < url.length && url[i] !== "/" && url[i] !== "?" && url[i] !== "#") i++;
  return i;
}

/** The length of a leading "scheme:" (RFC 3986), or 0 when the URL has none. */
export function schemeLength(url: string): number {
  return /^[A-Za-z][A-Za-z\d+.-]*:/.exec(url)?.[0].length ?? 0;
}

/** Joins a path to baseUrl with exactly one "/" between them, whatever slashes either side has. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrlPrefix(baseUrl) + withoutLeadingSlashes(path);
}

/**
 * True when the path of `url`, from `from` (the start of a segment) to its query or fragment, has a "." or ".." segment,
 * written plainly or as "%2e" in any case: fetch, undici and browsers resolve those, so a value of ".." would take the
 * request out of baseUrl's path (`/api/v3/repos/../..` reaches `/api/`). build() calls it only when a value or literal
 * could have written one (expandedPlainValues).
 */
export function hasDotSegment(url: string, from: number): boolean {
  // A baseUrl holds no "?" or "#": the first one ends the path.
  const end = url.search(/[?#]/);
  return /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(url.slice(from, end === -1 ? url.length : end));
}

/**
 * The placeholders whose empty value leaves an empty segment in the middle of the path of `url`, an expanded template,
 * or undefined (DECISIONS, "URL and placeholders": `/repos//r` is an error, an empty last segment stays). `empties` is
 * what the engine reported (ExpansionReport: varspecs and where their empty values stand; -1, undefined, never
 * matches, as no index is -1 past `from`): the rule is read from where each empty value stands in the
 * text, between two "/" (or at the start of a path-only URL, which follows baseUrl's "/"), not from the template's shape.
 */
export function emptySegmentNames(url: string, empties: readonly (VarSpec | number)[], absolute: boolean): string[] | undefined {
  const from = absolute ? pathStart(url) : 0;
  let end = from;
  while (end < url.length && url[end] !== "?" && url[end] !== "#") end++;
  let names: string[] | undefined;
  for (let i = 0; i < empties.length; i += 2) {
    const at = empties[i + 1] as number;
    const afterSlash = at === from ? !absolute : url.charCodeAt(at - 1) === 0x2f;
    if (at >= from && at < end && afterSlash && url.charCodeAt(at) === 0x2f) (names ??= []).push((empties[i] as VarSpec).name);
  }
  return names;
}

/** The path without the slashes it starts with. */
export function withoutLeadingSlashes(path: string): string {
  let start = 0;
  while (path.charCodeAt(start) === 0x2f) start++;
  return start === 0 ? path : path.slice(start);
}

const BASE_URL_CACHE_SIZE = 100;

/**
 * Checks baseUrl (cached) and returns what a path is appended to: baseUrl with exactly one trailing slash, kept with
 * it so that joining costs one concatenation. Throws ERR_INVALID_BASE_URL.
 */
export const baseUrlPrefix: (baseUrl: string) => string = /* @__PURE__ */ boundedMemo(BASE_URL_CACHE_SIZE, (baseUrl) => {
  const problem = baseUrlProblem(baseUrl);
  if (problem) throw new EndpointError("ERR_INVALID_BASE_URL", `baseUrl ${quote(baseUrl)} ${problem}`);
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 0x2f) end--;
  return `${baseUrl.slice(0, end)}/`;
});

/** Checks a baseUrl value of any type; throws ERR_INVALID_BASE_URL. */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") {
    throw new EndpointError("ERR_INVALID_BASE_URL", `baseUrl must be an absolute URL string, got ${baseUrl === null ? "null" : typeof baseUrl}`);
  }
  baseUrlPrefix(baseUrl);
  return baseUrl;
}

function baseUrlProblem(baseUrl: string): string | undefined {
  if (schemeLength(baseUrl) === 0) return "is not an absolute URL (it needs a scheme such as https:)";
  // Controls, and every character \s matches (Unicode White_Space and U+FEFF, which String.prototype.trim strips too):
  // a URL parser drops or rejects them, so a baseUrl holding one is not the URL sent.
  if (/[\s\x00-\x1f\x7f-\x9f]/.test(baseUrl)) return "holds white space or a control character";
  if (baseUrl.includes("?") || baseUrl.includes("#")) return "may not have a query or a fragment: paths are appended to it";
  // URL.canParse answers without throwing (Node 19.9, every current browser); a runtime without it skips this check.
  const URLClass = (globalThis as { URL?: { canParse?: (url: string) => boolean } }).URL;
  if (typeof URLClass?.canParse === "function" && !URLClass.canParse(baseUrl)) return "is not a valid URL";
  return undefined;
}
