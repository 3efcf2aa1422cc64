// What `npm run test:octokit` and its consumer check share: the two packed tarballs, and scratch projects installed
// from them under .cache/, reinstalled only when their package.json changes.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const NPM_FLAGS = ["--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"];

/** Runs a command and returns its output; throws on a non-zero exit status or after three minutes. */
export function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 180_000, ...options });
}

/** Packs endpointkit (`root`) and endpointkit-octokit into `cache`/pack: the paths of their two tarballs. */
export function packTarballs(root, cache) {
  const packDir = join(cache, "pack");
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  run("npm", ["pack", "--ignore-scripts", "--loglevel=error", "--pack-destination", packDir], { cwd: root });
  run("npm", ["pack", "--ignore-scripts", "--loglevel=error", "--pack-destination", packDir, "./packages/endpointkit-octokit"], { cwd: root });
  const tarballs = readdirSync(packDir);
  return {
    libraryTarball: join(packDir, tarballs.find((name) => /^endpointkit-\d/.test(name))),
    overrideTarball: join(packDir, tarballs.find((name) => name.startsWith("endpointkit-octokit-"))),
  };
}

/**
 * Installs the scratch project `cache`/`name` unless its package.json is unchanged and installed; `fresh`: packages
 * reinstalled every run (our tarballs). `log` is told of each install.
 */
export function scratchProject(cache, name, manifest, fresh, log) {
  const dir = join(cache, name);
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const stamp = join(dir, "node_modules", ".installed");
  const same = existsSync(stamp) && readFileSync(stamp, "utf8") === text;
  if (!same) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const path of fresh) rmSync(join(dir, path), { recursive: true, force: true });
  writeFileSync(join(dir, "package.json"), text);
  if (!same || fresh.length > 0) {
    log(`npm install in ${name}${same ? " (our packages only)" : ""}`);
    run("npm", ["install", ...NPM_FLAGS, "--prefer-offline"], { cwd: dir });
    writeFileSync(stamp, text);
  }
  return dir;
}
