// @octokit/fixtures-server on 127.0.0.1 with every recording of @octokit/fixtures; prints its port once listening. A
// process of its own: the server answers through nock, which must not see the client's requests.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import express from "express";
import fixturesServer from "@octokit/fixtures-server";

const scenarios = new URL("./node_modules/@octokit/fixtures/scenarios/api.github.com/", import.meta.url);
const fixtures = {};
for (const name of readdirSync(scenarios)) {
  const file = new URL(`${name}/normalized-fixture.json`, scenarios);
  if (existsSync(file)) fixtures[name] = JSON.parse(readFileSync(file, "utf8"));
}
const app = express();
const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  app.use(fixturesServer({ fixtures, port, fixturesUrl: `http://127.0.0.1:${port}`, logLevel: "silent" }));
  console.log(port);
});
