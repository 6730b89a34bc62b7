import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRAFTED_UNITS } from '../../../test/helpers/crafted-inputs.js';
import { findTraces, stackTraceRule } from './stack-trace.js';

describe("the trace rule's shortcut", () => {
  // each opening a pattern of the rule reacts to, cut short and whole, and words around them
  const piece = fc.constantFrom(
    'at ',
    'at f (',
    '/app/x.js',
    ':',
    '12',
    ':3',
    ')',
    '\n',
    ' ',
    '    ',
    'File "',
    '", line 7',
    ' line 4',
    '.pl',
    '.go',
    '.rs',
    '.java',
    '#0 ',
    '#1 {main}',
    'Traceback (most recent call last)',
    'Exception in thread "main" ',
    'goroutine 7 [running]',
    '--- End of stack trace',
    '... 12 more',
    'Uncaught ',
    'Unhandled rejection',
    'TypeError',
    'Error',
    'panicked at ',
    'ECONNREFUSED',
    'ERR_SOCKET',
    'EAI_AGAIN',
    'thrown in /var/www/x.php on line 9',
    'node:internal/x',
    'a',
    'shipped',
    'SKU-4411',
    '2026-11-30',
    'E',
    'e',
    'Ex',
    '.',
    '(',
    '"',
  );

  it('finds what the whole rule finds, in text built from every trace opening and near misses', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join('');
        expect(stackTraceRule.find(text)).toEqual(findTraces(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('makes the same traces when it joins pieces as it finds them as when it joins them all at the end', () => {
    fc.assert(
      // and prose long enough to part two traces, which the join must not bridge
      fc.property(
        fc.array(fc.oneof(piece, fc.constant(' prose'.repeat(60))), { maxLength: 40 }),
        (pieces) => {
          const text = pieces.join('');
          expect(findTraces(text)).toEqual(findTraces(text, false));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('finds what the whole rule finds on every crafted unit', () => {
    for (const unit of Object.values(CRAFTED_UNITS)) {
      const text = unit.repeat(20);
      expect(stackTraceRule.find(text), unit).toEqual(findTraces(text));
    }
  });

  it('answers plain values without the rule, and still reads a trace', () => {
    expect(stackTraceRule.find('shipped 1002')).toEqual([]);
    expect(stackTraceRule.find('connect ECONNREFUSED 10.0.3.7')).not.toEqual([]);
    expect(stackTraceRule.find('goroutine 7 [running]')).not.toEqual([]);
  });
});
