import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holds, keywords, keywordsIn } from './keyword-gate.js';
// the rules register their sets on import; the sets below join them
import './leak-rules.js';

const LOG = keywords('log');
const LOGIN = keywords('login', 'logon');
const SIGN = keywords('sign-in');

describe('the keyword prefilter', () => {
  it('answers which sets a short text holds, in any case', () => {
    const held = keywordsIn('Please LOG IN again');
    expect(holds(held, LOG)).toBe(true);
    expect(holds(held, LOGIN)).toBe(false);
    expect(holds(keywordsIn('a LogOn event'), LOGIN)).toBe(true);
    expect(holds(keywordsIn('shipped 1042'), LOG)).toBe(false);
  });

  it('finds a shorter word where a longer one starts, and a word inside another', () => {
    // `login` is matched where `log` starts: both sets are held
    const held = keywordsIn('login');
    expect(holds(held, LOG)).toBe(true);
    expect(holds(held, LOGIN)).toBe(true);
    // `sign-in` starts inside the match of nothing else; `xsign-inx` still holds it
    expect(holds(keywordsIn('xsign-inx'), SIGN)).toBe(true);
  });

  it('holds every set for a text too long to gate', () => {
    const held = keywordsIn('x'.repeat(5_000));
    expect(holds(held, LOG)).toBe(true);
    expect(holds(held, SIGN)).toBe(true);
  });

  it('holds a set exactly when the text holds one of its words', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('log', 'LOGIN', 'lo', 'gon', 'sign', '-in', 'x', ' ', 'LogOn'), {
          maxLength: 12,
        }),
        (pieces) => {
          const text = pieces.join('');
          const lower = text.toLowerCase();
          const held = keywordsIn(text);
          expect(holds(held, LOG)).toBe(lower.includes('log'));
          expect(holds(held, LOGIN)).toBe(lower.includes('login') || lower.includes('logon'));
          expect(holds(held, SIGN)).toBe(lower.includes('sign-in'));
        },
      ),
    );
  });

  it('turns down a word it could not search for', () => {
    expect(() => keywords('X')).toThrow(/two characters or more, in lower case/);
    expect(() => keywords('Echo')).toThrow(/in lower case/);
  });
});
