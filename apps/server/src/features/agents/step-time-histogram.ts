/**
 * Step times kept as a histogram, so a day's rollup answers p50 and p95 without the runs: bucket 0
 * holds steps of at most 1 ms, bucket i those over GROWTH^(i-1) and at most GROWTH^i ms (the last
 * one everything longer). With GROWTH 1.25 a percentile is within 12% of the true time.
 */
export const STEP_BUCKETS = 60;
const GROWTH = 1.25;
const LOG_GROWTH = Math.log(GROWTH);

export function bucketOf(ms: number): number {
  if (ms <= 1) return 0;
  return Math.min(STEP_BUCKETS - 1, Math.ceil(Math.log(ms) / LOG_GROWTH - 1e-9));
}

/** A histogram of the given step times. */
export function histogramOf(times: number[]): number[] {
  const counts = new Array<number>(STEP_BUCKETS).fill(0);
  for (const ms of times) counts[bucketOf(ms)] = (counts[bucketOf(ms)] ?? 0) + 1;
  return counts;
}

/** Adds histograms bucket by bucket. */
export function mergeHistograms(histograms: readonly (readonly number[])[]): number[] {
  const total = new Array<number>(STEP_BUCKETS).fill(0);
  for (const histogram of histograms)
    histogram.forEach((count, index) => {
      if (index < STEP_BUCKETS) total[index] = (total[index] ?? 0) + count;
    });
  return total;
}

/**
 * The time under which `share` (0..1) of the steps fell, read within its bucket on the same
 * geometric scale; null with no step.
 */
export function percentileOf(histogram: readonly number[], share: number): number | null {
  const count = histogram.reduce((sum, each) => sum + each, 0);
  if (count === 0) return null;
  const rank = Math.max(1, Math.ceil(share * count));
  let seen = 0;
  for (let index = 0; index < histogram.length; index++) {
    const inBucket = histogram[index] ?? 0;
    if (seen + inBucket >= rank) {
      if (index === 0) return 1;
      const low = GROWTH ** (index - 1);
      const within = (rank - seen) / inBucket;
      return Math.round(low * GROWTH ** within * 10) / 10;
    }
    seen += inBucket;
  }
  return Math.round(GROWTH ** (STEP_BUCKETS - 1));
}
