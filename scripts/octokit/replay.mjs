// Replays each recording of @octokit/fixtures through @octokit/request against fixtures-server.mjs, in order, and
// prints how many were answered with the recorded status, and which were not.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "@octokit/request";

const OPTION_NAMES = new Set(["method", "url", "baseUrl", "headers", "request", "mediaType", "data"]);
const server = spawn(process.execPath, [new URL("./fixtures-server.mjs", import.meta.url).pathname], { stdio: ["ignore", "pipe", "inherit"] });
const port = await new Promise((resolve, reject) => {
  server.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
  server.once("exit", (code) => reject(new Error(`fixtures server exited with ${code}`)));
});
const origin = `http://127.0.0.1:${port}`;

const scenarios = new URL("./node_modules/@octokit/fixtures/scenarios/api.github.com/", import.meta.url);
const result = { total: 0, passed: 0, failures: [] };
try {
  for (const name of readdirSync(scenarios).sort()) {
    const file = new URL(`${name}/normalized-fixture.json`, scenarios);
    if (!existsSync(file)) continue;
    const recordings = JSON.parse(readFileSync(file, "utf8"));
    const loaded = await fetch(`${origin}/fixtures`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario: name }) });
    const { id } = await loaded.json();
    for (let index = 0; index < recordings.length; index++) {
      const recording = recordings[index];
      result.total++;
      const headers = { ...recording.reqheaders };
      delete headers.host;
      delete headers["content-length"];
      const options = { method: recording.method.toUpperCase(), url: recording.path, baseUrl: `${origin}/${new URL(recording.scope).hostname}/${id}`, headers };
      const body = recording.body;
      // An object body goes in as parameters, as Octokit's callers write it, unless a key is an option name.
      if (body && typeof body === "object" && !Array.isArray(body) && !Object.keys(body).some((key) => OPTION_NAMES.has(key))) Object.assign(options, body);
      else if (body !== "" && body !== undefined) options.data = body;
      let status;
      try {
        status = (await request(options)).status;
      } catch (error) {
        status = error.status ?? `${error.name} ${error.code ?? ""}: ${error.message}`;
      }
      // fetch follows a recorded redirect itself: the recording after it is then answered by that same call.
      const followed = recording.status >= 300 && recording.status < 400 && recordings[index + 1];
      if (followed && status === followed.status) {
        result.total++;
        result.passed += 2;
        index++;
      } else if (status === recording.status) result.passed++;
      else result.failures.push({ id: `${name}#${index} ${options.method} ${recording.path}`, problem: `recorded ${recording.status}, got ${status}` });
    }
  }
} finally {
  server.kill();
}
console.log(JSON.stringify(result));
