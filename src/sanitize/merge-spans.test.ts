import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeSpans } from './find-leaks.js';
import type { LeakSpan } from './leak-rule.js';

/** The intervals covered by `spans`, as one flag per position: what redaction replaces. */
function covered(spans: readonly LeakSpan[], length: number): boolean[] {
  const flags = Array.from({ length }, () => false);
  for (const found of spans) for (let index = found.start; index < found.end; index += 1) flags[index] = true;
  return flags;
}

const span = fc
  .tuple(fc.nat(60), fc.nat(12), fc.constantFrom('credential', 'sql'))
  .map(([start, length, rule]) => ({ rule, start, end: start + length }) as LeakSpan);

describe('mergeSpans', () => {
  it('returns spans in order, apart from each other, covering exactly what the input covers', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 12 }), (spans) => {
        const before = JSON.stringify(spans);
        const merged = mergeSpans(spans);
        expect(JSON.stringify(spans), 'the input is left as it was').toBe(before);
        for (let index = 1; index < merged.length; index += 1) {
          expect(merged[index]?.start).toBeGreaterThan(merged[index - 1]?.end ?? -1);
        }
        expect(covered(merged, 80)).toEqual(covered(spans, 80));
      }),
    );
  });

  it('merges spans that touch, and keeps the first rule', () => {
    const merged = mergeSpans([
      { rule: 'sql', start: 5, end: 9 },
      { rule: 'credential', start: 0, end: 5 },
    ]);
    expect(merged).toEqual([{ rule: 'credential', start: 0, end: 9 }]);
  });
});
