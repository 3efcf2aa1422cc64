// The new item forms through --curl, run by dash (Debian's sh) against a loopback server: file
// bodies, binary bytes, removed headers and control characters arrive exactly as endpoint() says.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, it, type ExpectStatic } from "vitest";
import { endpointkitWith, ensureBuilt } from "./cli.js";
import { startRecorder, type RecordedRequest } from "./recorder.js";

const dir = mkdtempSync(join(tmpdir(), "endpointkit-files-"));
const BINARY = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256));

beforeAll(() => {
  ensureBuilt();
  writeFileSync(join(dir, "notes.md"), "# Notes\nit's \"quoted\" $HOME `id`\n");
  writeFileSync(join(dir, "labels.json"), '["bug", "ui"]');
  writeFileSync(join(dir, "asset.bin"), BINARY);
}, 240_000);

/** Prints the command for `args` (in the files' directory), runs it with sh, and returns what arrived. */
async function send(expect: ExpectStatic, args: string[], stdin?: string): Promise<RecordedRequest> {
  const recorder = await startRecorder();
  try {
    const printed = await endpointkitWith({ cwd: dir, ...(stdin === undefined ? {} : { stdin }) }, "--curl", "--base-url", recorder.baseUrl, ...args);
    expect(printed.stderr).toBe("");
    expect(printed.status).toBe(0);
    expect(/[\u0000-\u0009\u000b-\u001f\u007f]/.test(printed.stdout)).toBe(false);
    await runWithSh(`${printed.stdout.trimEnd()} --output /dev/null`);
    expect(recorder.requests.length).toBe(1);
    return recorder.requests[0] as RecordedRequest;
  } finally {
    await recorder.close();
  }
}

function runWithSh(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, CURL_HOME: dir };
    execFile("sh", ["-c", command], { env, cwd: dir, encoding: "utf8" }, (error, _stdout, stderr) => {
      if (error === null) resolve();
      else reject(new Error(`sh -c failed (${String(error.code)}): ${stderr}\n${command}`));
    });
  });
}

describe.concurrent("--curl with files, stdin, removed headers and control characters, run by sh", () => {
  it("@file sends a binary file's bytes, read by curl with --data-binary @file", async ({ expect }) => {
    const received = await send(expect, ["POST /repos/{owner}/{repo}/releases/{id}/assets{?name}", "owner=o", "repo=r", "id:=1", "name=asset.bin", "Content-Type:application/octet-stream", "@asset.bin"]);
    expect(received.target).toBe("/repos/o/r/releases/1/assets?name=asset.bin");
    expect(received.bodyBytes.equals(BINARY)).toBe(true);
    expect(received.headers["content-type"]).toBe("application/octet-stream");
    expect(received.headers.expect).toBeUndefined();
  });

  it("name=@file and name:=@file put the file's text and JSON into the body", async ({ expect }) => {
    const received = await send(expect, ["POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=t", "body=@notes.md", "labels:=@labels.json"]);
    expect(JSON.parse(received.body)).toEqual({ title: "t", body: "# Notes\nit's \"quoted\" $HOME `id`\n", labels: ["bug", "ui"] });
  });

  it("a piped stdin is the raw body", async ({ expect }) => {
    const received = await send(expect, ["POST /markdown/raw", "Content-Type:text/plain"], "**hi** $HOME\n");
    expect(received.body).toBe("**hi** $HOME\n");
    expect(received.headers["content-type"]).toBe("text/plain");
  });

  it("Accept: and User-Agent: remove the default headers, and curl adds none of its own", async ({ expect }) => {
    const received = await send(expect, ["GET /user", "Accept:", "User-Agent:", "X-Empty;"]);
    expect(received.headers.accept).toBeUndefined();
    expect(received.headers["user-agent"]).toBeUndefined();
    expect(received.headers["x-empty"]).toBe("");
  });

  it("control characters in a body arrive as they are, though the printed line holds none", async ({ expect }) => {
    const text = "a\u001b[201~\u0015b\tc\u007f\nd\u0001";
    const received = await send(expect, ["POST /markdown/raw", "Content-Type:text/plain", `data=${text}`]);
    expect(received.body).toBe(text);
  });

  it("nested keys arrive as nested JSON", async ({ expect }) => {
    const received = await send(expect, ["POST /x", "a[b][c]=v", "a[b][d][]:=1", "a[b][d][]:=2", "list[1]=x"]);
    expect(JSON.parse(received.body)).toEqual({ a: { b: { c: "v", d: [1, 2] } }, list: [null, "x"] });
  });
});
