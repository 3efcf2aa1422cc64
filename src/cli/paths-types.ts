// `endpointkit openapi -o FILE`: openapi-typescript's `paths` types of the description, written beside the route table
// so that one command gives a typed client. The types are openapi-typescript's own (this project writes no second type
// generator); a Swagger 2.0 description is converted for them by swagger2openapi. Both are optional peers of the
// command line, loaded only here: the library never imports them, and a project that only prints tables needs neither.
import { safeText } from "./module-data.js";
import { show } from "./show.js";
import { UsageError } from "./usage-error.js";

/** How the command loads an optional peer (injected so tests can stand in for a project without it). */
export type LoadModule = (name: string) => Promise<unknown>;

/** A type tool refused the description: reported as the input refused (exit status 1), the tool named. */
export class TypesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TypesError";
  }
}

/** The methods openapi-typescript writes into `paths` (OpenAPI 3.1's fixed fields of a Path Item). */
const TYPED_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** How many routes a warning names before it counts the rest. */
const NAMED = 5;

/**
 * The `paths` types (openapi-typescript's whole output: paths, components, operations…) of `document`, read from the
 * file `file`. `routes` are the route table's keys ("METHOD path"), to say which routes of an OpenAPI 3.2 description
 * have no type. Notes for the user (3.2, Swagger 2.0 conversion patches, the tools' own messages) go to `warnings`.
 */
export async function pathsTypes(document: unknown, file: string, routes: readonly string[], warnings: string[], load: LoadModule): Promise<string> {
  checkLocalRefs(document, file);
  const record = document as { [key: string]: unknown };
  let openapi: unknown = document;
  if (record.swagger === "2.0") {
    openapi = await toOpenApi3(document, file, warnings, load);
  } else if (typeof record.openapi === "string" && (record.openapi === "3.2" || record.openapi.startsWith("3.2."))) {
    // openapi-typescript 7 reads 3.0 and 3.1; a 3.2 description is given to it as 3.1, for the types only (the table
    // is read as 3.2). What 3.2 adds (the query operation, additionalOperations, in: querystring) gets no type there.
    openapi = { ...record, openapi: "3.1.1" };
    const untyped = routes.filter((route) => !TYPED_METHODS.has(route.slice(0, route.indexOf(" ")).toLowerCase()));
    if (untyped.length > 0) {
      warnings.push(
        `the description ${show(file)} is OpenAPI 3.2, which openapi-typescript reads as 3.1: ${named(untyped)} ${untyped.length === 1 ? "has" : "have"} no type in paths (the table sends ${untyped.length === 1 ? "it" : "them"}; call ${untyped.length === 1 ? "it" : "them"} on an endpoint not typed by paths)`,
      );
    }
  }
  const generator = (await loadPeer(load, "openapi-typescript", file)) as { default?: unknown; astToString?: unknown };
  if (typeof generator.default !== "function" || typeof generator.astToString !== "function") {
    throw new UsageError("the installed openapi-typescript has no openapiTS() and astToString(): -o needs openapi-typescript 7");
  }
  const openapiTS = generator.default as (source: unknown, options: object) => Promise<unknown>;
  const astToString = generator.astToString as (nodes: unknown) => string;
  return quietly(warnings, "openapi-typescript", async () => {
    try {
      // The description's names and texts reach the types as written: a bidi override or a U+2028 escaped, as in the table.
      // emptyObjectsUnknown: a free-form object (no properties) takes any key at run time, so its type takes any key
      // too; openapi-typescript's default would type it Record<string, never> and refuse every key the call may send.
      return safeText(astToString(await openapiTS(openapi, { silent: true, emptyObjectsUnknown: true })));
    } catch (error) {
      throw new TypesError(`openapi-typescript cannot make the types of ${show(file)}: ${messageOf(error)} (--table-only writes the table alone)`);
    }
  });
}

/** A Swagger 2.0 description converted to OpenAPI 3.0 by swagger2openapi, patching what it can (as its --patch). */
async function toOpenApi3(document: unknown, file: string, warnings: string[], load: LoadModule): Promise<unknown> {
  const converter = (await loadPeer(load, "swagger2openapi", file)) as { convertObj?: unknown; default?: { convertObj?: unknown } };
  const convertObj = (converter.convertObj ?? converter.default?.convertObj) as ((swagger: unknown, options: object) => Promise<{ openapi?: unknown; patches?: number }>) | undefined;
  if (typeof convertObj !== "function") throw new UsageError("the installed swagger2openapi has no convertObj(): -o needs swagger2openapi 7");
  // The converter changes what it is given: it gets a copy (the table was read from the original).
  const options: { patch: true; warnOnly: true; resolve: false; patches?: number } = { patch: true, warnOnly: true, resolve: false };
  const converted = await quietly(warnings, "swagger2openapi", async () => {
    try {
      return await convertObj(structuredClone(document), options);
    } catch (error) {
      throw new TypesError(`swagger2openapi cannot convert the Swagger 2.0 description ${show(file)} to OpenAPI 3 for its types: ${messageOf(error)} (--table-only writes the table alone)`);
    }
  });
  if (typeof converted.openapi !== "object" || converted.openapi === null) {
    throw new TypesError(`swagger2openapi gave no OpenAPI 3 description for ${show(file)}`);
  }
  if ((options.patches ?? 0) > 0) {
    warnings.push(`the Swagger 2.0 description ${show(file)} needed ${options.patches} patch(es) to convert for its types (swagger2openapi --patch); the table is read as written`);
  }
  return converted.openapi;
}

/**
 * A $ref that is not local (another file, a URL) would make the type tools read files or fetch URLs a description
 * names; the table already refuses what it reads, and the types must not read more. Walked once, each object once
 * (YAML aliases share objects), without recursion.
 */
function checkLocalRefs(document: unknown, file: string): void {
  const seen = new Set<object>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
      continue;
    }
    for (const key of Object.keys(value)) {
      const item = (value as { [key: string]: unknown })[key];
      if (key === "$ref" && typeof item === "string" && !item.startsWith("#")) {
        throw new TypesError(`the description ${show(file)} has the $ref ${show(item)}, which is not local: bundle the description first (for example with redocly bundle), then make its types`);
      }
      stack.push(item);
    }
  }
}

/** An optional peer, or a usage error saying how to add it (or how to write the table without types). */
async function loadPeer(load: LoadModule, name: string, file: string): Promise<unknown> {
  try {
    return await load(name);
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
    const why = code === "ERR_MODULE_NOT_FOUND" && messageOf(error).includes(`'${name}'`) ? "is not installed" : `cannot be loaded (${messageOf(error)})`;
    const what = name === "swagger2openapi" ? `the Swagger 2.0 description ${show(file)} is converted for its types by swagger2openapi, which` : "-o writes the paths types with openapi-typescript, which";
    throw new UsageError(
      `${what} ${why}: add it with "npm install --save-dev ${name}"${name === "openapi-typescript" ? " (it needs TypeScript 5 or 6 as the package typescript: see endpointkit's docs/cli.md)" : ""}, or write the table alone with --table-only`,
    );
  }
}

/**
 * Runs `work` with the console's output collected into `warnings` (escaped when printed), so a tool's messages, which
 * quote the description, reach the terminal as the command's own do; at most NAMED of them, then a count.
 */
async function quietly<T>(warnings: string[], tool: string, work: () => Promise<T>): Promise<T> {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const said: string[] = [];
  const collect = (...parts: unknown[]): void => {
    said.push(parts.map((part) => (typeof part === "string" ? part : messageOf(part))).join(" "));
  };
  console.log = console.info = console.warn = console.error = collect;
  try {
    return await work();
  } finally {
    Object.assign(console, saved);
    // eslint-disable-next-line no-control-regex -- the tools colour their text: ANSI escapes out, the words kept
    const lines = said.map((line) => line.replace(/\u001b\[[0-9;]*m/g, "").trim()).filter((line) => line !== "");
    for (const line of lines.slice(0, NAMED)) warnings.push(`${tool}: ${line}`);
    if (lines.length > NAMED) warnings.push(`${tool}: ${lines.length - NAMED} more message(s)`);
  }
}

function named(routes: readonly string[]): string {
  const shown = routes.slice(0, NAMED).map(show).join(", ");
  return routes.length > NAMED ? `${shown} and ${routes.length - NAMED} more` : shown;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
