import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEAK_RULE_NAMES, type LeakRuleName } from './leak-rule-name.js';
import { LEAK_RULES } from './leak-rules.js';
import { isSecretByKeyName, secretKeyStrength } from './redact-by-key-name.js';
import { isPlaceholderValue } from './rules/placeholders.js';
import { sanitizeValue } from './sanitize-value.js';

const SECRET_KEYS = [
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'api_key',
  'apiKey',
  'API-KEY',
  'access_key',
  'accessKey',
  'private_key',
  'client_secret',
  'ClientSecret',
  'authorization',
  'Authorization',
  'cookie',
  'session',
  'session_id',
  'credentials',
  'dsn',
  'connection_string',
  'ConnectionString',
  'DB_PASSWORD',
  'x-api-key',
  'refresh_token',
];

describe('redaction by key name', () => {
  it.each(SECRET_KEYS)('redacts a credential under %j in any case or separator', (key) => {
    const value = { [key]: 'Tr0ub4dor-Secr3t', city: 'Pune' };
    expect(sanitizeValue(value)).toEqual({ [key]: '[redacted]', city: 'Pune' });
  });

  it('keeps values that cannot be credentials', () => {
    const value = {
      password: '***',
      token: '',
      secret: null,
      api_key: true,
      session: 'active',
      token_type: 'bearer',
      password_hint: 'your pet',
      primary_key: 'order_id',
      tokens_used: 1532,
    };
    expect(sanitizeValue(value)).toEqual(value);
  });

  it('redacts a password even when it is a plain word', () => {
    expect(sanitizeValue({ user: { password: 'letmein' } })).toEqual({ user: { password: '[redacted]' } });
  });

  it('redacts a plain word under a name that says it holds a secret, unless the word describes it', () => {
    for (const key of ['client_secret', 'api_key', 'secret', 'access_token', 'private_key']) {
      expect(sanitizeValue({ [key]: 'swordfish' }), key).toEqual({ [key]: '[redacted]' });
      expect(sanitizeValue({ [key]: 'required' }), key).toEqual({ [key]: 'required' });
    }
  });

  it('never keeps a secret-looking value under a secret-named key, whatever its shape', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SECRET_KEYS),
        fc
          .string({
            unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_!@#%'),
            minLength: 13,
            maxLength: 40,
          })
          // a template reference such as %Name6% or @KEY1@ is a placeholder, kept on purpose (see placeholders.ts)
          .filter(
            (text) => new Set(text).size >= text.length / 2 && /\d/.test(text) && !isPlaceholderValue(text),
          ),
        (key, value) => {
          expect(isSecretByKeyName(secretKeyStrength(key), value)).toBe(true);
        },
      ),
    );
  });
});

describe('LeakRuleName', () => {
  it('names exactly the built-in rules, in order', () => {
    expect(LEAK_RULES.map((rule) => rule.name)).toEqual([...LEAK_RULE_NAMES]);
  });

  it('rejects a misspelt rule name at compile time', () => {
    // @ts-expect-error 'filesystem-paths' is not a rule name
    const misspelt: LeakRuleName = 'filesystem-paths';
    expect(LEAK_RULE_NAMES).not.toContain(misspelt);
  });
});
