import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyStrength } from '../../src/sanitize/rules/secret-key-names.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

// the other pairs of a line: names that do not announce a secret (`aa_pw` would)
const key = fc.stringMatching(/^[a-z]{2,8}(?:_[a-z]{2,6})?$/).filter((name) => keyStrength(name) === 'none');
const plainValue = fc.oneof(
  fc.stringMatching(/^[a-z]{2,8}$/),
  fc.integer({ min: 0, max: 99_999 }).map(String),
);
const pair = fc.tuple(key, plainValue).map(([name, value]) => `${name}=${value}`);
const secretKey = fc.constantFrom(
  'token',
  'api_key',
  'refresh_token',
  'access_token',
  'client_secret',
  'auth_token',
);
const token = seededSecret(TOKEN_ALPHABET, 'Ab7', 20, 40);

describe('secrets in the middle of a log line', () => {
  it('redacts a token under a secret-named key whatever pairs or words follow it, and keeps the rest', () => {
    fc.assert(
      fc.property(
        fc.array(pair, { maxLength: 3 }),
        secretKey,
        token,
        fc.array(pair, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', ' for user 4412', ' was issued'),
        (before, name, value, after, prose) => {
          const line = [...before, `${name}=${value}${prose}`, ...after].join(' ');
          const out = String(sanitizeValue(line));
          expect(out, line).not.toContain(value);
          for (const kept of after) if (!kept.includes(value)) expect(out, line).toContain(kept);
        },
      ),
    );
  });

  it('takes a random token whose letters happen to alternate case for a token, not for words', () => {
    // `jmokkCprjofgu` looks like CamelCase; its four consonants in a row say it is not words
    const value = 'Ab7ybWDdqUW66jmokkCprjofgu';
    expect(sanitizeValue(`token=${value} user=bob`)).toBe('token=[redacted] user=bob');
    // `JeeKoqcqejAnnoj` has vowels and short consonant runs; `qc` and `cq` are pairs no word holds
    expect(sanitizeValue('encryption_key: |\n  Ab7JeeKoqcqejAnnojEgPiAt')).not.toContain('Koqcqej');
    // while words that describe the value stay, whatever their letter pairs
    for (const line of ['api_key=AgencyIdentificationCode', 'client_secret: ReadFromVaultOnStartup']) {
      expect(sanitizeValue(line)).toBe(line);
    }
  });

  it('reads a pair after a bare secret word as a pair, and a password after a weaker secret word', () => {
    // `key` is a value here, and `region_id=16234` a pair of its own, not the key's value
    expect(sanitizeValue('kind=key region_id=16234 zone=eu')).toBe('kind=key region_id=16234 zone=eu');
    // a login that happens to hold `key` does not swallow the password after it
    expect(sanitizeValue('machine db01 login a_key0 password Aaa00~BC')).not.toContain('Aaa00~BC');
  });

  it('keeps a short word under such a key when prose follows it', () => {
    for (const line of ['the token=required field is missing', 'set api_key=none to turn it off']) {
      expect(sanitizeValue(line)).toBe(line);
    }
  });
});

describe('YAML block scalars under a secret-named key', () => {
  it('redacts the indented line below a block header, and keeps what describes or refers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('password', 'client_secret', 'api_token', 'encryption_key'),
        fc.constantFrom('|', '>', '|-', '>-', '!!binary |'),
        fc.constantFrom('  ', '    ', '\t'),
        token,
        (name, header, indent, value) => {
          const text = `${name}: ${header}\n${indent}${value}\nnext: 1`;
          const out = String(sanitizeValue(text));
          expect(out, text).not.toContain(value);
          expect(out, text).toContain('next: 1');
          for (const kept of ['required', '$' + '{SECRET}']) {
            const plain = `${name}: ${header}\n${indent}${kept}`;
            expect(sanitizeValue(plain), plain).toBe(plain);
          }
        },
      ),
    );
  });
});
