// GitHub's REST API with fetch: list a repository's open issues page by page, read a file, open an issue.
// GITHUB_API_URL (set in GitHub Actions, and by the test to a local server) points it at another host, such as a
// GitHub Enterprise Server's https://ghe.example.com/api/v3; GITHUB_TOKEN is sent as the credential.
import { endpoint, toFetchArgs } from "endpointkit";

const api = endpoint.defaults({
  baseUrl: process.env.GITHUB_API_URL ?? "https://api.github.com",
  headers: { authorization: `Bearer ${process.env.GITHUB_TOKEN}`, "x-github-api-version": "2022-11-28" },
});
// Defaults cascade: this one also fills {owner} and {repo} (a parameter no route uses would go to the query).
const github = api.defaults({ owner: "octocat", repo: "hello-world" });

/** Sends request options with fetch; returns the response, or throws with GitHub's message. */
async function send(options) {
  const response = await fetch(...toFetchArgs(options));
  if (!response.ok) throw new Error(`${options.method} ${options.url}: ${response.status} ${await response.text()}`);
  return response;
}

// Every open issue: the first page from the route, the next ones from the full URL in the `link` header GitHub
// sends (through `api`, so that owner and repo are not added to its query).
const titles = [];
let options = github("GET /repos/{owner}/{repo}/issues", { state: "open", per_page: 2 });
for (;;) {
  const response = await send(options);
  for (const issue of await response.json()) titles.push(issue.title);
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "");
  if (next === null) break;
  options = api({ url: next[1] });
}

// A file by its path: {+path} keeps the slashes between its segments ({path} would encode them as %2F).
const readme = await send(
  github("GET /repos/{owner}/{repo}/contents/{+path}", { path: "docs/README.md", ref: "main", headers: { accept: "application/vnd.github.raw+json" } }),
);
const text = await readme.text();

// A JSON body: the parameters the URL does not use become its keys.
const created = await (await send(github("POST /repos/{owner}/{repo}/issues", { title: "Found a bug", labels: ["bug"] }))).json();

console.log(JSON.stringify({ titles, readme: text, created: created.number }));
