// Format characters in --curl's output (issue 30 class 19): every control (Cc) and format (Cf) character, U+2028/9
// and lone surrogates are written as octal printf escapes, so the command a user reads before `| sh` cannot be
// reordered (U+202E), hidden (U+200B, tag characters) or split (U+2028) on screen; dash still sends them exactly.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { run, type Io } from "../../src/cli/run.js";
import { printfCommand, shellQuote } from "../../src/cli/shell-quote.js";
import { startRecorder, type RecordedRequest } from "./recorder.js";
import { RAW_UNSAFE, UNSAFE_CHARS } from "./unsafe-chars.js";

const home = mkdtempSync(join(tmpdir(), "endpointkit-format-"));
const io: Io = { readFile: () => new Uint8Array(), readStdin: async () => undefined };

/** Runs `script` with dash (Debian's sh, which has no $'…' quoting) and returns what it wrote. */
function dash(script: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CURL_HOME: home };
    const child = execFile("dash", ["-s"], { env, encoding: "buffer", maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(`dash failed: ${stderr.toString()}\n${script.slice(0, 2000)}`));
    });
    child.stdin?.end(`${script}\n`);
  });
}

// Every such character but NUL (no argument can hold one) and newline (printed as it is, inside quotes).
const CHARS = UNSAFE_CHARS.filter((char) => char !== "\0" && char !== "\n");

describe("--curl writes no control or format character raw (class 19)", () => {
  it("a body and a header holding each of them: the printed line holds none, and dash sends them all", async () => {
    const text = CHARS.map((char) => `<${char}>`).join("");
    // Header values: one per character, but CR (which no header value may hold) and the C0 controls curl drops.
    const headerChars = CHARS.filter((char) => char.charCodeAt(0) > 0x1f && char !== "\u007f");
    const recorder = await startRecorder();
    try {
      const headers = headerChars.map((char, i) => `X-F${i}:a${char}b`);
      const printed = await run(["--curl", "--base-url", recorder.baseUrl, "POST /x", `text=${text}`, ...headers], io);
      expect(printed.stderr).toBe("");
      expect(printed.stdout).not.toMatch(RAW_UNSAFE);
      await dash(`${printed.stdout.trimEnd()} --output /dev/null`);
      const [received] = recorder.requests as [RecordedRequest];
      // fetch sends a string body as UTF-8, a lone surrogate as U+FFFD; JSON.stringify escapes lone surrogates.
      expect(received.bodyBytes.equals(Buffer.from(JSON.stringify({ text }), "utf8"))).toBe(true);
      headerChars.forEach((char, i) => expect(received.headers[`x-f${i}`]).toBe(Buffer.from(`a${char}b`, "utf8").toString("utf8")));
    } finally {
      await recorder.close();
    }
  });

  it("words with thousands of them go through one printf into a variable each: dash would crash on the substitutions", async () => {
    const recorder = await startRecorder();
    try {
      // Below node's 16 KiB header limit; 5,000 such runs in one word crashed dash.
      const zeroWidth = `${"a\u200b".repeat(2000)}a`;
      const tabs = `${"b\t".repeat(1500)}b`;
      const printed = await run(["--curl", "--base-url", recorder.baseUrl, "GET /x", `X-A:${zeroWidth}`, `X-B:${tabs}`, "X-C:c\u200bc"], io);
      expect(printed.stdout).not.toMatch(RAW_UNSAFE);
      expect(printed.stdout).toContain('"$endpointkit_arg2"');
      await dash(`${printed.stdout.trimEnd()} --output /dev/null`);
      const [received] = recorder.requests as [RecordedRequest];
      expect([received.headers["x-a"], received.headers["x-b"], received.headers["x-c"]]).toEqual([zeroWidth, tabs, "c\u200bc"]);
    } finally {
      await recorder.close();
    }
  });

  it("a short body with a bidi override is piped from printf, not written raw as an argument", async () => {
    const printed = await run(["--curl", "POST /x", "title=safe\u202e)di(=txet"], io);
    expect(printed.stdout).toContain("\\342\\200\\256");
    expect(printed.stdout).not.toContain("\u202e");
  });

  it("shellQuote and printfCommand give back every string exactly under dash, and print none of them raw", async () => {
    const hostile = fc.string({ unit: fc.oneof(fc.constantFrom(...CHARS, "'", '"', "\\", "%", "$", "`", "-", "\n", " "), fc.string({ unit: "grapheme", maxLength: 1 })), maxLength: 40 });
    const samples = fc.sample(hostile, 300);
    // One dash run for all samples: each word as an argument of printf '%s', and each printf command, NUL-separated.
    const script = samples.map((text) => `printf '%s' ${shellQuote(text)}; printf '\\000'; ${printfCommand(text)}; printf '\\000'`).join("\n");
    expect(script).not.toMatch(RAW_UNSAFE);
    const out = await dash(script);
    const pieces = out.toString("latin1").split("\0");
    samples.forEach((text, i) => {
      const bytes = Buffer.from(text, "utf8").toString("latin1");
      expect(pieces[2 * i]).toBe(bytes);
      expect(pieces[2 * i + 1]).toBe(bytes);
    });
  });
});
