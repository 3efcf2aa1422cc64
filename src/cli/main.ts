#!/usr/bin/env node
// The endpointkit command: all the work is in run(); this file only talks to the process.
import { run } from "./run.js";

const outcome = run(process.argv.slice(2));
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
// exitCode rather than exit(): a piped stdout is still flushed before the process ends.
process.exitCode = outcome.exitCode;
