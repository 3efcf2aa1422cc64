// Two builds of endpointkit side by side with @octokit/endpoint on the endpoint mix, in one process, so a change's
// cost is measured against the build before it under the same load. Build the other revision somewhere first:
//   git worktree add /tmp/before <rev> && (cd /tmp/before && npm ci && npm run build)
//   npm run build && node bench/versus.mjs /tmp/before/dist
import { fileURLToPath } from "node:url";
import { endpoint as octokit } from "@octokit/endpoint";
import { DESCRIBED, MIX, runner } from "./endpoint.mjs";
import { compare } from "./harness.mjs";

const [beforeDir, afterDir = fileURLToPath(new URL("../dist", import.meta.url))] = process.argv.slice(2);
if (!beforeDir) throw new Error("usage: node bench/versus.mjs <dist of the build before> [dist of the build after]");
const { endpoint: before } = await import(`${beforeDir}/index.js`);
const { endpoint: after } = await import(`${afterDir}/index.js`);
// Each build reads the mix's described API's table (plain JSON) through its own endpointkit/openapi.
const tableOf = async (dir) => (await import(`${dir}/openapi/index.js`)).describedRoutes(JSON.parse(JSON.stringify(DESCRIBED)));
const [beforeTable, afterTable] = [await tableOf(beforeDir), await tableOf(afterDir)];


compare({
  title: `endpoint(route, options): mix of ${MIX.length} calls, two builds`,
  contestants: { after: runner(after, afterTable), before: runner(before, beforeTable), "@octokit/endpoint": runner(octokit) },
  ours: "after",
  callsPerRun: MIX.length,
  rounds: 40,
  roundMs: 15,
});
