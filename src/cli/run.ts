// One invocation, from arguments to exit status, without touching the process.
import { createRequire } from "node:module";
import { endpoint, EndpointError, type RequestOptions } from "endpointkit";
import { parseArgs } from "./args.js";
import { CurlError, toCurl } from "./curl.js";
import { helpText, USAGE } from "./help.js";
import { parseItem } from "./items.js";
import { buildOptions } from "./options.js";
import { UsageError } from "./usage-error.js";

/** What the process prints and how it exits. */
export interface Outcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Exit status for a failure that is a bug, not bad input (sysexits' EX_SOFTWARE). */
export const EXIT_UNEXPECTED = 70;

/** Runs the command line `argv` (without node and the script) and returns what to print. */
export function run(argv: readonly string[]): Outcome {
  try {
    const command = parseArgs(argv);
    if (command.action === "help") return success(helpText(endpoint.DEFAULTS.baseUrl));
    if (command.action === "version") return success(`endpointkit ${version()}\n`);
    const options = buildOptions(command.items.map(parseItem), command.baseUrl);
    const request: RequestOptions = endpoint(command.route, options);
    return success(command.curl ? `${toCurl(request)}\n` : `${JSON.stringify(request, null, 2)}\n`);
  } catch (error) {
    return failure(error);
  }
}

function success(stdout: string): Outcome {
  return { exitCode: 0, stdout, stderr: "" };
}

function failure(error: unknown): Outcome {
  if (error instanceof UsageError) {
    return { exitCode: 2, stdout: "", stderr: `endpointkit: ${error.message}\n${USAGE}\nTry "endpointkit --help".\n` };
  }
  if (error instanceof EndpointError) {
    return { exitCode: 1, stdout: "", stderr: `endpointkit: ${error.code}: ${error.message}\n` };
  }
  if (error instanceof CurlError) {
    return { exitCode: 2, stdout: "", stderr: `endpointkit: --curl: ${error.message}\n` };
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { exitCode: EXIT_UNEXPECTED, stdout: "", stderr: `endpointkit: unexpected error: ${detail}\n` };
}

// package.json is the one source of the version; the library's user-agent is generated from it too.
function version(): string {
  const manifest: unknown = createRequire(import.meta.url)("endpointkit/package.json");
  if (typeof manifest === "object" && manifest !== null && "version" in manifest && typeof manifest.version === "string") {
    return manifest.version;
  }
  throw new Error("endpointkit/package.json has no version");
}
