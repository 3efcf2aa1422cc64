// Runs the built endpointkit command in a child process; building it first only when dist is stale.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The compiled command, as package.json's `bin` names it. */
export const CLI = join(root, "dist/cli/main.js");

const BUILD_INPUTS = ["src", "package.json", "tsconfig.base.json", "tsconfig.build.json", "tsconfig.cli.json"];
const BUILD_OUTPUTS = ["dist/index.js", "dist/cli/main.js"];

// Test files run in parallel workers; two builds writing dist/ at once could leave it half-written.
const LOCK = join(root, "dist/.cli-test-build.lock");
const LOCK_GIVE_UP_MS = 180_000;

/** Runs `npm run build` when an output is missing or older than any source, so a warm run costs nothing. */
export function ensureBuilt(): void {
  if (!isStale()) return;
  const started = Date.now();
  mkdirSync(join(root, "dist"), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - started > LOCK_GIVE_UP_MS) rmSync(LOCK, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    if (isStale()) build();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function build(): void {
  try {
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "pipe", encoding: "utf8" });
  } catch (error) {
    // tsc reports on stdout, which the default message leaves out.
    const output = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run build failed:\n${output.stdout ?? ""}${output.stderr ?? ""}`, { cause: error });
  }
}

function isStale(): boolean {
  const outputs = BUILD_OUTPUTS.map((path) => join(root, path));
  const oldestOutput = Math.min(...outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
  const newestInput = Math.max(...BUILD_INPUTS.map((path) => newestMtime(join(root, path))));
  return oldestOutput < newestInput;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** What one run of the command printed, and how it exited. */
export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `endpointkit ...args` with node and an empty stdin; asynchronous, so a server in this process can answer meanwhile. */
export function endpointkit(...args: string[]): Promise<CliResult> {
  return endpointkitWith({}, ...args);
}

/** How a run is set up: what stdin holds (closed empty by default) and the working directory. */
export interface RunSetup {
  stdin?: string | Uint8Array;
  cwd?: string;
}

/** Runs `endpointkit ...args` with the given stdin and working directory. */
export function endpointkitWith(setup: RunSetup, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [CLI, ...args], { cwd: setup.cwd ?? root, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error !== null && typeof error.code !== "number") {
        reject(error);
        return;
      }
      resolve({ status: error === null ? 0 : Number(error.code), stdout, stderr });
    });
    child.stdin?.end(setup.stdin ?? "");
  });
}
