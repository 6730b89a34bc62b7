import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, parseRetryAfter, parseRetryAfterMilliseconds } from './parse-retry-after.js';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
  });

  it('reads the three HTTP-date forms as time from now', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sunday, 01-Mar-26 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sun Mar  1 12:00:05 2026', now)).toBe(5_000); // asctime is GMT
  });

  it('reads a date in the past as no wait', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', now)).toBe(0);
  });

  it('rejects garbage', () => {
    for (const value of [
      '',
      'soon',
      '-5',
      '1e3',
      '12abc',
      '2026-03-01',
      'Mon, 99 Foo 2026 99:99:99 GMT',
      undefined,
      30,
      null,
    ])
      expect(parseRetryAfter(value, now)).toBeUndefined();
  });

  it('caps a huge wait at one day', () => {
    expect(parseRetryAfter('99999999999999999999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('Fri, 01 Jan 9999 00:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('reads retry-after-ms', () => {
    expect(parseRetryAfterMilliseconds('250')).toBe(250);
    expect(parseRetryAfterMilliseconds('x')).toBeUndefined();
  });

  it('never throws and never returns a negative or non-finite wait', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        const waitMs = parseRetryAfter(value, now);
        if (waitMs !== undefined) {
          expect(Number.isFinite(waitMs)).toBe(true);
          expect(waitMs).toBeGreaterThanOrEqual(0);
          expect(waitMs).toBeLessThanOrEqual(MAX_RETRY_AFTER_MS);
        }
      }),
    );
  });
});
