import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncate } from './truncate.js';

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('cuts and marks long text', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abcdef', 3, '... (truncated)')).toBe('abc... (truncated)');
  });

  it('never splits a surrogate pair', () => {
    expect(truncate('ab😀cd', 3)).toBe('ab…');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(40), (text, limit) => {
        const cut = truncate(text, limit, '');
        expect(cut.length).toBeLessThanOrEqual(limit);
        expect(text.startsWith(cut)).toBe(true);
        // a lone high surrogate at the end can only come from the input itself
        const end = cut.charCodeAt(cut.length - 1);
        const next = text.charCodeAt(cut.length);
        const splitsPair = end >= 0xd800 && end <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
        expect(splitsPair).toBe(false);
      }),
    );
  });
});
