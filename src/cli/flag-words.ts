// The library's messages in the command line's words: an option a message names (`fromOpenApi(document, { baseUrl })`,
// `options.server`, `baseUrl "…"`) is a flag here. The library's own messages stay as they are for code that calls it.
import { EndpointError } from "endpointkit";

const FROM_OPENAPI: readonly (readonly [RegExp, string])[] = [
  [/^fromOpenApi\(\): /, ""],
  [/fromOpenApi\(document, \{ baseUrl: "([^"]*)" \}\)/g, "--base-url $1"],
  [/\boptions\.baseUrl\b/g, "--base-url"],
  [/\boptions\.server\b/g, "--server"],
];

/** An error of fromOpenApi() reading the description `file` (already quoted), its options named as flags. */
export function describedInFlagWords(error: unknown, file: string): unknown {
  if (!(error instanceof EndpointError)) return error;
  const message = FROM_OPENAPI.reduce((text, [pattern, words]) => text.replace(pattern, words), error.message);
  return new EndpointError(error.code, `${file}: ${message}`, undefined, error);
}

/** An error of a call given `--base-url`: the baseUrl it names is that flag's value. */
export function baseUrlInFlagWords(error: unknown): unknown {
  if (!(error instanceof EndpointError) || error.code !== "ERR_INVALID_BASE_URL" || !/\bbaseUrl "/.test(error.message)) return error;
  return new EndpointError(error.code, error.message.replace(/\bbaseUrl "/g, '--base-url "'), undefined, error);
}
