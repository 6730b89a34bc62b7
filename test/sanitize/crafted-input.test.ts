import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { CRAFTED_UNITS, repeatTo } from '../helpers/crafted-inputs.js';

// The speed targets (1 MB under 50 ms, 1 MB / 100 KB at most 12) are measured by `npm run bench`
// next to baselines from the same run. Here only a bound that a rule with quadratic cost cannot
// meet on any machine: before the fix, 1 MB of `eyJhbGci.` took 19 s and of `KEY=` 12 s.
const MEGABYTE = 1024 * 1024;
const GENEROUS_BOUND_MS = 3_000;

describe('crafted input', () => {
  for (const [name, unit] of Object.entries(CRAFTED_UNITS)) {
    it(`scans 1 MB of ${JSON.stringify(name)} in bounded time, without throwing`, () => {
      const text = repeatTo(unit, MEGABYTE);
      const started = performance.now();
      const spans = findLeaks(text);
      const elapsedMs = performance.now() - started;
      expect(elapsedMs).toBeLessThan(GENEROUS_BOUND_MS);
      // one assertion over every span: a dense unit yields 100,000 of them
      const outside = spans.filter(
        (span) => span.start < 0 || span.end > text.length || span.end <= span.start,
      );
      expect(outside).toEqual([]);
    });
  }
});
