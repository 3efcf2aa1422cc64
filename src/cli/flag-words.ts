// The library's messages in the command line's words: an option a message names (`fromOpenApi(document, { baseUrl })`,
// `options.server`, `baseUrl "…"`) is a flag here. The library's own messages stay as they are for code that calls it.
import { EndpointError } from "endpointkit";

/** An error of fromOpenApi() reading the description `file` (already quoted), its options named as flags. */
export function describedInFlagWords(error: unknown, file: string): unknown {
  if (!(error instanceof EndpointError)) return error;
  const message = (error.message.startsWith("fromOpenApi(): ") ? error.message.slice("fromOpenApi(): ".length) : error.message)
    .replace(/fromOpenApi\(document, \{ baseUrl: "([^"]*)" \}\)/g, "--base-url $1")
    .replaceAll("options.baseUrl", "--base-url")
    .replaceAll("options.server", "--server")
    .replaceAll("options.trust", "--trust");
  return new EndpointError(error.code, `${file}: ${message}`, undefined, error);
}

/**
 * An error of a call on a described endpoint (`--openapi`): a hint that names a library call says what the command line
 * does instead. The command line has no flag that lets an undescribed route through, since without --openapi every
 * route follows GitHub's rules; the server credentials go to is pinned with --base-url.
 */
export function describedCallInFlagWords(error: unknown): unknown {
  if (!(error instanceof EndpointError)) return error;
  const message = error.message
    .replace(` (fromOpenApi(document, { undescribed: "github" }) sends such routes by GitHub's rules)`, " (without --openapi, a route is built by GitHub's rules)")
    .replace(": set another server with defaults({ baseUrl })", ": pin another one with --base-url");
  return message === error.message ? error : new EndpointError(error.code, message, undefined, error);
}

/** An error of a call given `--base-url`: the baseUrl it names is that flag's value. */
export function baseUrlInFlagWords(error: unknown): unknown {
  if (!(error instanceof EndpointError) || error.code !== "ERR_INVALID_BASE_URL" || !error.message.includes('baseUrl "')) return error;
  return new EndpointError(error.code, error.message.replaceAll('baseUrl "', '--base-url "'), undefined, error);
}

/** A call's refusal of credentials for a route's own server: the option it names is --trust here, a pin --base-url. */
export function trustInFlagWords(error: unknown): unknown {
  if (!(error instanceof EndpointError) || !error.message.includes("fromOpenApi(document, { trust: [")) return error;
  const message = error.message
    .replace(/fromOpenApi\(document, \{ trust: \["([^"]*)"\] \}\)/g, "--trust $1")
    .replace("when a baseUrl pins every route to one server", "when --base-url pins every route to one server");
  return new EndpointError(error.code, message, undefined, error);
}
