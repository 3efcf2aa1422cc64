// `--auth SCHEME=env:VAR` and `--auth SCHEME=file:PATH`: credentials for a described route, by the description's
// security scheme names, read from the environment or a file. Never from the command line itself: a secret there
// stays in the shell's history and shows in every process listing.
import { ROUTES } from "endpointkit/openapi";
import type { Auth, EndpointDefaults } from "endpointkit";
import { utf8, type Io } from "./options.js";
import { show } from "./show.js";
import { nearest } from "./suggest.js";
import { UsageError } from "./usage-error.js";

/** The `auth` option of the `--auth` flags, read through `io`; `defaults`: the described endpoint's. */
export function readAuth(flags: readonly string[], io: Pick<Io, "readFile" | "env">, defaults: EndpointDefaults): Auth {
  const auth: Record<string, string | { username: string; password: string }> = {};
  const { basic, known } = schemesOf(defaults);
  for (const flag of flags) {
    const at = flag.indexOf("=");
    const scheme = at === -1 ? "" : flag.slice(0, at);
    const source = at === -1 ? "" : flag.slice(at + 1);
    if (scheme === "") throw new UsageError(`--auth ${show(flag)}: write --auth SCHEME=env:VAR or --auth SCHEME=file:PATH, SCHEME a security scheme of the description`);
    if (Object.prototype.hasOwnProperty.call(auth, scheme)) throw new UsageError(`--auth gives the scheme ${show(scheme)} twice`);
    if (!known.has(scheme)) {
      // A name written in another case (`Bearer` for `bearer`) first: scheme names are case-sensitive, and the edit
      // distance, which ignores case, finds no typo there.
      const lower = scheme.toLowerCase();
      const near = [...known].find((name) => name.toLowerCase() === lower) ?? nearest(scheme, [...known]);
      throw new UsageError(`--auth ${show(scheme)} is no security scheme an operation of the description requires${near === undefined ? (known.size === 0 ? " (it requires none)" : "") : `: did you mean ${near}?`}`);
    }
    const secret = readSecret(scheme, source, io);
    let credential: string | { username: string; password: string } = secret;
    if (basic.has(scheme)) {
      // http basic: the text is username:password, split at the first colon (RFC 7617 user-ids hold none).
      const colon = secret.indexOf(":");
      if (colon === -1) throw new UsageError(`--auth ${show(scheme)} is http basic: its ${source.startsWith("env:") ? "variable" : "file"} must hold username:password`);
      credential = { username: secret.slice(0, colon), password: secret.slice(colon + 1) };
    }
    Object.defineProperty(auth, scheme, { __proto__: null, value: credential, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
  }
  return auth;
}

function readSecret(scheme: string, source: string, io: Pick<Io, "readFile" | "env">): string {
  if (source.startsWith("env:")) {
    const name = source.slice(4);
    const value = name === "" ? undefined : io.env?.(name);
    if (value === undefined || value === "") throw new UsageError(`--auth ${show(scheme)}: the environment variable ${show(name)} is not set (or empty)`);
    return value;
  }
  if (source.startsWith("file:")) {
    const path = source.slice(5);
    let bytes: Uint8Array;
    try {
      bytes = io.readFile(path);
    } catch (error) {
      const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "an error";
      throw new UsageError(`--auth ${show(scheme)}: cannot read the file ${show(path)} (${code})`);
    }
    const text = utf8(bytes);
    if (text === undefined) throw new UsageError(`--auth ${show(scheme)}: the file ${show(path)} is not UTF-8 text`);
    // A file written by an editor or `echo` ends with a line break, which is no part of the secret.
    const secret = text.endsWith("\r\n") ? text.slice(0, -2) : text.endsWith("\n") ? text.slice(0, -1) : text;
    if (secret === "") throw new UsageError(`--auth ${show(scheme)}: the file ${show(path)} is empty`);
    return secret;
  }
  // The value itself is never echoed: it may be the secret.
  throw new UsageError(`--auth ${show(scheme)}=...: give the credential as env:VAR or file:PATH, never on the command line itself (it would stay in the shell's history and show in process listings)`);
}

/** The names of the schemes the description's operations require, and of those that are http basic. */
function schemesOf(defaults: EndpointDefaults): { basic: Set<string>; known: Set<string> } {
  const basic = new Set<string>();
  const known = new Set<string>();
  const table = defaults[ROUTES];
  if (typeof table !== "object" || table === null) return { basic, known };
  // The table's settings entry ("*") holds each scheme its routes name, once; an entry may hold its own too.
  for (const entry of Object.values(table as Record<string, { schemes?: Record<string, { type?: string; scheme?: string }> }>)) {
    for (const [name, scheme] of Object.entries(entry.schemes ?? {})) {
      known.add(name);
      if (scheme.type === "http" && scheme.scheme === "basic") basic.add(name);
    }
  }
  return { basic, known };
}
