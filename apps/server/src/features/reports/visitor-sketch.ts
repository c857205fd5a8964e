/**
 * Visitors of long periods are estimated from HyperLogLog sketches (Flajolet et al., 2007): the
 * rollup keeps one sketch per bot, day and domain (migration 0011: 4 096 registers, each the
 * highest rank of the visitor-id hashes that fell in it). Merged sketches give the visitors of any
 * set of days; the standard error is 1.04 / √4096 ≈ 1.6 %.
 */
export const SKETCH_REGISTERS = 4096;

/** Below this, linear counting (from the empty registers) is the better estimate (HLL++, p = 12). */
const LINEAR_COUNTING_UP_TO = 3100;

/** One sketch with the highest rank of each register across `sketches`. */
export function mergeSketches(sketches: Uint8Array[]): Uint8Array {
  const merged = new Uint8Array(SKETCH_REGISTERS);
  for (const sketch of sketches) {
    for (let register = 0; register < SKETCH_REGISTERS; register++) {
      const rank = sketch[register] ?? 0;
      if (rank > (merged[register] as number)) merged[register] = rank;
    }
  }
  return merged;
}

/** How many distinct visitors a sketch has seen, estimated. */
export function estimateVisitors(sketch: Uint8Array): number {
  const m = SKETCH_REGISTERS;
  let inverseSum = 0;
  let empty = 0;
  for (let register = 0; register < m; register++) {
    const rank = sketch[register] ?? 0;
    inverseSum += 2 ** -rank;
    if (rank === 0) empty++;
  }
  if (empty > 0) {
    const linear = m * Math.log(m / empty);
    if (linear <= LINEAR_COUNTING_UP_TO) return Math.round(linear);
  }
  const alpha = 0.7213 / (1 + 1.079 / m);
  return Math.round((alpha * m * m) / inverseSum);
}
