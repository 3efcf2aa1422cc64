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

Items (HTTPie's syntax; the first separator in the item decides, ":=" before ":")
  name=value          string parameter: fills {name}, else query (GET, HEAD, ...)
                      or JSON body (POST, PATCH, PUT, DELETE)
  name:=json          JSON parameter: number, true/false, null, [array] or {object}
  Header-Name:value   header (Name: gives it an empty value)
  data=text           the raw request body, as endpoint()'s data option
  \\: and \\=           a literal ":" or "=" in a name or value (name=\\=x is the value "=x")

Options
  --curl              print a curl command line (POSIX-shell quoted) instead of JSON
  --base-url URL      resolve the route against URL (default ${defaultBaseUrl})
  -h, --help          print this help
  --version           print the version
  --                  end of options

Exit status: 0 success, 1 the library refused the input (EndpointError),
2 usage error, 70 unexpected failure.

Examples
  endpointkit "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open per_page:=5
  endpointkit "GET /search/issues" q=repo:octokit/rest.js+is:open
  endpointkit --curl "POST /repos/{owner}/{repo}/issues" owner=octocat repo=hello-world \\
      title="Found a bug" labels:='["bug"]' "Authorization:token $GITHUB_TOKEN"
  endpointkit --curl "GET /user" "Authorization:token $GITHUB_TOKEN" | sh
  endpointkit --base-url https://ghe.example/api/v3 "GET /orgs/{org}/repos" org=acme type=private
`;
}
