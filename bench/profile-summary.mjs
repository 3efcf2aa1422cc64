// Sums self time per function (name, file and line) in a .cpuprofile written by `node --cpu-prof`.
import { readFileSync } from "node:fs";

const file = process.argv[2];
const top = Number(process.argv[3] ?? 30);
const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(nodes.map((node) => [node.id, node]));
const self = new Map();
let total = 0;
for (let i = 0; i < samples.length; i++) {
  const { callFrame } = byId.get(samples[i]);
  const where = callFrame.url ? `${callFrame.url.replace(/^.*\/(node_modules\/|dist\/|bench\/)/, "$1")}:${callFrame.lineNumber + 1}` : "";
  const key = `${callFrame.functionName || "(anonymous)"} ${where}`;
  const delta = timeDeltas[i] ?? 0;
  self.set(key, (self.get(key) ?? 0) + delta);
  total += delta;
}
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
}
