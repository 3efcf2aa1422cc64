// Bodies that are not JSON text (issue 30 class 18): a described multipart body is printed field by field and sent by
// --curl as multipart (-F), files included, byte for byte what fetch sends for the same FormData; URLSearchParams and
// bytes go as fetch writes them; a body with no text form is refused instead of sent as "{}".
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, type ExpectStatic } from "vitest";
import { endpoint } from "endpointkit";
import { fromOpenApi } from "endpointkit/openapi";
import { shownBody } from "../../src/cli/body.js";
import { CurlError, toCurl } from "../../src/cli/curl.js";
import { run, type Io } from "../../src/cli/run.js";
import { startRecorder, type RecordedRequest } from "./recorder.js";
import { RAW_UNSAFE } from "./unsafe-chars.js";

const dir = mkdtempSync(join(tmpdir(), "endpointkit-form-"));
const BINARY = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256));
// A file name curl's -F would split at ";" or "," and end at a quote, unless written as a quoted word.
const ODD_FILE = 'we;ird,"na\\me @<.bin';
// A field name with a quote, a line break and a ";": fetch and curl both write them %22, %0D%0A and as it is.
const ODD_NAME = 'we"ird\nname;x';
writeFileSync(join(dir, "photo.bin"), BINARY);
writeFileSync(join(dir, ODD_FILE), "odd\r\ncontent");
writeFileSync(join(dir, "-"), "a file named -");

const DESCRIPTION = {
  openapi: "3.0.3",
  servers: [{ url: "/" }],
  paths: {
    "/up": {
      post: {
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: { title: { type: "string" }, tags: { type: "array", items: { type: "string" } }, meta: { type: "object" }, photo: { type: "string", format: "binary" }, note: { type: "string" }, [ODD_NAME]: { type: "string" } },
              },
            },
          },
        },
        responses: {},
      },
    },
    "/notes": { post: { requestBody: { content: { "application/json": { schema: { type: "object", properties: { photo: {} } } } } }, responses: {} } },
  },
};
writeFileSync(join(dir, "up.json"), JSON.stringify(DESCRIPTION));

const io: Io = { readFile: (path) => readFileSync(join(dir, path)), readStdin: async () => undefined };

/** Runs a command line as `endpointkit … | sh` would, with dash, in the files' directory. */
function sh(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, CURL_HOME: dir };
    const child = execFile("dash", ["-s"], { env, cwd: dir, encoding: "utf8", maxBuffer: 1 << 22 }, (error, _stdout, stderr) => {
      if (error === null) resolve();
      else reject(new Error(`dash failed (${String(error.code)}): ${stderr}\n${command.slice(0, 3000)}`));
    });
    child.stdin?.end(`${command}\n`);
  });
}

/** A multipart body with its boundary (random per client) replaced, and the content-type that names it. */
function unbounded(request: RecordedRequest): { contentType: string; body: string } {
  const contentType = request.headers["content-type"] ?? "";
  const boundary = /boundary=(.*)$/.exec(contentType)?.[1] ?? "(none)";
  return { contentType: contentType.replace(boundary, "B"), body: request.bodyBytes.toString("latin1").replaceAll(boundary, "B") };
}

/**
 * The --curl command for `items` on the described multipart route, run by dash, and the same call sent by fetch: the
 * body that arrives must be the same bytes (but for the boundary), with the same content-type.
 */
async function sameAsFetch(expect: ExpectStatic, items: string[], options: Record<string, unknown>): Promise<RecordedRequest> {
  const recorder = await startRecorder();
  try {
    const printed = await run(["--curl", "--openapi", "up.json", "--base-url", recorder.baseUrl, "POST /up", ...items], io);
    expect(printed.stderr).toBe("");
    expect(printed.stdout).not.toMatch(RAW_UNSAFE);
    await sh(`${printed.stdout.trimEnd()} --output /dev/null`);
    const request = endpoint.defaults(fromOpenApi(DESCRIPTION, { baseUrl: recorder.baseUrl }))("POST /up", options as never);
    await fetch(request.url, { method: request.method, headers: request.headers as Record<string, string>, body: request.body as FormData });
    expect(recorder.requests).toHaveLength(2);
    const [curl, fetched] = recorder.requests as [RecordedRequest, RecordedRequest];
    expect(unbounded(curl)).toEqual(unbounded(fetched));
    return curl;
  } finally {
    await recorder.close();
  }
}

function file(path: string, type = ""): File {
  return new File([readFileSync(join(dir, path))], path.slice(path.lastIndexOf("/") + 1), { type });
}

describe("a multipart body (class 18)", () => {
  it("is printed field by field, a file by its path, name, type and size, not as {}", async () => {
    const outcome = await run(["--openapi", "up.json", "--base-url", "https://api.example", "POST /up", "title=T", 'tags:=["a","b"]', 'meta:={"k":1}', "photo@photo.bin;type=image/png"], io);
    expect(outcome.stderr).toBe("");
    const { body } = JSON.parse(outcome.stdout) as { body: unknown };
    expect(body).toEqual({
      "multipart/form-data": [
        ["title", "T"],
        ["tags", "a"],
        ["tags", "b"],
        ["meta", '{"k":1}'],
        ["photo", { file: "photo.bin", filename: "photo.bin", type: "image/png", size: BINARY.length }],
      ],
    });
  });

  it("is sent by --curl as fetch sends it: text fields, a list as repeated fields, a binary file", async () => {
    const received = await sameAsFetch(expect, ["title=T", 'tags:=["a","b"]', 'meta:={"k":1}', "photo@photo.bin;type=image/png"], {
      title: "T",
      tags: ["a", "b"],
      meta: { k: 1 },
      photo: file("photo.bin", "image/png"),
    });
    expect(received.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.bodyBytes.includes(BINARY)).toBe(true);
  });

  it("keeps what curl -F would read as syntax: @ and < at the start of a value, ;type= in it, ; , \" and \\ in names", async () => {
    const title = '@/etc/passwd;type=text/html;filename="x"';
    await sameAsFetch(expect, [`title=\\${title}`, "note=<notes.md", `photo@${ODD_FILE}`, `${ODD_NAME.replace(";", "\\;")}=v`], {
      title,
      note: "<notes.md",
      photo: file(ODD_FILE),
      [ODD_NAME]: "v",
    });
  });

  it("reads a file named - from that file, not stdin, and keeps an odd media type whole", async () => {
    const type = 'image/x "a b"';
    await sameAsFetch(expect, ["title=t", `photo@-;type=${type}`], { title: "t", photo: file("-", type) });
  });

  it("writes line breaks as fetch does (CRLF), control and format characters escaped, many of them through one printf", async () => {
    const title = "line 1\nline 2\rline 3\r\n\u001b[2J \u202e \u200b \u2028 \u{e0041} 'quoted' $HOME";
    const note = Array.from({ length: 500 }, (_, i) => `line ${i}\t\u202e`).join("\n") + "\n\n";
    await sameAsFetch(expect, [`title=${title}`, `note=${note}`], { title, note });
  });

  it("reads a text field over 64 KiB from stdin", async () => {
    const note = `${"big \u001b text ".repeat(10_000)}\n`;
    await sameAsFetch(expect, ["title=t", `note=${note}`], { title: "t", note });
  });

  it("refuses a file upload where the body is not multipart, and a field name curl cannot write (with = or empty)", async () => {
    const plain = await run(["--openapi", "up.json", "--base-url", "https://api.example", "POST /notes", "photo@photo.bin"], io);
    expect(plain.exitCode).toBe(2);
    expect(plain.stderr).toContain('the file upload "photo@photo.bin" needs a multipart/form-data body');
    for (const name of ["a=b", ""]) {
      const form = new FormData();
      form.append(name, "x");
      expect(() => toCurl({ method: "POST", url: "https://api.example/up", headers: {}, body: form })).toThrow(CurlError);
    }
    // curl reads a "," after a file as the next file to send.
    const listed = new FormData();
    listed.append("f", new File(["x"], "x.bin", { type: "image/a,b" }));
    expect(() => toCurl({ method: "POST", url: "https://api.example/up", headers: {}, body: listed }, undefined, new Map([[listed.get("f") as File, "x.bin"]]))).toThrow(/holds a setting curl -F would read/);
    const orphan = new FormData();
    orphan.append("f", new Blob(["x"]));
    expect(() => toCurl({ method: "POST", url: "https://api.example/up", headers: {}, body: orphan })).toThrow(/not read from a file/);
  });
});

describe("other bodies that are not JSON text (class 18)", () => {
  async function sendBoth(expect: ExpectStatic, body: unknown): Promise<[RecordedRequest, RecordedRequest]> {
    const recorder = await startRecorder();
    try {
      const url = `${recorder.baseUrl}/x`;
      await sh(`${toCurl({ method: "POST", url, headers: {}, body })} --output /dev/null`);
      await fetch(url, { method: "POST", body: body as BodyInit });
      return recorder.requests as [RecordedRequest, RecordedRequest];
    } finally {
      await recorder.close();
    }
  }

  it("a URLSearchParams goes as its text with the content-type fetch gives it", async () => {
    const [curl, fetched] = await sendBoth(expect, new URLSearchParams([["a", "1 2"], ["b", "é&="]]));
    expect(curl.body).toBe(fetched.body);
    expect(curl.headers["content-type"]).toBe(fetched.headers["content-type"]);
  });

  it("bytes go byte for byte, NUL included, with no content-type", async () => {
    const [curl, fetched] = await sendBoth(expect, new Uint8Array(BINARY));
    expect(curl.bodyBytes.equals(fetched.bodyBytes)).toBe(true);
    expect(curl.headers["content-type"]).toBeUndefined();
  });

  it("are shown readably in JSON, and a Blob or a Map body is refused by --curl rather than sent as {}", () => {
    expect(shownBody(new URLSearchParams({ a: "1" }), new Map())).toEqual({ "application/x-www-form-urlencoded": "a=1" });
    expect(shownBody(new TextEncoder().encode("hi"), new Map())).toEqual({ bytes: { size: 2, text: "hi" } });
    expect(shownBody(new Blob(["abc"], { type: "text/plain" }), new Map())).toEqual({ blob: { type: "text/plain", size: 3 } });
    for (const body of [new Blob(["x"]), new Map([["a", 1]])]) {
      expect(() => toCurl({ method: "POST", url: "https://api.example/x", headers: {}, body })).toThrow(CurlError);
    }
  });
});
