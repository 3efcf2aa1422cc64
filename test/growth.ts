// Time judged by growth, never by an absolute number of milliseconds: a slow or busy machine slows two sizes of one
// input alike, so the ratio of their times says whether the work is linear, bounded or worse, where a fixed limit
// fails a loaded machine and passes a fast one whatever the shape of the work.
import { expect } from "vitest";

/** How much faster than the clock's resolution and GC pauses a measurement must be to say nothing. */
const NOISE_MS = 5;

/**
 * The fastest of `runs` runs of `work`, in ms: a pause of the collector or of the machine lengthens one run, not all.
 * `work` may throw (an EndpointError is an answer here).
 */
export function fastest(work: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    try {
      work();
    } catch {
      // An answer like any other; only the time matters.
    }
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * Linear: `make(size * 16)`'s work takes about as long as `make(size)`'s done 16 times, timed in turn in this run
 * (each at least NOISE_MS). Both timings last about as long, so a busy machine's pauses fall on both alike (a short run
 * alone fits between them where a long one cannot). Linear work gives about 1 (a large input's objects outlive the
 * young generation and are copied: up to about 5 in V8), quadratic work 16: the bound is between.
 */
export function expectLinear(label: string, make: (size: number) => () => unknown, size: number, runs = 3): { small: number; large: number } {
  const smallWork = make(size);
  const largeWork = make(size * FACTOR);
  const repeated = (): void => {
    for (let i = 0; i < FACTOR; i++) {
      try {
        smallWork();
      } catch {
        // An answer like any other.
      }
    }
  };
  let small = Infinity;
  let large = Infinity;
  for (let run = 0; run < runs; run++) {
    small = Math.min(small, fastest(repeated, 1));
    large = Math.min(large, fastest(largeWork, 1));
  }
  const ratio = Math.max(large, NOISE_MS) / Math.max(small, NOISE_MS);
  // GROWTH_LOG=1 prints every ratio, to see how far each case stands from its bound.
  if (process.env.GROWTH_LOG) console.log(`${ratio.toFixed(2)}  ${label}`);
  expect(ratio, `${label}: ${small.toFixed(1)} ms for ${FACTOR} at ${size}, ${large.toFixed(1)} ms for one at ${size * FACTOR}`).toBeLessThan(LINEAR);
  return { small: small / FACTOR, large };
}

/**
 * Bounded: `make(size * 8)`'s work takes about as long as `make(size)`'s (a count stops both at the same budget, or
 * neither reads what grew), timed in turn in this run; linear work would take 8 times as long.
 */
export function expectBounded(label: string, make: (size: number) => () => unknown, size: number, runs = 2): void {
  const smallWork = make(size);
  const largeWork = make(size * 8);
  let small = Infinity;
  let large = Infinity;
  for (let run = 0; run < runs; run++) {
    small = Math.min(small, fastest(smallWork, 1));
    large = Math.min(large, fastest(largeWork, 1));
  }
  expect(Math.max(large, NOISE_MS) / Math.max(small, NOISE_MS), `${label}: ${small.toFixed(1)} ms at ${size}, ${large.toFixed(1)} ms at ${size * 8}`).toBeLessThan(BOUNDED);
}

/** How much larger the large input of expectLinear is. */
export const FACTOR = 16;
/**
 * expectLinear's bound: linear work about 1, up to 5 where a large input's objects and strings outlive the young
 * generation (`route: 100,000 words`, measured 5.3), quadratic 16.
 */
const LINEAR = 10;
/** expectBounded's bound: bounded work about 1, linear 8. */
const BOUNDED = 3;
