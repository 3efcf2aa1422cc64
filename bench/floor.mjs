// Floor measurement (`npm run build && node bench/floor.mjs`): how fast the endpoint mix of bench/endpoint.mjs can be
// at all, measured with floor-endpoint.mjs, a minimal implementation with no checks, against endpointkit and
// @octokit/endpoint side by side. It tells how much of endpointkit's time is the bare work and how much its checks and
// generality add; issue 5's notes use it.
import { isDeepStrictEqual } from "node:util";
import { endpoint as octokit } from "@octokit/endpoint";
import { endpoint as endpointkit } from "../dist/index.js";
import { MIX, GHE, runner } from "./endpoint.mjs";
import { compare, sinkValue } from "./harness.mjs";
import { floorEndpoint } from "./floor-endpoint.mjs";

/** Everything but user-agent, with the method uppercased and the body's prototype ignored. */
function normalize(result) {
  const { "user-agent": _ua, ...headers } = result.headers;
  // octokit builds its JSON body objects with a null prototype; compare contents, not prototypes.
  const body = result.body !== null && typeof result.body === "object" && !ArrayBuffer.isView(result.body) ? { ...result.body } : result.body;
  return { ...result, method: result.method.toUpperCase(), headers, body };
}

/** True for a call the comparison with octokit leaves out (see check). */
const differsFromOctokit = ([, options, which]) => which === "described" || Object.values(options).some((value) => value instanceof Date);

/**
 * (1) The results must equal the reference's, octokit's unless named (method case and user-agent aside), header order
 * included. Against octokit, the described API's calls (they follow the description, which octokit cannot read) and the
 * calls with a Date (written in ISO 8601, DECISIONS, where octokit writes its toString()) are left out.
 */
function check(name, endpoint, reference = octokit) {
  const ghe = endpoint.defaults(GHE);
  const octokitGhe = reference.defaults(GHE);
  const skip = reference === octokit ? differsFromOctokit : ([, , which]) => which === "described";
  let mismatches = 0;
  MIX.forEach((call, i) => {
    const [route, options, which] = call;
    if (skip(call)) return;
    const throughDefaults = which === "ghe";
    const a = normalize((throughDefaults ? ghe : endpoint)(route, options));
    const b = normalize((throughDefaults ? octokitGhe : reference)(route, options));
    const sameOrder = Object.keys(a.headers).join() === Object.keys(b.headers).join();
    if (!isDeepStrictEqual(a, b) || !sameOrder) {
      mismatches++;
      console.log(`MISMATCH ${name} #${i} ${route}${sameOrder ? "" : " (header order)"}`);
      console.log(`  ${name}: ${JSON.stringify({ ...a, body: a.body instanceof Uint8Array ? "<Uint8Array>" : a.body })}`);
      console.log(`  reference: ${JSON.stringify({ ...b, body: b.body instanceof Uint8Array ? "<Uint8Array>" : b.body })}`);
    }
  });
  const compared = MIX.filter((call) => !skip(call)).length;
  console.log(`${name}: ${compared - mismatches}/${compared} calls match ${reference === octokit ? "@octokit/endpoint" : "endpointkit"}`);
  return mismatches;
}


const bad = check("floor", floorEndpoint) + check("endpointkit", endpointkit) + check("floor", floorEndpoint, endpointkit);
if (bad) process.exitCode = 1;

const result = compare({
  title: `floor vs endpointkit vs @octokit/endpoint: mix of ${MIX.length} calls`,
  contestants: { floor: runner(floorEndpoint), endpointkit: runner(endpointkit), "@octokit/endpoint": runner(octokit) },
  ours: "floor",
  callsPerRun: MIX.length,
  rounds: 40,
});

const f = result.perCall.floor, e = result.perCall.endpointkit, o = result.perCall["@octokit/endpoint"];
console.log(`\nns/call (median CPU): floor ${f.toFixed(1)}, endpointkit ${e.toFixed(1)}, @octokit/endpoint ${o.toFixed(1)}`);
console.log(`median of per-round ratios: octokit/floor ${result.ratios["@octokit/endpoint"].toFixed(2)}x, endpointkit/floor ${result.ratios.endpointkit.toFixed(2)}x`);
console.log(`ratio of medians:           octokit/floor ${(o / f).toFixed(2)}x, octokit/endpointkit ${(o / e).toFixed(2)}x, endpointkit/floor ${(e / f).toFixed(2)}x`);
console.log(`(sink ${sinkValue()})`);
