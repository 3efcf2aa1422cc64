// Request options as one curl command line that sends exactly that request.
import type { RequestOptions } from "endpointkit";
import { bodyKind, bytesOf, formParts, type FilePaths, type FormPart, type PartTexts } from "./body.js";
import { controlRuns, hasControl, printfBytes, printfCommand, shellQuote } from "./shell-quote.js";

/** The request cannot be written as a command line (a NUL byte, a body with no JSON form). */
export class CurlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CurlError";
  }
}

// curl asks for `Expect: 100-continue` above this many body bytes (1 MiB in newer versions);
// the request we print has no such header, so it is switched off for every body this large.
const EXPECT_THRESHOLD = 1024;

/** A body curl reads from a file at run time (`--data-binary @file`) instead of from the command line. */
export interface BodyFile {
  path: string;
  size: number;
}

/**
 * Renders request options from endpoint() as a POSIX-shell-quoted curl command. `-sS` keeps the
 * progress meter out of `| sh | jq` and still shows errors. With `bodyFile`, the body is that file.
 * A file in a multipart body is read by curl from the path `files` gives for it.
 */
export function toCurl(options: RequestOptions, bodyFile?: BodyFile, files: FilePaths = new Map(), texts: PartTexts = new Map()): string {
  const words = ["curl", "-sS"];
  const url = options.url;
  checkAuthority(url);
  // curl expands [1-3] and {a,b} in URLs and removes /./ and /../; both would change the request.
  if (/[[\]{}]/.test(url)) words.push("--globoff");
  if (hasDotSegment(url)) words.push("--path-as-is");
  // Uppercase, as toFetchArgs sends it; a method endpoint() gives in another case (a 3.2 additionalOperations key) as is.
  const method = options.method === options.method.toLowerCase() ? options.method.toUpperCase() : options.method;
  // With -X HEAD curl waits for a body that never comes; --head sends HEAD and reads no body.
  if (method === "HEAD") words.push("--head");
  else words.push("-X", method);
  words.push(url);

  const names = new Set<string>();
  for (const [name, value] of Object.entries(options.headers)) {
    names.add(name.toLowerCase());
    const text = String(value);
    // curl skips white space (VT and FF included) at the start of a value, and a value of only
    // white space becomes "remove this header": it would not send what the options say.
    if (/^[\t\n\v\f\r ]/.test(text) || /[\t\n\v\f\r ]$/.test(text)) {
      throw new CurlError(`the header ${JSON.stringify(name)} has a value that starts or ends with white space, which curl does not send as given`);
    }
    // curl reads "Name:" as "remove this header"; "Name;" is its way to send an empty one.
    words.push("-H", text === "" ? `${name};` : `${name}: ${text}`);
  }
  // curl's own defaults would add headers the options do not have: "Name:" removes each.
  if (!names.has("accept")) words.push("-H", "accept:");
  if (!names.has("user-agent")) words.push("-H", "user-agent:");

  if (bodyFile !== undefined) {
    if (!names.has("content-type")) words.push("-H", "content-type:");
    if (bodyFile.size > EXPECT_THRESHOLD) words.push("-H", "expect:");
    // "@-" would read stdin; "./-" is the file of that name.
    words.push("--data-binary", `@${bodyFile.path === "-" ? "./-" : bodyFile.path}`);
  } else if (options.body !== undefined && bodyKind(options.body) === "form") {
    // curl -F writes the multipart content-type with its boundary, as fetch does, so it is not removed here; a large
    // form would get `Expect: 100-continue`.
    words.push("-H", "expect:");
    const form = formWords(formParts(options.body, texts), files);
    words.push(...form.words);
    return joined(words, form.stdin);
  } else if (options.body !== undefined && bodyKind(options.body) === "bytes") {
    const bytes = bytesOf(options.body as ArrayBuffer);
    if (!names.has("content-type")) words.push("-H", "content-type:");
    if (bytes.length > EXPECT_THRESHOLD) words.push("-H", "expect:");
    words.push("--data-binary", "@-");
    return joined(words, printfBytes(bytes));
  } else if (options.body !== undefined) {
    const body = bodyText(options.body);
    const size = new TextEncoder().encode(body).length;
    // fetch labels a URLSearchParams body itself.
    if (!names.has("content-type")) words.push("-H", bodyKind(options.body) === "params" ? "content-type: application/x-www-form-urlencoded;charset=UTF-8" : "content-type:");
    if (size > EXPECT_THRESHOLD) words.push("-H", "expect:");
    if (size > INLINE_BODY_LIMIT || hasControl(body)) {
      if (body.includes("\0")) throw nulError();
      // printf is built into every POSIX shell (sh, dash, bash, zsh), so its argument never meets the kernel's limit.
      words.push("--data-binary", "@-");
      return joined(words, printfCommand(body));
    }
    // --data-binary reads a file when the text starts with "@"; --data-raw never does.
    // An empty body still goes out, as `content-length: 0`.
    words.push(body.startsWith("@") ? "--data-raw" : "--data-binary", body);
  }
  return joined(words);
}

/**
 * Largest body written as an argument of curl. Linux refuses to start a program given one argument of 128 KiB or more
 * ("Argument list too long"), macOS all arguments past 1 MiB together; a larger body, or one with a control character,
 * is piped from the shell's printf.
 */
export const INLINE_BODY_LIMIT = 64 * 1024;

/**
 * The words as one command line, after `stdin | ` when a printf command writes the body. A word with more than
 * MAX_INLINE_RUNS runs of control or format characters is assigned to a shell variable by one printf first, and
 * written `"$endpointkit_argN"`.
 */
function joined(words: readonly string[], stdin?: string): string {
  if (words.some((word) => word.includes("\0"))) throw nulError();
  let assignments = "";
  let count = 0;
  const line = words.map((word) => {
    if (controlRuns(word) <= MAX_INLINE_RUNS) return shellQuote(word);
    const variable = `endpointkit_arg${++count}`;
    // Command substitution strips trailing newlines: an "x" after the word keeps them, and is taken off again.
    assignments += `${variable}="$(${printfCommand(`${word}x`)})"; ${variable}="\${${variable}%x}"; `;
    return `"$${variable}"`;
  });
  return `${assignments}${stdin === undefined ? "" : `${stdin} | `}${line.join(" ")}`;
}

/**
 * Most runs of control or format characters a word is written with inline, each a `"$(printf …)"`: dash crashes on a
 * word with thousands of them (5,000 alternating U+200B in a header: a segmentation fault), and every line break of a
 * form's text field is a CR.
 */
const MAX_INLINE_RUNS = 32;

// curl reads these after a `;` in a -F value as the part's own settings, and a "," after a file as the next file.
const CURL_PART_SETTING = /,|;\s*(?:type|filename|headers|encoder)=/i;

/**
 * The -F words of a multipart body: a text field as `--form-string name=value` (curl reads no `@`, `<` or `;type=` in
 * it), a file as `-F name=@"path";filename="name";type=type`, read by curl from the file the item named. A text value
 * too large for an argument is read from stdin (`-F name=<-`), one at most.
 */
function formWords(parts: readonly FormPart[], files: FilePaths): { words: string[]; stdin: string | undefined } {
  const words: string[] = [];
  let stdin: string | undefined;
  for (const part of parts) {
    // curl takes the name up to the first "=".
    if (part.name.includes("=")) throw new CurlError(`the form field ${JSON.stringify(part.name)} has "=" in its name, which curl -F cannot write`);
    // fetch writes `name=""`; curl leaves the name out of the part.
    if (part.name === "") throw new CurlError("a form field has an empty name, which curl -F leaves out of the part");
    if (part.name.includes("\0")) throw nulError();
    if ("text" in part && part.type !== undefined) {
      // A typed part: its text quoted (so ";" and "," stay in it, and a leading "@" or "<" names no file), its type.
      if (part.text.includes("\0")) throw nulError();
      if (CURL_PART_SETTING.test(part.type)) throw new CurlError(`the type ${JSON.stringify(part.type)} of the form field ${JSON.stringify(part.name)} holds a setting curl -F would read`);
      words.push("-F", `${part.name}=${curlQuoted(part.text)};type=${part.type}`);
      continue;
    }
    if ("text" in part) {
      if (part.text.includes("\0")) throw nulError();
      const size = new TextEncoder().encode(part.text).length;
      if (size > INLINE_BODY_LIMIT) {
        if (stdin !== undefined) throw new CurlError(`more than one form field is over ${INLINE_BODY_LIMIT} bytes: curl can read only one from stdin`);
        stdin = printfCommand(part.text);
        words.push("-F", `${part.name}=<-`);
      } else {
        words.push("--form-string", `${part.name}=${part.text}`);
      }
      continue;
    }
    const path = files.get(part.file);
    if (path === undefined) throw new CurlError(`the file of the form field ${JSON.stringify(part.name)} was not read from a file (name@path), so no command line can send it`);
    if (CURL_PART_SETTING.test(part.type)) throw new CurlError(`the type ${JSON.stringify(part.type)} of the form field ${JSON.stringify(part.name)} holds a setting curl -F would read`);
    if (`${path}${part.filename}`.includes("\0")) throw nulError();
    // "@-" would read stdin; "./-" is the file of that name.
    words.push("-F", `${part.name}=@${curlQuoted(path === "-" ? "./-" : path)};filename=${curlQuoted(part.filename)};type=${part.type}`);
  }
  return { words, stdin };
}

/** A double-quoted word of a curl -F value: `"` and `\` escaped by a backslash, `;` and `,` taken as they are. */
function curlQuoted(text: string): string {
  return `"${text.replace(/["\\]/g, "\\$&")}"`;
}

function nulError(): CurlError {
  return new CurlError("the request holds a NUL character, which no command-line argument can carry");
}

/**
 * Strings go as they are, a URLSearchParams as its text; plain objects, lists and other values as JSON, as toFetchArgs
 * and Octokit send them. A Blob, a stream or a class instance has no such text (JSON would be `{}`): refused.
 */
function bodyText(body: unknown): string {
  if (typeof body === "string") return body;
  const kind = bodyKind(body);
  if (kind === "params") return String(body);
  if (kind !== "json") {
    throw new CurlError(`the body is ${kind === "blob" ? "a Blob" : `a ${Object.prototype.toString.call(body).slice(8, -1)}`}, which has no text a command line can hold`);
  }
  const text = JSON.stringify(body);
  if (text === undefined) throw new CurlError(`a body of type ${typeof body} has no JSON form`);
  return text;
}

/**
 * WHATWG URL reads "\" before the query of an http(s) URL as "/", curl as a plain character, and it reads `https:host`
 * without "//" where curl sees no host or another one: `https://evil.example\@api.github.com` and
 * `https:evil.example\@api.github.com` are evil.example to fetch and api.github.com to curl. A URL is printed only when
 * it is written `scheme://` and holds no backslash before its query or fragment, the form both read alike.
 */
function checkAuthority(url: string): void {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
    throw new CurlError("the URL does not start with scheme://, which curl and WHATWG URL read as different hosts");
  }
  const query = url.indexOf("?");
  const fragment = url.indexOf("#");
  const end = Math.min(query === -1 ? url.length : query, fragment === -1 ? url.length : fragment);
  if (url.lastIndexOf("\\", end - 1) !== -1) {
    throw new CurlError("the URL has a backslash before its path or query, which curl and WHATWG URL read as different hosts or paths");
  }
  // curl turns user:password@ into an "Authorization: Basic" header the request does not have (and fetch refuses such
  // a URL): refused, so the printed command sends only the request's own headers.
  const authority = url.indexOf("://") + 3;
  let hostEnd = end;
  const slash = url.indexOf("/", authority);
  if (slash !== -1 && slash < hostEnd) hostEnd = slash;
  if (url.lastIndexOf("@", hostEnd - 1) >= authority) {
    throw new CurlError("the URL holds a user name or password (user:password@host), which curl would send as an Authorization: Basic header the request does not have; pass credentials as an authorization header instead");
  }
}

function hasDotSegment(url: string): boolean {
  const path = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, "").replace(/[?#][\s\S]*$/, "");
  return path.split("/").some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}
