// `endpointkit tools`: a description's operations printed as tool definitions, in process through run().
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { toTools } from "../../src/tools/index.js";

const file = "examples/agent-tools/tasks.yaml";
const io = { readFile: (path: string) => readFileSync(path), readStdin: async () => "", env: () => undefined };

describe("endpointkit tools", () => {
  it("prints the definitions toTools() gives, as JSON", async () => {
    const { parse } = await import("yaml");
    for (const format of ["openai", "anthropic", "mcp"] as const) {
      const outcome = await run(["tools", "--format", format, "--base-url", "https://tasks.example", file], io as never);
      expect(outcome.exitCode).toBe(0);
      expect(JSON.parse(outcome.stdout)).toEqual(toTools(parse(readFileSync(file, "utf8")), { format, baseUrl: "https://tasks.example" }).tools);
    }
  });

  it("keeps the operations --include names, with the names of the whole description", async () => {
    const outcome = await run(["tools", "--format=openai", "--base-url=https://tasks.example", "--include", "completeTask", "--include", "GET /tasks", file], io as never);
    expect((JSON.parse(outcome.stdout) as { name: string }[]).map((tool) => tool.name)).toEqual(["listTasks", "completeTask"]);
    const short = await run(["tools", "--format", "mcp", "--base-url", "https://tasks.example", "--name-length", "5", file], io as never);
    expect(short.exitCode).toBe(0);
    for (const tool of JSON.parse(short.stdout) as { name: string }[]) expect(tool.name.length).toBeLessThanOrEqual(5);
  });

  it("says where a relative server is resolved against, as fromOpenApi() does", async () => {
    const outcome = await run(["tools", "--format", "openai", file], io as never);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toContain("ERR_INVALID_BASE_URL");
  });

  it("is a usage error without a format, a file, or with an unknown option; --help prints its help", async () => {
    for (const argv of [["tools", file], ["tools", "--format", "gemini", file], ["tools", "--format", "openai"], ["tools", "--format", "openai", "--strict", file]]) {
      const outcome = await run(argv, io as never);
      expect(outcome.exitCode).toBe(2);
      expect(outcome.stderr).toContain('Try "endpointkit tools --help"');
    }
    const help = await run(["tools", "--help"], io as never);
    expect(help.exitCode).toBe(0);
    for (const line of help.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    expect(help.stdout).toContain("--format");
  });
});
