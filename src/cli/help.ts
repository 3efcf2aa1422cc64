// The text of --help and of the usage line printed with every usage error.

/** The one-line synopsis. */
export const USAGE = "Usage: endpointkit [options] <route> [item ...]";

/** The full --help text; the default base URL is passed in so it is never restated here. */
export function helpText(defaultBaseUrl: string): string {
  return `${USAGE}

Prints the request options endpoint() builds for a route, or a curl command that sends them.
Nothing is sent.

Route
  "METHOD /path/{placeholder}"   quoted as one word, or as two: GET /path
  "/path"                        GET is the default method
  :8080/x  localhost:8080/x      http://localhost:8080/x (any loopback host: http)
  example.com/x                  https://example.com/x (refused with --base-url: write /x or https://)

Items (HTTPie 3's syntax; the first separator in the item decides, the longest at one place)
  name=value          string parameter: fills {name}, else query (GET, HEAD, ...)
                      or JSON body (POST, PATCH, PUT, DELETE)
  name:=json          JSON parameter: number, true/false, null, [array] or {object}
  name=@file          the file's text as a string parameter
  name:=@file         the file's JSON as a parameter
  @file               the file as the raw body, bytes as they are (--curl: --data-binary @file)
  a[b][c]=v  a[]=v  a[0]=v  []:=1
                      nested JSON: an object key, append to a list, a list index, a top-level list
  Header:value        header
  Header:             remove the header, defaults included (accept, user-agent, ...)
  Header;             send the header with an empty value
  \\: \\= \\@ \\;         a literal separator character; \\[ \\] literal brackets in a name
A piped or redirected stdin is the raw body (not a terminal, not empty); it cannot go with
body parameters or @file. Refused, so nothing is misread: "==" (the method decides query or
body), name@file (a form upload), a header written with "=" (Authorization=...).

Options
  --curl              print a curl command line (POSIX-shell quoted) instead of JSON
  --base-url URL      resolve the route against URL (default ${defaultBaseUrl})
  --openapi FILE      build the route as the OpenAPI description FILE (.json or .yaml) says
                      (endpointkit openapi FILE prints its route table as an ES module)
  --ignore-stdin      never read stdin (for CI steps whose stdin is an open, silent pipe)
  -h, --help          print this help
  --version           print the version
  --                  end of options

Exit status: 0 success, 1 the library refused the input (EndpointError),
2 usage error, 70 unexpected failure (a bug).

Examples
  endpointkit "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open per_page:=5
  endpointkit GET :8080/api/users Accept:
  endpointkit --curl "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello-world \\
      title="Found a bug" body=@notes.md labels:=@labels.json "Authorization:token $GITHUB_TOKEN"
  endpointkit "POST /markdown/raw" Content-Type:text/plain < notes.md
  endpointkit --curl "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name}" \\
      owner=octocat repo=hello-world id:=1 name=app.zip Content-Type:application/zip @app.zip
  endpointkit "PATCH /gists/{gist_id}" gist_id=aa5a315d "files[notes.md][content]=@notes.md"
  endpointkit --base-url https://ghe.example/api/v3 "GET /orgs/{org}/repos" org=acme type=private
`;
}
