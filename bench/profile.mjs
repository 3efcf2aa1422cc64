// Runs only endpointkit's side of a benchmark for a few seconds, for `node --cpu-prof bench/profile.mjs endpoint|templates`;
// then `node bench/profile-summary.mjs <file>.cpuprofile` lists self time per function.
import { endpointkitMix } from "./endpoint.mjs";
import { endpointkitTemplates } from "./templates.mjs";

const which = process.argv[2] ?? "endpoint";
const run = which === "templates" ? endpointkitTemplates() : endpointkitMix();
const seconds = Number(process.argv[3] ?? 5);
const end = performance.now() + seconds * 1000;
let passes = 0;
while (performance.now() < end) {
  for (let i = 0; i < 1000; i++) run();
  passes += 1000;
}
console.log(`${which}: ${passes} passes in ${seconds} s`);
