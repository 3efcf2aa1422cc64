// Runs in Chromium: builds each request with endpoint() and sends it with fetch(...toFetchArgs(...)).
import { endpoint, toFetchArgs } from "endpointkit";

/** The requests the browser sends; run.mjs checks each one by name on the server side. */
function requests(api) {
  const github = endpoint.defaults({ baseUrl: api, headers: { authorization: "token browser-1" } });
  return [
    ["GET with query", github("GET /orgs/{org}/repos", { org: "octo-org", type: "private", per_page: 2 })],
    ["HEAD", github("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" })],
    ["POST JSON", github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Crash ✗", labels: ["bug"] })],
    ["PATCH JSON", github("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", description: "new", homepage: null })],
    ["PUT empty", github("PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" })],
    ["DELETE", github("DELETE /repos/{owner}/{repo}/labels/{name}", { owner: "o", repo: "r", name: "wontfix" })],
    ["raw data", github("POST /markdown/raw", { data: "# Héllo ✓", headers: { "content-type": "text/x-markdown" } })],
    ["unicode", github("GET /users/{user}/repos", { user: "zoë", q: "ñandú 😀" })],
  ];
}

/** Sends every request in turn; reports each one's status, or the error fetch raised. */
window.sendAll = async (api) => {
  const results = [];
  for (const [name, options] of requests(api)) {
    try {
      const response = await fetch(...toFetchArgs(options));
      await response.arrayBuffer();
      results.push({ name, status: response.status });
    } catch (error) {
      results.push({ name, error: String(error) });
    }
  }
  return results;
};
