// The route among the positionals: HTTPie's two-word form, its URL shorthands, and the slips that
// would otherwise be read as a route (a method with no path, an item where the route should be).
import { show } from "./show.js";
import { UsageError } from "./usage-error.js";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]);

/** The route and the items that follow it. */
export interface RouteAndItems {
  route: string;
  items: string[];
}

/** Finds the route in `positionals`; `baseUrlGiven` turns off the `example.com/x` shorthand. */
export function readRoute(positionals: readonly string[], baseUrlGiven: boolean): RouteAndItems {
  const [first, second] = positionals;
  if (first === undefined) throw new UsageError("no route given");
  const inline = /^([A-Za-z]+)[ \t]+([\s\S]*)$/.exec(first);
  if (inline !== null) {
    const [, method = "", path = ""] = inline;
    if (path.trim() === "") throw methodWithoutPath(method, undefined);
    return { route: `${method} ${expandShorthand(path, baseUrlGiven)}`, items: positionals.slice(1) };
  }
  if (/^[A-Za-z]+$/.test(first)) {
    const known = METHODS.has(first.toUpperCase());
    // HTTPie users type `GET /path` as two words.
    if (second !== undefined && (isUrl(second) || (known && !isItem(second) && !second.startsWith("@")))) {
      return { route: `${first} ${expandShorthand(second, baseUrlGiven)}`, items: positionals.slice(2) };
    }
    if (known) throw methodWithoutPath(first, second);
    return { route: first, items: positionals.slice(1) };
  }
  if (isUrl(first)) return { route: expandShorthand(first, baseUrlGiven), items: positionals.slice(1) };
  if (isItem(first) || first.startsWith("@")) {
    const later = positionals.slice(1).find((word) => /^[A-Za-z]+[ \t]+\S/.test(word) || isUrl(word));
    throw new UsageError(
      later === undefined
        ? `${show(first)} is an item, but the route comes first: write endpointkit "GET /path" ${show(first)}`
        : `the route comes before the items: write ${show(later)} first, then ${show(first)}`,
    );
  }
  return { route: first, items: positionals.slice(1) };
}

function methodWithoutPath(method: string, next: string | undefined): UsageError {
  const shown = show(method);
  if (next === undefined) {
    return new UsageError(`${shown} is a method with no path after it (an empty or unset variable?): write "${method.slice(0, 20)} /path"`);
  }
  return new UsageError(`the path is missing after the method ${shown}: ${show(next)} is an item; write "${method.slice(0, 20)} /path" before the items`);
}

// An item has a separator before any "/" (a URL's colon comes after a scheme or host, handled first).
function isItem(word: string): boolean {
  return /^[^/]*?[=:;@]/.test(word);
}

const LOOPBACK = /^(?:localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])(?::[0-9]*)?(?:[/?#]|$)/i;
const DOTTED_HOST = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z][A-Za-z0-9-]*(?::[0-9]+)?(?:[/?#]|$)/;

/** A path, a template that starts with an expression, a URL with a scheme, or one of HTTPie's shorthands. */
export function isUrl(word: string): boolean {
  return (
    word.startsWith("/") ||
    word.startsWith("{") ||
    /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(word) ||
    /^:[0-9]*(?:[/?#]|$)/.test(word) ||
    LOOPBACK.test(word) ||
    DOTTED_HOST.test(word)
  );
}

/**
 * HTTPie's shorthands: `:8080/x` and `localhost:8080/x` (any loopback host) are `http://localhost:8080/x`;
 * `example.com/x` is `https://example.com/x`, but with --base-url it could as well be a path under
 * it, so it is refused there rather than guessed.
 */
export function expandShorthand(path: string, baseUrlGiven: boolean): string {
  // `:3000/x` keeps its port; `:/x` has none, so its colon goes.
  if (/^:[0-9]*(?:[/?#]|$)/.test(path)) return `http://localhost${/^:[0-9]/.test(path) ? path : path.slice(1)}`;
  if (LOOPBACK.test(path)) return `http://${path}`;
  if (!path.startsWith("/") && !path.startsWith("{") && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(path) && DOTTED_HOST.test(path)) {
    if (baseUrlGiven) {
      throw new UsageError(
        `${show(path)} could be a host or a path under --base-url: write ${show(`/${path}`)} for the path, or ${show(`https://${path}`)} for the host`,
      );
    }
    return `https://${path}`;
  }
  return path;
}
