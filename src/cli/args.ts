// Flags and positionals: what the command was asked to do, before any item is read.
import { UsageError } from "./usage-error.js";

/** What one invocation asks for. */
export type Command =
  | { action: "help" }
  | { action: "version" }
  | { action: "preview"; route: string; items: string[]; baseUrl: string | undefined; curl: boolean };

/**
 * Reads `[options] <route> [item ...]`. Flags may come anywhere before `--`; after it everything
 * is a route or an item. `--help` and `--version` win as soon as they are seen.
 */
export function parseArgs(argv: readonly string[]): Command {
  const positionals: string[] = [];
  let baseUrl: string | undefined;
  let curl = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    // A lone "-" is an ordinary word by convention; an item never starts with "-" otherwise.
    if (!arg.startsWith("-") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    if (arg === "--help" || arg === "-h") return { action: "help" };
    if (arg === "--version") return { action: "version" };
    if (arg === "--curl") {
      curl = true;
    } else if (arg === "--base-url") {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError("--base-url needs a URL");
      baseUrl = value;
      i++;
    } else if (arg.startsWith("--base-url=")) {
      baseUrl = arg.slice("--base-url=".length);
    } else {
      throw new UsageError(`unknown option ${JSON.stringify(arg)} (an item or route that starts with "-" goes after --)`);
    }
  }
  const [first, second] = positionals;
  if (first === undefined) throw new UsageError("no route given");
  // HTTPie users type `GET /path` as two words; accept that when the second word can only be a URL.
  if (second !== undefined && /^[A-Za-z]+$/.test(first) && looksLikeUrl(second)) {
    return { action: "preview", route: `${first} ${second}`, items: positionals.slice(2), baseUrl, curl };
  }
  return { action: "preview", route: first, items: positionals.slice(1), baseUrl, curl };
}

// A path, a template that starts with an expression, or a URL with a scheme: never an item.
function looksLikeUrl(word: string): boolean {
  return word.startsWith("/") || word.startsWith("{") || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(word);
}
