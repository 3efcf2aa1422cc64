// Sends REST, pagination, GraphQL and upload calls through @octokit/core and its plugins to a loopback recorder, and
// prints, for each call, what reached the recorder (or a second one, standing for an attacker) and what it threw.
import { createServer } from "node:http";
import { Octokit } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { restEndpointMethods } from "@octokit/plugin-rest-endpoint-methods";

let sent = [];

/** A recorder on 127.0.0.1: keeps each request, answers the pagination and GraphQL calls as GitHub would. */
async function recorder(role) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const headers = { ...req.headers };
      delete headers.host;
      sent.push({ to: role, method: req.method, url: req.url, headers, body: Buffer.concat(chunks).toString("utf8") });
      const path = new URL(req.url, "http://x").pathname;
      const page = new URL(req.url, "http://x").searchParams.get("page");
      const reply = {};
      let body = {};
      if (path.endsWith("/issues")) {
        body = page === "2" ? [{ id: 3 }] : [{ id: 1 }, { id: 2 }];
        // An absolute next link on the same origin, as GitHub sends: the paginated call gives it as a url.
        if (page !== "2") reply.link = `<http://127.0.0.1:${server.address().port}/repositories/1/issues?per_page=2&page=2>; rel="next"`;
      } else if (path.endsWith("/graphql")) {
        body = { data: { viewer: { login: "octocat" } } };
      }
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", ...reply });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

const api = await recorder("api");
const attacker = await recorder("attacker");
const MyOctokit = Octokit.plugin(restEndpointMethods, paginateRest);
const octokit = new MyOctokit({ auth: "secret-token", baseUrl: api.url });
const repo = { owner: "octo-org", repo: "hello-world" };

const probes = {
  restGet: () => octokit.rest.repos.get(repo),
  restPatch: () => octokit.rest.issues.update({ ...repo, issue_number: 1, title: "new title", labels: ["bug"], milestone: null }),
  restPutWithoutBody: () => octokit.rest.activity.markNotificationsAsRead(),
  restDelete: () => octokit.rest.repos.deleteAnEnvironment({ ...repo, environment_name: "prod/eu" }),
  restPostRoute: () => octokit.request("POST /repos/{owner}/{repo}/issues", { ...repo, title: "t", body: "b", assignees: ["a"] }),
  searchQuery: () => octokit.request("GET /search/issues", { q: "repo:octo-org/hello-world is:open+label:bug", per_page: 5 }),
  format: () => octokit.rest.pulls.get({ ...repo, pull_number: 1, mediaType: { format: "diff" } }),
  previewOnRest: () => octokit.request("GET /app", { mediaType: { previews: ["machine-man"] } }),
  contentsPath: () => octokit.rest.repos.getContent({ ...repo, path: "docs/read me.md", ref: "main" }),
  paginate: () => octokit.paginate(octokit.rest.issues.listForRepo, { ...repo, per_page: 2 }),
  paginateRoute: () => octokit.paginate("GET /repos/{owner}/{repo}/issues", { ...repo, per_page: 2, state: "all" }),
  graphql: () => octokit.graphql("query($login: String!) { user(login: $login) { login } }", { login: "octocat" }),
  graphqlPreviews: () => octokit.graphql("query { viewer { login } }", { mediaType: { previews: ["bane", "merge-info"] } }),
  upload: () =>
    octokit.rest.repos.uploadReleaseAsset({
      ...repo,
      release_id: 1,
      name: "notes v1.txt",
      label: "Notes & more",
      data: "hello, world",
      baseUrl: api.url,
      headers: { "content-type": "text/plain" },
    }),
  webhookConfigThroughData: () => octokit.rest.repos.updateWebhookConfigForRepo({ ...repo, hook_id: 1, data: { url: `${attacker.url}/hook`, content_type: "json" } }),
  webhookConfigWithUrl: () => octokit.rest.repos.updateWebhookConfigForRepo({ ...repo, hook_id: 1, url: `${attacker.url}/hook`, content_type: "json" }),
};

const results = {};
for (const [name, probe] of Object.entries(probes)) {
  sent = [];
  let error;
  try {
    let promise;
    try {
      promise = probe();
    } catch (thrown) {
      error = { synchronous: true, code: thrown.code ?? null, status: thrown.status ?? null };
    }
    if (promise) await promise;
  } catch (thrown) {
    error = { synchronous: false, code: thrown.code ?? null, status: thrown.status ?? null };
  }
  // Ports change from run to run; the rest is compared.
  results[name] = { sent: JSON.parse(JSON.stringify(sent).replaceAll(/127\.0\.0\.1:\d+/g, "127.0.0.1:PORT")), ...(error ? { error } : {}) };
}
api.server.close();
attacker.server.close();
console.log(JSON.stringify(results));
