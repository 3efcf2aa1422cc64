// A tiny side-by-side benchmark harness: contestants run in one process, in alternating rounds, on the same work.
// Shared machines are noisy, so what it reports is the median of per-round ratios, not absolute times.

/** Results are folded into this so the engine cannot drop a call as dead code. */
let sink = 0;

/**
 * Folds a call's result into the sink: a character of the URL, read as any HTTP client reads it, so a URL built by
 * concatenation is flattened here as it would be in real use (its length alone would not).
 */
export function consume(result) {
  const url = typeof result === "string" ? result : result.url;
  sink = (sink + url.charCodeAt(url.length >> 1)) | 0;
}

/** The sink, printed at the end so it is observably used. */
export function sinkValue() {
  return sink;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function timeRun(run, iterations) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) run();
  return Number(process.hrtime.bigint() - start);
}

/** Wall time and this process's CPU time (user + system, all threads, so GC helpers count) of one round, in ns. */
function timeRound(run, iterations) {
  const cpuStart = process.cpuUsage();
  const wall = timeRun(run, iterations);
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) * 1000 };
}

/** How many iterations of `run` take about `targetMs`; used so the fast and the slow contestant each get a measurable round. */
function calibrate(run, targetMs) {
  let iterations = 1;
  for (;;) {
    const ns = timeRun(run, iterations);
    if (ns >= targetMs * 1e6 / 4 || iterations >= 1 << 24) return Math.max(1, Math.round((iterations * targetMs * 1e6) / Math.max(ns, 1)));
    iterations *= 2;
  }
}

/**
 * Runs contestants side by side. Each contestant's `run` does `callsPerRun` calls (one pass over the mix).
 * `ours` names the contestant the others are compared with. Each round times every contestant once, in rotating
 * order, by CPU time (what the ratios use: another process taking the CPU does not count against whoever was
 * running) and by wall time (printed alongside). Returns, per contestant, the median ns per call and, for every
 * other contestant, the median of the per-round ratios (its time per call / ours).
 */
export function compare({ title, contestants, ours, callsPerRun, rounds = 40, roundMs = 15, warmupMs = 300 }) {
  const names = Object.keys(contestants);
  for (const name of names) {
    const start = performance.now();
    while (performance.now() - start < warmupMs) timeRun(contestants[name], 64);
  }
  const iterations = Object.fromEntries(names.map((name) => [name, calibrate(contestants[name], roundMs)]));
  const samples = Object.fromEntries(names.map((name) => [name, { cpu: [], wall: [] }]));
  const ratios = Object.fromEntries(names.filter((name) => name !== ours).map((name) => [name, { cpu: [], wall: [] }]));
  for (let round = 0; round < rounds; round++) {
    // Rotate who goes first, so no one always runs right after another's garbage.
    const order = names.map((_, i) => names[(i + round) % names.length]);
    const thisRound = {};
    for (const name of order) {
      const { cpu, wall } = timeRound(contestants[name], iterations[name]);
      const calls = iterations[name] * callsPerRun;
      thisRound[name] = { cpu: cpu / calls, wall: wall / calls };
      samples[name].cpu.push(cpu / calls);
      samples[name].wall.push(wall / calls);
    }
    for (const name of Object.keys(ratios)) {
      ratios[name].cpu.push(thisRound[name].cpu / thisRound[ours].cpu);
      ratios[name].wall.push(thisRound[name].wall / thisRound[ours].wall);
    }
  }
  const result = { title, perCall: {}, ratios: {}, wallRatios: {} };
  console.log(`\n${title}  (${rounds} rounds of ~${roundMs} ms per contestant, order rotating, after ${warmupMs} ms warm-up)`);
  for (const name of names) {
    result.perCall[name] = median(samples[name].cpu);
    console.log(`  ${name.padEnd(34)} ${result.perCall[name].toFixed(1).padStart(9)} ns/call CPU, ${median(samples[name].wall).toFixed(1).padStart(9)} ns/call wall (medians)`);
  }
  for (const name of Object.keys(ratios)) {
    const cpu = [...ratios[name].cpu].sort((a, b) => a - b);
    result.ratios[name] = median(cpu);
    result.wallRatios[name] = median(ratios[name].wall);
    const low = cpu[Math.floor(cpu.length * 0.1)];
    const high = cpu[Math.ceil(cpu.length * 0.9) - 1];
    console.log(
      `  ${name} / ${ours}: ${result.ratios[name].toFixed(2)}x by CPU time (10th-90th percentile of rounds ${low.toFixed(2)}x-${high.toFixed(2)}x), ` +
        `${result.wallRatios[name].toFixed(1)}x by wall time (medians of per-round ratios)`,
    );
  }
  return result;
}
