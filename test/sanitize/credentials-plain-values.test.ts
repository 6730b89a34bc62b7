import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { redactText } from '../../src/sanitize/redact-text.js';
import { keyStrength } from '../../src/sanitize/rules/secret-key-names.js';

/**
 * Short, plain values under names that say outright they hold a secret (`APP_SECRET=hunter2`,
 * `"client_secret": "letmein"`, `--token swordfish`), single name/value entries of env lists
 * (Kubernetes, ECS, Terraform, Postman, CloudFormation), and the values that must stay:
 * descriptions, references, placeholders and ellipses.
 */

/**
 * Words a person makes up for a password: consonant-vowel syllables, so never a real word that
 * describes, nor one made wholly of stand-ins such as `baz` + `api` (`bazapi`, like `foobar`).
 */
const madeUpWord = fc
  .stringMatching(/^(?:[bdfgklmprstvz][aeiou]){3,4}$/)
  .filter(
    (word) => !/fake|demo|none|mock|base|pose|sete|dele|side|rota|mode|ride|valu|gene|ba[rz]a/.test(word),
  );
/** A short made-up secret: a word, or a word with digits or a symbol. */
const madeUpSecret = fc
  .tuple(madeUpWord, fc.constantFrom('', '7', '42', '2025', '!', '#9', '-x'))
  .map(([word, tail]) => word + tail);

const EXPLICIT_WORDS = ['SECRET', 'API_KEY', 'TOKEN', 'CLIENT_SECRET', 'ACCESS_TOKEN', 'PRIVATE_KEY'];

/**
 * Secret-named keys in the spellings configuration uses. A password takes any value that is not
 * a placeholder (`password: admin` is a leak), so only the other names are used for the values
 * that must stay.
 */
const keyName = (words: string[]) =>
  fc
    .tuple(
      fc.constantFrom('', 'APP', 'ORDERS', 'BILLING', 'DB', 'REPORTS', 'PARTNER'),
      fc.constantFrom(...words),
      fc.constantFrom('upper', 'snake', 'camel', 'kebab'),
    )
    .map(([prefix, word, style]) => {
      const words = [...(prefix ? [prefix] : []), ...word.split('_')].map((part) => part.toLowerCase());
      if (style === 'upper') return words.join('_').toUpperCase();
      if (style === 'snake') return words.join('_');
      if (style === 'kebab') return words.join('-');
      return words
        .map((part, index) => (index === 0 ? part : part[0]?.toUpperCase() + part.slice(1)))
        .join('');
    });
const secretName = keyName([...EXPLICIT_WORDS, 'PASSWORD']);
const explicitName = keyName(EXPLICIT_WORDS);

const indent = fc.constantFrom('', '  ', '    ', '\t');

const SHAPES: Record<string, (name: string, value: string, pad: string) => string> = {
  'an env line': (name, value) => `${name}=${value}`,
  'a YAML pair': (name, value, pad) => `${pad}${name}: ${value}`,
  'a JSON pair': (name, value) => `{"${name}": "${value}", "region": "eu-west-1"}`,
  'a long flag': (name, value) =>
    `deploy --${name
      .replace(/([a-z])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/_/g, '-')} ${value} --verbose`,
  'a Kubernetes env entry': (name, value, pad) => `${pad}- name: ${name}\n${pad}  value: "${value}"`,
  'an ECS entry, name first': (name, value) => `{"name": "${name}", "value": "${value}"}`,
  'an ECS entry, value first': (name, value) => `{ "value" : "${value}" , "name" : "${name}" }`,
  'a Terraform env block': (name, value, pad) =>
    `env {\n${pad}  name  = "${name}"\n${pad}  value = "${value}"\n}`,
  'a Postman variable': (name, value) => `{"key": "${name}", "value": "${value}", "enabled": true}`,
  'a CloudFormation parameter': (name, value) => `ParameterKey=${name},ParameterValue=${value}`,
};

describe('short, plain secrets under explicitly secret names', () => {
  it.each(Object.keys(SHAPES))('redacts a made-up secret in %s', (shape) => {
    const build = SHAPES[shape] as (name: string, value: string, pad: string) => string;
    fc.assert(
      fc.property(secretName, madeUpSecret, indent, (name, value, pad) => {
        const text = build(name, value, pad);
        expect(redactText(text).text, text).not.toContain(value);
      }),
      { numRuns: 150 },
    );
  });

  it('reads the examples the brief names', () => {
    for (const [text, secret] of [
      ['APP_SECRET=hunter2', 'hunter2'],
      ['api_key: abc123', 'abc123'],
      ['"client_secret": "letmein"', 'letmein'],
      ['vault login --token swordfish', 'swordfish'],
      ['- name: DB_PASSWORD\n  value: s3cr3t', 's3cr3t'],
      ['{"name": "API_TOKEN", "value": "opensesame"}', 'opensesame'],
      ['name = "X_SECRET"\nvalue = "rosebud"', 'rosebud'],
      ['API key: z9y8x7', 'z9y8x7'],
    ] as const) {
      expect(redactText(text).text, text).not.toContain(secret);
    }
  });
});

/** Values that say what goes under a secret's name, or where it comes from, rather than being it. */
const NOT_SECRETS = [
  'required',
  'optional',
  'string',
  'none',
  'null',
  'true',
  'false',
  '',
  '***',
  '••••••••',
  '<redacted>',
  '[REDACTED]',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference, written as text
  '${API_TOKEN}',
  '$API_TOKEN',
  '%API_TOKEN%',
  '{{ .Values.token }}',
  '{{apiToken}}',
  'sk_test_...',
  'ghp_…',
  'xoxb-...',
  '...',
  'sk-****wxyz',
  'encrypted',
  'inherit',
  'read-only',
  'auto-generated',
  'change-me',
  'your-api-key',
  'mysecret',
  'MY_API_KEY',
  'auth_token',
  'env:API_TOKEN',
  'arn:aws:secretsmanager:eu-west-1:000000000000:secret:app',
  '12h',
  'hs256',
];

describe('values that cannot be credentials stay as written', () => {
  it.each(Object.keys(SHAPES))('keeps descriptions, references and placeholders in %s', (shape) => {
    const build = SHAPES[shape] as (name: string, value: string, pad: string) => string;
    fc.assert(
      fc.property(explicitName, fc.constantFrom(...NOT_SECRETS), indent, (name, value, pad) => {
        const text = build(name, value, pad);
        expect(findLeaks(text), text).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the value of an entry whose name is not secret-named, and entries with no literal value', () => {
    for (const text of [
      '- name: LOG_LEVEL\n  value: debug',
      '[{"name": "colour", "value": "teal"}, {"name": "size", "value": "large"}]',
      '- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: orders-db\n      key: password\n- name: LOG_FORMAT\n  value: json',
      '{"name": "password", "in": "query", "type": "string", "required": true}',
      '"required": ["email", "password", "display_name"]',
      'permissions:\n  contents: read\n  id-token: write',
      '"usage": {"prompt_tokens": 31, "completion_tokens": 7, "total_tokens": 38}',
      'const token = await fetchToken();',
      'return { secret: secretValue, user };',
      "Unexpected token 'import': is this file an ES module?",
      'Token refresh failed, retrying in 5 seconds.',
    ]) {
      expect(findLeaks(text), text).toEqual([]);
    }
  });

  it('tells names that hold a secret outright from names that hold other tokens', () => {
    expect(keyStrength('APP_SECRET')).toBe('explicit');
    expect(keyStrength('clientSecret')).toBe('explicit');
    expect(keyStrength('x-api-key')).toBe('explicit');
    expect(keyStrength('STRIPE_SECRET_KEY')).toBe('provider-secret');
    expect(keyStrength('max_tokens')).not.toBe('explicit');
    expect(keyStrength('nextPageToken')).not.toBe('explicit');
    expect(keyStrength('eos_token')).not.toBe('explicit');
    expect(keyStrength('authenticity_token')).toBe('none');
    expect(keyStrength('secretary')).not.toBe('explicit');
    expect(keyStrength('api_key_last4')).toBe('none');
  });
});
