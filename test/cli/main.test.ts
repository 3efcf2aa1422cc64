// The process around run(): a reader that closes the pipe early (issue 24 class 16).
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI, ensureBuilt } from "./cli.js";

beforeAll(() => ensureBuilt(), 240_000);

/** Runs `endpointkit args… | head -c1` in bash and resolves with the command's own status and what reached the terminal. */
function intoHead(args: string[], redirectStderr: boolean): Promise<{ status: number; stderr: string }> {
  const quoted = args.map((arg) => `'${arg.replaceAll("'", `'\\''`)}'`).join(" ");
  const script = `"${process.execPath}" "${CLI}" ${quoted} ${redirectStderr ? "2>&1 " : ""}| head -c1 >/dev/null; echo "status=\${PIPESTATUS[0]}" >&2`;
  return new Promise((resolve, reject) => {
    execFile("bash", ["-c", script], { encoding: "utf8" }, (error, _stdout, stderr) => {
      if (error !== null) return reject(error);
      const status = /status=(\d+)\n$/.exec(stderr);
      if (status === null) return reject(new Error(stderr));
      resolve({ status: Number(status[1]), stderr: stderr.slice(0, status.index) });
    });
  });
}

describe("a closed pipe", () => {
  // Output larger than a pipe's buffer, so the write meets the closed pipe.
  const file = join(mkdtempSync(join(tmpdir(), "endpointkit-pipe-")), "big.txt");
  writeFileSync(file, "a".repeat(300_000));

  it("ends a printed request quietly with status 0, without an EPIPE stack trace", async () => {
    expect(await intoHead(["POST /x", `text=@${file}`], false)).toEqual({ status: 0, stderr: "" });
    expect(await intoHead(["--curl", "POST /x", `text=@${file}`], false)).toEqual({ status: 0, stderr: "" });
  });

  it("keeps the status of a refused request when its message meets the closed pipe", async () => {
    expect(await intoHead(["POST /x/{a}", `text=@${file}`], true)).toEqual({ status: 1, stderr: "" });
  });
});
