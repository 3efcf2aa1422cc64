// One invocation, from arguments to exit status, without touching the process.
import { createRequire } from "node:module";
import { endpoint, EndpointError, parseTemplate, type Endpoint, type EndpointOptions, type RequestOptions } from "endpointkit";
import { parseArgs } from "./args.js";
import { readAuth } from "./auth.js";
import { CurlError, toCurl, type BodyFile } from "./curl.js";
import { bodyKind, partTexts, shownBody, type FilePaths } from "./body.js";
import { baseUrlInFlagWords, describedCallInFlagWords, trustInFlagWords } from "./flag-words.js";
import { helpText, usageHint } from "./help.js";
import { parseDescribedItem, parseItem } from "./items.js";
import { describedEndpoint, describedNames, openapiModule } from "./openapi.js";
import { TypesError } from "./paths-types.js";
import { toolsCommand } from "./tools.js";
import { buildOptions, describe, utf8, type BuiltRequest, type Io, type ReadFile } from "./options.js";
import { cleanMessage, show } from "./show.js";
import { nearest } from "./suggest.js";
import { UsageError } from "./usage-error.js";

/** What the process prints and how it exits. */
export interface Outcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** What run() may ask of the process: the files items name, and stdin (read only when wanted). */

/** Exit status for a failure that is a bug, not bad input (sysexits' EX_SOFTWARE). */
export const EXIT_UNEXPECTED = 70;

export type { Io };

/** Runs the command line `argv` (without node and the script) and returns what to print. */
export async function run(argv: readonly string[], io: Io): Promise<Outcome> {
  // Warnings about the description go to stderr before the outcome's own message, whatever the outcome.
  const warnings: string[] = [];
  const outcome = await runCommand(argv, io, warnings);
  if (warnings.length === 0) return outcome;
  return { ...outcome, stderr: `${warnings.map((warning) => `endpointkit: warning: ${cleanMessage(warning)}\n`).join("")}${outcome.stderr}` };
}

async function runCommand(argv: readonly string[], io: Io, warnings: string[]): Promise<Outcome> {
  // Set once the command is known to print a curl command line: its failure then prints `exit N` on stdout, so that
  // `endpointkit … --curl | sh` fails with endpointkit's status instead of running nothing and exiting 0.
  let curl = false;
  try {
    const command = parseArgs(argv);
    if (command.action === "help") return success(helpText(endpoint.DEFAULTS.baseUrl));
    if (command.action === "version") return success(`endpointkit ${version()}\n`);
    if (command.action === "openapi") return success(await openapiModule(command.argv, io, warnings));
    if (command.action === "tools") return success(toolsCommand(command.argv, io, warnings));
    curl = command.curl;
    const { api, baseUrl } = command.openapi === undefined ? { api: endpoint, baseUrl: command.baseUrl } : describedEndpoint(command.openapi, io.readFile, command.baseUrl, warnings, command.server, command.serverVars, command.trust);
    // With a description, `name@file` is a file part of a multipart body, and an item is read by the description
    // first: `origin=LON` is the route's query parameter `origin`, though it looks like a header.
    const described = command.openapi === undefined ? undefined : describedNames(api, command.route);
    const items = command.items.map((item) => (described === undefined ? parseItem(item) : parseDescribedItem(item, described)));
    const stdin = command.ignoreStdin ? undefined : await io.readStdin();
    const built = buildOptions(items, baseUrl, io.readFile, stdin);
    const options = withRawBody(built, command.curl);
    if (command.auth !== undefined) options.auth = readAuth(command.auth, io, api.DEFAULTS);
    if (built.rawBody !== undefined && built.rawBody.from !== "list") checkNoBodyParameters(api, command.route, built);
    const request = withoutHeaders(build(api, command.route, options, built), built.removedHeaders);
    if (built.rawBody !== undefined && request.body === undefined) {
      const hint = built.rawBody.from === "stdin" ? " (pass --ignore-stdin when stdin is not meant as the body)" : "";
      throw new UsageError(`a ${request.method.toUpperCase()} request has no body, so ${describe(built.rawBody)} would be dropped${hint}`);
    }
    const files = uploadPaths(request, built);
    const texts = await partTexts(request.body, files);
    if (!command.curl) return success(`${printableJson(bodyKind(request.body) === "json" ? request : { ...request, body: shownBody(request.body, files, texts) })}\n`);
    const raw = built.rawBody;
    const bodyFile: BodyFile | undefined = raw?.from === "file" && request.body !== undefined ? { path: raw.file, size: raw.bytes.length } : undefined;
    return success(`${toCurl(request, bodyFile, files, texts)}\n`);
  } catch (error) {
    const outcome = failure(error, usageHint(argv));
    return curl ? { ...outcome, stdout: `exit ${outcome.exitCode}\n` } : outcome;
  }
}

/**
 * The request as JSON, with DEL, the C1 controls (U+009B is CSI to a terminal that reads 8-bit controls), every format
 * character (the bidirectional marks such as U+061C and U+202E, zero-width and tag characters) and U+2028/9 written as
 * \u escapes (a pair of them beyond the BMP), which JSON.stringify leaves raw: the same JSON value, and nothing a
 * terminal acts on or reorders.
 */
function printableJson(request: RequestOptions): string {
  return JSON.stringify(request, null, 2).replace(/[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu, (char) => {
    let escaped = "";
    for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return escaped;
  });
}

/** Puts a raw body into `data`. JSON output needs it as text; --curl reads a file body from the file. */
function withRawBody({ options, rawBody }: BuiltRequest, curl: boolean): EndpointOptions {
  if (rawBody === undefined) return options;
  if (rawBody.from === "list") return { ...options, data: rawBody.value };
  const text = utf8(rawBody.bytes);
  if (text !== undefined) return { ...options, data: text };
  if (curl && rawBody.from === "file") return { ...options, data: "" };
  throw new UsageError(
    rawBody.from === "file"
      ? `${describe(rawBody)} is binary, which JSON output cannot show: preview it with --curl (it sends the file with --data-binary @file)`
      : "stdin is binary, which neither JSON nor a command line can hold: save it to a file and pass @file with --curl",
  );
}

/**
 * A raw body replaces the parameters' body: endpoint() would drop parameters that no placeholder
 * takes. Refuse that instead, as HTTPie refuses stdin together with data items.
 */
function checkNoBodyParameters(api: Endpoint, route: string, built: BuiltRequest): void {
  let probe: RequestOptions;
  try {
    probe = api(route, built.options);
  } catch {
    return; // the real call reports it
  }
  const body = probe.body;
  if (typeof body === "object" && body !== null && built.rawBody !== undefined) {
    const names = Object.keys(body).slice(0, 5).map((name) => show(name)).join(", ");
    throw new UsageError(`the body comes from ${describe(built.rawBody)}, so the body parameters ${names} would be dropped; give one or the other`);
  }
}

function build(api: Endpoint, route: string, options: EndpointOptions, built: BuiltRequest): RequestOptions {
  try {
    return api(route, options);
  } catch (error) {
    if (error instanceof EndpointError && error.code === "ERR_MISSING_PARAMETER") {
      const typo = misspeltPlaceholder(route, built.options);
      if (typo !== undefined) throw typo;
    }
    const worded = api === endpoint ? error : describedCallInFlagWords(error);
    throw options.baseUrl === undefined ? trustInFlagWords(worded) : baseUrlInFlagWords(worded);
  }
}

/** A missing placeholder with an item of near spelling that nothing else takes: almost surely a typo. */
function misspeltPlaceholder(route: string, options: EndpointOptions): UsageError | undefined {
  let variables: readonly string[];
  try {
    variables = parseTemplate(/^[A-Za-z]+[ \t]+(.*)$/s.exec(route)?.[1] ?? route).variables;
  } catch {
    return undefined;
  }
  // Sets, and at most 10 missing names each compared with at most 50 items (suggest.ts): 2,000
  // placeholders against 2,000 long items stay linear.
  const known = new Set(variables);
  const given = new Set(Object.keys(options).filter((name) => name !== "headers" && name !== "baseUrl"));
  const extra = [...given].filter((name) => !known.has(name));
  const missingNames = variables.filter((name) => !given.has(name)).slice(0, 10);
  for (const missing of missingNames) {
    const typo = nearest(missing, extra);
    if (typo !== undefined) {
      return new UsageError(
        `no value for the placeholder ${show(missing)}, and the route has no ${show(typo)}: did you mean ${missing}=… instead of ${typo}=…?`,
      );
    }
  }
  return undefined;
}

/**
 * The path of each uploaded file, by its File. Every upload must be a part of the multipart body the route built: on a
 * route whose body is JSON (or no body) the file would be written `{}` or dropped.
 */
function uploadPaths(request: RequestOptions, built: BuiltRequest): FilePaths {
  const files = new Map<object, string>();
  if (built.uploads.size === 0) return files;
  const parts = new Set<unknown>();
  if (bodyKind(request.body) === "form") for (const [, value] of (request.body as FormData).entries()) parts.add(value);
  for (const [file, { name, path }] of built.uploads) {
    if (!parts.has(file)) {
      throw new UsageError(
        `the file upload ${show(`${name}@${path}`)} needs a multipart/form-data body with a field ${show(name)}, which this route's description does not give: write ${name}=@file for the file's text as a value, or @file for the raw body`,
      );
    }
    files.set(file, path);
  }
  return files;
}

/** The result without the headers an item removed (`Accept:`), defaults included. */
function withoutHeaders(request: RequestOptions, removed: readonly string[]): RequestOptions {
  if (removed.length === 0) return request;
  // Object.fromEntries defines each key as an own property: assigning a "__proto__" header would set the prototype.
  const headers: RequestOptions["headers"] = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !removed.includes(name.toLowerCase())));
  return { ...request, headers };
}

function success(stdout: string): Outcome {
  return { exitCode: 0, stdout, stderr: "" };
}

function failure(error: unknown, usage: string): Outcome {
  if (error instanceof UsageError) {
    return { exitCode: 2, stdout: "", stderr: `endpointkit: ${cleanMessage(error.message)}\n${usage}\n` };
  }
  if (error instanceof EndpointError) {
    return { exitCode: 1, stdout: "", stderr: `endpointkit: ${error.code}: ${cleanMessage(error.message)}\n` };
  }
  if (error instanceof TypesError) {
    return { exitCode: 1, stdout: "", stderr: `endpointkit: ${cleanMessage(error.message)}\n` };
  }
  if (error instanceof CurlError) {
    return { exitCode: 2, stdout: "", stderr: `endpointkit: --curl: ${cleanMessage(error.message)}\n` };
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // A stack trace keeps its lines (each made safe), rather than one line of escapes.
  const lines = detail.split("\n").map(cleanMessage).join("\n");
  return { exitCode: EXIT_UNEXPECTED, stdout: "", stderr: `endpointkit: unexpected error (a bug, please report it at https://github.com/endpointkit/endpointkit/issues): ${lines}\n` };
}

// package.json is the one source of the version; the library's user-agent is generated from it too.
function version(): string {
  const manifest: unknown = createRequire(import.meta.url)("endpointkit/package.json");
  if (typeof manifest === "object" && manifest !== null && "version" in manifest && typeof manifest.version === "string") {
    return manifest.version;
  }
  throw new Error("endpointkit/package.json has no version");
}
