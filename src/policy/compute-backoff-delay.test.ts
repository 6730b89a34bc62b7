import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBackoffDelay } from './compute-backoff-delay.js';

const full = { initialDelayMs: 100, maxDelayMs: 1_000, jitter: 'full' as const };
const decorrelated = { ...full, jitter: 'decorrelated' as const };

describe('computeBackoffDelay', () => {
  it('draws full jitter below min(cap, base × 2^(retry-1))', () => {
    expect(computeBackoffDelay(1, 0, full, () => 0.5)).toBe(50);
    expect(computeBackoffDelay(2, 0, full, () => 0.5)).toBe(100);
    expect(computeBackoffDelay(3, 0, full, () => 0.5)).toBe(200);
    expect(computeBackoffDelay(10, 0, full, () => 0.5)).toBe(500); // capped at 1000
    expect(computeBackoffDelay(1, 0, full, () => 0)).toBe(0);
  });

  it('grows decorrelated jitter from the previous wait, between base and three times it', () => {
    expect(computeBackoffDelay(1, 100, decorrelated, () => 0)).toBe(100);
    expect(computeBackoffDelay(2, 200, decorrelated, () => 1)).toBe(600);
    expect(computeBackoffDelay(3, 600, decorrelated, () => 1)).toBe(1_000); // capped
  });

  it('stays within [0, cap] for any retry and any random source, even a broken one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000 }),
        fc.double({ noNaN: false }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.constantFrom(full, decorrelated),
        (retry, draw, previousDelayMs, options) => {
          const delayMs = computeBackoffDelay(retry, previousDelayMs, options, () => draw);
          expect(delayMs).toBeGreaterThanOrEqual(0);
          expect(delayMs).toBeLessThanOrEqual(options.maxDelayMs);
        },
      ),
    );
  });

  it('is deterministic under a seeded random source', () => {
    const seeded = (seed: number) => () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const run = () => {
      const random = seeded(42);
      return [1, 2, 3, 4].map((retry) => computeBackoffDelay(retry, 0, full, random));
    };
    expect(run()).toEqual(run());
  });
});
