import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval.js';

describe('wilsonInterval', () => {
  it('matches known values', () => {
    const { low, high } = wilsonInterval(9, 10);
    expect(low).toBeCloseTo(0.596, 3);
    expect(high).toBeCloseTo(0.982, 3);
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(0, 10).high).toBeCloseTo(0.278, 3);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('stays inside [0, 1] and contains the observed rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (trials, share) => {
          const successes = Math.round(trials * share);
          const { low, high } = wilsonInterval(successes, trials);
          expect(low).toBeGreaterThanOrEqual(0);
          expect(high).toBeLessThanOrEqual(1);
          expect(low).toBeLessThanOrEqual(successes / trials + 1e-12);
          expect(high).toBeGreaterThanOrEqual(successes / trials - 1e-12);
        },
      ),
    );
  });

  it('rejects impossible counts', () => {
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
  });
});
