// A route the table does not describe (DECISIONS "Described routes"): refused, naming the nearest described routes,
// unless the table was made to let such routes follow GitHub's rules (fromOpenApi's `undescribed: "github"`).
import { EndpointError, quote } from "../errors.js";
import { getOwn, isPlainObject, type Dictionary } from "../objects.js";

/** The table entry that holds settings of the whole table: a key no route has (a route is "METHOD path"). */
export const TABLE_SETTINGS = "*";

/** How many routes a message names, and how many routes and characters a search compares at most. */
const NAMED = 3;
const COMPARED = 5000;
const LONGEST = 64;

/**
 * Undefined when the table lets `method url` follow GitHub's rules; else ERR_INVALID_ROUTE naming the described routes
 * nearest to it, which GitHub's rules would send elsewhere than its API expects, silently.
 */
export function refuseUndescribed(table: Dictionary, method: string, url: string): undefined {
  const settings = getOwn(table, TABLE_SETTINGS);
  if (isPlainObject(settings) && getOwn(settings, "undescribed") === "github") return undefined;
  const route = `${method.toUpperCase()} ${url}`;
  const near = nearestRoutes(Object.keys(table), route);
  throw new EndpointError(
    "ERR_INVALID_ROUTE",
    `the API description has no route ${quote(route)}${near.length > 0 ? `; nearest: ${near.map(quote).join(", ")}` : ""} (fromOpenApi(document, { undescribed: "github" }) sends such routes by GitHub's rules)`,
  );
}

/** The described routes nearest to `route` by edit distance, nearest first; the work is bounded whatever the table. */
function nearestRoutes(routes: readonly string[], route: string): string[] {
  const scored: [number, string][] = [];
  const target = route.slice(0, LONGEST);
  for (let i = 0; i < routes.length && i < COMPARED; i++) {
    const candidate = routes[i]!;
    if (candidate === TABLE_SETTINGS) continue;
    scored.push([distance(target, candidate.slice(0, LONGEST)), candidate]);
  }
  scored.sort((a, b) => a[0] - b[0]);
  return scored.slice(0, NAMED).map(([, candidate]) => candidate);
}

/** Levenshtein distance, in one row. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
