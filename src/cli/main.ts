#!/usr/bin/env node
// The endpointkit command: all the work is in run(); this file only talks to the process.
import { readFileSync } from "node:fs";
import { run } from "./run.js";
import { readStdin } from "./stdin.js";

const outcome = await run(process.argv.slice(2), { readFile: (path) => readFileSync(path), readStdin });
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
// exitCode rather than exit(): a piped stdout is still flushed before the process ends.
process.exitCode = outcome.exitCode;
