// `npm run bench`: the endpoint mix against @octokit/endpoint (issue 5), parseTemplate against the URI-template
// peers (issue 3), the path Octokit itself takes (octokit-path.mjs), the floor (floor.mjs: how fast the mix can be
// with no check at all, which bounds any ratio against octokit), then the memory run in a child process started
// with --expose-gc. Prints ratios, not just times:
// shared machines are noisy, and each ratio is the median of ratios measured in the same round.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { benchEndpoint } from "./endpoint.mjs";
import { sinkValue } from "./harness.mjs";
import { benchTemplates } from "./templates.mjs";

console.log(`endpointkit benchmarks on node ${process.version} (${process.platform} ${process.arch})\n`);
const endpointResult = benchEndpoint();
console.log();
const templateResult = benchTemplates();
console.log();
const octokitPath = spawnSync(process.execPath, [fileURLToPath(new URL("./octokit-path.mjs", import.meta.url))], { stdio: "inherit" });
const floor = spawnSync(process.execPath, [fileURLToPath(new URL("./floor.mjs", import.meta.url))], { stdio: "inherit" });
const memory = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(new URL("./memory.mjs", import.meta.url))], { stdio: "inherit" });

const mix = endpointResult.ratios["@octokit/endpoint"];
const fastest = templateResult.ratios[templateResult.fastestPeer];
console.log("\nSummary");
console.log(`  endpoint mix: ${mix.toFixed(1)}x the throughput of @octokit/endpoint (target 12x, issues 14 and 23) ${mix >= 12 ? "met" : "NOT met"}`);
for (const [peer, ratio] of Object.entries(templateResult.ratios)) console.log(`  templates: ${ratio.toFixed(1)}x ${peer}`);
console.log(`  templates vs the faster peer (${templateResult.fastestPeer}): ${fastest.toFixed(1)}x (target 10x) ${fastest >= 10 ? "met" : "NOT met"}`);
console.log(`  Octokit's path: see above (merge() then parse(), target 5x, and endpoint(), over Octokit's defaults)${octokitPath.status === 0 ? "" : " -- that run FAILED"}`);
console.log(`  floor: see above (the mix with no check at all, against endpointkit and octokit)${floor.status === 0 ? "" : " -- that run FAILED"}`);
console.log(`  memory: see above (heap after gc, before and after a million calls)${memory.status === 0 ? "" : " -- the memory run FAILED"}`);
console.log(`  (sink ${sinkValue()})`);
process.exitCode = memory.status === 0 && octokitPath.status === 0 && floor.status === 0 ? 0 : 1;
