// Flags and positionals: what the command was asked to do, before any item is read.
import { readRoute } from "./route.js";
import { show } from "./show.js";
import { nearest } from "./suggest.js";
import { UsageError } from "./usage-error.js";

/** What one invocation asks for. */
export type Command =
  | { action: "help" }
  | { action: "version" }
  | { action: "openapi"; argv: string[] }
  | { action: "tools"; argv: string[] }
  | {
      action: "preview";
      route: string;
      items: string[];
      baseUrl: string | undefined;
      curl: boolean;
      ignoreStdin: boolean;
      openapi?: string;
      auth?: string[];
      /** `--trust ORIGIN`, each: origins a route's own server may be on and still be sent credentials. */
      trust?: string[];
      /** `--server N|URL`: the description's server, by index or URL. */
      server?: string;
      /** `--server-var name=value`, each: values for that server's variables. */
      serverVars?: string[];
    };

const FLAGS = ["--curl", "--base-url", "--openapi", "--auth", "--trust", "--server", "--server-var", "--ignore-stdin", "--help", "--version"];

/**
 * Reads `[options] <route> [item ...]`. Flags may come anywhere before `--`; after it everything
 * is a route or an item. `--help` and `--version` win as soon as they are seen.
 */
export function parseArgs(argv: readonly string[]): Command {
  if (argv[0] === "openapi") return { action: "openapi", argv: argv.slice(1) };
  if (argv[0] === "tools") return { action: "tools", argv: argv.slice(1) };
  const positionals: string[] = [];
  let openapi: string | undefined;
  let baseUrl: string | undefined;
  let curl = false;
  let ignoreStdin = false;
  const auth: string[] = [];
  const trust: string[] = [];
  let server: string | undefined;
  const serverVars: string[] = [];
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
    } else if (arg === "--ignore-stdin") {
      ignoreStdin = true;
    } else if (arg === "--base-url") {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError("--base-url needs a URL");
      baseUrl = value;
      i++;
    } else if (arg === "--openapi" || arg.startsWith("--openapi=")) {
      openapi = arg === "--openapi" ? argv[++i] : arg.slice("--openapi=".length);
      if (openapi === undefined) throw new UsageError("--openapi needs an OpenAPI description file");
    } else if (arg === "--auth" || arg.startsWith("--auth=")) {
      const value = arg === "--auth" ? argv[++i] : arg.slice("--auth=".length);
      if (value === undefined) throw new UsageError("--auth needs SCHEME=env:VAR or SCHEME=file:PATH");
      auth.push(value);
    } else if (arg === "--trust" || arg.startsWith("--trust=")) {
      const value = arg === "--trust" ? argv[++i] : arg.slice("--trust=".length);
      if (value === undefined) throw new UsageError("--trust needs an origin, such as https://uploads.example");
      trust.push(value);
    } else if (arg === "--server" || arg.startsWith("--server=")) {
      server = arg === "--server" ? argv[++i] : arg.slice("--server=".length);
      if (server === undefined) throw new UsageError("--server needs the index or the URL of one of the description's servers");
    } else if (arg === "--server-var" || arg.startsWith("--server-var=")) {
      const value = arg === "--server-var" ? argv[++i] : arg.slice("--server-var=".length);
      if (value === undefined || !value.includes("=")) throw new UsageError("--server-var needs NAME=VALUE, a value for one of the server's variables");
      serverVars.push(value);
    } else if (arg.startsWith("--base-url=")) {
      baseUrl = arg.slice("--base-url=".length);
    } else {
      throw unknownFlag(arg);
    }
  }
  const { route, items } = readRoute(positionals, baseUrl !== undefined);
  if (auth.length > 0 && openapi === undefined) {
    throw new UsageError("--auth names a security scheme of an API description: give the description with --openapi FILE (for other routes, send a header: Authorization:...)");
  }
  if (trust.length > 0 && openapi === undefined) throw new UsageError("--trust names an origin a described route may send credentials to: give the description with --openapi FILE");
  if ((server !== undefined || serverVars.length > 0) && openapi === undefined) {
    throw new UsageError(`${server !== undefined ? "--server" : "--server-var"} chooses a server of an API description: give the description with --openapi FILE`);
  }
  return {
    action: "preview",
    route,
    items,
    baseUrl,
    curl,
    ignoreStdin,
    ...(openapi === undefined ? {} : { openapi }),
    ...(auth.length === 0 ? {} : { auth }),
    ...(trust.length === 0 ? {} : { trust }),
    ...(server === undefined ? {} : { server }),
    ...(serverVars.length === 0 ? {} : { serverVars }),
  };
}

function unknownFlag(arg: string): UsageError {
  const suggestion = nearest(arg.split("=")[0] ?? arg, FLAGS);
  const hint = suggestion !== undefined ? `did you mean ${suggestion}?` : `the options are ${FLAGS.join(", ")}`;
  return new UsageError(`unknown option ${show(arg)}: ${hint} (an item or route that starts with "-" goes after --)`);
}
