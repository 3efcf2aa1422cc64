// The apps in examples/, run as their READMEs say, against local servers standing in for the real hosts: each test
// checks what reached the server, byte for byte where it matters, and what the app printed. The TypeScript example is
// type-checked first (with the committed openapi-typescript output), then run. examples/octokit runs under
// `npm run test:octokit`, which installs Octokit.
import { spawn } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsHook = fileURLToPath(new URL("./examples/ts-hook.mjs", import.meta.url));

interface Arrived {
  method: string;
  /** Path and query, as sent. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type Answer = { status: number; headers?: Record<string, string>; body: string };

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server on 127.0.0.1 that records each request and answers it with `answer(request, origin)`. */
async function serve(answer: (request: Arrived, origin: string) => Answer): Promise<{ origin: string; arrived: Arrived[] }> {
  const arrived: Arrived[] = [];
  let origin = "";
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const seen = { method: request.method ?? "", target: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) };
      arrived.push(seen);
      const { status, headers, body } = answer(seen, origin);
      response.writeHead(status, { "content-type": "application/json", ...headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, arrived };
}

/** Runs an example with Node (TypeScript through the transpiling hook) and resolves with its exit status and output. */
function runExample(path: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const args = path.endsWith(".ts") ? ["--import", tsHook, path] : [path];
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("examples/github-fetch: GitHub's REST API with fetch", () => {
  it("follows the link header across pages, reads a file by its path and opens an issue", { timeout: 20_000 }, async () => {
    const { origin, arrived } = await serve(({ method, target }, base) => {
      if (method === "GET" && target === "/repos/octocat/hello-world/issues?state=open&per_page=2") {
        return {
          status: 200,
          headers: { link: `<${base}/repositories/1296269/issues?state=open&per_page=2&page=2>; rel="next"` },
          body: JSON.stringify([{ title: "one" }, { title: "two" }]),
        };
      }
      if (target === "/repositories/1296269/issues?state=open&per_page=2&page=2") return { status: 200, body: JSON.stringify([{ title: "three" }]) };
      if (target === "/repos/octocat/hello-world/contents/docs/README.md?ref=main") return { status: 200, body: "# Hello" };
      if (method === "POST" && target === "/repos/octocat/hello-world/issues") return { status: 201, body: JSON.stringify({ number: 42 }) };
      return { status: 404, body: JSON.stringify({ message: "Not Found" }) };
    });

    const result = await runExample("examples/github-fetch/app.mjs", { GITHUB_API_URL: origin, GITHUB_TOKEN: "ghp_example" });

    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ titles: ["one", "two", "three"], readme: "# Hello", created: 42 });
    expect(arrived.map((request) => `${request.method} ${request.target}`)).toEqual([
      "GET /repos/octocat/hello-world/issues?state=open&per_page=2",
      "GET /repositories/1296269/issues?state=open&per_page=2&page=2",
      "GET /repos/octocat/hello-world/contents/docs/README.md?ref=main",
      "POST /repos/octocat/hello-world/issues",
    ]);
    for (const request of arrived) {
      expect(request.headers.authorization).toBe("Bearer ghp_example");
      expect(request.headers["user-agent"]).toMatch(/^endpointkit\/\d/);
      expect(request.headers["x-github-api-version"]).toBe("2022-11-28");
    }
    expect(arrived[2]!.headers.accept).toBe("application/vnd.github.raw+json");
    expect(arrived[3]!.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(arrived[3]!.body.toString("utf8"))).toEqual({ title: "Found a bug", labels: ["bug"] });
  });
});

describe("examples/own-api: an API of your own from its YAML description", () => {
  it("type-checks under strict NodeNext with the types openapi-typescript generated, and refuses each call of mistakes.ts", { timeout: 60_000 }, () => {
    const config = ts.getParsedCommandLineOfConfigFile(`${root}examples/tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    expect(config).toBeDefined();
    expect(config!.fileNames.map((name) => name.slice(root.length)).sort()).toEqual(["examples/own-api/api.d.ts", "examples/own-api/app.ts", "examples/own-api/mistakes.ts", "examples/own-api/petstore.d.ts"]);
    const program = ts.createProgram(config!.fileNames, config!.options);
    const messages = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(messages).toEqual([]);
  });

  it("sends a form login, a JSON body with query and header parameters, a deepObject query and a multipart upload", { timeout: 20_000 }, async () => {
    const { origin, arrived } = await serve(({ method, target }) => {
      if (method === "POST" && target === "/v1/login") return { status: 200, body: JSON.stringify({ token: "t-1" }) };
      if (method === "POST" && target.startsWith("/v1/pets?")) return { status: 201, body: JSON.stringify({ id: 1, name: "Rex" }) };
      if (method === "GET" && target.startsWith("/v1/pets?")) return { status: 200, body: JSON.stringify([{ id: 1, name: "Rex" }]) };
      if (method === "POST" && target === "/v1/pets/1/photos") return { status: 201, body: JSON.stringify({ url: "/photos/1" }) };
      return { status: 404, body: "{}" };
    });

    const result = await runExample("examples/own-api/app.ts", { PETS_API_URL: `${origin}/v1` });

    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ created: { id: 1, name: "Rex" }, found: [{ id: 1, name: "Rex" }] });
    expect(arrived.map((request) => `${request.method} ${request.target}`)).toEqual([
      "POST /v1/login",
      "POST /v1/pets?dryRun=false",
      "GET /v1/pets?tags=dog&tags=small&filter%5Bage%5D=2&limit=10",
      "POST /v1/pets/1/photos",
    ]);
    const [login, create, , upload] = arrived as [Arrived, Arrived, Arrived, Arrived];

    expect(login.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(login.body.toString("utf8")).toBe("user=rex-owner&password=s3cret%20%26%20more");
    expect(login.headers.authorization).toBeUndefined();

    expect(create.headers["x-request-id"]).toBe("req-1");
    expect(create.headers.authorization).toBe("Bearer t-1");
    expect(create.headers.accept).toBe("application/json");
    expect(create.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(create.body.toString("utf8"))).toEqual({ name: "Rex", tags: ["dog"] });

    // The multipart body as the server reads it: fetch wrote the boundary, the File kept its name and type.
    expect(upload.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(upload.body), { headers: { "content-type": upload.headers["content-type"]! } }).formData();
    expect([...form.keys()]).toEqual(["photo", "caption"]);
    expect(form.get("caption")).toBe("Rex at the beach");
    const photo = form.get("photo") as File;
    expect([photo.name, photo.type, [...new Uint8Array(await photo.arrayBuffer())]]).toEqual(["rex.png", "image/png", [0x89, 0x50, 0x4e, 0x47]]);
  });
});

describe("examples/agent-tools: an API's operations as LLM tools in an agent's loop", () => {
  it("sends each tool call as the described request, with the credential, and hands a refused argument back", { timeout: 20_000 }, async () => {
    const { origin, arrived } = await serve(({ method, target }) => {
      if (method === "POST" && target === "/v1/tasks") return { status: 201, body: JSON.stringify({ id: 7, title: "Buy milk" }) };
      if (method === "GET" && target === "/v1/tasks?status=open&%24top=2") return { status: 200, body: JSON.stringify([{ id: 7, title: "Buy milk" }]) };
      return { status: 404, body: "{}" };
    });

    const result = await runExample("examples/agent-tools/app.mjs", { TASKS_API_URL: origin, TASKS_API_KEY: "k-secret" });

    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      tools: ["listTasks", "createTask", "completeTask"],
      calls: [
        { tool: "createTask", route: "POST /tasks", status: 201 },
        { tool: "listTasks", route: "GET /tasks", error: "ERR_INVALID_PARAMETER" },
        { tool: "listTasks", route: "GET /tasks", status: 200 },
      ],
      answer: "You have 1 open task(s): Buy milk.",
    });
    // The refused call sent nothing: two requests arrived, each with the credential the model never saw.
    expect(arrived.map((request) => `${request.method} ${request.target}`)).toEqual(["POST /v1/tasks", "GET /v1/tasks?status=open&%24top=2"]);
    for (const request of arrived) expect(request.headers["x-api-key"]).toBe("k-secret");
    expect(arrived[0]!.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(arrived[0]!.body.toString("utf8"))).toEqual({ title: "Buy milk", due: "2026-12-01", "@labels": ["home"] });
  });
});
