// What `npm pack` would publish: the licence, and no source map that names a file the tarball does not hold.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { posix } from "node:path";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

interface PackReport {
  files: { path: string }[];
}

// --ignore-scripts: `prepare` would rebuild dist/ under the feet of the tests running beside this one.
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const report = JSON.parse(execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" })) as PackReport[];
const packed = new Set(report[0]!.files.map((file) => file.path));

describe("the packed tarball", () => {
  it("holds the built library, its types, the CLI and the MIT licence naming endpointkit", () => {
    for (const path of ["dist/index.js", "dist/index.d.ts", "dist/cli/main.js", "LICENSE", "README.md", "SECURITY.md", "CHANGELOG.md", "package.json"]) {
      expect(packed, path).toContain(path);
    }
    const licence = readFileSync(new URL("../LICENSE", import.meta.url), "utf8");
    expect(licence).toMatch(/^MIT License/);
    expect(licence).toContain("endpointkit contributors");
  });

  it("holds no source map whose sources are neither packed nor embedded", () => {
    expect(existsSync(new URL("../dist/index.js", import.meta.url))).toBe(true);
    for (const path of [...packed].filter((candidate) => candidate.endsWith(".map"))) {
      const map = JSON.parse(readFileSync(root + path, "utf8")) as { sources: string[]; sourcesContent?: (string | null)[] };
      map.sources.forEach((source, index) => {
        const embedded = typeof map.sourcesContent?.[index] === "string";
        expect(embedded || packed.has(posix.normalize(posix.join(posix.dirname(path), source))), `${path} -> ${source}`).toBe(true);
      });
    }
  });

  it("names one repository in repository, bugs and homepage", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      repository: { url: string };
      bugs: { url: string };
      homepage: string;
    };
    const repository = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(manifest.bugs.url).toBe(`${repository}/issues`);
    expect(manifest.homepage.startsWith(repository)).toBe(true);
  });

  it("has a library import graph of its own files only: yaml and node: modules are the CLI's", () => {
    for (const entry of ["dist/index.js", "dist/openapi/index.js"]) {
      const seen = new Set<string>();
      const pending = [entry];
      for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
        if (seen.has(path)) continue;
        seen.add(path);
        expect(packed, path).toContain(path);
        for (const [, specifier] of readFileSync(root + path, "utf8").matchAll(/(?:^|[;\n])\s*(?:import|export)\b[^"';]*?from\s*"([^"]+)"/g)) {
          expect(specifier, `${path} imports ${specifier}`).toMatch(/^\.\.?\//);
          pending.push(posix.normalize(posix.join(posix.dirname(path), specifier!)));
        }
      }
      expect(seen.size).toBeGreaterThan(entry === "dist/index.js" ? 10 : 3);
    }
  });
});

interface Manifest {
  version: string;
  exports: Record<string, string | { types?: string; default?: string }>;
  typesVersions?: Record<string, Record<string, string[]>>;
}

describe("the package's edges", () => {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as Manifest;

  // moduleResolution "node" (node10) ignores `exports`: typesVersions is its only way to the subpaths' types, and a
  // path that drifts from `exports` would give node10 users other types than everyone else (or none).
  it("maps every subpath to the same types under typesVersions as under exports", () => {
    const subpaths = Object.entries(manifest.exports).filter(([subpath, target]) => subpath !== "." && typeof target === "object" && target.types !== undefined);
    expect(subpaths.map(([subpath]) => subpath).sort()).toEqual(["./octokit", "./openapi", "./tools"]);
    const mapped = manifest.typesVersions?.["*"] ?? {};
    for (const [subpath, target] of subpaths) {
      expect(mapped[subpath.slice(2)], subpath).toEqual([(target as { types: string }).types]);
      expect(packed, subpath).toContain((target as { types: string }).types.slice(2));
    }
    expect(Object.keys(mapped).sort()).toEqual(["octokit", "openapi", "tools"]);
  });

  it("keeps the type tools of `openapi -o` optional peers: an install of endpointkit brings neither, nor their TypeScript 5 peer", () => {
    const own = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      peerDependenciesMeta?: Record<string, { optional?: boolean }>;
    };
    for (const tool of ["openapi-typescript", "swagger2openapi"]) {
      expect(own.dependencies?.[tool], tool).toBeUndefined();
      expect(own.peerDependencies?.[tool], tool).toMatch(/^\^7\./);
      expect(own.peerDependenciesMeta?.[tool]?.optional, tool).toBe(true);
    }
  });

  it("makes endpointkit-octokit depend on this endpointkit, not merely accept it as a peer", () => {
    const override = JSON.parse(readFileSync(new URL("../packages/endpointkit-octokit/package.json", import.meta.url), "utf8")) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      version: string;
    };
    expect(override.dependencies?.endpointkit).toBe(`^${manifest.version}`);
    expect(override.peerDependencies?.endpointkit).toBeUndefined();
    // The override re-exports endpointkit/octokit: it moves with the library's version.
    expect(override.version).toBe(manifest.version);
  });
});
