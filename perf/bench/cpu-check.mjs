// The same figures come out two to three times apart on one kind of machine on different days
// (a shared host). A fixed piece of CPU work timed before the loads tells two runs' machines apart.
import { createHash } from 'node:crypto';

/** Milliseconds for 200,000 SHA-256 digests of short strings, the best of three tries. */
export function cpuCheckMs() {
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    for (let i = 0; i < 200_000; i++) createHash('sha256').update(`game-of-slavs-${i}`).digest();
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}
