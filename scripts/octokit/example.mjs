// Runs examples/octokit/app.mjs (copied here as example-app.mjs by scripts/test-octokit.mjs) against a loopback
// server standing in for api.github.com, and prints what the app printed and what reached the server.
import { execFile } from "node:child_process";
import { createServer } from "node:http";

const sent = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    sent.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body: Buffer.concat(chunks).toString("utf8") });
    const body = req.url.includes("/contents/") ? { name: "README.md" } : req.method === "POST" ? { number: 42 } : {};
    res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const env = { ...process.env, GITHUB_API_URL: `http://127.0.0.1:${server.address().port}`, GITHUB_TOKEN: "ghp_example" };
let printed;
try {
  // A child process, not an import: the app's top-level awaits need this process's server to answer.
  printed = await new Promise((resolve, reject) => {
    execFile(process.execPath, ["example-app.mjs"], { env, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
} finally {
  server.close();
}
console.log(JSON.stringify({ printed: JSON.parse(printed), sent }));
