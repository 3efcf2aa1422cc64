#!/usr/bin/env node
// The endpointkit command: all the work is in run(); this file only talks to the process.
import { readFileSync, writeFileSync } from "node:fs";
import { run } from "./run.js";
import { readStdin } from "./stdin.js";

const outcome = await run(process.argv.slice(2), { readFile: (path) => readFileSync(path), readStdin, writeFile: (path, text) => writeFileSync(path, text), env: (name) => process.env[name] });
// A reader that stops early (`endpointkit … | head -c1`) closes the pipe: its choice, not a failure of this command.
// The process ends quietly with the status of its own outcome (0 for a request printed), not an EPIPE stack trace
// and status 1, which is kept for requests the library refuses.
const closedPipe = (error: NodeJS.ErrnoException): void => {
  if (error.code !== "EPIPE") throw error;
  process.exit(outcome.exitCode);
};
process.stdout.on("error", closedPipe);
process.stderr.on("error", closedPipe);
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
// exitCode rather than exit(): a piped stdout is still flushed before the process ends.
process.exitCode = outcome.exitCode;
