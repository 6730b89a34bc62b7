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

describe('a JSON text under a secret-named key', () => {
  it('redacts it when a value inside is the secret, under whatever name the inside gives it', () => {
    // Windows LAPS, as Get-ADComputer returns it: the password is `p`
    const laps = { 'msLAPS-Password': '{"n":"Administrator","t":"1d9b2c4e8f0a000","p":"k7#Lm2pQ9xZr"}' };
    expect(sanitizeValue(laps)).toEqual({ 'msLAPS-Password': '[redacted]' });
    const answer = JSON.stringify({ access_token: 'ya29.a0AfB_byC7x9QkLm2pRt5vWz8Hq3', expires_in: 3600 });
    expect(sanitizeValue({ token: answer })).toEqual({ token: '[redacted]' });
    expect(sanitizeValue({ password: '["hunter2-but-longer"]' })).toEqual({ password: '[redacted]' });
  });

  it('keeps one that holds no secret, and judges a template that is no JSON as before', () => {
    const kept = [
      { token: '{"token_type":"bearer","expires_in":3600}' },
      { password: '{}' },
      { password: '[]' },
      // names of secrets, not secrets
      { api_key: '["prod-key","staging-key"]' },
      { password: '{"value":"<your-password>"}' },
      { password: '{base64(x)' },
      { password: '{{ .Values.pw }}' },
    ];
    for (const value of kept) expect(sanitizeValue(value), JSON.stringify(value)).toEqual(value);
  });

  it('answers a hostile one without failing: deep nesting, many values, a text too long to read', () => {
    expect(() => sanitizeValue({ password: '['.repeat(30_000) + ']'.repeat(30_000) })).not.toThrow();
    const many = JSON.stringify(Array.from({ length: 5_000 }, () => 'ok'));
    expect(sanitizeValue({ api_key: many })).toEqual({ api_key: '[redacted]' });
    // longer than is read: no template runs that long, so it goes
    const long = JSON.stringify({ note: 'x'.repeat(70_000) });
    expect(isSecretByKeyName(secretKeyStrength('password'), long)).toBe(true);
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
