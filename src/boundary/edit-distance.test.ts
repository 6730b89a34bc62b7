import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, uniqueNearest } from './edit-distance.js';

/** Textbook optimal-string-alignment distance, full table, no early exit: the oracle. */
function referenceDistance(left: string, right: string): number {
  const table: number[][] = [];
  for (let row = 0; row <= left.length; row++) {
    table.push([]);
    for (let column = 0; column <= right.length; column++) {
      if (row === 0 || column === 0) {
        table[row]![column] = row + column;
        continue;
      }
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(
        table[row - 1]![column]! + 1,
        table[row]![column - 1]! + 1,
        table[row - 1]![column - 1]! + cost,
      );
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1])
        value = Math.min(value, table[row - 2]![column - 2]! + 1);
      table[row]![column] = value;
    }
  }
  return table[left.length]![right.length]!;
}

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', '_'), maxLength: 12 });

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
    expect(editDistance('Punee', 'Pune')).toBe(1);
    expect(editDistance('get_wether', 'get_weather')).toBe(1);
    expect(editDistance('kitten', 'sitten')).toBe(1);
    expect(editDistance('abcd', 'abdc')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('agrees with the full-table reference on any pair of strings', () => {
    fc.assert(
      fc.property(word, word, (left, right) => {
        expect(editDistance(left, right)).toBe(referenceDistance(left, right));
      }),
    );
  });

  it('is symmetric, zero exactly on identity, and bounded by the lengths', () => {
    fc.assert(
      fc.property(word, word, (left, right) => {
        const distance = editDistance(left, right);
        expect(editDistance(right, left)).toBe(distance);
        expect(distance === 0).toBe(left === right);
        expect(distance).toBeGreaterThanOrEqual(Math.abs(left.length - right.length));
        expect(distance).toBeLessThanOrEqual(Math.max(left.length, right.length));
      }),
    );
  });

  // optimal string alignment is not a metric (the triangle inequality can fail around a swap),
  // so the property checked is the one it does promise: a single edit costs exactly one
  it('puts a string exactly one edit away from itself after one insertion, deletion, substitution or swap', () => {
    fc.assert(
      fc.property(
        word.filter((text) => text.length >= 2),
        fc.nat(12),
        (left, at) => {
          const position = Math.min(at, left.length - 2);
          const inserted = left.slice(0, position) + '#' + left.slice(position);
          const deleted = left.slice(0, position) + left.slice(position + 1);
          const substituted = left.slice(0, position) + '#' + left.slice(position + 1);
          const swapped =
            left.slice(0, position) + left[position + 1] + left[position] + left.slice(position + 2);
          expect(editDistance(left, inserted)).toBe(1);
          expect(editDistance(left, deleted)).toBe(1);
          expect(editDistance(left, substituted)).toBe(1);
          expect(editDistance(left, swapped)).toBe(left[position] === left[position + 1] ? 0 : 1);
        },
      ),
    );
  });

  it('returns exactly limit + 1 whenever the true distance is over the limit', () => {
    fc.assert(
      fc.property(word, word, fc.nat(5), (left, right, limit) => {
        const full = referenceDistance(left, right);
        expect(editDistance(left, right, limit)).toBe(full > limit ? limit + 1 : full);
      }),
    );
  });

  it('gives up early on a long hostile string instead of filling an n² table', () => {
    const hostile = 'x'.repeat(50_000);
    expect(editDistance(hostile, `${hostile}y`.replace(/x/g, 'z'), 3)).toBe(4);
    expect(editDistance(hostile, 'short', 3)).toBe(4);
  });
});

describe('uniqueNearest', () => {
  it('names the one option within a small edit distance', () => {
    expect(uniqueNearest('Punee', ['Pune', 'Mumbai', 'Delhi'])).toBe('Pune');
    expect(uniqueNearest('get_wether', ['get_weather', 'find_customer'])).toBe('get_weather');
  });

  it('prefers a case-insensitive exact match over any edit', () => {
    expect(uniqueNearest('PUNE', ['Pune', 'Puna'])).toBe('Pune');
  });

  it('gives nothing when two options are equally near', () => {
    expect(uniqueNearest('get_usex', ['get_user', 'get_used'])).toBeUndefined();
    expect(uniqueNearest('Punx', ['Pune', 'Puna'])).toBeUndefined();
    expect(uniqueNearest('pune', ['Pune', 'PUNE'])).toBeUndefined();
  });

  it('gives nothing when nothing is near, or for empty and huge input', () => {
    expect(uniqueNearest('send_email', ['get_weather', 'find_customer'])).toBeUndefined();
    expect(uniqueNearest('', ['a'])).toBeUndefined();
    expect(uniqueNearest('a'.repeat(300), ['a'.repeat(300)])).toBeUndefined();
    expect(uniqueNearest('Pune', [])).toBeUndefined();
  });

  it('only ever names an option that is strictly nearer than every other', () => {
    fc.assert(
      fc.property(word, fc.uniqueArray(word, { maxLength: 6 }), (value, options) => {
        const nearest = uniqueNearest(value, options);
        if (nearest === undefined) return;
        expect(options).toContain(nearest);
        const folded = (text: string) => text.toLowerCase();
        const best = referenceDistance(folded(value), folded(nearest));
        expect(best).toBeLessThanOrEqual(3);
        for (const option of options) {
          if (option === nearest) continue;
          expect(referenceDistance(folded(value), folded(option))).toBeGreaterThan(best);
        }
      }),
    );
  });
});
