import { describe, expect, it } from 'vitest';
import { bucketOf, histogramOf, mergeHistograms, percentileOf, STEP_BUCKETS } from './step-time-histogram';

describe('step-time histogram', () => {
  it('puts a time in the bucket whose bounds hold it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.2)).toBe(1);
    expect(bucketOf(1.25)).toBe(1);
    expect(bucketOf(1.3)).toBe(2);
    expect(bucketOf(10 ** 9)).toBe(STEP_BUCKETS - 1);
  });

  it('answers p50 and p95 within 12% of the true times', () => {
    const times = Array.from({ length: 1000 }, (_, index) => index + 1);
    const histogram = histogramOf(times);
    const p50 = percentileOf(histogram, 0.5) ?? 0;
    const p95 = percentileOf(histogram, 0.95) ?? 0;
    expect(Math.abs(p50 - 500) / 500).toBeLessThan(0.12);
    expect(Math.abs(p95 - 950) / 950).toBeLessThan(0.12);
  });

  it('adds days together and has no percentile without steps', () => {
    const merged = mergeHistograms([histogramOf([5, 5]), histogramOf([5, 400])]);
    expect(merged.reduce((sum, each) => sum + each, 0)).toBe(4);
    expect(Math.abs((percentileOf(merged, 0.5) ?? 0) - 5) / 5).toBeLessThan(0.12);
    expect(percentileOf(merged, 0.95)).toBeGreaterThan(350);
    expect(percentileOf(new Array(STEP_BUCKETS).fill(0), 0.5)).toBeNull();
  });
});
