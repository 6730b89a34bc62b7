import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clamp } from './clamp.js';

describe('clamp', () => {
  it('reduces a value over the maximum and says so truthfully', () => {
    expect(clamp(10_000, { max: 200, name: 'limit' })).toEqual({
      value: 200,
      note: 'limit was reduced from 10000 to the maximum of 200.',
    });
  });

  it('raises a value under the minimum and says so', () => {
    expect(clamp(-5, { min: 1, max: 200, name: 'limit' })).toEqual({
      value: 1,
      note: 'limit was raised from -5 to the minimum of 1.',
    });
  });

  it('leaves a value in range alone, with no note', () => {
    const clamped = clamp(50, { min: 1, max: 200, name: 'limit' });
    expect(clamped).toEqual({ value: 50 });
    expect('note' in clamped).toBe(false);
  });

  it('rejects NaN and non-numbers, and a minimum above the maximum', () => {
    expect(() => clamp(Number.NaN, { max: 200, name: 'limit' })).toThrow(TypeError);
    expect(() => clamp('7' as unknown as number, { max: 200, name: 'limit' })).toThrow(/limit/);
    expect(() => clamp(5, { min: 10, max: 1, name: 'limit' })).toThrow(RangeError);
    expect(() => clamp(5, { max: Number.NaN, name: 'limit' })).toThrow(RangeError);
  });

  it('always lands in range, and notes exactly the values it changed', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer(), fc.nat(), (value, min, span) => {
        const max = min + span;
        const clamped = clamp(value, { min, max, name: 'n' });
        expect(clamped.value).toBeGreaterThanOrEqual(min);
        expect(clamped.value).toBeLessThanOrEqual(max);
        expect(clamped.note !== undefined).toBe(clamped.value !== value);
        if (clamped.note !== undefined) expect(clamped.note).toContain(String(value));
      }),
    );
  });
});
