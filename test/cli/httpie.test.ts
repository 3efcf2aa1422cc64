// HTTPie habits and realistic slips, run through the built command: each is read as HTTPie 3 reads
// it, or refused with exit 2 and a message that says what was probably meant.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, it, vi, type ExpectStatic } from "vitest";
import type { Endpoint } from "endpointkit";
import { CLI, endpointkit, endpointkitWith, ensureBuilt, type CliResult } from "./cli.js";

// Many node processes start side by side on few cores.
vi.setConfig({ testTimeout: 30_000 });

let endpoint: Endpoint;
const dir = mkdtempSync(join(tmpdir(), "endpointkit-httpie-"));

beforeAll(async () => {
  ensureBuilt();
  ({ endpoint } = await import("endpointkit"));
  writeFileSync(join(dir, "notes.md"), "hello **world**\n");
  writeFileSync(join(dir, "labels.json"), '["bug","ui"]');
  writeFileSync(join(dir, "app.zip"), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0xfe]));
  writeFileSync(join(dir, "bad.json"), "{oops");
}, 240_000);

const USAGE_LINE = "Usage: endpointkit [options] <route> [item ...]";
// No raw control character may reach a terminal or a log from stderr (newline ends the lines we write).
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function json(result: CliResult): unknown {
  if (result.status !== 0 || result.stderr !== "") throw new Error(`exit ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

const inDir = (...args: string[]) => endpointkitWith({ cwd: dir }, ...args);

/** Asserts a usage refusal: exit 2, nothing on stdout, the message and the usage line on stderr. */
function expectRefusal(expect: ExpectStatic, result: CliResult, message: RegExp): void {
  expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 2, stdout: "" });
  expect(result.stderr).toMatch(message);
  expect(result.stderr).toContain(USAGE_LINE);
  expect(RAW_CONTROL.test(result.stderr)).toBe(false);
}

describe.concurrent("URL shorthands", () => {
  it("reads :8080/x and localhost:8080/x as http://localhost:8080/x, in both route forms", async ({ expect }) => {
    const expected = endpoint("GET http://localhost:8080/api/users");
    expect(json(await endpointkit("GET", "localhost:8080/api/users"))).toEqual(expected);
    expect(json(await endpointkit("GET", ":8080/api/users"))).toEqual(expected);
    expect(json(await endpointkit("GET :8080/api/users"))).toEqual(expected);
    expect(json(await endpointkit("127.0.0.1:3000/x"))).toEqual(endpoint("GET http://127.0.0.1:3000/x"));
  });

  it("reads a host with a dot as https, but refuses it with --base-url, where it could be a path", async ({ expect }) => {
    expect(json(await endpointkit("POST", "example.com/x", "a=1"))).toEqual(endpoint("POST https://example.com/x", { a: 1 === 1 ? "1" : "" }));
    expectRefusal(expect, await endpointkit("--base-url", "https://ghe.example/api/v3", "GET", "example.com/x"), /could be a host or a path under --base-url: write "\/example.com\/x" for the path, or "https:\/\/example.com\/x" for the host/);
  });
});

describe.concurrent("slips refused with what was probably meant", () => {
  it.for([
    ["a method with no path", ["--curl", "DELETE"], /"DELETE" is a method with no path after it \(an empty or unset variable\?\): write "DELETE \/path"/],
    ["a method whose quoted path is empty", ["DELETE "], /"DELETE" is a method with no path after it/],
    ["a method followed by an item", ["DELETE", "owner=o"], /the path is missing after the method "DELETE": "owner=o" is an item/],
    ["an item and no route", ["owner=o"], /"owner=o" is an item, but the route comes first: write endpointkit "GET \/path" "owner=o"/],
    ["an item before the route", ["owner=o", "GET /repos/{owner}"], /the route comes before the items: write "GET \/repos\/{owner}" first, then "owner=o"/],
    ["a header written with =", ["GET /user", "Authorization=Bearer ghp_x"], /"Authorization=…" looks like a header written with "=": write "Authorization:value"/],
    ["an X- header written with =", ["GET /user", "X-GitHub-Api-Version=2022-11-28"], /looks like a header written with "="/],
    ["a flag typo", ["--crul", "GET /x"], /unknown option "--crul": did you mean --curl\?/],
    ["a flag typo with a value", ["--base-ulr=https://x.example", "GET /x"], /did you mean --base-url\?/],
    ["a misspelt placeholder", ["GET /repos/{owner}/{repo}", "owner=o", "rep=r"], /no value for the placeholder "repo", and the route has no "rep": did you mean repo=… instead of rep=…\?/],
    ["HTTPie's ==", ["GET /x", "q==x"], /uses HTTPie's "=="/],
    ["a form file upload", ["POST /x", "file@notes.md"], /HTTPie's form file upload.*file=@file.*@file for the raw body/],
    ["text after ;", ["GET /x", "X-A;b"], /an empty header is written "X-A;"/],
    ["a malformed nested key", ["POST /x", "a[b=1"], /malformed nested key: a "\[" that is never closed/],
    ["a clash of nested kinds", ["POST /x", "a[]=1", "a[k]=2"], /the key "a\[k\]" does not fit the items before it: it uses as an object what an earlier item made a list/],
    ["a key below a plain value", ["POST /x", "a=1", "a[k]=2"], /it uses as an object what an earlier item made a plain value/],
    ["a nested key given twice", ["POST /x", "a[b]=1", "a[b]=2"], /the key "a\[b\]" does not fit the items before it: that key is given twice/],
  ] as const)("%s", async ([, args, message], { expect }) => {
    expectRefusal(expect, await endpointkit(...args), message);
  });

  it("says nothing of near names when a placeholder is simply missing: exit 1, the library's error", async ({ expect }) => {
    const result = await endpointkit("GET /repos/{owner}/{repo}", "owner=o", "state=open");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^endpointkit: ERR_MISSING_PARAMETER: .*"repo"/);
  });

  it("keeps a parameter named like a header when it is given as JSON", async ({ expect }) => {
    expect(json(await endpointkit("GET /x", `authorization:="x"`))).toEqual(endpoint("GET /x", { authorization: "x" }));
  });
});

describe.concurrent("file items, stdin and headers", () => {
  it("name=@file is the file's text, name:=@file its JSON, and \\@ a literal @", async ({ expect }) => {
    expect(json(await inDir("POST /repos/{owner}/{repo}/issues", "owner=o", "repo=r", "body=@notes.md", "labels:=@labels.json", "mention=\\@octocat"))).toEqual(
      endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "hello **world**\n", labels: ["bug", "ui"], mention: "@octocat" }),
    );
  });

  it("@file is the raw body; a binary one is refused in JSON and pointed to --curl", async ({ expect }) => {
    expect(json(await inDir("POST /markdown/raw", "Content-Type:text/plain", "@notes.md"))).toEqual(
      endpoint("POST /markdown/raw", { data: "hello **world**\n", headers: { "content-type": "text/plain" } }),
    );
    expectRefusal(expect, await inDir("POST /x", "@app.zip"), /the file "app.zip" is binary, which JSON output cannot show: preview it with --curl/);
    const curl = await inDir("--curl", "POST /x", "Content-Type:application/zip", "@app.zip");
    expect(curl.status).toBe(0);
    expect(curl.stdout).toMatch(/^curl -sS -X POST https:\/\/api\.github\.com\/x .*--data-binary @app\.zip\n$/);
  });

  it("refuses a missing file, bad JSON in a file, and a non-UTF-8 file as text", async ({ expect }) => {
    expectRefusal(expect, await inDir("POST /x", "body=@missing.md"), /cannot read the file "missing.md" \(ENOENT\); a value that starts with "@" is written name=\\@/);
    expectRefusal(expect, await inDir("POST /x", "a:=@bad.json"), /the file "bad.json" holds invalid JSON/);
    expectRefusal(expect, await inDir("POST /x", "a=@app.zip"), /the file "app.zip" is not UTF-8 text; send a binary file as the body with @file/);
  });

  it("reads a piped stdin as the raw body, and an empty stdin as none", async ({ expect }) => {
    expect(json(await endpointkitWith({ stdin: '{"a":1}' }, "POST /x"))).toEqual(endpoint("POST /x", { data: '{"a":1}' }));
    expect(json(await endpointkitWith({ stdin: "" }, "POST /x", "a=1"))).toEqual(endpoint("POST /x", { a: "1" }));
    expect(json(await endpointkitWith({ stdin: "ignored" }, "--ignore-stdin", "POST /x", "a=1"))).toEqual(endpoint("POST /x", { a: "1" }));
  });

  it("refuses stdin together with body parameters or @file, and on a method without a body", async ({ expect }) => {
    expectRefusal(expect, await endpointkitWith({ stdin: "x" }, "POST /x", "a=1"), /the body comes from stdin, so the body parameters "a" would be dropped/);
    expectRefusal(expect, await endpointkitWith({ stdin: "x", cwd: dir }, "POST /x", "@notes.md"), /the body is given twice: by stdin and by the file "notes.md" \(pass --ignore-stdin/);
    expectRefusal(expect, await endpointkitWith({ stdin: "x" }, "GET /x"), /a GET request has no body, so stdin would be dropped \(pass --ignore-stdin/);
  });

  it("takes placeholders from items while the body comes from stdin", async ({ expect }) => {
    expect(json(await endpointkitWith({ stdin: "text" }, "PUT /repos/{owner}/{repo}/x", "owner=o", "repo=r"))).toEqual(
      endpoint("PUT /repos/{owner}/{repo}/x", { owner: "o", repo: "r", data: "text" }),
    );
  });

  it("does not wait for an open stdin that a launching program never writes to", async ({ expect }) => {
    const result = await new Promise<CliResult>((resolve) => {
      execFile(process.execPath, [CLI, "GET /x"], { encoding: "utf8", timeout: 10_000 }, (error, stdout, stderr) => {
        resolve({ status: error === null ? 0 : Number(error.code), stdout, stderr });
      });
    });
    expect(json(result)).toEqual(endpoint("GET /x"));
  });

  it("removes a header with Name:, defaults included, and sends Name; empty", async ({ expect }) => {
    const output = json(await endpointkit("GET /user", "Accept:", "user-agent:", "X-Empty;")) as { headers: Record<string, string> };
    expect(output.headers).toEqual({ "x-empty": "" });
  });
});

describe.concurrent("nested JSON keys, as HTTPie 3 builds them", () => {
  it("builds objects, appends, indexes with nulls in the gaps, and a top-level list", async ({ expect }) => {
    expect(json(await endpointkit("POST /x", "a[b][c]=v", "a[b][n]:=1", "tags[]=x", "tags[]=y", "at[2]=z", "esc\\[1\\]=e", "num[\\1]=s"))).toEqual(
      endpoint("POST /x", { a: { b: { c: "v", n: 1 } }, tags: ["x", "y"], at: [null, null, "z"], "esc[1]": "e", num: { "1": "s" } }),
    );
    expect(json(await endpointkit("POST /x", "[]:=1", "[]:=2"))).toEqual(endpoint("POST /x", { data: [1, 2] }));
  });
});

describe.concurrent("hostile input", () => {
  it("exits 2 with a clear message for a JSON item 5,000 levels deep", async ({ expect }) => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    expectRefusal(expect, await endpointkit("POST /x", `a:=${deep}`), /nested more than 1000 levels deep/);
    expectRefusal(expect, await endpointkit("POST /x", `a${"[b]".repeat(5000)}=1`), /nested more than 1000 levels deep/);
  });

  it("escapes and cuts caller text in every message: no raw CR, LF, ESC or BEL", async ({ expect }) => {
    const evil = "\r\n\u001b]0;pwned\u0007\u001b[2J";
    const cases = [[`GET /x${evil}`], [`${evil}=1`], ["GET /x", `a:=${evil}`], [`--x${evil}`], ["GET /x", `${evil}:=1`, `${evil}:=2`], [`POST /x`, `a=@${evil}`]];
    for (const result of await Promise.all(cases.map((args) => endpointkit(...args)))) {
      expect(result.status === 1 || result.status === 2).toBe(true);
      expect(result.stderr.trimEnd().split("\n").length).toBeLessThanOrEqual(3);
      expect(RAW_CONTROL.test(result.stderr)).toBe(false);
    }
    const long = await endpointkit("GET /x", `${"a".repeat(100_000)}`);
    expect(long.stderr.length).toBeLessThan(500);
  }, 20_000);

  it("--curl prints no control character, refuses a header curl would drop, and a base URL curl reads differently", async ({ expect }) => {
    const printed = await endpointkit("--curl", "POST /x", "t=a\u001b[201~\u0015b\nc\u007f");
    expect(printed.status).toBe(0);
    expect(/[\u0000-\u0009\u000b-\u001f\u007f]/.test(printed.stdout)).toBe(false);
    const vt = await endpointkit("--curl", "GET /x", "X-A:\u000b");
    expect(vt).toMatchObject({ status: 2, stdout: "exit 2\n" });
    expect(vt.stderr).toMatch(/--curl: the header "x-a" has a value that starts or ends with white space/);
    const backslash = await endpointkit("--curl", "--base-url", "https://evil.example\\@api.github.com", "GET /x");
    expect(backslash).toMatchObject({ status: 2, stdout: "exit 2\n" });
    expect(backslash.stderr).toMatch(/--curl: the URL has a backslash before its path/);
  });
});

describe("--help", () => {
  it("lists the file forms, and every example in it runs with exit 0", async ({ expect }) => {
    const help = await endpointkit("--help");
    for (const form of ["name=@file", "name:=@file", "@file", "Header:", "Header;", "a[b][c]=v", "--ignore-stdin", ":8080/x"]) expect(help.stdout).toContain(form);
    const examples = help.stdout
      .slice(help.stdout.indexOf("\nExamples\n"))
      .replace(/\\\n\s+/g, "")
      .split("\n")
      .filter((line) => line.startsWith("  endpointkit "));
    expect(examples.length).toBeGreaterThanOrEqual(6);
    for (const example of examples) {
      const command = example.trim().replace(/^endpointkit /, `"${process.execPath}" "${CLI}" `);
      const result = await new Promise<CliResult>((resolve) => {
        const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", GITHUB_TOKEN: "ghp_example" };
        execFile("sh", ["-c", `${command} </dev/null`.replace("< notes.md </dev/null", "< notes.md")], { cwd: dir, env, encoding: "utf8" }, (error, stdout, stderr) => {
          resolve({ status: error === null ? 0 : Number(error.code), stdout, stderr });
        });
      });
      expect({ example, ...result, stdout: result.stdout.slice(0, 20) }).toMatchObject({ example, status: 0, stderr: "" });
    }
  }, 30_000);
});
