// Request items become the endpoint() options object, the headers to remove, and any raw body.
import { basename } from "node:path";
import type { EndpointOptions, RequestHeaders } from "endpointkit";
import { parseJson, type Item, type ParameterValue } from "./items.js";
import { NestedBuilder } from "./nested.js";
import type { LoadModule } from "./paths-types.js";
import { show } from "./show.js";
import { UsageError } from "./usage-error.js";

// Option fields with their own syntax on the command line. `data`, `mediaType` and `request`
// stay available as items (data=..., mediaType[format]=raw).
const RESERVED: Readonly<Record<string, string>> = {
  method: "the method is part of the route, as in \"POST /path\"",
  url: "the URL is the route",
  baseUrl: "use --base-url URL",
  headers: "give each header as Header-Name:value",
  auth: "use --auth SCHEME=env:VAR or --auth SCHEME=file:PATH",
};

/** How deep a value may nest: far beyond any API body, well within what JSON output can print. */
export const MAX_DEPTH = 1000;

/** A body given whole: from `@file`, from stdin, or as a top-level list (`[]:=1`). */
export type RawBody = { from: "file"; file: string; bytes: Uint8Array } | { from: "stdin"; bytes: Uint8Array } | { from: "list"; value: unknown[] };

/** What the items ask for. */
export interface BuiltRequest {
  options: EndpointOptions;
  /** Lowercased names of headers to take out of the result, defaults included (`Name:`). */
  removedHeaders: string[];
  rawBody: RawBody | undefined;
  /** Each file upload (`name@file`): its File, the item's name and the path it was read from. */
  uploads: Map<File, { name: string; path: string }>;
}

/** How files are read: injected so the parsing stays free of the file system. */
export type ReadFile = (path: string) => Uint8Array;

/** What a command may read and write. */
export interface Io {
  readFile: ReadFile;
  readStdin: () => Promise<Uint8Array | undefined>;
  /** Writes a file the command was asked to write (`endpointkit openapi -o FILE`). */
  writeFile?: (path: string, text: string) => void;
  /** An environment variable's value (`--auth SCHEME=env:VAR`); undefined when unset. */
  env?: (name: string) => string | undefined;
  /** Loads an optional peer of the command line (openapi-typescript, swagger2openapi); import() when not given. */
  load?: LoadModule;
}

/** Builds endpoint() options from parsed items; a name given twice is refused, never merged or dropped. */
export function buildOptions(items: readonly Item[], baseUrl: string | undefined, readFile: ReadFile = noFiles, stdin?: Uint8Array): BuiltRequest {
  const headers: RequestHeaders = {};
  const headerNames = new Set<string>();
  const removedHeaders: string[] = [];
  const parameters = new NestedBuilder();
  let rawBody: RawBody | undefined = stdin === undefined ? undefined : { from: "stdin", bytes: stdin };
  const uploads: BuiltRequest["uploads"] = new Map();
  for (const item of items) {
    if (item.kind === "header") {
      // endpoint() would let the later one win; on a command line that is almost always a slip.
      const key = item.name.toLowerCase();
      if (headerNames.has(key)) throw new UsageError(`the header ${show(item.name)} is given twice`);
      headerNames.add(key);
      if (item.value === undefined) removedHeaders.push(key);
      else setOwn(headers, item.name, item.value);
    } else if (item.kind === "body-file") {
      rawBody = oneBody(rawBody, { from: "file", file: item.file, bytes: read(readFile, item.file) });
    } else {
      const top = item.path[0];
      if (top !== undefined && "key" in top && Object.prototype.hasOwnProperty.call(RESERVED, top.key)) {
        throw new UsageError(`${show(top.key)} cannot be an item: ${RESERVED[top.key]}`);
      }
      const value = valueOf(item.value, readFile);
      if (item.value.type === "upload") uploads.set(value as File, { name: item.name, path: item.value.file });
      parameters.set(item.path, value, item.name);
    }
  }
  const options: EndpointOptions = parameters.root;
  if (parameters.list !== undefined) rawBody = oneBody(rawBody, { from: "list", value: parameters.list });
  if (rawBody !== undefined && Object.prototype.hasOwnProperty.call(options, "data")) {
    throw new UsageError(`the body is given twice: by data=... and by ${describe(rawBody)}`);
  }
  checkDepth([options, parameters.list]);
  if (headerNames.size > removedHeaders.length) options.headers = headers;
  if (baseUrl !== undefined) options.baseUrl = baseUrl;
  return { options, removedHeaders, rawBody, uploads };
}

/** Text of a raw body when it is UTF-8, else undefined. */
export function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Names a raw body's source for messages. */
export function describe(body: RawBody): string {
  if (body.from === "file") return `the file ${show(body.file)}`;
  return body.from === "stdin" ? "stdin" : "a top-level list ([]...)";
}

function oneBody(current: RawBody | undefined, next: RawBody): RawBody {
  if (current === undefined) return next;
  const stdinHint = current.from === "stdin" || next.from === "stdin" ? " (pass --ignore-stdin to leave stdin out)" : "";
  throw new UsageError(`the body is given twice: by ${describe(current)} and by ${describe(next)}${stdinHint}`);
}

function valueOf(value: ParameterValue, readFile: ReadFile): unknown {
  switch (value.type) {
    case "string":
      return value.text;
    case "json":
      return value.value;
    case "string-file": {
      const text = utf8(read(readFile, value.file));
      if (text === undefined) throw new UsageError(`the file ${show(value.file)} is not UTF-8 text; send a binary file as the body with @file`);
      return text;
    }
    case "json-file": {
      const text = utf8(read(readFile, value.file));
      if (text === undefined) throw new UsageError(`the file ${show(value.file)} is not UTF-8 text, so not JSON`);
      return parseJson(`the file ${show(value.file)} holds invalid JSON`, text);
    }
    case "upload": {
      // A File, as fetch takes one: curl reads the same path again (-F name=@path).
      const file = new File([new Uint8Array(read(readFile, value.file))], basename(value.file), { type: value.mediaType });
      // A File drops a type with a character outside printable ASCII: refused rather than sent without one.
      if (file.type !== value.mediaType.toLowerCase()) throw new UsageError(`the media type ${show(value.mediaType)} of the file ${show(value.file)} is not printable ASCII`);
      return file;
    }
  }
}

function read(readFile: ReadFile, path: string): Uint8Array {
  try {
    return readFile(path);
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "an error";
    throw new UsageError(`cannot read the file ${show(path)} (${code}); a value that starts with "@" is written name=\\@...`);
  }
}

function noFiles(path: string): Uint8Array {
  throw Object.assign(new Error(`no file reader for ${path}`), { code: "ENOSYS" });
}

/** Refuses a value nested deeper than MAX_DEPTH, walking by hand so that depth cannot overflow the stack here. */
function checkDepth(root: unknown): void {
  const stack: [unknown, number][] = [[root, 0]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [value, depth] = entry;
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_DEPTH) throw new UsageError(`a value is nested more than ${MAX_DEPTH} levels deep, which no API takes`);
    for (const key of Object.keys(value)) stack.push([(value as Record<string, unknown>)[key], depth + 1]);
  }
}

// A parameter may be called `__proto__`; plain assignment would change the prototype instead.
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
}
