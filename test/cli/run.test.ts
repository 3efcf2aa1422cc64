// run(): one invocation in process, from arguments to what is printed (the command itself is tested in command.test.ts).
import { describe, expect, it } from "vitest";
import { run, type Io } from "../../src/cli/run.js";

const io: Io = { readFile: () => new Uint8Array(), readStdin: async () => undefined };

describe("headers removed by an item (issue 24 class 13)", () => {
  it("keep a __proto__ header as a header when another is removed", async () => {
    const outcome = await run(["GET /x", "__proto__:kept", "Accept:"], io);
    expect(outcome.stderr).toBe("");
    const headers = (JSON.parse(outcome.stdout) as { headers: Record<string, unknown> }).headers;
    expect(Object.keys(headers)).toContain("__proto__");
    expect(Object.getOwnPropertyDescriptor(headers, "__proto__")?.value).toBe("kept");
    expect(Object.keys(headers)).not.toContain("accept");
  });
});

describe("format characters in what is printed (issue 24 class 15)", () => {
  it("writes U+061C and the other bidirectional marks escaped on stderr", async () => {
    const outcome = await run(["GET /x\u061c\u202e\u2066/{a}"], io);
    expect(outcome.exitCode).not.toBe(0);
    expect(outcome.stderr).not.toMatch(/[\p{Cf}]/u);
    expect(outcome.stderr).toContain("\\u061c");
  });

  it("writes them escaped in the JSON output too: the same JSON value, surrogate pairs for a tag character", async () => {
    const value = "a\u061cb\u202ec\u{e0041}d";
    const outcome = await run(["POST /x", `v=${value}`], io);
    expect(outcome.stdout).not.toMatch(/[\p{Cf}]/u);
    expect(outcome.stdout).toContain("\\u061c");
    expect(outcome.stdout).toContain("\\udb40\\udc41");
    expect((JSON.parse(outcome.stdout) as { body: { v: string } }).body.v).toBe(value);
  });
});
