// A route the table does not describe (DECISIONS "Described routes"): refused, naming the nearest described routes,
// unless the table was made to let such routes follow GitHub's rules (fromOpenApi's `undescribed: "github"`).
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, type Dictionary } from "../objects.js";

/** The table entry that holds settings of the whole table: a key no route has (a route is "METHOD path"). */
export const TABLE_SETTINGS = "*";

/** How many routes a message names; how many neighbours, on each side, of each sorted list are compared; how long. */
const NAMED = 3;
const NEIGHBOURS = 8;
const LONGEST = 64;

/**
 * Undefined when the table lets `method url` follow GitHub's rules; else ERR_INVALID_ROUTE naming the described routes
 * nearest to it, which GitHub's rules would send elsewhere than its API expects, silently.
 */
export function refuseUndescribed(table: Dictionary, method: string, url: string): undefined {
  const settings = getOwn(table, TABLE_SETTINGS);
  if (isPlainObject(settings) && getOwn(settings, "undescribed") === "github") return undefined;
  const route = `${method.toUpperCase()} ${url}`;
  const near = nearestRoutes(indexOf(table), route);
  throw new EndpointError(
    "ERR_INVALID_ROUTE",
    `the API description has no route ${quote(route)}${near.length > 0 ? `; nearest: ${near.map(quote).join(", ")}` : ""} (fromOpenApi(document, { undescribed: "github" }) sends such routes by GitHub's rules)`,
  );
}

/** A table's routes sorted twice, made once per table: by the whole route, and by its path (a misspelt method). */
interface RouteIndex {
  /** [what is compared (LONGEST characters at most), the route]. */
  readonly routes: readonly (readonly [string, string])[];
  readonly paths: readonly (readonly [string, string])[];
}

const indexes = /* @__PURE__ */ new WeakMap<Dictionary, RouteIndex>();

function indexOf(table: Dictionary): RouteIndex {
  let index = indexes.get(table);
  if (index === undefined) {
    const keys = Object.keys(table).filter((key) => key !== TABLE_SETTINGS);
    const byFirst = (a: readonly [string, string], b: readonly [string, string]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    const routes = keys.map((key) => [key.slice(0, LONGEST), key] as const).sort(byFirst);
    const paths = keys.map((key) => [key.slice(key.indexOf(" ") + 1, key.indexOf(" ") + 1 + LONGEST), key] as const).sort(byFirst);
    // Only tables that cannot change keep an index (an adopted table is frozen).
    index = { routes, paths };
    if (Object.isFrozen(table)) indexes.set(table, index);
  }
  return index;
}

/**
 * The described routes nearest to `route` by edit distance, nearest first (ties by route). A refused call must cost
 * little whatever the table (a caller who chooses routes or methods could otherwise spend the CPU of thousands of
 * comparisons per call): only the routes beside it in the two sorted lists are compared, at most 4 * NEIGHBOURS of at
 * most LONGEST characters, found by binary search. A typo after the first characters keeps its route among those
 * neighbours.
 */
function nearestRoutes(index: RouteIndex, route: string): string[] {
  const target = route.slice(0, LONGEST);
  const path = route.slice(route.indexOf(" ") + 1, route.indexOf(" ") + 1 + LONGEST);
  const candidates = new Set<string>();
  for (const [list, key] of [[index.routes, target], [index.paths, path]] as const) {
    // The first entry not before `key`.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (list[middle]![0] < key) low = middle + 1;
      else high = middle;
    }
    for (let i = Math.max(0, low - NEIGHBOURS); i < Math.min(list.length, low + NEIGHBOURS); i++) candidates.add(list[i]![1]);
  }
  return [...candidates]
    .map((candidate) => [distance(target, candidate.slice(0, LONGEST)), candidate] as const)
    .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1))
    .slice(0, NAMED)
    .map(([, candidate]) => candidate);
}

/** Levenshtein distance, in one row. */
function distance(a: string, b: string): number {
  const row: number[] = [];
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(diagonal + (a[i - 1] === b[j - 1] ? 0 : 1), above + 1, row[j - 1]! + 1);
      diagonal = above;
    }
  }
  return row[b.length]!;
}
