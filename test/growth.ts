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
 * Times `make(size)`'s work (built untimed) at `size` and at `factor` times it, in this run, the two in turn so that
 * both meet the same conditions, and expects the larger no more than `growth` times the smaller (each at least
 * NOISE_MS, so a case of microseconds cannot fail on the timer). Linear work grows `factor` times (8: 8), quadratic
 * work `factor` squared (64); bounded work (a count that stops both at the same budget) about once.
 */
export function expectGrowth(label: string, make: (size: number) => () => unknown, size: number, growth: number, factor = 8, runs = 3): { small: number; large: number } {
  const smallWork = make(size);
  const largeWork = make(size * factor);
  let small = Infinity;
  let large = Infinity;
  for (let run = 0; run < runs; run++) {
    small = Math.min(small, fastest(smallWork, 1));
    large = Math.min(large, fastest(largeWork, 1));
  }
  expect(Math.max(large, NOISE_MS) / Math.max(small, NOISE_MS), `${label}: ${small.toFixed(1)} ms at ${size}, ${large.toFixed(1)} ms at ${size * factor}`).toBeLessThan(growth);
  return { small, large };
}

/**
 * Linear work at 8 times the size grows about 8 times, quadratic 64. Work that allocates 100,000 objects grows up to
 * about 30 times in V8 (they outlive the young generation and are copied, measured: `query: 100,000 parameters` 4.8 ms
 * at 12,500, 148 ms at 100,000), whatever the machine's speed: the bound leaves it that room and fails quadratic work.
 */
export const LINEAR = 45;
/** Work a count bounds whatever the size: about 1 at 8 times the size, well under 8 (linear). */
export const BOUNDED = 3;
