// Each call of the endpoint mix timed alone, two builds side by side: which calls a change made faster or slower.
//   node bench/versus-calls.mjs /tmp/before/dist
import { MIX, DESCRIBED, GHE } from "./endpoint.mjs";
const builds = {};
for (const [name, dir] of [["before", process.argv[2] ?? "/tmp/before/dist"], ["after", new URL("../dist", import.meta.url).pathname]]) {
  const { endpoint } = await import(`${dir}/index.js`);
  (await import(`${dir}/openapi/index.js`)).describedRoutes(DESCRIBED);
  builds[name] = { undefined: endpoint, ghe: endpoint.defaults(GHE), described: endpoint.defaults(DESCRIBED) };
}
let sink = 0;
const N = 200000;
for (let round = 0; round < 3; round++) {
  const rows = [];
  for (let i = 0; i < MIX.length; i++) {
    const [route, options, which] = MIX[i];
    const t = {};
    for (const name of ["before", "after"]) {
      const fn = builds[name][which];
      const start = process.hrtime.bigint();
      for (let k = 0; k < N; k++) sink += fn(route, options).url.length;
      t[name] = Number(process.hrtime.bigint() - start) / N;
    }
    rows.push(`${(t.before / t.after).toFixed(2)}  ${t.before.toFixed(0).padStart(5)} ${t.after.toFixed(0).padStart(5)}  ${which ?? ""} ${route}`);
  }
  if (round === 2) console.log(rows.join("\n"));
}
console.log(sink > 0);
