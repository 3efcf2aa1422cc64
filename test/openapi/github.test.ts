// GitHub's own description, read by fromOpenApi: its 8 operations with query parameters on a POST or a DELETE send
// them in the query (the base endpoint puts them in the body). The description is rebuilt from the parameters of
// test/fixtures/github/operations.json (@octokit/openapi); the upload operation's server and body are written here as
// GitHub's description has them (servers: https://uploads.github.com; body: application/octet-stream, binary).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { fromOpenApi } from "../../src/openapi/index.js";

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; required: boolean; type: string }[];
}
const { operations } = JSON.parse(readFileSync(new URL("../fixtures/github/operations.json", import.meta.url), "utf8")) as { operations: Operation[] };

const paths: { [path: string]: { [method: string]: object } } = {};
for (const { method, path, parameters } of operations) {
  const operation: { [key: string]: unknown } = { parameters: parameters.map(({ name, in: where, required, type }) => ({ name, in: where, required, schema: { type } })), responses: {} };
  if (path === "/repos/{owner}/{repo}/releases/{release_id}/assets" && method === "POST") {
    operation.servers = [{ url: "https://uploads.github.com" }];
    operation.requestBody = { content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } };
  }
  (paths[path] ??= {})[method.toLowerCase()] = operation;
}
const github = endpoint.defaults(fromOpenApi({ openapi: "3.0.3", servers: [{ url: "https://api.github.com" }], paths }));

const withQueryOnBody = operations.filter(({ method, parameters }) => method !== "GET" && method !== "HEAD" && parameters.some((p) => p.in === "query"));

describe("GitHub's description through fromOpenApi", () => {
  it("has the 8 operations with query parameters on a POST or a DELETE", () => {
    expect(withQueryOnBody.length).toBe(8);
  });

  for (const { method, path, parameters } of withQueryOnBody) {
    it(`${method} ${path} sends its query parameters in the query`, () => {
      const options: { [key: string]: unknown } = {};
      const expected: string[] = [];
      for (const { name, in: where, type } of parameters) {
        const value = type === "integer" ? 7 : type === "boolean" ? true : `v ${name}`;
        options[name] = value;
        if (where === "query") expected.push(`${name}=${typeof value === "string" ? `v%20${name}` : String(value)}`);
      }
      const request = github(`${method} ${path}`, options);
      expect(request.url.slice(request.url.indexOf("?") + 1).split("&").sort()).toEqual(expected.sort());
      expect(request.body).toBeUndefined();
    });
  }

  it("uploads a release asset to uploads.github.com, name and label in the query and the bytes as data", () => {
    const data = new Uint8Array([1, 2, 3]);
    const request = github("POST /repos/{owner}/{repo}/releases/{release_id}/assets", { owner: "o", repo: "r", release_id: 1, name: "a.zip", label: "A", data });
    expect(request.url).toBe("https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=A");
    expect(request.body).toBe(data);
    expect(request.headers["content-type"]).toBe("application/octet-stream");
  });

  it("deletes an Actions cache by key with key and ref in the query", () => {
    const request = github("DELETE /repos/{owner}/{repo}/actions/caches", { owner: "o", repo: "r", key: "npm-linux", ref: "refs/heads/main" });
    expect(request.url).toBe("https://api.github.com/repos/o/r/actions/caches?key=npm-linux&ref=refs%2Fheads%2Fmain");
  });
});
