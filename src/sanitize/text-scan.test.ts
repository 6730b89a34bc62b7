import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lastIndexBetween,
  lineEnd,
  lineEndReader,
  lineStart,
  matchWithinReader,
  runEndReader,
  runStartReader,
  scanLeft,
  scanRight,
} from './text-scan.js';

/** Whether a line break (real or JSON-escaped) ends just before `index`. */
function breakEndsAt(text: string, index: number): boolean {
  const previous = text.charAt(index - 1);
  return previous === '\n' || previous === '\r' || (previous === 'n' && text.charAt(index - 2) === '\\');
}

/**
 * Checks a reader made for one text against the plain function it stands for: texts of `piece`,
 * asked at any starts and reaches, mostly in order as the rules ask, in any order too.
 */
function answersAsReference(
  piece: fc.Arbitrary<string>,
  makeReader: (text: string) => (index: number, reach: number) => number,
  reference: (text: string, index: number, reach: number) => number,
): void {
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 60 }),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 40 })), { maxLength: 30 }),
      fc.boolean(),
      (pieces, asks, forward) => {
        const text = pieces.join('');
        const starts = asks.map(([at, reach]) => [at % (text.length + 1), reach] as const);
        if (forward) starts.sort((left, right) => left[0] - right[0]);
        const reader = makeReader(text);
        for (const [index, reach] of starts) expect(reader(index, reach)).toBe(reference(text, index, reach));
      },
    ),
    { numRuns: 500 },
  );
}

describe('lineStart', () => {
  it('walks back to just past the nearest break, real or JSON-escaped, and never past its reach', () => {
    const piece = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\\n', '\\', 'n');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 0, max: 50 }),
        (pieces, at, reach) => {
          const text = pieces.join('');
          const index = text.length === 0 ? 0 : at % (text.length + 1);
          const start = lineStart(text, index, reach);
          expect(start).toBeGreaterThanOrEqual(Math.max(0, index - reach));
          expect(start).toBeLessThanOrEqual(index);
          for (let cursor = start + 1; cursor <= index; cursor += 1)
            expect(breakEndsAt(text, cursor)).toBe(false);
          if (start > Math.max(0, index - reach)) expect(breakEndsAt(text, start)).toBe(true);
        },
      ),
    );
  });
});

describe('lineEndReader', () => {
  it('answers as lineEnd does, for starts in any order and any reach', () => {
    answersAsReference(
      fc.constantFrom('a', 'b', ' ', '\n', '\r', '\\n', '\\r', '\\', 'n', 'password '),
      lineEndReader,
      lineEnd,
    );
  });
});

describe('runStartReader', () => {
  it('answers as scanLeft does, for the matches of a pattern met in order', () => {
    const piece = fc.constantFrom('a', '/', ':', '1', ' ', '\n', '.go:1', '.go:1 ', 'x.rs:2:3');
    const accepts = (code: number) => code > 32;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), fc.integer({ min: 1, max: 24 }), (pieces, reach) => {
        const text = pieces.join('');
        const reader = runStartReader(text, accepts, reach);
        // glued, spaced and overlong runs of locations, as the trace rule meets them
        for (const match of text.matchAll(/\.\w{2}:\d(?::\d)?/g)) {
          const end = match.index + match[0].length;
          expect(reader(match.index, end)).toBe(scanLeft(text, match.index, accepts, reach));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a line of glued matches once', () => {
    let reads = 0;
    const accepts = (code: number) => {
      reads += 1;
      return code > 32;
    };
    const text = 'a/b.go:1:'.repeat(1000);
    const reader = runStartReader(text, accepts, 512);
    for (const match of text.matchAll(/\.go:1/g)) reader(match.index, match.index + match[0].length);
    // each character is read at most twice: once before its match, once inside it
    expect(reads).toBeLessThanOrEqual(2 * text.length);
  });
});

describe('matchWithinReader', () => {
  it('answers as a test of the window would, for windows from a separator to a line end, in order', () => {
    const piece = fc.constantFrom(
      'sudo ',
      '-S',
      '-x ',
      ' ',
      'env add',
      '--password-stdin',
      'x',
      '| ',
      '|',
      '\n',
    );
    const pattern = /--password-stdin|\bsudo[ \t]+(?:-\w+[ \t]+){0,3}-S\b|\benv[ \t]+add\b/g;
    const alone = new RegExp(pattern.source);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        const within = matchWithinReader(pattern, text);
        for (let from = 0; from <= text.length; from += 1) {
          if (from > 0 && text.charCodeAt(from - 1) !== 124) continue; // after each `|`
          const newline = text.indexOf('\n', from);
          const to = newline === -1 ? text.length : newline;
          expect(within(from, to)).toBe(alone.test(text.slice(from, to)));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a long line of windows about once', () => {
    let windows = 0;
    const text = "echo 'a' | ".repeat(20_000);
    const pattern = /\bsudo[ \t]+-S\b/g;
    const exec = pattern.exec.bind(pattern);
    let searches = 0;
    pattern.exec = (input: string) => {
      searches += 1;
      return exec(input);
    };
    const within = matchWithinReader(pattern, text);
    for (let from = 10; from < text.length; from += 11) {
      windows += 1;
      expect(within(from, Math.min(text.length, from + 512))).toBe(false);
    }
    // no match anywhere: one search answers every window
    expect(windows).toBe(20_000);
    expect(searches).toBe(1);
  });
});

describe('runEndReader', () => {
  it('answers as scanRight does, for starts in any order and any reach', () => {
    const accepts = (code: number) => code > 32 && code !== 58;
    answersAsReference(
      fc.constantFrom('a', 'b.', '-', ' ', '\n', 'host', '.internal', ':'),
      (text) => runEndReader(text, accepts),
      (text, from, reach) => scanRight(text, from, accepts, reach),
    );
  });
});

describe('lastIndexBetween', () => {
  it('finds what lastIndexOf finds, when that lies in the range', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '@', '/', ' ') }),
        fc.nat(),
        fc.nat(),
        (text, a, b) => {
          const start = Math.min(a, b) % (text.length + 1);
          const end = Math.max(start, Math.max(a, b) % (text.length + 1));
          const last = end === 0 ? -1 : text.lastIndexOf('@', end - 1);
          expect(lastIndexBetween(text, 64, start, end)).toBe(last >= start ? last : -1);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
