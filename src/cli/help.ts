// The text of --help and of the usage line printed with every usage error. Every line fits 80 columns (a terminal's
// default width, and what a pasted help text is read at): test/cli/help.test.ts checks it.

/** The one-line synopsis. */
export const USAGE = "Usage: endpointkit [options] <route> [item ...]";

/** The one-line synopsis of the openapi command. */
export const OPENAPI_USAGE = "Usage: endpointkit openapi [options] <description.json|.yaml>";

/** The one-line synopsis of the tools command. */
export const TOOLS_USAGE = "Usage: endpointkit tools --format FORMAT [options] <description.json|.yaml>";

/** What follows a usage error: the synopsis of the command `argv` runs (only its own), and where its help is. */
export function usageHint(argv: readonly string[]): string {
  if (argv[0] === "tools") return `${TOOLS_USAGE}\nTry "endpointkit tools --help".`;
  return argv[0] === "openapi" ? `${OPENAPI_USAGE}\nTry "endpointkit openapi --help".` : `${USAGE}\nTry "endpointkit --help".`;
}

/** The full --help text; the default base URL is passed in so it is never restated here. */
export function helpText(defaultBaseUrl: string): string {
  return `${USAGE}
       endpointkit openapi [options] <description.json|.yaml>
       endpointkit tools --format FORMAT [options] <description.json|.yaml>

Prints the request options endpoint() builds for a route, or a curl command
that sends them. Nothing is sent.

Route
  "METHOD /path/{name}"  quoted as one word, or as two: GET /path
  "/path"                GET is the default method
  :8080/x                http://localhost:8080/x (any loopback host: http)
  example.com/x          https://example.com/x (refused with --base-url:
                         write /x or https://)

Items (HTTPie 3's syntax: the first separator in an item decides what it is;
of two that start at the same place, the longer)
  name=value      string parameter: fills {name}, else query (GET, HEAD, ...)
                  or JSON body (POST, PATCH, PUT, DELETE)
  name:=json      JSON parameter: number, true/false, null, [array], {object}
  name=@file      the file's text as a string parameter
  name:=@file     the file's JSON as a parameter
  name@file       with --openapi: the file uploaded as the multipart part
                  name (add ;type=image/png for its media type)
  @file           the file as the raw body, bytes as they are
                  (with --curl: --data-binary @file)
  a[b][c]=v  a[]=v  a[0]=v  []:=1
                  nested JSON: an object key, append to a list, a list
                  index, a top-level list
  Header:value    header
  Header:         remove the header, defaults included (accept, user-agent)
  Header;         send the header with an empty value
  \\: \\= \\@ \\;     a literal separator; \\[ \\] literal brackets in a name
  query\\:id=2     with --openapi: a qualified key, one parameter's own value
                  (path, query, querystring, cookie) where names are shared
A piped or redirected stdin is the raw body (not a terminal, not empty); it
cannot go with body parameters or @file. Refused, so nothing is misread: "=="
(the method decides query or body), name@file without --openapi (a form
upload needs a multipart body described), a header written with "="
(Authorization=...).

Options
  --curl          print a curl command line (POSIX-shell quoted), not JSON
  --base-url URL  resolve the route against URL
                  (default ${defaultBaseUrl}); with --openapi, every
                  route and credential goes there (a mock, staging), or a
                  relative server of the description is resolved against it
  --openapi FILE  build the route as the OpenAPI description FILE (.json or
                  .yaml) says (its route table: endpointkit openapi --help)
  --auth SCHEME=env:VAR, --auth SCHEME=file:PATH
                  with --openapi: the credential of the description's
                  security scheme SCHEME, from an environment variable or a
                  file (basic: username:password), sent where the route's
                  requirements say; never the secret itself (shell history)
  --trust ORIGIN  with --openapi: send credentials to a route whose own
                  server is on ORIGIN (an upload host), too
  --server INDEX|URL
                  with --openapi: the description's server to send to, by
                  index (0 is the first) or URL
  --server-var NAME=VALUE
                  with --openapi: a value for a variable of that server
                  (repeatable; the others keep their defaults)
  --ignore-stdin  never read stdin (for CI steps whose stdin is an open,
                  silent pipe)
  -h, --help      print this help
  --version       print the version
  --              end of options

Exit status: 0 success, 1 the library refused the input (EndpointError),
2 usage error, 70 unexpected failure (a bug).

Examples
  endpointkit "GET /repos/{owner}/{repo}/issues" owner=octokit \\
      repo=rest.js state=open per_page:=5
  endpointkit GET :8080/api/users Accept:
  endpointkit --curl "POST /repos/{owner}/{repo}/issues" owner=octocat \\
      repo=hello-world title="Found a bug" body=@notes.md \\
      labels:=@labels.json "Authorization:token $GITHUB_TOKEN"
  endpointkit "POST /markdown/raw" Content-Type:text/plain < notes.md
  endpointkit --curl --base-url https://uploads.github.com \\
      "POST /repos/{owner}/{repo}/releases/{id}/assets{?name}" \\
      owner=octocat repo=hello-world id:=1 name=app.zip \\
      Content-Type:application/zip @app.zip
  endpointkit "PATCH /gists/{gist_id}" gist_id=aa5a315d \\
      "files[notes.md][content]=@notes.md"
  endpointkit --base-url https://ghe.example/api/v3 "GET /orgs/{org}/repos" \\
      org=acme type=private
`;
}

/** `endpointkit openapi --help`. */
export function openapiHelpText(): string {
  return `${OPENAPI_USAGE}

Reads an OpenAPI 3.x or Swagger 2.0 description (JSON; YAML for any other
extension) and writes its route table, so an application ships the table
instead of the description. With -o, the file also holds the description's
types, made by openapi-typescript (Swagger 2.0 converted by swagger2openapi
with its patches): one module for a typed client.

Options
  -o, --output FILE  write the table and its types to FILE:
                       FILE.ts, FILE.mts  a TypeScript module
                       FILE.js            an ES module and FILE.d.ts beside it
                       FILE.mjs           an ES module and FILE.d.mts
                     (without -o, the ES module is printed, with no types)
  --table-only       with -o: the table and its own type, without
                     openapi-typescript's paths types (neither tool needed)
  --server INDEX|URL the description's server to send requests to, by
                     index (0 is the first) or URL
  --server-var NAME=VALUE
                     a value for a variable of that server (repeatable)
  --base-url URL     where the description is served: what a relative server
                     URL (or no servers at all) is resolved against
  --trust ORIGIN     an origin a route's own server may be on and still be
                     sent credentials (an upload host), kept in the table
  -h, --help         print this help

The types need openapi-typescript (and swagger2openapi for Swagger 2.0),
optional peers: npm install --save-dev openapi-typescript swagger2openapi
OpenAPI 3.2 is typed as 3.1: its query operation, additionalOperations and
querystring parameters are in the table but not in paths.

Examples
  endpointkit openapi petstore.yaml -o src/api.ts
  endpointkit openapi petstore.yaml > src/petstore-table.js
  endpointkit openapi --base-url https://pets.example petstore.yaml \\
      -o src/api.js
`;
}

/** `endpointkit tools --help`. */
export function toolsHelpText(): string {
  return `${TOOLS_USAGE}

Reads an OpenAPI description (JSON; YAML for any other extension) and prints
one LLM tool definition per operation as JSON: what toTools() of
"endpointkit/tools" gives in kit.tools. Nothing is sent.

Options
  --format FORMAT     openai (function tools, strict where possible),
                      anthropic (tool use) or mcp (MCP tools/list); required
  --include WHAT      only the operations of this route ("POST /pets"),
                      operationId or tag; repeat for more
  --server INDEX|URL  the description's server requests go to
  --base-url URL      where the description is served: what a relative server
                      URL is resolved against
  --trust ORIGIN      another origin credentials may go to (an upload host);
                      repeat for more
  --name-length N     longest tool name, 1 to 64 (default 48)
  -h, --help          print this help

Examples
  endpointkit tools --format openai petstore.yaml > tools.json
  endpointkit tools --format anthropic --include pets petstore.yaml
`;
}
