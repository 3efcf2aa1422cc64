// How request options become a curl command line, and why the quoting survives any shell input.
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RequestOptions } from "endpointkit";
import { CurlError, toCurl } from "../../src/cli/curl.js";
import { printfCommand, shellJoin, shellQuote } from "../../src/cli/shell-quote.js";

const HEADERS = { accept: "application/vnd.github.v3+json", "user-agent": "endpointkit/1.0.0" };
const SENT_HEADERS = "-H 'accept: application/vnd.github.v3+json' -H 'user-agent: endpointkit/1.0.0'";

/** Any text a process argument can hold: every code point but NUL, and no lone surrogate (not UTF-8). */
const anyArgument = fc.string({ unit: "binary", maxLength: 40 }).filter((word) => !word.includes("\0") && !/\p{Cs}/u.test(word));
/** Text made only of the characters shells give a meaning to, so random runs hit them often. */
const shellSyntax = fc.string({ unit: fc.constantFrom(..."'\"$`\\\n\t !*?~#=&;|(){}[]<>%a"), maxLength: 20 });

describe("shellQuote", () => {
  it("leaves words bare that no POSIX shell treats specially", () => {
    expect(shellQuote("curl")).toBe("curl");
    expect(shellQuote("-X")).toBe("-X");
    expect(shellQuote("https://api.github.com/repos/octocat/hello-world")).toBe("https://api.github.com/repos/octocat/hello-world");
  });

  it("single-quotes everything else, and writes a single quote as '\\''", () => {
    expect(shellQuote("")).toBe("''");
    expect(shellQuote("a b")).toBe("'a b'");
    expect(shellQuote("$HOME `id`")).toBe("'$HOME `id`'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote("a=b")).toBe("'a=b'");
    expect(shellQuote("~")).toBe("'~'");
    expect(shellQuote("line\nbreak")).toBe("'line\nbreak'");
  });

  it("writes control characters with printf octal escapes, so the printed line holds none but newline", () => {
    expect(shellQuote("a\u001b[201~\u0015b\nc")).toBe(`'a'"$(printf '\\033')"'[201~'"$(printf '\\025')"'b\nc'`);
    expect(shellQuote("\t")).toBe(`"$(printf '\\011')"`);
    fc.assert(
      fc.property(anyArgument, (word) => {
        expect(/[\u0001-\u0009\u000b-\u001f\u007f]/.test(shellQuote(word))).toBe(false);
      }),
    );
  });

  it("writes C1 controls (U+009B is CSI) as printf escapes of their UTF-8 bytes, so the shell hands curl the same text", () => {
    expect(shellQuote("a\u009b31m")).toBe(`'a'"$(printf '\\302\\233')"'31m'`);
    const word = "x\u0085\u009by\u001b";
    expect(/[\u0080-\u009f]/.test(shellQuote(word))).toBe(false);
    expect(execFileSync("sh", ["-c", `printf '%s' ${shellQuote(word)}`], { encoding: "utf8" })).toBe(word);
  });

  it("refuses a NUL, which no command-line argument can carry", () => {
    expect(() => shellQuote("a\0b")).toThrow(RangeError);
  });

  it.each(["sh", "bash"])("gives %s back every word exactly, for any text", (shell) => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anyArgument, shellSyntax), { maxLength: 8 }), (words) => {
        // printf writes each argument followed by a NUL: the shell's view of the words, unambiguously.
        const output = execFileSync(shell, ["-c", `printf '%s\\0' first ${shellJoin(words)}`], { encoding: "utf8" });
        expect(output).toBe(["first", ...words].map((word) => `${word}\0`).join(""));
      }),
      { numRuns: 60 },
    );
  });
});

describe("toCurl", () => {
  it("writes the method with -X, the URL, and each header with -H", () => {
    const options: RequestOptions = { method: "get", url: "https://api.github.com/user", headers: { ...HEADERS, authorization: "token x" } };
    expect(toCurl(options)).toBe(`curl -sS -X GET https://api.github.com/user ${SENT_HEADERS} -H 'authorization: token x'`);
  });

  it("sends a JSON body as JSON text with --data-binary", () => {
    const options: RequestOptions = {
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: { ...HEADERS, "content-type": "application/json; charset=utf-8" },
      body: { title: "it's $5", labels: ["bug"] },
    };
    expect(toCurl(options)).toBe(
      `curl -sS -X POST https://api.github.com/repos/o/r/issues ${SENT_HEADERS} -H 'content-type: application/json; charset=utf-8' ` +
        `--data-binary '{"title":"it'\\''s $5","labels":["bug"]}'`,
    );
  });

  it("sends the empty PATCH body as --data-binary '', and stops curl adding a form content-type", () => {
    const options: RequestOptions = { method: "patch", url: "https://api.github.com/x", headers: HEADERS, body: "" };
    expect(toCurl(options)).toBe(`curl -sS -X PATCH https://api.github.com/x ${SENT_HEADERS} -H content-type: --data-binary ''`);
  });

  it("uses --data-raw for a body that starts with @, which --data-binary would read as a file name", () => {
    const options: RequestOptions = { method: "post", url: "https://h.example/x", headers: { ...HEADERS, "content-type": "text/plain" }, body: "@/etc/passwd" };
    expect(toCurl(options)).toMatch(/ --data-raw @\/etc\/passwd$/);
  });

  it("switches off Expect: 100-continue for bodies above 1024 bytes", () => {
    const options = (body: string): RequestOptions => ({ method: "post", url: "https://h.example/x", headers: { ...HEADERS, "content-type": "text/plain" }, body });
    expect(toCurl(options("é".repeat(512)))).not.toContain("expect:");
    expect(toCurl(options("é".repeat(513)))).toContain(" -H expect: ");
  });

  it("writes an empty header value as Name; since curl reads Name: as removing the header", () => {
    const options: RequestOptions = { method: "get", url: "https://h.example/x", headers: { ...HEADERS, "x-empty": "", "x-count": 3 } };
    expect(toCurl(options)).toBe(`curl -sS -X GET https://h.example/x ${SENT_HEADERS} -H 'x-empty;' -H 'x-count: 3'`);
  });

  it("removes the accept and user-agent headers curl would add when the options have none", () => {
    expect(toCurl({ method: "get", url: "https://h.example/x", headers: {} })).toBe("curl -sS -X GET https://h.example/x -H accept: -H user-agent:");
  });

  it("sends HEAD with --head, since curl -X HEAD waits for a body that never comes", () => {
    expect(toCurl({ method: "head", url: "https://h.example/x", headers: HEADERS })).toBe(`curl -sS --head https://h.example/x ${SENT_HEADERS}`);
  });

  it("turns off URL globbing for [ ] { } and dot-segment removal for . and ..", () => {
    expect(toCurl({ method: "get", url: "https://h.example/a[1]", headers: HEADERS })).toMatch(/^curl -sS --globoff -X GET /);
    expect(toCurl({ method: "get", url: "https://h.example/a/../b", headers: HEADERS })).toMatch(/^curl -sS --path-as-is -X GET /);
    expect(toCurl({ method: "get", url: "https://h.example/a/%2E/b", headers: HEADERS })).toMatch(/^curl -sS --path-as-is -X GET /);
    expect(toCurl({ method: "get", url: "https://h.example/a..b/c?d=../..", headers: HEADERS })).toMatch(/^curl -sS -X GET /);
  });

  it("refuses a URL that curl and WHATWG URL (fetch) would send to different places", () => {
    // WHATWG reads "\\" as "/" before the query and `https:host` without "//" as a host; curl reads neither way.
    for (const url of [
      "https://evil.example\\@api.github.com/x",
      "https:evil.example\\@api.github.com/x",
      "https:/evil.example/x",
      "https:\\\\evil.example/x",
      "https://api.github.com/v3\\x",
    ]) {
      expect(() => toCurl({ method: "get", url, headers: HEADERS }), url).toThrow(CurlError);
    }
    expect(toCurl({ method: "get", url: "https://h.example/x?q=a\\b", headers: HEADERS })).toContain("'https://h.example/x?q=a\\b'");
  });

  it("refuses a request with a NUL character rather than print a command that sends something else", () => {
    const options: RequestOptions = { method: "post", url: "https://h.example/x", headers: HEADERS, body: "a\0b" };
    expect(() => toCurl(options)).toThrow(CurlError);
  });
});

describe("printfCommand (the form of a body too large for an argument, or with control characters)", () => {
  it("writes any text back exactly under sh and bash, with no control character but newline on the line", () => {
    fc.assert(
      fc.property(fc.oneof(anyArgument, shellSyntax, fc.constantFrom("-n", "-v x", "%s%d%%", "\\c\\0101", "a\u009b\u001b-")), (text) => {
        const command = printfCommand(text);
        expect(command).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
        for (const shell of ["sh", "bash"]) expect(execFileSync(shell, ["-c", command], { encoding: "utf8" })).toBe(text);
      }),
      { numRuns: 60 },
    );
  });
});

describe("a URL with user information (issue 24 class 12)", () => {
  it("is refused, since curl would turn it into an Authorization: Basic header the request does not have", () => {
    for (const url of ["http://u:p@host/x", "https://u@host", "http://u:p@host?q=@", "http://@host/"]) {
      expect(() => toCurl({ method: "get", url, headers: HEADERS })).toThrow(CurlError);
    }
    for (const url of ["http://host/a@b", "http://host/?q=a@b", "http://host/#@x"]) {
      expect(() => toCurl({ method: "get", url, headers: HEADERS })).not.toThrow();
    }
  });
});
