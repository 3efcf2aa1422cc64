// What --curl prints, run by bash against a loopback server: the request that arrives is the one
// endpoint() describes, byte for byte, whatever quotes, dollars or newlines the values hold.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, it, type ExpectStatic } from "vitest";
import type { Endpoint, EndpointOptions } from "endpointkit";
import { endpointkit, ensureBuilt } from "./cli.js";
import { startRecorder, type RecordedRequest } from "./recorder.js";

let endpoint: Endpoint;
// An empty HOME: no ~/.curlrc can add headers, and a "$HOME" that the shell expanded by mistake
// would show up as this path in the request.
const home = mkdtempSync(join(tmpdir(), "endpointkit-curl-"));

beforeAll(async () => {
  ensureBuilt();
  ({ endpoint } = await import("endpointkit"));
}, 240_000);

/** Shell-hostile text: quotes, expansions, operators, a backslash, a newline, a tab and non-ASCII. */
const HOSTILE = `it's "quoted" $HOME \`id\` $(id) \${PATH} \\n\\ ; & | * ? ~ # ! %s` + "\nsecond line\tand ünïcødé 🚀";
/** The same without the newline, which a header value may not hold. */
const HOSTILE_LINE = HOSTILE.replace("\n", " ");

/**
 * Runs `endpointkit --curl` for the route and items, runs its output with bash, and checks that
 * the server received exactly `endpoint(route, options)`: method, target, every header, nothing
 * else curl might add (only host and content-length), and the body.
 */
async function roundTrip(expect: ExpectStatic, routeOrAt: string | ((baseUrl: string) => string), items: string[], options: EndpointOptions, shell = "bash"): Promise<RecordedRequest> {
  const recorder = await startRecorder();
  const route = typeof routeOrAt === "string" ? routeOrAt : routeOrAt(recorder.baseUrl);
  try {
    const printed = await endpointkit("--curl", "--base-url", recorder.baseUrl, route, ...items);
    expect(printed.stderr).toBe("");
    expect(printed.status).toBe(0);
    expect(printed.stdout.endsWith("\n")).toBe(true);
    await runWith(shell, `${printed.stdout.trimEnd()} --silent --show-error --output /dev/null`);

    const expected = endpoint(route, { ...options, baseUrl: recorder.baseUrl });
    expect(recorder.requests).toHaveLength(1);
    const [received] = recorder.requests as [RecordedRequest];
    expect(received.method).toBe(expected.method.toUpperCase());
    expect(recorder.baseUrl + received.target).toBe(expected.url);
    const expectedHeaders: Record<string, string> = { host: recorder.baseUrl.slice("http://".length) };
    for (const [name, value] of Object.entries(expected.headers)) expectedHeaders[name] = String(value);
    if (expected.body !== undefined) {
      const body = typeof expected.body === "string" ? expected.body : JSON.stringify(expected.body);
      expect(received.body).toBe(body);
      expectedHeaders["content-length"] = String(Buffer.byteLength(body));
    } else {
      expect(received.body).toBe("");
    }
    expect(received.headers).toEqual(expectedHeaders);
    return received;
  } finally {
    await recorder.close();
  }
}

/** Runs the printed command as `endpointkit --curl … | sh` would: the shell reads it from stdin, not as an argument. */
function runWith(shell: string, command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // A bare environment: no proxy variables can divert the request, no curlrc can change it.
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CURL_HOME: home };
    const child = execFile(shell, ["-s"], { env, encoding: "utf8", maxBuffer: 1 << 20 }, (error, _stdout, stderr) => {
      if (error === null) resolve();
      else reject(new Error(`${shell} failed (${String(error.code)}): ${stderr}\n${command.slice(0, 2000)}`));
    });
    child.stdin?.end(`${command}\n`);
  });
}

describe.concurrent("--curl sends exactly the request endpoint() describes", () => {
  it("a POST with hostile text in the path, a header and the JSON body", async ({ expect }) => {
    const received = await roundTrip(
      expect,
      "POST /repos/{owner}/{repo}/issues",
      [`owner=${HOSTILE_LINE}`, "repo=hello-world", `title=${HOSTILE}`, 'labels:=["bug","it\'s"]', `X-Hostile:${HOSTILE_LINE}`],
      { owner: HOSTILE_LINE, repo: "hello-world", title: HOSTILE, labels: ["bug", "it's"], headers: { "x-hostile": HOSTILE_LINE } },
    );
    expect(JSON.parse(received.body)).toEqual({ title: HOSTILE, labels: ["bug", "it's"] });
  });

  it("a GET with hostile text in the query, GitHub's search + kept as +", async ({ expect }) => {
    await roundTrip(expect, "GET /search/issues", [`q=repo:octocat/x+${HOSTILE}`, "sort=a b"], { q: `repo:octocat/x+${HOSTILE}`, sort: "a b" });
  });

  it("a DELETE with a body", async ({ expect }) => {
    await roundTrip(expect, "DELETE /repos/{owner}/{repo}/contents/{path}", ["owner=o", "repo=r", "path=a.txt", `message=${HOSTILE}`, "sha=abc"], {
      owner: "o",
      repo: "r",
      path: "a.txt",
      message: HOSTILE,
      sha: "abc",
    });
  });

  it("a PATCH without parameters: content-length 0 and no content-type of curl's own", async ({ expect }) => {
    const received = await roundTrip(expect, "PATCH /notifications/threads/{id}", ["id:=1"], { id: 1 });
    expect(received.headers["content-length"]).toBe("0");
    expect(received.headers["content-type"]).toBeUndefined();
  });

  it("a raw body that starts with @ (escaped as \\@ in the item) is sent as text, never read from a file", async ({ expect }) => {
    const received = await roundTrip(expect, "POST /markdown/raw", ["data=\\@/etc/passwd", "Content-Type:text/plain"], {
      data: "@/etc/passwd",
      headers: { "content-type": "text/plain" },
    });
    expect(received.body).toBe("@/etc/passwd");
  });

  it("a body large enough for curl to want Expect: 100-continue goes without it", async ({ expect }) => {
    const text = `${HOSTILE}|`.repeat(200);
    await roundTrip(expect, "POST /markdown", [`text=${text}`], { text });
  });

  it("an empty header value arrives empty instead of removing the header", async ({ expect }) => {
    const received = await roundTrip(expect, "GET /user", ["X-Empty;"], { headers: { "x-empty": "" } });
    expect(received.headers["x-empty"]).toBe("");
  });

  it("a HEAD request", async ({ expect }) => {
    await roundTrip(expect, "HEAD /repos/{owner}/{repo}", ["owner=o", "repo=r"], { owner: "o", repo: "r" });
  });

  it("a URL with brackets and dot segments is neither globbed nor normalised by curl", async ({ expect }) => {
    // A full URL: in a path-only one, endpoint() refuses "." and ".." segments (they could leave baseUrl's path).
    const received = await roundTrip(expect, (baseUrl) => `GET ${baseUrl}/raw/{+path}`, ["path=a[1]/{b}/../c/./d"], { path: "a[1]/{b}/../c/./d" });
    expect(received.target).toBe("/raw/a[1]/%7Bb%7D/../c/./d");
  });

  it("a body over 128 KiB, which no argument can hold, is piped from printf and arrives whole under sh and bash", async ({ expect }) => {
    // Controls and quotes throughout, so the piped body is quoted as the inline one is.
    const text = `${HOSTILE}\u001b[31m\u009b|`.repeat(Math.ceil(200_000 / HOSTILE.length));
    const file = join(home, "big.txt");
    writeFileSync(file, text);
    for (const shell of ["sh", "bash"]) {
      const received = await roundTrip(expect, "POST /markdown", [`text=@${file}`], { text }, shell);
      expect(received.bodyBytes.length).toBeGreaterThan(200_000);
    }
    const raw = await roundTrip(expect, "POST /markdown/raw", [`@${file}`, "Content-Type:text/plain"], { data: text, headers: { "content-type": "text/plain" } }, "sh");
    expect(raw.body).toBe(text);
  });

  it("a URL with a user name or password is refused: curl would add an Authorization header the request does not have", async ({ expect }) => {
    const printed = await endpointkit("--curl", "--base-url", "http://user:secret@127.0.0.1:9", "GET /user");
    expect(printed.status).toBe(2);
    // Only the line that makes `| sh` fail with the same status: no curl command.
    expect(printed.stdout).toBe("exit 2\n");
    expect(printed.stderr).toMatch(/user name or password/);
    expect(printed.stderr).not.toMatch(/secret/);
  });
});
