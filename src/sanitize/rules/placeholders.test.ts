import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlaceholderBody } from './placeholders.js';

/** isPlaceholderBody's counts as separate passes, the way they read most plainly. */
function referenceCounts(body: string): { filler: number; longestRun: number; longestSame: number } {
  let filler = 0;
  let longestRun = 0;
  let run = 0;
  let longestSame = 0;
  let same = 0;
  for (let index = 0; index < body.length; index += 1) {
    const code = body.charCodeAt(index);
    if ('xX0*.\u2022#-_'.includes(body.charAt(index))) {
      filler += 1;
      run += 1;
      same = code === body.charCodeAt(index - 1) ? same + 1 : 1;
      longestRun = Math.max(longestRun, run);
      longestSame = Math.max(longestSame, same);
    } else run = same = 0;
  }
  return { filler, longestRun, longestSame };
}

function referenceIsMostlyRepeated(body: string): boolean {
  const runs = body.match(/(.)\1{2,}/gsu) ?? [];
  const inRuns = runs.reduce((sum, found) => sum + found.length, 0);
  return inRuns * 5 >= body.length * 3;
}

function referenceHasLongSequence(body: string): boolean {
  let run = 1;
  for (let index = 1; index < body.length; index += 1) {
    run = body.charCodeAt(index) === body.charCodeAt(index - 1) + 1 ? run + 1 : 1;
    if (run >= 10) return true;
  }
  return false;
}

/** The body checks without the placeholder words, which both share. */
function referenceByShape(body: string, repeatedAllowed: boolean): boolean | undefined {
  if (body.length === 0) return true;
  const { filler, longestRun, longestSame } = referenceCounts(body);
  if ((filler * 2 >= body.length && longestSame >= 3) || filler * 4 >= body.length * 3) return true;
  if (longestRun >= 8 && !repeatedAllowed) return true;
  if (!repeatedAllowed && referenceIsMostlyRepeated(body)) return true;
  if (referenceHasLongSequence(body)) return true;
  return undefined;
}

describe('isPlaceholderBody', () => {
  it('gives the verdict of its counts taken one pass each', () => {
    // filler, runs, ascending letters and digits, and random characters, in any mix
    const piece = fc.constantFrom(
      'x',
      'X',
      '0',
      '*',
      '.',
      '#',
      '-',
      '_',
      'a',
      'b',
      'c',
      'd',
      '1',
      '2',
      'Q',
      'z',
      '•',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (pieces, repeatedAllowed) => {
        const body = pieces.join('');
        const byShape = referenceByShape(body, repeatedAllowed);
        // words are looked for only when the shape says nothing; a body of these pieces holds none
        expect(isPlaceholderBody(body, repeatedAllowed)).toBe(byShape ?? false);
      }),
      { numRuns: 3000 },
    );
  });

  it('tells the usual placeholders from tokens', () => {
    expect(isPlaceholderBody('xxxxxxxxxxxxxxxx')).toBe(true);
    expect(isPlaceholderBody('abcdefghijklmnop')).toBe(true);
    expect(isPlaceholderBody('aaaa1111bbbb2222')).toBe(true);
    expect(isPlaceholderBody('EXAMPLEKEY')).toBe(true);
    expect(isPlaceholderBody('Changeme!2024')).toBe(false);
    expect(isPlaceholderBody('q8Zt2LmX9wKc4Rv7')).toBe(false);
    // a format whose tokens repeat characters by design does not read repeats as filler
    expect(isPlaceholderBody('aaaa1111bbbb2222', true)).toBe(false);
  });
});
