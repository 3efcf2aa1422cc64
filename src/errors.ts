/** Every problem endpointkit reports on purpose, one stable code each. */
export type EndpointErrorCode =
  | "ERR_INVALID_ROUTE"
  | "ERR_INVALID_METHOD"
  | "ERR_URL_REQUIRED"
  | "ERR_INVALID_BASE_URL"
  | "ERR_INVALID_TEMPLATE"
  | "ERR_MISSING_PARAMETER"
  | "ERR_INVALID_HEADER"
  | "ERR_INVALID_PARAMETER"
  | "ERR_TOO_LARGE";

/** The only error endpointkit throws for bad input: check `code`, show `message`. */
export class EndpointError extends Error {
  readonly code: EndpointErrorCode;
  /** The route the problem belongs to (`"GET /repos/{owner}"`), when there is one. */
  readonly route: string | undefined;

  constructor(code: EndpointErrorCode, problem: string, route?: string) {
    super(route === undefined ? problem : `${route}: ${problem}`);
    this.name = "EndpointError";
    this.code = code;
    this.route = route;
  }
}

const MAX_QUOTED = 80;

/** Quotes user text for an error message, cut short so a 100 kB input gives a readable message. */
export function quote(text: string): string {
  const shown = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…(${text.length} characters)` : text;
  return JSON.stringify(shown);
}

/** Names a route for error messages: method and URL, each cut short. */
export function describeRoute(method: unknown, url: unknown): string {
  const shownMethod = typeof method === "string" ? shorten(method.toUpperCase()) : "";
  const shownUrl = typeof url === "string" ? shorten(url) : "(no url)";
  return shownMethod ? `${shownMethod} ${shownUrl}` : shownUrl;
}

function shorten(text: string): string {
  return text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
}

/** Re-throws an EndpointError raised below the route level with the route named in its message. */
export function withRoute(error: unknown, route: string): never {
  if (error instanceof EndpointError && error.route === undefined) {
    throw new EndpointError(error.code, error.message, route);
  }
  throw error;
}
